import { calls, Code } from '@return-center/contract';
import { present } from '@return-center/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../../../test/fakes/google-places-server.js';
import { buildTestApp, dialects, trySubmitReturn, type TestApp } from '../../../test/helper.js';

/** The pickup form's address search with a real provider configured (GEOCODER=google-places), against its fake. */
describe.each(dialects)('address search through Google Places on %s', (dialect) => {
  let places: FakeGooglePlaces;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    places = await startFakeGooglePlaces();
  });
  afterAll(() => places.close());
  beforeEach(async () => {
    t = await buildTestApp(dialect, {
      GEOCODER: 'google-places',
      GOOGLE_PLACES_API_KEY: places.apiKey,
      GOOGLE_PLACES_BASE_URL: places.baseUrl,
      VENDOR_TIMEOUT_MS: '500',
    });
    ({ token } = await trySubmitReturn(t, { shipping_method_id: 1 }));
    Object.assign(places.faults, { latencyMs: 0, failNext: 0, dropNext: 0 });
  });
  afterEach(() => t.close());

  const search = async (text: string) => (await t.call(calls.mapSearch, { search: text, country: 'US' }, token)).body;

  it('finds a street at the provider and fills the form from the chosen place', async () => {
    const found = await search('20 W 34th');
    expect(found.code).toBe(Code.Success);
    const place = present(found.data.map_search[0], 'a place');
    expect(place.display).toMatch(/20 W 34th St/);
    const detail = (await t.call(calls.mapDetail, { place_id: place.place_id }, token)).body.data.map_address;
    expect(detail[0]?.detail).toEqual({
      address_detail: '20 W 34th St',
      city: 'New York',
      zip: '10001',
      province_code: 'NY',
    });
  });

  it('answers an empty list, not an error, while the provider fails or hangs, and finds again once it is back', async () => {
    places.faults.failNext = 1;
    expect(await search('350 5th')).toMatchObject({ code: Code.Success, data: { map_search: [] } });
    places.faults.latencyMs = 2000;
    expect(await search('350 5th')).toMatchObject({ code: Code.Success, data: { map_search: [] } });
    places.faults.latencyMs = 0;
    expect((await search('350 5th')).data.map_search.length).toBeGreaterThan(0);
  });
});
