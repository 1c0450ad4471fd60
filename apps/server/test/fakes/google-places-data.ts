/** The places the fake Google Places knows: made-up ids in Google's shape, real addresses. */

interface Component {
  longText: string;
  shortText: string;
  types: string[];
  languageCode: 'en';
}
export interface FakePlace {
  id: string;
  text: string;
  types: string[];
  addressComponents: Component[];
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
export const PLACES: FakePlace[] = [
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
