import { describe, expect, it } from 'vitest';
import { pickupTimeZone, pickupWindowIn } from './pickup.js';
import { US_STATE_CODES, usTimeZone } from './us-time-zones.js';

describe('the time zone of a US pickup address', () => {
  it('is the zone of the state', () => {
    expect(usTimeZone('NY', '10118')).toBe('America/New_York');
    expect(usTimeZone('IL', '60606')).toBe('America/Chicago');
    expect(usTimeZone('CO', '80202')).toBe('America/Denver');
    expect(usTimeZone('AZ', '85004')).toBe('America/Phoenix');
    expect(usTimeZone('CA', '94111')).toBe('America/Los_Angeles');
    expect(usTimeZone('HI', '96813')).toBe('Pacific/Honolulu');
    expect(usTimeZone('PR', '00901')).toBe('America/Puerto_Rico');
  });

  it('follows the ZIP code where a state spans two zones', () => {
    expect(usTimeZone('TN', '37203')).toBe('America/Chicago'); // Nashville
    expect(usTimeZone('TN', '37902')).toBe('America/New_York'); // Knoxville
    expect(usTimeZone('FL', '33130')).toBe('America/New_York'); // Miami
    expect(usTimeZone('FL', '32501')).toBe('America/Chicago'); // Pensacola
    expect(usTimeZone('TX', '75201')).toBe('America/Chicago'); // Dallas
    expect(usTimeZone('TX', '79901')).toBe('America/Denver'); // El Paso
    expect(usTimeZone('IN', '46204')).toBe('America/Indiana/Indianapolis');
    expect(usTimeZone('IN', '47708')).toBe('America/Chicago'); // Evansville
    expect(usTimeZone('ID', '83702')).toBe('America/Boise');
    expect(usTimeZone('ID', '83814')).toBe('America/Los_Angeles'); // Coeur d'Alene
    expect(usTimeZone('MI', '48226')).toBe('America/Detroit');
    expect(usTimeZone('MI', '49858')).toBe('America/Menominee');
    expect(usTimeZone('TN', '37902-1234')).toBe('America/New_York');
    // Without a usable ZIP, the state's main zone.
    expect(usTimeZone('TN', '')).toBe('America/Chicago');
  });

  it('has none outside the states, DC and the territories, and every zone is one the runtime knows', () => {
    expect(usTimeZone('ZZ', '10118')).toBe(null);
    expect(usTimeZone('ny', '10118')).toBe(null);
    expect(usTimeZone('N'.repeat(100_000), '10118')).toBe(null);
    expect(pickupTimeZone({ country_code: 'CA', province_code: 'ON', zip: 'M5V 2T6' })).toBe(null);
    expect(US_STATE_CODES).toHaveLength(56);
    for (const state of US_STATE_CODES)
      for (const zip of ['', '00000', '32401', '49801', '67735', '69153', '79901', '83814', '89883', '99546'])
        expect(() => pickupWindowIn(usTimeZone(state, zip) ?? '', Date.UTC(2026, 10, 20))).not.toThrow();
  });

  it('opens the window on the next weekday where the pickup is, not where the shopper is', () => {
    // Monday 23 November 2026, 08:00 UTC: still Sunday at GMT-12, already Monday 03:00 in New York.
    const monday = Date.UTC(2026, 10, 23, 8);
    expect(pickupWindowIn('Etc/GMT+12', monday).first).toBe('2026-11-23');
    expect(pickupWindowIn(usTimeZone('NY', '10118') ?? '', monday)).toEqual({
      first: '2026-11-24',
      last: '2026-12-23',
    });
  });
});
