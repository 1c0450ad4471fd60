export interface Place {
  placeId: string;
  display: string;
}

/** The parts of an address the pickup form fills in (spec §7 map/detail). */
export interface PlaceDetail {
  addressDetail: string;
  city: string;
  zip: string;
  /** Two-letter state code. */
  provinceCode: string;
}

/** A state of a country, by the code PlaceDetail.provinceCode gives. */
export interface Region {
  code: string;
  name: string;
}

/** Address search for the pickup form: an offline US gazetteer by default, a provider behind config. */
export interface Geocoder {
  search(text: string, country: string): Promise<Place[]>;
  detail(placeId: string): Promise<PlaceDetail | null>;
  /** The states the pickup form offers, those of the places it finds; none for a country it does not cover. */
  regions(country: string): Region[];
}
