import { merchantPath, merchantRoutes, type DeskCreateBody, type DeskEditBody } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deskOrder, deskQuote } from '../../test/desk-fixtures';
import { merchantRoute, ok, refuse } from '../../test/fake-server';
import { merchantRequest, signedIn } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const orderRoute = (ref: string) => ({
  method: 'GET',
  path: merchantPath('deskOrder', encodeURIComponent(ref)),
  answer: merchantRoutes.deskOrder.answer,
});

describe('a return made at the desk', () => {
  it('finds the order, shows the server’s money for the chosen items, and opens the new request', async () => {
    signedIn(server);
    server.on(orderRoute('1041'), (request) =>
      request.query.email === 'sam@example.com' ? ok(orderRoute('1041'), deskOrder()) : refuse(404, 1004, 'Not found'),
    );
    server.on(merchantRoute('deskQuote'), (request) => {
      const { items } = request.body as DeskCreateBody;
      return ok(merchantRoute('deskQuote'), deskQuote(items[0]?.quantity === 2 ? 8700 : 4200));
    });
    server.on(merchantRoute('deskCreate'), ok(merchantRoute('deskCreate'), merchantRequest({ id: 77 })));
    server.on(merchantRoute('get', 77), ok(merchantRoute('get', 77), merchantRequest({ id: 77 })));
    const { user, router } = renderConsole('/new-return');
    expect((await screen.findByRole('link', { name: 'New return' })).getAttribute('aria-current')).toBe('page');

    await user.type(await screen.findByRole('textbox', { name: 'Order number' }), '1041');
    await user.type(screen.getByRole('textbox', { name: "Shopper's email (optional)" }), 'sam@example.com');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Order #1041 of sam@example.com')).toBeTruthy();
    // What cannot come back says why.
    expect(screen.getByText('Wool beanie: the return window has passed')).toBeTruthy();

    const shirt = within(screen.getByRole('group', { name: 'Linen shirt · M' }));
    await user.click(shirt.getByRole('checkbox', { name: 'Return Linen shirt (2 returnable)' }));
    expect(await screen.findByText('$42.00')).toBeTruthy();
    await user.selectOptions(shirt.getByRole('combobox', { name: 'Quantity' }), '2');
    await user.selectOptions(shirt.getByRole('combobox', { name: 'Reason' }), 'Too small');
    await user.type(shirt.getByRole('textbox', { name: 'What the shopper said' }), 'Phoned in');
    // The server's total, not one worked out here.
    expect(await screen.findByText('$87.00')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Prepaid label' }));
    await user.click(screen.getByRole('button', { name: 'Create return' }));

    await expect.poll(() => router.state.location.pathname).toBe('/requests/77');
    const [sent] = server.sentTo(merchantRoute('deskCreate')).map((r) => r.body as DeskCreateBody);
    expect(sent).toMatchObject({
      order_id: 41,
      solution_id: 1,
      shipping_method_id: 1,
      items: [{ line_item_id: 501, quantity: 2, reason_id: 6, description: 'Phoned in' }],
    });
    expect(sent?.idempotency_key.length).toBeGreaterThanOrEqual(8);
  });

  it('says why the server refuses an order it cannot find', async () => {
    signedIn(server);
    server.on(orderRoute('9999'), refuse(404, 1004, 'Not found'));
    const { user } = renderConsole('/new-return');
    await user.type(await screen.findByRole('textbox', { name: 'Order number' }), '9999');
    await user.click(screen.getByRole('button', { name: 'Find order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not found');
  });

  it('edits a pending request’s items and method, and shows the change on the timeline', async () => {
    signedIn(server);
    const pending = merchantRequest({
      items: merchantRequest().items.map((item) => ({ ...item, reason_id: 5, reason: "Doesn't suit me" })),
    });
    server.on(merchantRoute('get', 31), ok(merchantRoute('get', 31), pending));
    server.on(orderRoute('#1041'), (request) =>
      request.query.request === '31' ? ok(orderRoute('#1041'), deskOrder()) : refuse(404, 1004, 'Not found'),
    );
    server.on(merchantRoute('deskQuote'), (request) =>
      (request.body as { request?: number }).request === 31
        ? ok(merchantRoute('deskQuote'), deskQuote(4200))
        : refuse(422, 1001, 'items.0.line_item_id: Linen shirt: already in a return request'),
    );
    const edited = merchantRequest({
      shipping_method_id: 1,
      events: [
        {
          actor: 'console:owner@trail.example',
          action: 'edited',
          from_status: 1,
          to_status: 1,
          note: 'Linen shirt: quantity 2 → 1; method: Ship on your own → Return label from the merchant',
          at: 1_760_000_100,
        },
      ],
    });
    server.on(merchantRoute('deskEdit', 31), ok(merchantRoute('deskEdit', 31), edited));
    const { user } = renderConsole('/requests/31');
    await user.click(await screen.findByRole('button', { name: 'Edit items' }));
    const shirt = within(await screen.findByRole('group', { name: 'Linen shirt · M' }));
    expect(shirt.getByRole('checkbox')).toHaveProperty('checked', true);
    await user.selectOptions(shirt.getByRole('combobox', { name: 'Quantity' }), '1');
    await user.click(screen.getByRole('radio', { name: 'Prepaid label' }));
    expect(await screen.findByText('$42.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Changes saved; they are on the timeline.')).toBeTruthy();
    expect(
      screen.getByText(
        'Items changed: Linen shirt: quantity 2 → 1; method: Ship on your own → Return label from the merchant',
      ),
    ).toBeTruthy();
    expect(server.sentTo(merchantRoute('deskEdit', 31)).map((r) => r.body as DeskEditBody)).toEqual([
      {
        shipping_method_id: 1,
        items: [{ line_item_id: 501, quantity: 1, reason_id: 5, description: 'Seam came apart' }],
      },
    ]);
  });

  it('offers no edit once the request is approved', async () => {
    signedIn(server);
    server.on(merchantRoute('get', 31), ok(merchantRoute('get', 31), merchantRequest({ status: 2 })));
    renderConsole('/requests/31');
    await screen.findByRole('heading', { name: 'Timeline' });
    expect(screen.queryByRole('button', { name: 'Edit items' })).toBeNull();
  });
});
