import type { OrderSource, PickupAddress } from '@return-center/contract';
import type { QueryClient } from '@tanstack/react-query';
import { similarProductsQuery } from '../features/exchange/api/catalogue';
import { exchangeMoneyQuery } from '../features/exchange/api/exchange-credit';
import { variantByOptionQuery } from '../features/exchange/api/variant-by-option';
import { productVariantsQuery } from '../features/exchange/api/variant-list';
import { startingValues } from '../features/exchange/components/variant-options';
import { orderConfigQuery } from '../features/return-flow/api/order-config-query';
import { reasonsQuery } from '../features/return-flow/api/reasons-query';
import { returnInfoQuery } from '../features/status/api/return-info';
import { appUrl } from '../shared/base-path';
import { orderInfoQuery } from '../shared/order-info-query';
import { pickupWindowQuery } from '../shared/pickup/window-query';
import { returnMoneyQuery } from '../shared/return-money';
import {
  exchangeFormRedirect,
  pickupFormRedirect,
  selectedItems,
  selectedLines,
  storedReturnForm,
  wantsSavedPayee,
} from '../shared/return-form';
import { isLoggedIn, useSession } from '../shared/session-store';
import { screenAt, type ScreenPath } from './router';

type Start = (client: QueryClient, id: number, language: string) => void;

// A failed call has told the shopper already (shared/http); the screen shows it, and asks again, when it mounts.
const ask = (promise: Promise<unknown>) => void promise.catch(() => undefined);
/** `client.query` does not look at `enabled`: a query its screen's hook holds back, first-data does not ask either. */
const heldBack = (options: { enabled?: unknown }) => options.enabled === false;
const orderOf = (client: QueryClient, id: number) => client.query(orderInfoQuery(id));
const orderInfo: Start = (client, id) => ask(orderOf(client, id));

/** Step 2: what the server offers for the chosen lines; the order too when a bank transfer starts from its account. */
const solutionStep: Start = (client, id) => {
  const form = storedReturnForm(id);
  const offered = orderConfigQuery(id, selectedLines(form));
  if (!heldBack(offered)) ask(client.query(offered));
  if (wantsSavedPayee(form)) ask(orderOf(client, id));
};

/** Step 3: the order, and the methods the server offers for the chosen lines and solution. */
const methodStep: Start = (client, id) => {
  ask(orderOf(client, id));
  const form = storedReturnForm(id);
  const offered = orderConfigQuery(id, selectedLines(form), form.solution_id ?? undefined);
  if (!heldBack(offered)) ask(client.query(offered));
};

/** Step 4: the order, and beside it the refund of the choice the stored form holds. */
const refundCheck: Start = (client, id) => {
  ask(orderOf(client, id));
  const form = storedReturnForm(id);
  const refund = returnMoneyQuery(id, selectedLines(form), form.solution_id, form.shipping_method_id);
  if (!heldBack(refund)) ask(client.query(refund));
};

/** Pickup: the order, and the window of the address the form holds (the order's own on a first visit, once it came). */
const pickup: Start = (client, id) => {
  const form = storedReturnForm(id);
  const order = orderOf(client, id);
  ask(order);
  // The page sends a form not for a pickup elsewhere: nothing more to ask.
  if (pickupFormRedirect(form, id) !== null) return;
  const stored = form.pickup?.address;
  const windowOf = async (address: PickupAddress) => {
    const days = pickupWindowQuery(address);
    if (!heldBack(days)) await client.query(days);
  };
  ask(stored ? windowOf(stored) : order.then((source) => windowOf(source.pickup_address)));
};

type ReturnedLine = Pick<OrderSource['yes'][number], 'product_id' | 'variant'>;
type Then = (client: QueryClient, line: ReturnedLine, quantity: number) => Promise<unknown>;

/**
 * Both exchange pages: the order and what the return is worth towards the new items, and beside them what the page
 * shows of the returned product (`then`), which the stored form names; a form saved before it did waits for the order.
 */
const exchange =
  (then: Then): Start =>
  (client, id) => {
    const form = storedReturnForm(id);
    const lines = selectedLines(form);
    const [returned] = selectedItems(form);
    const order = orderOf(client, id);
    ask(order);
    // The page sends a form not for an exchange elsewhere: nothing more to ask.
    if (!returned || exchangeFormRedirect(form, id) !== null) return;
    ask(client.query(exchangeMoneyQuery(id, lines)));
    const { product_id: productId, variant } = returned;
    ask(
      productId !== undefined && variant
        ? then(client, { product_id: productId, variant }, returned.quantity)
        : order.then((source) => {
            const line = source.yes.find((l) => l.line_item_id === returned.line_item_id);
            return line && then(client, line, returned.quantity);
          }),
    );
  };

/** The exchange page: the returned product's variants, then the stock of the variant its picker starts from. */
const variantsOf: Then = async (client, line, quantity) => {
  const product = await client.query(productVariantsQuery(line.product_id));
  if (product)
    await client.query(variantByOptionQuery(product.id, quantity, startingValues(product, line.variant.variant_id)));
};

/** The catalogue: the products like the returned one, which it draws first, and their pictures as soon as named. */
const similarTo: Then = async (client, line) => {
  const products = await client.query(similarProductsQuery(line.product_id));
  for (const product of products) new Image().src = appUrl(product.image);
};

/**
 * The calls a screen's first paint waits for, by route path: started as the page loads or the navigation begins,
 * beside the screen's code and the contract's schemas, rather than once that code has loaded and drawn (issue 37:
 * step 1 and the status page waited for their code, then for their answer). A call that needs another's answer
 * starts as that answer comes, not once the screen has drawn it. The screens read the same cache entries.
 */
const FIRST_DATA: Partial<Record<ScreenPath, Start>> = {
  'process-manage/select/:id': (client, id, language) => {
    orderInfo(client, id, language);
    ask(client.query(reasonsQuery(language)));
  },
  'process-manage/exchange/:id': exchange(variantsOf),
  'exchange-other-goods/:id': exchange(similarTo),
  'process-manage/solution/:id': solutionStep,
  'process-manage/method/:id': methodStep,
  'process-manage/refund-check/:id': refundCheck,
  'process-manage/pickup/:id': pickup,
  'status-manage/return-details/:id?': (client, id, language) => ask(client.query(returnInfoQuery(id, language, true))),
};

/** Starts the first calls of the screen at `pathname` (under the base path), for a signed-in shopper. */
export function startFirstData(client: QueryClient, pathname: string) {
  const session = useSession.getState();
  if (!isLoggedIn(session)) return;
  const at = screenAt(pathname);
  const start = at && FIRST_DATA[at.path];
  const id = Number(at?.params.id);
  if (start && Number.isSafeInteger(id) && id > 0) start(client, id, session.language);
}
