// Rebuilds us-zips.tsv from the `zipcodes` package's table (BSD licence, see README.md). Not run by the app:
//   npm pack zipcodes@8.0.0 && tar xzf zipcodes-8.0.0.tgz && node build-gazetteer.mjs package/lib/codes.js
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const source = process.argv[2];
if (!source) throw new Error('usage: node build-gazetteer.mjs <path to zipcodes/lib/codes.js>');
const { codes } = createRequire(import.meta.url)(resolve(source));
const rows = Object.values(codes)
  .filter((c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && c.city && /^[A-Z]{2}$/.test(c.state))
  .map((c) => `${c.zip}\t${c.city}\t${c.state}`)
  .sort();
writeFileSync(new URL('./us-zips.tsv', import.meta.url), `${rows.join('\n')}\n`);
console.log(`${rows.length} ZIP codes`);

// A sample of street addresses, for the offline search to find a street as well as a ZIP: the demo shop's shoppers,
// and common street names in ZIP codes of large cities (made up, not a full address database).
const DEMO = [
  ['350 5th Ave', '10118'],
  ['20 W 34th St', '10001'],
  ['1 Ferry Building', '94111'],
  ['233 S Wacker Dr', '60606'],
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple St',
  'Park Ave',
  'Washington Blvd',
  'Lake Dr',
  'Cedar Ln',
  'Pine St',
  'Elm St',
  'Broadway',
  'Market St',
  'Sunset Blvd',
  'Highland Ave',
  'River Rd',
  'Church St',
];
const ZIPS = [
  '10001',
  '10011',
  '11201',
  '02108',
  '19103',
  '20001',
  '30303',
  '33130',
  '60601',
  '60614',
  '75201',
  '77002',
  '78701',
  '80202',
  '85004',
  '90012',
  '90028',
  '94103',
  '94110',
  '98101',
  '97205',
  '55401',
  '48226',
  '63101',
  '37203',
];
const streets = [...DEMO.map(([street, zip]) => `${street}\t${zip}`)];
ZIPS.forEach((zip, i) =>
  STREETS.forEach((street, j) => {
    if ((i + j) % 3 === 0) streets.push(`${String(100 + ((i * 37 + j * 53) % 900))} ${street}\t${zip}`);
  }),
);
writeFileSync(new URL('./us-streets.tsv', import.meta.url), `${streets.join('\n')}\n`);
console.log(`${streets.length} streets`);
