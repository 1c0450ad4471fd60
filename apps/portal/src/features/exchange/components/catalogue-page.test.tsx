// @vitest-environment jsdom
import { calls, Code, fallbackStoreConfig, type PayloadOf } from '@return-center/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useConfig } from '../../../shared/config-store';
import { fail, ok } from '../../../test/fake-api';
import { chosenShirt, order, ORDER_ID, shirt, shirtExchangeMoney, storedForm, storeForm } from '../../../test/fixtures';
import { landedOn, renderRoute, setUpPortalTests, toasts } from '../../../test/render';
import CataloguePage from './catalogue-page';

const api = setUpPortalTests();
const url = `/exchange-other-goods/${ORDER_ID}`;
type ListPayload = PayloadOf<typeof calls.getVariantList>;

/** Thirty products: odd ones are Shirts, even ones Shoes; product n costs $n.00 (M $1 more); every fifth is sold out. */
const products = Array.from({ length: 30 }, (_, index) => {
  const n = index + 1;
  const variant = (id: number, size: string, price: number) => ({
    id,
    product_id: 900 + n,
    title: size,
    price,
    inventory_quantity: n % 5 === 0 ? 0 : 3,
    option1: size,
    option2: null,
    option3: null,
    image: `/catalogue/${n}.png`,
  });
  return {
    id: 900 + n,
    title: `Product ${n}`,
    image: `/catalogue/${n}.png`,
    created_at: 1_700_000_000 + n,
    option_names: ['Size'],
    variants: [variant(9000 + n * 10, 'S', n * 100), variant(9001 + n * 10, 'M', n * 100 + 100)],
  };
});
const collections = [
  { id: 1, title: 'Shirts' },
  { id: 2, title: 'Shoes' },
];

/** getVariantList as the server pages it: 24 at a time, the cursor an offset into the filtered list. */
function answerCatalogue(request: { body: unknown }) {
  const body = request.body as ListPayload;
  if (body.similar_to) return ok(calls.getVariantList, { list: products.slice(0, 2), next_cursor: null, collections });
  const offset = Number(body.cursor ?? 0);
  const list = products.filter((p) => !body.search || p.title.includes(body.search));
  return ok(calls.getVariantList, {
    list: list.slice(offset, offset + 24),
    next_cursor: offset + 24 < list.length ? String(offset + 24) : null,
    collections,
  });
}

function renderPage(search = '') {
  storeForm({ order_product: { [501]: chosenShirt }, solution_id: 5 });
  api.on(calls.orderInfo, ok(calls.orderInfo, order));
  api.on(calls.getReturnMoney, shirtExchangeMoney());
  api.on(calls.getVariantList, answerCatalogue);
  api.on(calls.getVariantIdByOption, (request) => {
    const wanted = request.body as PayloadOf<typeof calls.getVariantIdByOption>;
    const variant = products
      .find((p) => p.id === wanted.product_id)
      ?.variants.find((v) => v.option1 === wanted.option1 && v.inventory_quantity >= wanted.quantity);
    return variant
      ? ok(calls.getVariantIdByOption, variant)
      : fail(calls.getVariantIdByOption, Code.NoStock, 'No stock');
  });
  return renderRoute('exchange-other-goods/:id', url + search, <CataloguePage />);
}

/** The catalogue's requests, without the recommendations', as the server received them. */
const listRequests = () => (api.bodiesOf(calls.getVariantList) as ListPayload[]).filter((body) => !body.similar_to);
const catalogue = () => screen.getByRole('region', { name: 'All products' });
const cardTitles = () =>
  within(catalogue())
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

beforeEach(() => {
  useConfig.setState({ config: fallbackStoreConfig('demo-shop.myshopify.com', 'en') });
});

