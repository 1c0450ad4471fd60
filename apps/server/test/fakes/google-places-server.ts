import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PLACES, type FakePlace } from './google-places-data.js';

export interface FakePlacesCall {
  method: string;
  path: string;
  apiKey: string | undefined;
  fieldMask: string | undefined;
  body: unknown;
}
export interface FakeGooglePlaces {
  baseUrl: string;
  apiKey: string;
  calls: FakePlacesCall[];
  /** latencyMs delays every answer; failNext answers the next N calls 500; dropNext cuts their connection. */
  faults: { latencyMs: number; failNext: number; dropNext: number };
  close(): Promise<void>;
}

const words = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Every word of the input starts a word of the place (its text or postal code), as Google matches while typing. */
function matches(place: FakePlace, input: string) {
  const postal = place.addressComponents.find((part) => part.types.includes('postal_code'))?.longText ?? '';
  const own = words(`${place.text} ${postal}`);
  const wanted = words(input);
  return wanted.length > 0 && wanted.every((word) => own.some((candidate) => candidate.startsWith(word)));
}

const country = (place: FakePlace) =>
  place.addressComponents.find((part) => part.types.includes('country'))?.shortText.toLowerCase();

/** Keeps only the fields an X-Goog-FieldMask names (`a.b.c` paths, `*` for all), as Google does. */
function mask(value: unknown, paths: string[]): unknown {
  if (paths.some((path) => path === '' || path === '*')) return value;
  if (Array.isArray(value)) return value.map((item) => mask(item, paths));
  if (typeof value !== 'object' || value === null) return value;
  const kept: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const rest = paths.filter((path) => path === key || path.startsWith(`${key}.`));
    if (rest.length)
      kept[key] = mask(
        child,
        rest.map((path) => path.slice(key.length + 1)),
      );
  }
  return kept;
}

/** Google's error body (google.rpc.Status). */
function fail(res: ServerResponse, code: number, status: string, message: string, reason?: string) {
  const details = reason
    ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com' }]
    : undefined;
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(JSON.stringify({ error: { code, message, status, ...(details ? { details } : {}) } }));
}

/**
 * A local Places API (New) for tests: POST /v1/places:autocomplete and GET /v1/places/{id}, with the key in
 * X-Goog-Api-Key (a missing key is 403, a wrong one 400 API_KEY_INVALID, as Google answers) and the field mask
 * applied (required for details, optional for autocomplete, as at Google).
 */
export async function startFakeGooglePlaces(): Promise<FakeGooglePlaces> {
  const apiKey = 'AIzaFakeKeyForLocalTests0000000000000';
  const calls: FakePlacesCall[] = [];
  const faults = { latencyMs: 0, failNext: 0, dropNext: 0 };
  const timers = new Set<NodeJS.Timeout>();

  const answer = (req: IncomingMessage, res: ServerResponse, call: FakePlacesCall) => {
    if (faults.dropNext > 0) {
      faults.dropNext -= 1;
      req.socket.destroy();
      return;
    }
    if (faults.failNext > 0) {
      faults.failNext -= 1;
      fail(res, 500, 'INTERNAL', 'Internal error encountered.');
      return;
    }
    if (!call.apiKey) {
      fail(res, 403, 'PERMISSION_DENIED', 'The request is missing a valid API key.');
      return;
    }
    if (call.apiKey !== apiKey) {
      fail(res, 400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', 'API_KEY_INVALID');
      return;
    }
    const fields = call.fieldMask?.split(',').map((path) => path.trim());
    const send = (body: object) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(fields ? mask(body, fields) : body));
    };
    if (req.method === 'POST' && call.path === '/v1/places:autocomplete') {
      const { input, includedRegionCodes } = (call.body ?? {}) as { input?: unknown; includedRegionCodes?: unknown };
      if (typeof input !== 'string') {
        fail(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload: input is required.');
        return;
      }
      const regions = Array.isArray(includedRegionCodes)
        ? includedRegionCodes.map((code) => String(code).toLowerCase())
        : [];
      const suggestions = PLACES.filter(
        (place) => matches(place, input) && (!regions.length || regions.includes(country(place) ?? '')),
      )
        .slice(0, 5)
        .map((place) => ({
          placePrediction: {
            place: `places/${place.id}`,
            placeId: place.id,
            text: { text: place.text, matches: [{ endOffset: Math.min(input.length, place.text.length) }] },
            structuredFormat: {
              mainText: { text: place.text.split(', ')[0] },
              secondaryText: { text: place.text.split(', ').slice(1).join(', ') },
            },
            types: place.types,
          },
        }));
      // Google leaves out an empty list: no match is `{}`.
      send(suggestions.length ? { suggestions } : {});
      return;
    }
    const id = req.method === 'GET' ? /^\/v1\/places\/([^/:]+)$/.exec(call.path)?.[1] : undefined;
    if (id === undefined) {
      fail(res, 404, 'NOT_FOUND', `Method not found: ${call.path}`);
      return;
    }
    if (!fields) {
      fail(
        res,
        400,
        'INVALID_ARGUMENT',
        'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.',
      );
      return;
    }
    const place = PLACES.find((candidate) => candidate.id === id);
    if (place) send({ id: place.id, formattedAddress: place.text, addressComponents: place.addressComponents });
    else if (id.startsWith('ChIJ')) fail(res, 404, 'NOT_FOUND', 'The place ID is no longer valid.');
    else fail(res, 400, 'INVALID_ARGUMENT', `Not a valid Place ID: ${id}`);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      const header = (name: string) => {
        const value = req.headers[name];
        return Array.isArray(value) ? value.join(',') : value;
      };
      const call: FakePlacesCall = {
        method: req.method ?? 'GET',
        path: new URL(req.url ?? '/', 'http://places.local').pathname,
        apiKey: header('x-goog-api-key'),
        fieldMask: header('x-goog-fieldmask'),
        body,
      };
      calls.push(call);
      if (!faults.latencyMs) {
        answer(req, res, call);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) answer(req, res, call);
      }, faults.latencyMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    calls,
    faults,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
