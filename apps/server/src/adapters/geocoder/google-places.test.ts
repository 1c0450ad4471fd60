import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGooglePlaces, type FakeGooglePlaces } from '../../../test/fakes/google-places-server.js';
import { GooglePlacesGeocoder } from './google-places.js';

// What every geocoder does is in geocoder.contract.test.ts; here, what only the Google adapter has: its requests,
// and how a provider failure reaches the caller.
describe('Google Places geocoder', () => {
  let places: FakeGooglePlaces;
  let geocoder: GooglePlacesGeocoder;
  beforeAll(async () => {
    places = await startFakeGooglePlaces();
    geocoder = new GooglePlacesGeocoder({ apiKey: places.apiKey, baseUrl: places.baseUrl });
  });
  afterEach(() => {
    places.calls.length = 0;
    Object.assign(places.faults, { latencyMs: 0, failNext: 0, dropNext: 0 });
  });
  afterAll(() => places.close());

  it('sends the key and a field mask, restricts autocomplete to the US, and bounds the input', async () => {
    await geocoder.search(`  20   W 34th ${'x'.repeat(300)}`, 'US');
    const [search] = places.calls;
    expect(search).toMatchObject({
      method: 'POST',
      path: '/v1/places:autocomplete',
      apiKey: places.apiKey,
      fieldMask: expect.stringContaining('suggestions.placePrediction.placeId') as unknown,
      body: { includedRegionCodes: ['us'] },
    });
    const { input } = search?.body as { input: string };
    expect(input).toMatch(/^20 W 34th x+$/);
    expect(input).toHaveLength(200);

    const [found] = await geocoder.search('20 W 34th', 'us');
    expect(found?.display).toBe('20 W 34th St, New York, NY, USA');
    expect(await geocoder.detail(found?.placeId ?? '')).toEqual({
      addressDetail: '20 W 34th St',
      city: 'New York',
      zip: '10001',
      provinceCode: 'NY',
    });
    expect(places.calls.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/places/${found?.placeId ?? ''}`,
      apiKey: places.apiKey,
      fieldMask: 'addressComponents',
    });
  });

  it('never calls Google for a blank query, another country or an id that is not Google’s', async () => {
    expect(await geocoder.search('   ', 'US')).toEqual([]);
    expect(await geocoder.search('Downing', 'GB')).toEqual([]);
    expect(await geocoder.detail('street:0')).toBeNull();
    expect(await geocoder.detail('../places:autocomplete')).toBeNull();
    expect(places.calls).toEqual([]);
  });

  it('takes the borough for a Brooklyn address, and gives null for a place without a US ZIP and state', async () => {
    const [brooklyn] = await geocoder.search('1 Main St Brooklyn', 'US');
    expect(await geocoder.detail(brooklyn?.placeId ?? '')).toMatchObject({ city: 'Brooklyn', zip: '11201' });
    const [manhattan] = await geocoder.search('Manhattan', 'US');
    expect(manhattan?.display).toBe('Manhattan, New York, NY, USA');
    expect(await geocoder.detail(manhattan?.placeId ?? '')).toBeNull();
    // Search keeps to the US; a London id reached some other way is still refused.
    expect(await geocoder.search('10 Downing', 'US')).toEqual([]);
    expect(await geocoder.detail('ChIJg7h8i9j0k1l2m3n4o5p6q7')).toBeNull();
  });

  it('throws naming the provider and the status for a wrong key, on search and on detail', async () => {
    const wrong = new GooglePlacesGeocoder({ apiKey: 'AIzaWrongKey', baseUrl: places.baseUrl });
    await expect(wrong.search('350 5th', 'US')).rejects.toThrow(
      /Google Places autocomplete: HTTP 400 INVALID_ARGUMENT/,
    );
    await expect(wrong.detail('ChIJa1b2c3d4e5f6g7h8i9j0k1')).rejects.toThrow(/Google Places details: HTTP 400/);
    const none = new GooglePlacesGeocoder({ apiKey: '', baseUrl: places.baseUrl });
    await expect(none.search('350 5th', 'US')).rejects.toThrow(
      /Google Places autocomplete: HTTP 403 PERMISSION_DENIED/,
    );
  });

  it('throws on a server error and on a dropped connection', async () => {
    places.faults.failNext = 1;
    await expect(geocoder.search('350 5th', 'US')).rejects.toThrow(/Google Places autocomplete: HTTP 500 INTERNAL/);
    places.faults.dropNext = 1;
    await expect(geocoder.search('350 5th', 'US')).rejects.toThrow(/Google Places autocomplete: request failed/);
    expect(await geocoder.search('350 5th', 'US')).not.toEqual([]);
  });

  it('rejects with a timeout when Google answers later than timeoutMs', async () => {
    const impatient = new GooglePlacesGeocoder({ apiKey: places.apiKey, baseUrl: places.baseUrl, timeoutMs: 50 });
    places.faults.latencyMs = 1000;
    await expect(impatient.search('350 5th', 'US')).rejects.toThrow(/Google Places autocomplete: timed out/);
    await expect(impatient.detail('ChIJa1b2c3d4e5f6g7h8i9j0k1')).rejects.toThrow(/Google Places details: timed out/);
  });
});
