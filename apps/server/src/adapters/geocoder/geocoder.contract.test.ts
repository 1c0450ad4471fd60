import { present } from '@return-center/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGooglePlaces } from '../../../test/fakes/google-places-server.js';
import { GazetteerGeocoder } from './gazetteer.js';
import { GooglePlacesGeocoder } from './google-places.js';
import type { Geocoder } from './port.js';

/** What every geocoder must do for the pickup form; each runs this same file, on places both data sets hold. */
const adapters: [string, () => Promise<{ geocoder: Geocoder; close: () => Promise<void> }>][] = [
  ['gazetteer', () => Promise.resolve({ geocoder: new GazetteerGeocoder(), close: async () => {} })],
  [
    'google places (local fake)',
    async () => {
      const places = await startFakeGooglePlaces();
      return {
        geocoder: new GooglePlacesGeocoder({ apiKey: places.apiKey, baseUrl: places.baseUrl }),
        close: () => places.close(),
      };
    },
  ],
];

describe.each(adapters)('geocoder port: %s', (_name, open) => {
  let geocoder: Geocoder;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ geocoder, close } = await open());
  });
  afterAll(() => close());

  it('finds a street address and details it as street line, city, ZIP and state', async () => {
    const places = await geocoder.search('350 5th', 'US');
    const place = present(
      places.find((found) => /350 5th Ave/.test(found.display)),
      '350 5th Ave',
    );
    expect(place.display).toMatch(/New York/);
    expect(await geocoder.detail(place.placeId)).toEqual({
      addressDetail: '350 5th Ave',
      city: 'New York',
      zip: '10118',
      provinceCode: 'NY',
    });
  });

  it('finds a ZIP code and details it with its city and state', async () => {
    const places = await geocoder.search(' 10118 ', 'US');
    const place = present(
      places.find((found) => /10118/.test(found.display)),
      'ZIP 10118',
    );
    expect(place.display).toMatch(/New York/);
    const detail = await geocoder.detail(place.placeId);
    expect(detail).toMatchObject({ city: 'New York', zip: '10118', provinceCode: 'NY' });
  });

  it('answers an empty list outside the US and for an empty or blank query', async () => {
    expect(await geocoder.search('350 5th', 'GB')).toEqual([]);
    expect(await geocoder.search('', 'US')).toEqual([]);
    expect(await geocoder.search(' \t ', 'US')).toEqual([]);
  });

  it('offers the states of the places it details, and none outside the US', () => {
    const regions = geocoder.regions('us');
    expect(regions).toContainEqual({ code: 'NY', name: 'New York' });
    expect(regions).toContainEqual({ code: 'PR', name: 'Puerto Rico' });
    expect(new Set(regions.map((region) => region.code)).size).toBe(regions.length);
    expect(geocoder.regions('GB')).toEqual([]);
  });

  it('details an unknown place id as null', async () => {
    expect(await geocoder.detail('ChIJunknownPlace000')).toBeNull();
    expect(await geocoder.detail('zip:00000')).toBeNull();
    expect(await geocoder.detail('')).toBeNull();
  });
});
