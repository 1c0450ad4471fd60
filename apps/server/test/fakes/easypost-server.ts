import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sandboxTrackingNumber } from '../../src/adapters/carrier/sandbox.js';
import {
  address,
  buyPickup,
  drawLabelPdf,
  LABEL_PNG,
  now,
  newTracker,
  obj,
  pickupDocument,
  postageLabel,
  Refusal,
  shipmentDocument,
  str,
  trackerDocument,
  type Json,
} from './easypost-documents.js';

export interface EasyPostCall {
  method: string;
  /** Path and query, e.g. `/v2/trackers?tracking_code=…`. */
  path: string;
  body: unknown;
}

/** Misbehaviour for tests to switch on; the counters count down as requests use them up. */
export interface EasyPostFaults {
  /** Milliseconds to hold each request before acting on it. */
  latencyMs: number;
  /** Close the connection, with no answer, before the next N requests take effect. */
  drop: number;
  /** Close the connection after the next N requests took effect: the answer is lost on its way back. */
  dropAfter: number;
  /** Answer the next `count` requests with `status`: EasyPost's JSON error, or an HTML page as a proxy sends. */
  fail: { status: number; count: number; html?: boolean };
  /** Which requests the faults apply to, matched against "METHOD /path"; all when unset. */
  only?: RegExp;
}

export interface FakeEasyPost {
  /** http://127.0.0.1:<port>/v2/, for EasyPostCarrier's `baseUrl`. */
  baseUrl: string;
  apiKey: string;
  /** Every request received, in order, whether it was answered, failed or dropped. */
  calls: EasyPostCall[];
  faults: EasyPostFaults;
  /** Requests held back by `latencyMs` that the fake has not acted on yet. */
  held: number;
  close(): Promise<void>;
}

type Answer = { status: number; json: unknown } | { status: number; file: Uint8Array; type: string };

/**
 * A local EasyPost API v2 for tests, speaking the JSON of the endpoints EasyPostCarrier uses (addresses with
 * verification, return shipments with rates, buy and label conversion, pickups with buy and cancel, trackers),
 * with HTTP basic auth on the API key and label files it serves itself. Pickups are refused on weekends.
 */