describe('exchange for other goods', () => {
  it('lists the catalogue a page at a time, with recommendations for the returned product', async () => {
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Exchange for other goods' })).toBeTruthy();
    expect(await screen.findByText('Products shown: 24')).toBeTruthy();
    expect(cardTitles().slice(0, 3)).toEqual(['Product 1', 'Product 2', 'Product 3']);
    const similar = screen.getByRole('region', { name: 'You may also like' });
    expect(
      within(similar)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Product 1', 'Product 2']);
    // A price range shows the lowest; a product with nothing left says so.
    expect(within(catalogue()).getAllByText('From $1.00')).toHaveLength(1);
    expect(within(catalogue()).getAllByText('Sold out')).toHaveLength(4);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Products shown: 30')).toBeTruthy();
    expect(cardTitles().at(-1)).toBe('Product 30');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(listRequests().map((body) => body.cursor ?? null)).toEqual([null, '24']);
    expect(api.bodiesOf(calls.getVariantList)).toContainEqual({ similar_to: shirt.product_id });
  });

  it('draws the recommendations first, and asks for the products below them once they are on screen', async () => {
    let answerSimilar = () => {};
    const similarHeld = new Promise<void>((resolve) => (answerSimilar = resolve));
    renderPage();
    api.on(calls.getVariantList, async (request) => {
      if ((request.body as ListPayload).similar_to) await similarHeld;
      return answerCatalogue(request);
    });
    expect(await screen.findByRole('heading', { name: 'Exchange for other goods' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listRequests()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'All products' })).toBeNull();
    answerSimilar();
    expect(await screen.findByText('Products shown: 24')).toBeTruthy();
    expect(listRequests()).toHaveLength(1);
    // The recommendations' pictures load at once, the list's as they near the screen.
    const loading = (region: string) =>
      [...screen.getByRole('region', { name: region }).querySelectorAll('img')].map((image) =>
        image.getAttribute('loading'),
      );
    expect(loading('You may also like')).toEqual(['eager', 'eager']);
    expect(new Set(loading('All products'))).toEqual(new Set(['lazy']));
  });

  it('searches once typing rests, and keeps every filter in the address', async () => {
    const { user, router } = renderPage();
    await screen.findByText('Products shown: 24');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'Product 2');
    expect(await screen.findByText('Products shown: 11')).toBeTruthy();
    expect(listRequests().at(-1)?.search).toBe('Product 2');
    // Asked once typing rests, not once per key.
    expect(listRequests().length).toBeLessThan(4);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Collection' }), 'Shoes');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price low-high');
    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    await waitFor(() =>
      expect(listRequests().at(-1)).toEqual({
        search: 'Product 2',
        collection_id: 2,
        price_min: null,
        price_max: null,
        in_stock: true,
        sort: 'price-asc',
        cursor: null,
        limit: 24,
      }),
    );
    expect(router.state.location.search).toBe('?q=Product+2&collection=2&stock=1&sort=price-asc');
  });

  it('starts from the filters in the address, and sends a typed price in cents', async () => {
    const { user } = renderPage('?min=20&sort=newest');
    await screen.findByText(/Products shown/);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Lowest price (USD)' }).value).toBe('20');
    expect(listRequests()[0]).toMatchObject({ price_min: 2000, sort: 'newest' });

    const max = screen.getByRole('textbox', { name: 'Highest price (USD)' });
    await user.type(max, '12.5x');
    expect(await screen.findByText('Enter an amount such as 20 or 19.99')).toBeTruthy();
    expect(max.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(listRequests().at(-1)).toMatchObject({ price_max: null }));
    await user.type(max, '{Backspace}');
    await waitFor(() => expect(listRequests().at(-1)).toMatchObject({ price_min: 2000, price_max: 1250 }));
    expect(screen.queryByText('Enter an amount such as 20 or 19.99')).toBeNull();
  });

  it('adds a variant from the quick view to the cart, which shows what is left of the credit', async () => {
    const { user } = renderPage();
    await screen.findByText('Products shown: 24');
    await user.click(within(catalogue()).getByRole('button', { name: 'Quick view: Product 7' }));
    const dialog = screen.getByRole('dialog', { name: 'Product 7' });
    // It starts on a size in stock, and the server confirms the unit.
    expect(await within(dialog).findByText('Price $7.00')).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Size' }), 'M');
    expect(await within(dialog).findByText('Price $8.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add to exchange' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toEqual(['Added Product 7 / M']);
    const bar = screen.getByRole('region', { name: 'Your exchange cart' });
    expect(within(bar).getByText('Items: 1')).toBeTruthy();
    expect(within(bar).getByText('$82.00')).toBeTruthy();
    expect(storedForm()?.exchange_items).toEqual([
      { variant_id: 9071, product_id: 907, count: 1, variant: { price: 800 }, title: 'Product 7', variant_title: 'M' },
    ]);

    await user.click(within(bar).getByRole('button', { name: 'View cart' }));
    const cart = screen.getByRole('dialog', { name: 'Your exchange cart' });
    await user.click(within(cart).getByRole('button', { name: 'Remove Product 7 / M' }));
    expect(within(cart).getByText('Nothing added yet.')).toBeTruthy();
    expect(storedForm()?.exchange_items).toEqual([]);
  });

  it('says No stock for a sold-out product, which cannot be added', async () => {
    const { user } = renderPage();
    await screen.findByText('Products shown: 24');
    await user.click(within(catalogue()).getByRole('button', { name: 'Quick view: Product 5' }));
    const dialog = screen.getByRole('dialog', { name: 'Product 5' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No stock');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add to exchange' }).disabled).toBe(true);
  });

  it('goes back to the exchange step when the shopper is done', async () => {
    const { user } = renderPage();
    await screen.findByText('Products shown: 24');
    await user.click(screen.getByRole('link', { name: 'Done choosing' }));
    expect(await landedOn()).toBe(`/process-manage/exchange/${ORDER_ID}`);
  });
});
