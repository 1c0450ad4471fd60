import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Component {
  longText: string;
  shortText: string;
  types: string[];
  languageCode: 'en';
}
interface FakePlace {
  id: string;
  text: string;
  types: string[];
  addressComponents: Component[];
}
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

const c = (longText: string, shortText: string, ...types: string[]): Component => ({
  longText,
  shortText,
  types,
  languageCode: 'en',
});
const US = c('United States', 'US', 'country', 'political');
const NY = c('New York', 'NY', 'administrative_area_level_1', 'political');
const MANHATTAN = [
  c('Manhattan', 'Manhattan', 'sublocality_level_1', 'sublocality', 'political'),
  c('New York', 'New York', 'locality', 'political'),
  c('New York County', 'New York County', 'administrative_area_level_2', 'political'),
  NY,
  US,
];

/** Made-up ids in Google's shape; the addresses are real. */
const PLACES: FakePlace[] = [
  {
    id: 'ChIJa1b2c3d4e5f6g7h8i9j0k1',
    text: '350 5th Ave, New York, NY, USA',
    types: ['premise', 'geocode'],
    addressComponents: [
      c('350', '350', 'street_number'),
      c('5th Avenue', '5th Ave', 'route'),
      ...MANHATTAN,
      c('10118', '10118', 'postal_code'),
    ],
  },
  {
    id: 'ChIJb2c3d4e5f6g7h8i9j0k1l2',
    text: '20 W 34th St, New York, NY, USA',
    types: ['street_address', 'geocode'],
    addressComponents: [
      c('20', '20', 'street_number'),
      c('West 34th Street', 'W 34th St', 'route'),
      ...MANHATTAN,
      c('10001', '10001', 'postal_code'),
    ],
  },
  {
    id: 'ChIJc3d4e5f6g7h8i9j0k1l2m3',
    text: '1 Ferry Building, San Francisco, CA, USA',
    types: ['premise', 'geocode'],
    addressComponents: [
      c('1', '1', 'street_number'),
      c('Ferry Building', 'Ferry Building', 'route'),
      c('Embarcadero', 'Embarcadero', 'neighborhood', 'political'),
      c('San Francisco', 'SF', 'locality', 'political'),
      c('San Francisco County', 'San Francisco County', 'administrative_area_level_2', 'political'),
      c('California', 'CA', 'administrative_area_level_1', 'political'),
      US,
      c('94111', '94111', 'postal_code'),
    ],
  },
  {
    // Brooklyn has no locality in Google's answer, only the borough as a sublocality.
    id: 'ChIJd4e5f6g7h8i9j0k1l2m3n4',
    text: '1 Main St, Brooklyn, NY, USA',
    types: ['street_address', 'geocode'],
    addressComponents: [
      c('1', '1', 'street_number'),
      c('Main Street', 'Main St', 'route'),
      c('DUMBO', 'DUMBO', 'neighborhood', 'political'),
      c('Brooklyn', 'Brooklyn', 'sublocality_level_1', 'sublocality', 'political'),
      c('Kings County', 'Kings County', 'administrative_area_level_2', 'political'),
      NY,
      US,
      c('11201', '11201', 'postal_code'),
    ],
  },
  {
    id: 'ChIJe5f6g7h8i9j0k1l2m3n4o5',
    text: 'New York, NY 10118, USA',
    types: ['postal_code', 'geocode'],
    addressComponents: [c('10118', '10118', 'postal_code'), c('New York', 'New York', 'locality', 'political'), NY, US],
  },
  {
    // A whole borough: no postal code, so no pickup address.
    id: 'ChIJf6g7h8i9j0k1l2m3n4o5p6',
    text: 'Manhattan, New York, NY, USA',
    types: ['sublocality_level_1', 'sublocality', 'political', 'geocode'],
    addressComponents: MANHATTAN,
  },
  {
    id: 'ChIJg7h8i9j0k1l2m3n4o5p6q7',
    text: '10 Downing St, London SW1A 2AA, UK',
    types: ['premise', 'geocode'],
    addressComponents: [
      c('10', '10', 'street_number'),
      c('Downing Street', 'Downing St', 'route'),
      c('London', 'London', 'postal_town'),
      c('England', 'England', 'administrative_area_level_1', 'political'),
      c('United Kingdom', 'GB', 'country', 'political'),
      c('SW1A 2AA', 'SW1A 2AA', 'postal_code'),
    ],
  },
];

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
