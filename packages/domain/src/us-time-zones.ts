/**
 * The time zone of a place in the United States, for a carrier pickup's window (spec §9: pickups are US only). A state
 * has one zone; a state that spans two names the ZIP areas (the first three digits) or ZIP codes of its other zone.
 * That is as fine as a ZIP code tells: a county across a zone line inside such an area takes the area's zone.
 */

const EAST = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

// prettier-ignore
const STATE_ZONES: Readonly<Record<string, string>> = {
  AL: CENTRAL, AK: 'America/Anchorage', AS: 'Pacific/Pago_Pago', AZ: 'America/Phoenix', AR: CENTRAL, CA: PACIFIC,
  CO: MOUNTAIN, CT: EAST, DE: EAST, DC: EAST, FL: EAST, GA: EAST, GU: 'Pacific/Guam', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: CENTRAL, IN: 'America/Indiana/Indianapolis', IA: CENTRAL, KS: CENTRAL,
  KY: 'America/Kentucky/Louisville', LA: CENTRAL, ME: EAST, MD: EAST, MA: EAST, MI: 'America/Detroit', MN: CENTRAL,
  MS: CENTRAL, MO: CENTRAL, MT: MOUNTAIN, NE: CENTRAL, NV: PACIFIC, NH: EAST, NJ: EAST, NM: MOUNTAIN, NY: EAST,
  NC: EAST, ND: CENTRAL, MP: 'Pacific/Saipan', OH: EAST, OK: CENTRAL, OR: PACIFIC, PA: EAST, PR: 'America/Puerto_Rico',
  RI: EAST, SC: EAST, SD: CENTRAL, TN: CENTRAL, TX: CENTRAL, UT: MOUNTAIN, VT: EAST, VI: 'America/St_Thomas', VA: EAST,
  WA: PACIFIC, WV: EAST, WI: CENTRAL, WY: MOUNTAIN,
};

/** The other zone of a state that spans two: its ZIP areas (3 digits) and ZIP codes (5 digits). */
const OTHER_ZONE: Readonly<Record<string, { zone: string; zips: readonly string[] }>> = {
  // The panhandle west of the Apalachicola River (Panama City, Pensacola).
  FL: { zone: CENTRAL, zips: ['324', '325'] },
  // The north-west (Gary, Hammond) and the south-west (Evansville).
  IN: { zone: CENTRAL, zips: ['463', '464', '476', '477'] },
  // Western Kentucky (Paducah, Bowling Green, Owensboro, Henderson).
  KY: { zone: CENTRAL, zips: ['420', '421', '422', '423', '424'] },
  // East Tennessee (Chattanooga, Johnson City, Knoxville).
  TN: { zone: EAST, zips: ['373', '374', '376', '377', '378', '379'] },
  // The four Upper Peninsula counties on the Wisconsin line: Menominee, Dickinson, Iron and Gogebic.
  MI: {
    zone: 'America/Menominee',
    zips: ['49801', '49802', '49858', '49870', '49874', '49887', '49911', '49920', '49935', '49938', '49968', '49969'],
  },
  // El Paso and Hudspeth counties.
  TX: { zone: MOUNTAIN, zips: ['798', '799', '885'] },
  // Sherman, Wallace, Greeley and Hamilton counties.
  KS: { zone: MOUNTAIN, zips: ['67735', '67741', '67758', '67761', '67762', '67836', '67857', '67878', '67879'] },
  // The panhandle (Alliance, Scottsbluff), Sidney, Kimball, Ogallala and Imperial.
  NE: { zone: MOUNTAIN, zips: ['693', '69162', '69145', '69153', '69033', '69021'] },
  // West of the Missouri (Rapid City).
  SD: { zone: MOUNTAIN, zips: ['577'] },
  // The south-west (Dickinson).
  ND: { zone: MOUNTAIN, zips: ['586'] },
  // Malheur county (Ontario, Vale).
  OR: { zone: 'America/Boise', zips: ['979'] },
  // The panhandle (Coeur d'Alene, Moscow) and Lewiston.
  ID: { zone: PACIFIC, zips: ['835', '838'] },
  // West Wendover.
  NV: { zone: MOUNTAIN, zips: ['89883'] },
  // The western Aleutians (Adak, Atka).
  AK: { zone: 'America/Adak', zips: ['99546', '99547'] },
};

/** The states, DC and inhabited territories that have a zone here: the codes a pickup address may name. */
export const US_STATE_CODES: readonly string[] = Object.keys(STATE_ZONES);

/** Every zone `usTimeZone` can answer. */
export const US_TIME_ZONES: readonly string[] = [
  ...new Set([...Object.values(STATE_ZONES), ...Object.values(OTHER_ZONE).map((other) => other.zone)]),
];

/** The IANA time zone of a US state (two-letter code), refined by the ZIP where the state spans zones; null for none. */
export function usTimeZone(state: string, zip: string): string | null {
  if (!Object.hasOwn(STATE_ZONES, state)) return null;
  const digits = zip.trim().slice(0, 5);
  const other = Object.hasOwn(OTHER_ZONE, state) ? OTHER_ZONE[state] : undefined;
  if (other && /^\d{5}$/.test(digits) && other.zips.some((zipOrArea) => digits.startsWith(zipOrArea)))
    return other.zone;
  return STATE_ZONES[state] ?? null;
}
