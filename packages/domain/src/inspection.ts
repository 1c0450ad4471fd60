import { allocate } from './allocate.js';

/** A returned item's money as stored with the request, and how many of its units the desk accepted. */
export interface InspectedLine {
  /** Unit price, minor units. */
  price: number;
  /** Units in this return. */
  quantity: number;
  /** The order line's whole discount and tax, and its units on the order. */
  discount: number;
  tax: number;
  lineQuantity: number;
  /** Units refunded after inspection: 0 for a rejected item, up to `quantity`. */
  accepted: number;
}

/** What `units` of a line cost the shopper: their price less their share of the line's discount, plus their tax. */
function unitsCost(line: InspectedLine, units: number): number {
  if (units <= 0) return 0;
  const of = Math.max(line.lineQuantity, units);
  const part = (amount: number) => allocate(amount, [units, of - units])[0] ?? 0;
  return line.price * units - part(line.discount) + part(line.tax);
}

/**
 * The part of a return's `amount` (its total after fees, with shipping and any bonus) that the accepted units earn
 * (issue 33): the amount split by largest remainder between the accepted and the refused units, weighted by what
 * each cost the shopper, so fees, shipping and bonus shrink in the same proportion. Every unit accepted gives the
 * whole amount, none gives nothing.
 */
export function acceptedShare(amount: number, lines: readonly InspectedLine[]): number {
  const all = lines.reduce((sum, line) => sum + line.quantity, 0);
  const accepted = lines.reduce((sum, line) => sum + Math.min(Math.max(0, line.accepted), line.quantity), 0);
  if (accepted >= all) return amount;
  if (accepted === 0) return 0;
  let kept = 0;
  let whole = 0;
  for (const line of lines) {
    kept += unitsCost(line, Math.min(Math.max(0, line.accepted), line.quantity));
    whole += unitsCost(line, line.quantity);
  }
  // Items that cost nothing (free gifts) weigh by their units instead.
  const weights = whole > 0 ? [kept, whole - kept] : [accepted, all - accepted];
  return allocate(amount, weights)[0] ?? 0;
}
