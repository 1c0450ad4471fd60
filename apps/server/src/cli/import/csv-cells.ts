/** Converts CSV cell text to the values the contract expects; each throws a CellError saying what is wrong. */
export class CellError extends Error {}

export const text = (cell: string): string => cell;

export function wholeNumber(cell: string): number {
  const digits = cell.trim();
  if (!/^-?\d+$/.test(digits)) throw new CellError(`"${cell}" is not a whole number`);
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) throw new CellError(`"${cell}" is too large`);
  return value;
}

export function count(cell: string): number {
  const value = wholeNumber(cell);
  if (value < 0) throw new CellError(`"${cell}" is negative`);
  return value;
}

export function money(cell: string): number {
  try {
    return wholeNumber(cell);
  } catch {
    throw new CellError(`"${cell}" is not a whole number of minor units (1250 for 12.50)`);
  }
}

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Unix seconds, or ISO 8601 turned into unix seconds; an ISO time without a zone is taken as UTC. */
export function unixTime(cell: string): number {
  const value = cell.trim();
  if (/^\d+$/.test(value)) return wholeNumber(value);
  const parts = ISO_8601.exec(value);
  const invalid = () => new CellError(`"${cell}" is not a time: give unix seconds or ISO 8601 (2024-03-01T10:00:00Z)`);
  if (!parts) throw invalid();
  const [, year = '', month = '', day = '', hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] =
    parts;
  const ms = Date.parse(
    `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction.replace(',', '.')}${isoZone(zone)}`,
  );
  // Date.parse rolls 2024-02-30 over to March 1st; a date that does not exist is a typo, not a time.
  const realDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDate() === Number(day);
  if (Number.isNaN(ms) || !realDay) throw invalid();
  return Math.floor(ms / 1000);
}

/** `+0100` and `+01` as Date.parse reliably reads them: `+01:00`. */
function isoZone(zone: string): string {
  if (zone.toUpperCase() === 'Z') return 'Z';
  const digits = zone.slice(1).replace(':', '');
  return `${zone.charAt(0)}${digits.slice(0, 2)}:${digits.slice(2) || '00'}`;
}

export const tagList = (cell: string): string[] =>
  cell
    .split('|')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
