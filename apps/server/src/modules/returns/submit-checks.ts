import type { OrderSource } from '@return-center/contract';
import { allowedShippingMethods, checkSubmit, type RuleDecision } from '@return-center/domain';
import type { PlatformOrder } from '../../adapters/store-platform/port.js';
import { errors } from '../../http/app-error.js';
import { lineSnapshot, type NewRequest } from '../requests/new-request.js';
import type { Shop } from '../storefront-config/shop.js';
import type { ItemChoice } from '../rules/rule-facts.js';
import { reasonText } from './reason-locales.js';
import { ruleProblem } from './return-policy.js';
import type { SelectedLine } from './selection.js';
import type { SubmitInput } from './submit-repeat.js';

/** What ReturnsService.evaluate found for the chosen lines, as far as the checks read it. */
interface Evaluated {
  source: Pick<OrderSource, 'pickup_is_ok'>;
  order: PlatformOrder;
  chosen: SelectedLine[];
  green: boolean;
  decided: { decision: RuleDecision };
  offers: { solutions: { id: number }[]; methods: { id: number }[] };
}

/**
 * The checks of a submit once its lines are evaluated (a shopper's in the portal, or one staff make or change for
 * them): an offered solution and method, a reason with its proof for each line, then what the shop's rules ask. The
 * answer is the request's item rows; a refusal is thrown (1001).
 */
export function checkedItems(
  shop: Shop,
  input: SubmitInput,
  { source, order, chosen, green, decided, offers }: Evaluated,
  choices: Map<number, ItemChoice>,
): { items: NewRequest['items']; proof: string[] } {
  const checked = checkSubmit(input, {
    solutions: offers.solutions.map((s) => s.id),
    methods: allowedShippingMethods(
      offers.methods.map((m) => m.id),
      input.solution_id,
      { delivery_date_check: green, pickup_is_ok: source.pickup_is_ok },
    ),
    platformOrderId: order.platformId,
    reasons: shop.settings.reasons,
    lines: chosen.map((item) => item.line_item_id),
  });
  if (checked.problem !== null) throw errors.invalidInput(checked.problem);
  const broken = ruleProblem(decided.decision, choices, input.language);
  if (broken !== null) throw errors.invalidInput(broken);
  const items = checked.items.map(({ product, reason, proof }) => ({
    ...lineSnapshot(order, product.order_product_id),
    quantity: product.quantity,
    reason_id: reason.id,
    reason_group_id: reason.group_id,
    // In the request's language, as its status page and emails show it.
    reason_text: reasonText(reason, input.language),
    description: product.reason.reason_description,
    proof: JSON.stringify(proof),
  }));
  return { items, proof: checked.items.flatMap((item) => item.proof) };
}
