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

/** Address search for the pickup form: an offline US gazetteer by default, a provider behind config. */
export interface Geocoder {
  search(text: string, country: string): Promise<Place[]>;
  detail(placeId: string): Promise<PlaceDetail | null>;
}
