import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Locator } from '@playwright/test';
import { merchantPath } from '@return-center/contract';
import { Webhook } from 'standardwebhooks';
import {
  consoleSignIn,
  expectNoAxeViolations,
  shoot,
  shopWithOwner,
  signedInShopperOf,
  submitShirtReturn,
} from './support.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A merchant's receiver on this machine: it keeps every webhook it gets and answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[]; down: { now: boolean } }> {
  const received: Received[] = [];
  const down = { now: false };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (down.now) response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${String(port)}/hooks`, received, down };
}

/** A delivery's row (not its details): the one whose Details button names the event id. */
const deliveryRow = (endpoint: Locator, eventId: string | RegExp) =>
  endpoint.getByRole('row').filter({
    has: endpoint.page().getByRole('button', {
      name: typeof eventId === 'string' ? `Details of ${eventId}` : new RegExp(`^Details of ${eventId.source}`),
    }),
  });

test('an owner adds a webhook endpoint in the console; a return reaches it signed; a failed delivery is shown and resent', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const owner = shopWithOwner();
    await consoleSignIn(page, owner);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    const form = page.getByRole('region', { name: 'Add an endpoint' });
    // A missing event is caught at its field before anything is sent.
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('Description').fill('Warehouse');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('Choose at least one event.')).toBeVisible();
    await form.getByRole('checkbox', { name: 'request.created' }).check();
    await form.getByRole('checkbox', { name: 'request.approved' }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const notice = page.getByRole('region', { name: `The signing secret of ${receiver.url}` });
    await expect(notice).toBeFocused();
    await expect(notice.getByText('you will not see it again')).toBeVisible();
    const secret = (await notice.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.getByRole('article', { name: receiver.url });
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'console webhooks');

    // A shopper of the shop submits a return: request.created goes out to the receiver.
    const shopperContext = await browser.newContext();
    const shopper = await signedInShopperOf(await shopperContext.newPage(), request, {
      shop: owner.shop,
      headers: { authorization: `Bearer ${owner.apiKey}` },
    });
    const requestId = await submitShirtReturn(request, shopper);
    await shopperContext.close();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [delivered] = receiver.received;
    const headers = delivered?.headers ?? {};
    // The receiver checks it with the Standard Webhooks library and the secret the console showed once.
    const event = new Webhook(secret).verify(delivered?.body ?? '', {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    }) as { id: string; type: string; data: { request: { id: number } } };
    expect(event.type).toBe('request.created');
    expect(event.data.request.id).toBe(requestId);
    expect(() =>
      new Webhook(`whsec_${Buffer.from('another secret').toString('base64')}`).verify(delivered?.body ?? '', {
        'webhook-id': String(headers['webhook-id']),
        'webhook-timestamp': String(headers['webhook-timestamp']),
        'webhook-signature': String(headers['webhook-signature']),
      }),
    ).toThrow();

    // The console lists the delivery as succeeded, with the receiver's status, its latency, and what was sent.
    await notice.getByRole('button', { name: 'I have stored it' }).click();
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const row = deliveryRow(endpoint, event.id);
    await expect(async () => {
      await endpoint.getByLabel('Status').selectOption('Succeeded');
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(row.getByText('Succeeded')).toBeVisible();
    const cells = row.getByRole('cell');
    await expect(cells.nth(4)).toHaveText('200');
    await expect(cells.nth(5)).toHaveText(/^\d+$/);
    await row.getByRole('button', { name: `Details of ${event.id}` }).click();
    await expect(endpoint.getByText('thanks', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'console webhook deliveries');
    await shoot(page, 'console-webhooks');

    // The receiver goes down as the request is approved: the console shows the failed try as it happens.
    receiver.down.now = true;
    const approved = await request.post(merchantPath('approve', requestId), {
      headers: { authorization: `Bearer ${owner.apiKey}` },
      data: {},
    });
    expect(approved.ok(), await approved.text()).toBe(true);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(1);
    await endpoint.getByLabel('Status').selectOption('All');
    const approval = deliveryRow(endpoint, /evt_/).filter({ hasText: 'request.approved' });
    await expect(approval.getByRole('cell').nth(4)).toHaveText('503', { timeout: 20_000 });
    // Turned off, its waiting delivery fails; it cannot be resent until it is on again.
    await endpoint.getByRole('button', { name: 'Turn off' }).click();
    await expect(endpoint.getByText('Turned off by the shop.')).toBeVisible();
    await expect(approval.getByText('Failed')).toBeVisible();
    await endpoint.getByRole('button', { name: 'Resend all failed' }).click();
    await expect(endpoint.getByRole('alert')).toHaveText('The endpoint is turned off: turn it on first');
    await endpoint.getByRole('button', { name: 'Turn on' }).click();
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();
    receiver.down.now = false;
    await endpoint.getByRole('button', { name: 'Resend all failed' }).click();
    await expect(endpoint.getByRole('status').filter({ hasText: 'sent again' })).toHaveText(
      '1 failed delivery sent again.',
    );
    await expect(approval.getByText('Succeeded')).toBeVisible({ timeout: 20_000 });
    await expect(approval.getByRole('cell').nth(4)).toHaveText('200');
    const approvedEvent = receiver.received.map((each) => JSON.parse(each.body) as { type: string }).at(-1);
    expect(approvedEvent?.type).toBe('request.approved');
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});
