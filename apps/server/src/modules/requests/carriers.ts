/** Carriers a shopper can pick when adding tracking, with the shape of their tracking numbers. */
export const CARRIERS = [
  { value: 'USPS', label: 'USPS', pattern: '^(9[1-5]\\d{20}|\\d{20,22}|[A-Z]{2}\\d{9}US)$' },
  { value: 'UPS', label: 'UPS', pattern: '^1Z[0-9A-Z]{16}$' },
  { value: 'FedEx', label: 'FedEx', pattern: '^(\\d{12}|\\d{15}|\\d{20})$' },
  { value: 'DHL', label: 'DHL', pattern: '^(\\d{10}|JJD\\d{16,18})$' },
  { value: 'Royal Mail', label: 'Royal Mail', pattern: '^[A-Z]{2}\\d{9}GB$' },
  { value: 'Other', label: 'Other carrier', pattern: '^[A-Za-z0-9-]{4,40}$' },
];

export function trackingMatches(carrier: string, trackingNumber: string): boolean {
  const entry = CARRIERS.find((c) => c.value === carrier);
  return entry !== undefined && new RegExp(entry.pattern).test(trackingNumber.replace(/\s+/g, '').toUpperCase());
}