export async function startFakeEasyPost(options: { labelFormat?: 'PNG' } = {}): Promise<FakeEasyPost> {
  const shipments: Json[] = [];
  const pickups: Json[] = [];
  const trackers: Json[] = [];
  const labels = new Map<string, Promise<Uint8Array>>();
  const timers = new Set<NodeJS.Timeout>();
  let origin = '';
  const byKey = (list: Json[], key: string) => list.find((item) => item.id === key || item.reference === key);
  const shipmentOf = (key: string) => {
    const shipment = byKey(shipments, key);
    if (!shipment) throw new Refusal(404, 'NOT_FOUND', 'The requested resource could not be found.');
    return shipment;
  };
  const pickupOf = (key: string) => {
    const pickup = byKey(pickups, key);
    if (!pickup) throw new Refusal(404, 'NOT_FOUND', 'The requested resource could not be found.');
    return pickup;
  };

  const createShipment = (input: Json): Json => {
    const shipment = shipmentDocument(input);
    shipments.push(shipment);
    return shipment;
  };

  const labelFile = (shipment: Json, type: 'pdf' | 'png') =>
    `${origin}/files/postage_label/${str(shipment.id)}.${type}`;

  const buyShipment = (shipment: Json, rateId: string): Json => {
    if (shipment.postage_label)
      throw new Refusal(422, 'SHIPMENT.POSTAGE.EXISTS', 'The shipment has already been purchased.');
    const rate = (shipment.rates as Json[]).find((r) => r.id === rateId);
    if (!rate) throw new Refusal(422, 'SHIPMENT.RATE.NOT_FOUND', `No rate ${rateId} on this shipment`);
    const pdf = str(obj(shipment.options).label_format) === 'PDF' && options.labelFormat !== 'PNG';
    const trackingCode = sandboxTrackingNumber(str(shipment.id));
    const tracker = trackerDocument(shipment, rate.carrier, trackingCode, `${origin}/track/${trackingCode}`);
    trackers.push(tracker);
    Object.assign(shipment, {
      updated_at: now(),
      tracking_code: trackingCode,
      selected_rate: rate,
      tracker,
      postage_label: postageLabel(labelFile(shipment, pdf ? 'pdf' : 'png'), pdf),
      fees: [{ object: 'Fee', type: 'PostageFee', amount: `${str(rate.rate)}000`, charged: true, refunded: false }],
    });
    return shipment;
  };

  const createPickup = (input: Json): Json => {
    const shipment = shipmentOf(str(obj(input.shipment).id));
    const pickup = pickupDocument(input, shipment);
    pickups.push(pickup);
    return pickup;
  };

  const routes: [method: string, path: RegExp, act: (key: string, body: Json, query: URLSearchParams) => Answer][] = [
    ['POST', /^\/v2\/addresses$/, (_, body) => ({ status: 201, json: address(obj(body.address), !!body.verify) })],
    ['POST', /^\/v2\/shipments$/, (_, body) => ({ status: 201, json: createShipment(obj(body.shipment)) })],
    ['GET', /^\/v2\/shipments\/([^/]+)$/, (key) => ({ status: 200, json: shipmentOf(key) })],
    [
      'POST',
      /^\/v2\/shipments\/([^/]+)\/buy$/,
      (key, body) => ({ status: 200, json: buyShipment(shipmentOf(key), str(obj(body.rate).id)) }),
    ],
    [
      'GET',
      /^\/v2\/shipments\/([^/]+)\/label$/,
      (key, _, query) => {
        const shipment = shipmentOf(key);
        const label = obj(shipment.postage_label);
        if (!shipment.postage_label) throw new Refusal(422, 'SHIPMENT.POSTAGE.REQUIRED', 'Buy the shipment first');
        if (query.get('file_format')?.toUpperCase() !== 'PDF')
          throw new Refusal(422, 'SHIPMENT.LABEL.FORMAT', 'This fake converts labels to PDF only');
        label.label_pdf_url = labelFile(shipment, 'pdf');
        return { status: 200, json: shipment };
      },
    ],
    ['POST', /^\/v2\/pickups$/, (_, body) => ({ status: 200, json: createPickup(obj(body.pickup)) })],
    ['GET', /^\/v2\/pickups\/([^/]+)$/, (key) => ({ status: 200, json: pickupOf(key) })],
    ['POST', /^\/v2\/pickups\/([^/]+)\/buy$/, (key, body) => ({ status: 200, json: buyPickup(pickupOf(key), body) })],
    [
      'POST',
      /^\/v2\/pickups\/([^/]+)\/cancel$/,
      (key) => {
        const pickup = pickupOf(key);
        if (pickup.status === 'canceled') throw new Refusal(422, 'PICKUP.STATUS', 'The pickup is canceled already');
        return { status: 200, json: Object.assign(pickup, { status: 'canceled', updated_at: now() }) };
      },
    ],
    [
      'GET',
      /^\/v2\/trackers$/,
      (_, __, query) => {
        const code = query.get('tracking_code');
        return {
          status: 200,
          json: { trackers: trackers.filter((t) => !code || t.tracking_code === code), has_more: false },
        };
      },
    ],
    [
      'POST',
      /^\/v2\/trackers$/,
      (_, body) => {
        const input = obj(body.tracker);
        const code = str(input.tracking_code);
        if (!code) throw new Refusal(422, 'PARAMETER.REQUIRED', 'Missing required parameter: tracker.tracking_code');
        // EasyPost answers a tracking code it already tracks with that tracker.
        const known = trackers.find((t) => t.tracking_code === code);
        if (known) return { status: 200, json: known };
        const tracker = newTracker(code, str(input.carrier) || 'USPS');
        trackers.push(tracker);
        return { status: 201, json: tracker };
      },
    ],
  ];

  const answer = async (method: string, url: URL, body: unknown, auth: string | undefined): Promise<Answer> => {
    const file = /^\/files\/postage_label\/([^/]+)\.(pdf|png)$/.exec(url.pathname);
    if (file?.[1] && method === 'GET') {
      const shipment = shipmentOf(file[1]);
      if (file[2] === 'png') return { status: 200, file: LABEL_PNG, type: 'image/png' };
      let pdf = labels.get(file[1]);
      if (!pdf) {
        pdf = drawLabelPdf(file[1], shipment);
        labels.set(file[1], pdf);
      }
      return { status: 200, file: await pdf, type: 'application/pdf' };
    }
    const user = Buffer.from((auth ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')[0];
    if (!auth?.startsWith('Basic ') || user !== fake.apiKey)
      throw new Refusal(401, 'APIKEY.INACTIVE', 'This api key is no longer active. Please use a different api key.');
    for (const [routeMethod, path, act] of routes) {
      const match = path.exec(url.pathname);
      if (match && routeMethod === method) return act(decodeURIComponent(match[1] ?? ''), obj(body), url.searchParams);
    }
    throw new Refusal(404, 'NOT_FOUND', 'The requested resource could not be found.');
  };

  const send = (res: ServerResponse, reply: Answer) => {
    if ('file' in reply) {
      res.writeHead(reply.status, { 'content-type': reply.type, 'content-length': reply.file.length });
      res.end(reply.file);
      return;
    }
    const text = JSON.stringify(reply.json);
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(text);
  };
  const refusal = (error: unknown): Answer => {
    if (!(error instanceof Refusal)) throw error;
    return {
      status: error.status,
      json: { error: { code: error.code, message: error.message, errors: [] } },
    };
  };
  const hold = (then: () => void) => {
    if (fake.faults.latencyMs <= 0) {
      then();
      return;
    }
    fake.held++;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fake.held--;
      then();
    }, fake.faults.latencyMs);
    timers.add(timer);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://easypost.local');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      fake.calls.push({ method, path: url.pathname + url.search, body });
      const { faults } = fake;
      const faulty = !faults.only || faults.only.test(`${method} ${url.pathname}`);
      if (faulty && faults.drop > 0) {
        faults.drop--;
        req.socket.destroy();
        return;
      }
      hold(() => {
        if (faulty && faults.fail.count > 0) {
          faults.fail.count--;
          const { status, html } = faults.fail;
          if (html) {
            res.writeHead(status, { 'content-type': 'text/html' });
            res.end(`<html><body><h1>${status}</h1><p>The upstream server did not answer.</p></body></html>`);
          } else
            send(res, { status, json: { error: { code: `HTTP.${status}`, message: 'Try again later', errors: [] } } });
          return;
        }
        void answer(method, url, body, req.headers.authorization)
          .catch(refusal)
          .then((reply) => {
            if (faulty && faults.dropAfter > 0) {
              faults.dropAfter--;
              req.socket.destroy();
            } else send(res, reply);
          })
          .catch((error: unknown) => {
            send(res, { status: 500, json: { error: { code: 'FAKE.BUG', message: String(error), errors: [] } } });
          });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const fake: FakeEasyPost = {
    baseUrl: `${origin}/v2/`,
    apiKey: `EZTK${randomBytes(12).toString('hex')}`,
    calls: [],
    faults: { latencyMs: 0, drop: 0, dropAfter: 0, fail: { status: 500, count: 0 } },
    held: 0,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
