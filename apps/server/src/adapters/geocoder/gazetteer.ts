import { readFile } from 'node:fs/promises';
import type { Geocoder, Place, PlaceDetail, Region } from './port.js';
import { isUsState, usRegions } from './us-states.js';

interface Zip {
  city: string;
  state: string;
}
interface Street {
  line: string;
  zip: string;
  /** Street, city and state, folded for matching. */
  words: string;
}

const MAX_RESULTS = 8;
const dir = new URL('./gazetteer-data/', import.meta.url);
/** Lower case without accents, so "São" finds "Sao". */
const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The offline default of the geocoder port: every US ZIP code with its city and state, and a sample of streets
 * (gazetteer-data/README.md). Read once, on the first search.
 */
export class GazetteerGeocoder implements Geocoder {
  private data: Promise<{ zips: Map<string, Zip>; streets: Street[] }> | null = null;

  private load() {
    this.data ??= (async () => {
      const zips = new Map<string, Zip>();
      for (const row of (await readFile(new URL('us-zips.tsv', dir), 'utf8')).split('\n')) {
        const [zip = '', city = '', state = ''] = row.split('\t');
        if (zip && isUsState(state)) zips.set(zip, { city, state });
      }
      const streets: Street[] = [];
      for (const row of (await readFile(new URL('us-streets.tsv', dir), 'utf8')).split('\n')) {
        const [line = '', zip = ''] = row.split('\t');
        const place = zips.get(zip);
        if (line && place) streets.push({ line, zip, words: fold(`${line} ${place.city} ${place.state} ${zip}`) });
      }
      return { zips, streets };
    })();
    return this.data;
  }

  async search(text: string, country: string): Promise<Place[]> {
    if (country !== 'US') return [];
    const { zips, streets } = await this.load();
    const query = fold(text).trim();
    const zip = /^(\d{5})(?:-\d{4})?$/.exec(query)?.[1];
    if (zip) {
      const place = zips.get(zip);
      return place ? [{ placeId: `zip:${zip}`, display: `${zip} — ${place.city}, ${place.state}` }] : [];
    }
    const words = query.split(/[\s,]+/).filter(Boolean);
    if (words.length === 0) return [];
    return streets
      .map((street, index) => ({ street, index }))
      .filter(({ street }) => words.every((word) => street.words.includes(word)))
      .slice(0, MAX_RESULTS)
      .map(({ street, index }) => {
        const place = zips.get(street.zip);
        return {
          placeId: `street:${String(index)}`,
          display: `${street.line}, ${place?.city ?? ''}, ${place?.state ?? ''} ${street.zip}`,
        };
      });
  }

  async detail(placeId: string): Promise<PlaceDetail | null> {
    const { zips, streets } = await this.load();
    const [kind, key = ''] = placeId.split(':');
    const street = kind === 'street' && /^\d+$/.test(key) ? streets[Number(key)] : undefined;
    const zip = kind === 'zip' ? key : street?.zip;
    const place = zip === undefined ? undefined : zips.get(zip);
    if (!place || zip === undefined) return null;
    return { addressDetail: street?.line ?? '', city: place.city, zip, provinceCode: place.state };
  }

  regions(country: string): Region[] {
    return usRegions(country);
  }
}
