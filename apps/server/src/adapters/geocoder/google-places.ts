import type { Geocoder, Place, PlaceDetail, Region } from './port.js';
import { isUsState, usRegions } from './us-states.js';

export interface GooglePlacesOptions {
  apiKey: string;
  /** https://places.googleapis.com unless a test points it at a local fake. */
  baseUrl?: string;
  timeoutMs?: number;
}

interface AddressComponent {
  longText?: string;
  shortText?: string;
  types?: string[];
}
interface GoogleError {
  error?: { status?: string; message?: string; details?: { reason?: string }[] };
}

const PROVIDER = 'Google Places';
const MAX_INPUT = 200;
/** Google's place ids are URL-safe base64; anything else (a gazetteer id, a path) is not sent. */
const PLACE_ID = /^[\w-]{1,1024}$/;
const CITY_TYPES = ['locality', 'postal_town', 'sublocality_level_1', 'sublocality'];

/**
 * Address search through Google's Places API (New): Autocomplete for the list, Place Details for the chosen place.
 * No session token: the port carries no shopper session to tie a search to its detail, so each call bills alone.
 */
export class GooglePlacesGeocoder implements Geocoder {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: GooglePlacesOptions) {
    this.baseUrl = (options.baseUrl ?? 'https://places.googleapis.com').replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  async search(text: string, country: string): Promise<Place[]> {
    // Cut at MAX_INPUT without leaving half a surrogate pair at the end.
    const input = text
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, MAX_INPUT)
      .replace(/[\uD800-\uDBFF]$/, '');
    if (country.toUpperCase() !== 'US' || !input) return [];
    const body = (await this.request('autocomplete', '/v1/places:autocomplete', {
      method: 'POST',
      fieldMask: 'suggestions.placePrediction.placeId,suggestions.placePrediction.text.text',
      json: { input, includedRegionCodes: ['us'] },
    })) as { suggestions?: { placePrediction?: { placeId?: string; text?: { text?: string } } }[] };
    return (body.suggestions ?? []).flatMap(({ placePrediction: place }) =>
      place?.placeId && place.text?.text ? [{ placeId: place.placeId, display: place.text.text }] : [],
    );
  }

  async detail(placeId: string): Promise<PlaceDetail | null> {
    if (!PLACE_ID.test(placeId)) return null;
    const body = (await this.request('details', `/v1/places/${placeId}`, {
      method: 'GET',
      fieldMask: 'addressComponents',
      // Google answers an id it cannot read with 400 and one it no longer knows with 404; a bad key is still a fault.
      missing: (status, reason) => status === 404 || (status === 400 && reason !== 'API_KEY_INVALID'),
    })) as { addressComponents?: AddressComponent[] } | null;
    if (!body) return null;
    const part = (type: string) => body.addressComponents?.find((component) => component.types?.includes(type));
    const zip = part('postal_code')?.longText ?? '';
    const state = part('administrative_area_level_1')?.shortText ?? '';
    if (part('country')?.shortText !== 'US' || !/^\d{5}$/.test(zip) || !isUsState(state)) return null;
    const street = [part('street_number')?.longText, part('route')?.shortText].filter(Boolean).join(' ');
    const unit = part('subpremise')?.longText;
    const city = CITY_TYPES.map((type) => part(type)?.longText).find(Boolean) ?? '';
    return { addressDetail: street && unit ? `${street} #${unit}` : street, city, zip, provinceCode: state };
  }

  regions(country: string): Region[] {
    return usRegions(country);
  }

  /**
   * One call, its body read within the same timeout. Any failure throws an error naming the provider and the
   * status, except an answer `missing` recognises as "no such place", which gives null.
   */
  private async request(
    what: string,
    path: string,
    init: {
      method: 'GET' | 'POST';
      fieldMask: string;
      json?: unknown;
      missing?: (status: number, reason: string | undefined) => boolean;
    },
  ): Promise<unknown> {
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method: init.method,
        headers: {
          'x-goog-api-key': this.options.apiKey,
          'x-goog-fieldmask': init.fieldMask,
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (cause) {
      const timedOut = (cause as Error | undefined)?.name === 'TimeoutError';
      throw new Error(
        timedOut ? `${PROVIDER} ${what}: timed out after ${this.timeoutMs} ms` : `${PROVIDER} ${what}: request failed`,
        { cause },
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (status >= 200 && status < 300) {
      if (typeof body !== 'object' || body === null) throw new Error(`${PROVIDER} ${what}: unreadable answer`);
      return body;
    }
    const error = (body as GoogleError | undefined)?.error;
    if (init.missing?.(status, error?.details?.find((detail) => detail.reason)?.reason)) return null;
    const googleStatus = error?.status ? ` ${error.status}` : '';
    const message = error?.message ? `: ${error.message.slice(0, 200)}` : '';
    throw new Error(`${PROVIDER} ${what}: HTTP ${status}${googleStatus}${message}`);
  }
}
