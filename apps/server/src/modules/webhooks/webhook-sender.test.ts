import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from './safe-target.js';
import { webhookSender } from './webhook-sender.js';

describe('where a webhook may go', () => {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits++;
    response.end('x'.repeat(10_000));
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const post = (url: string) => ({ url, headers: { 'content-type': 'application/json' }, body: '{}' });

  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.20.1.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
  ])('%s is private', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111'])('%s is public', (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it('reaches nothing on this host, by address or by a name that leads here', async () => {
    const send = webhookSender({ allowPrivate: false });
    const byAddress = await send(post(`http://127.0.0.1:${String(port)}/`));
    const byName = await send(post(`http://localhost:${String(port)}/`));
    expect([byAddress.status, byName.status]).toEqual([0, 0]);
    expect(byName.body).toMatch(/private address/);
    expect(hits).toBe(0);
  });

  it('keeps only the start of a long answer', async () => {
    const answer = await webhookSender({ allowPrivate: true })(post(`http://127.0.0.1:${String(port)}/`));
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(2048);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address() as AddressInfo;
    const answer = await webhookSender({ allowPrivate: true, timeoutMs: 200 })(
      post(`http://127.0.0.1:${String(address.port)}/`),
    );
    silent.closeAllConnections();
    silent.close();
    expect(answer).toMatchObject({ status: 0, body: expect.stringMatching(/no answer within 200 ms/) as unknown });
  });
});
