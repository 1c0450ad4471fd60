import { Code, WEBHOOK_EVENT_TYPES, type WebhookDelivery, type WebhookEndpoint } from '@return-center/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { merchantRoute, ok, refuse } from '../../test/fake-server';
import { ownerSession, signedIn } from '../../test/fixtures';
import { renderConsole, setUpConsoleTests } from '../../test/render';

const server = setUpConsoleTests();
const staffSession = { ...ownerSession, account: { ...ownerSession.account, role: 'staff' as const } };

const helpdesk: WebhookEndpoint = {
  id: 4,
  url: 'https://help.example/hooks',
  description: 'Helpdesk',
  events: ['request.created'],
  enabled: true,
  disabled_reason: '',
  created_at: 1_760_000_000,
};
const delivery = (id: number, change: Partial<WebhookDelivery>): WebhookDelivery => ({
  id,
  event_id: `evt_${String(id)}`,
  event_type: 'request.created',
  status: 'succeeded',
  attempts: 1,
  response_status: 200,
  latency_ms: 42,
  request_body: `{"id":"evt_${String(id)}","type":"request.created"}`,
  response_body: 'ok',
  next_attempt_at: null,
  created_at: 1_760_000_100,
  ...change,
});

/** The endpoints as the server lists them, changing as the test's handlers change `list`. */
function listing(list: { current: WebhookEndpoint[] }) {
  server.on(merchantRoute('listWebhooks'), () => ok(merchantRoute('listWebhooks'), { items: list.current }));
}

describe('the Webhooks page', () => {
  it('adds an endpoint for the chosen events and shows its secret once, with a copy button', async () => {
    signedIn(server);
    const list = { current: [] as WebhookEndpoint[] };
    listing(list);
    const added = {
      ...helpdesk,
      id: 5,
      url: 'https://erp.example/in',
      description: 'ERP',
      events: [...WEBHOOK_EVENT_TYPES],
    };
    server.on(merchantRoute('createWebhook'), () => {
      list.current = [added];
      return ok(merchantRoute('createWebhook'), { ...added, secret: 'whsec_c2VjcmV0LXRoYXQtc2hvd3Mtb25jZQ==' });
    });
    const { user } = renderConsole('/webhooks');
    await screen.findByText('No endpoints yet.');
    const form = within(screen.getByRole('region', { name: 'Add an endpoint' }));
    await user.type(form.getByRole('textbox', { name: 'Endpoint URL' }), 'https://erp.example/in');
    await user.type(form.getByRole('textbox', { name: 'Description' }), ' ERP ');
    await user.click(form.getByRole('checkbox', { name: 'Select all events' }));
    expect(form.getByRole('checkbox', { name: 'payout.failed' })).toHaveProperty('checked', true);
    await user.click(form.getByRole('button', { name: 'Add endpoint' }));

    const secret = within(await screen.findByRole('region', { name: 'The signing secret of https://erp.example/in' }));
    expect(secret.getByText('whsec_c2VjcmV0LXRoYXQtc2hvd3Mtb25jZQ==')).toBeTruthy();
    expect(secret.getByText("Copy it now into the receiver's configuration: you will not see it again.")).toBeTruthy();
    expect(secret.getByRole('button', { name: 'Copy the secret' })).toBeTruthy();
    expect(server.sentTo(merchantRoute('createWebhook')).map((r) => r.body)).toEqual([
      { url: 'https://erp.example/in', description: 'ERP', events: [...WEBHOOK_EVENT_TYPES] },
    ]);
    // The form is empty for the next one; the endpoint is listed, and its secret is nowhere in the list.
    expect(form.getByRole('textbox', { name: 'Endpoint URL' })).toHaveProperty('value', '');
    const listed = await screen.findByRole('article', { name: 'https://erp.example/in' });
    expect(listed.textContent).not.toContain('whsec_');
    expect(within(listed).getByText('On')).toBeTruthy();

    await user.click(secret.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText('whsec_c2VjcmV0LXRoYXQtc2hvd3Mtb25jZQ==')).toBeNull();
  });

  it('shows what the server refused at its field and keeps what was typed', async () => {
    signedIn(server);
    listing({ current: [] });
    server.on(
      merchantRoute('createWebhook'),
      refuse(422, Code.InvalidInput, 'url: webhooks are not sent to a private address', {
        errors: [{ field: 'url', message: 'webhooks are not sent to a private address' }],
      }),
    );
    const { user } = renderConsole('/webhooks');
    const form = within(await screen.findByRole('region', { name: 'Add an endpoint' }));
    // Nothing goes out until an event is chosen.
    await user.type(form.getByRole('textbox', { name: 'Endpoint URL' }), 'http://10.0.0.5/hook');
    await user.click(form.getByRole('button', { name: 'Add endpoint' }));
    expect(form.getByText('Choose at least one event.')).toBeTruthy();
    expect(server.sentTo(merchantRoute('createWebhook'))).toEqual([]);

    await user.click(form.getByRole('checkbox', { name: 'request.refunded' }));
    await user.click(form.getByRole('button', { name: 'Add endpoint' }));
    const url = form.getByRole('textbox', { name: 'Endpoint URL' });
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(url.getAttribute('aria-describedby')).toContain(
      form.getByText('webhooks are not sent to a private address').id,
    );
    expect(url).toHaveProperty('value', 'http://10.0.0.5/hook');
    expect(form.getByRole('checkbox', { name: 'request.refunded' })).toHaveProperty('checked', true);
    expect(form.queryByText('Choose at least one event.')).toBeNull();
  });

  it('lists deliveries, opens what was sent, and resends all failed with the count announced', async () => {
    signedIn(server);
    listing({ current: [{ ...helpdesk, enabled: false, disabled_reason: 'failing since 2025-10-09T10:00:00Z' }] });
    let deliveries = [
      delivery(2, { status: 'failed', attempts: 11, response_status: 500, latency_ms: 120, response_body: 'boom' }),
      delivery(1, {}),
    ];
    server.on(merchantRoute('listWebhookDeliveries', 4), (request) =>
      ok(merchantRoute('listWebhookDeliveries', 4), {
        items: deliveries.filter((d) => !request.query.status || d.status === request.query.status),
      }),
    );
    server.on(merchantRoute('resendFailedWebhooks', 4), () => {
      deliveries = deliveries.map((d) => ({ ...d, status: 'pending', next_attempt_at: 1_760_000_200 }));
      return ok(merchantRoute('resendFailedWebhooks', 4), { resent: 1 });
    });
    const { user } = renderConsole('/webhooks');
    const endpoint = within(await screen.findByRole('article', { name: 'https://help.example/hooks' }));
    expect(endpoint.getByText('Off')).toBeTruthy();
    expect(endpoint.getByText('Turned off: failing since 2025-10-09T10:00:00Z')).toBeTruthy();
    await user.click(endpoint.getByRole('button', { name: 'Deliveries' }));

    const table = within(await endpoint.findByRole('table'));
    const failed = table.getByRole('row', { name: /evt_2/ });
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByRole('cell', { name: '500' })).toBeTruthy();
    expect(within(failed).getByRole('cell', { name: '120' })).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Details of evt_2' }));
    expect(table.getByText('boom')).toBeTruthy();
    // What was sent, laid out to be read; the other delivery stays closed.
    expect(table.getByText(/"id": "evt_2",\s+"type": "request.created"/).closest('tr')?.hidden).toBe(false);
    expect(table.getByText(/"id": "evt_1"/).closest('tr')?.hidden).toBe(true);

    await user.selectOptions(endpoint.getByRole('combobox', { name: 'Status' }), 'Failed');
    await expect.poll(() => endpoint.queryByRole('row', { name: /evt_1/ })).toBeNull();
    expect(server.sentTo(merchantRoute('listWebhookDeliveries', 4)).at(-1)?.query).toEqual({ status: 'failed' });

    await user.selectOptions(endpoint.getByRole('combobox', { name: 'Status' }), 'All');
    await user.click(endpoint.getByRole('button', { name: 'Resend all failed' }));
    expect(await endpoint.findByText('1 failed delivery sent again.')).toBeTruthy();
    expect(endpoint.getByText('1 failed delivery sent again.').getAttribute('role')).toBe('status');
    await expect
      .poll(() => within(endpoint.getByRole('row', { name: /^request.created evt_2/ })).queryByText('Pending'))
      .toBeTruthy();
  });

  it('edits an endpoint, turns it off, and rotates its secret only once the owner confirms', async () => {
    signedIn(server);
    const list = { current: [helpdesk] };
    listing(list);
    server.on(merchantRoute('updateWebhook', 4), (request) => {
      list.current = [{ ...(list.current[0] ?? helpdesk), ...(request.body as Partial<WebhookEndpoint>) }];
      return ok(merchantRoute('updateWebhook', 4), list.current[0] ?? helpdesk);
    });
    server.on(
      merchantRoute('rotateWebhookSecret', 4),
      ok(merchantRoute('rotateWebhookSecret', 4), {
        ...helpdesk,
        secret: 'whsec_bmV3LXNlY3JldC1vZi10aGUtaGVscGRlc2s=',
      }),
    );
    const { user } = renderConsole('/webhooks');
    const endpoint = within(await screen.findByRole('article', { name: 'https://help.example/hooks' }));
    await user.click(endpoint.getByRole('button', { name: 'Edit' }));
    const editor = within(endpoint.getByRole('region', { name: 'Edit https://help.example/hooks' }));
    expect(document.activeElement).toBe(editor.getByRole('textbox', { name: 'Endpoint URL' }));
    expect(editor.getByRole('checkbox', { name: 'request.created' })).toHaveProperty('checked', true);
    await user.clear(editor.getByRole('textbox', { name: 'Description' }));
    await user.type(editor.getByRole('textbox', { name: 'Description' }), 'Zendesk');
    await user.click(editor.getByRole('checkbox', { name: 'tracking.updated' }));
    await user.click(editor.getByRole('button', { name: 'Save changes' }));
    expect(await endpoint.findByText('Zendesk')).toBeTruthy();
    expect(document.activeElement).toBe(endpoint.getByRole('button', { name: 'Edit' }));

    await user.click(endpoint.getByRole('button', { name: 'Turn off' }));
    expect(await endpoint.findByText('Turned off by the shop.')).toBeTruthy();
    expect(endpoint.getByText('Off')).toBeTruthy();
    expect(server.sentTo(merchantRoute('updateWebhook', 4)).map((r) => r.body)).toEqual([
      { url: 'https://help.example/hooks', description: 'Zendesk', events: ['request.created', 'tracking.updated'] },
      { enabled: false },
    ]);

    await user.click(endpoint.getByRole('button', { name: 'Rotate secret' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Rotate the secret of https://help.example/hooks?' })).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(server.sentTo(merchantRoute('rotateWebhookSecret', 4))).toEqual([]);
    await user.click(endpoint.getByRole('button', { name: 'Rotate secret' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rotate secret' }));
    expect(await endpoint.findByText('whsec_bmV3LXNlY3JldC1vZi10aGUtaGVscGRlc2s=')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('resends one failed delivery and says so', async () => {
    signedIn(server);
    listing({ current: [helpdesk] });
    let failed = delivery(3, { status: 'failed', attempts: 4, response_status: 0, response_body: 'timed out' });
    server.on(merchantRoute('listWebhookDeliveries', 4), () =>
      ok(merchantRoute('listWebhookDeliveries', 4), { items: [failed] }),
    );
    server.on(merchantRoute('resendWebhookDelivery', 3), () => {
      failed = { ...failed, status: 'succeeded', attempts: 5, response_status: 204, response_body: '' };
      return ok(merchantRoute('resendWebhookDelivery', 3), { ...failed, status: 'pending' });
    });
    const { user } = renderConsole('/webhooks');
    const endpoint = within(await screen.findByRole('article', { name: 'https://help.example/hooks' }));
    await user.click(endpoint.getByRole('button', { name: 'Deliveries' }));
    const row = within(await endpoint.findByRole('row', { name: /^request.created evt_3/ }));
    // No answer at all reads as such, not as a status 0.
    expect(row.getByRole('cell', { name: 'none' })).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Resend of evt_3' }));
    expect(await endpoint.findByText('Delivery request.created sent again.')).toBeTruthy();
    expect(await endpoint.findByRole('cell', { name: '204' })).toBeTruthy();
    expect(endpoint.queryByRole('button', { name: 'Resend of evt_3' })).toBeNull();
    expect(server.sentTo(merchantRoute('resendWebhookDelivery', 3))).toHaveLength(1);
  });

  it('lets staff read endpoints and deliveries but change nothing', async () => {
    signedIn(server, staffSession);
    listing({ current: [helpdesk] });
    server.on(
      merchantRoute('listWebhookDeliveries', 4),
      ok(merchantRoute('listWebhookDeliveries', 4), {
        items: [delivery(2, { status: 'failed' })],
      }),
    );
    const { user } = renderConsole('/webhooks');
    const endpoint = within(await screen.findByRole('article', { name: 'https://help.example/hooks' }));
    expect(screen.queryByRole('region', { name: 'Add an endpoint' })).toBeNull();
    expect(endpoint.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(endpoint.queryByRole('button', { name: 'Rotate secret' })).toBeNull();
    await user.click(endpoint.getByRole('button', { name: 'Deliveries' }));
    await endpoint.findByRole('row', { name: /evt_2/ });
    expect(endpoint.queryByRole('button', { name: /Resend/ })).toBeNull();
  });
});
