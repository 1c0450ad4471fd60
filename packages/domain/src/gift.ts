/** The postcode as compared at a gift sign-in: without case, spaces or dashes ("nw1 6xe" is "NW16XE"). */
export const normalizePostcode = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/** A gift code as typed, ready to compare: "gift xxxx xxxx" reads as "GIFT-XXXX-XXXX". */
export function normalizeGiftCode(value: string): string {
  const bare = value.replace(/[\s-]+/g, '').toUpperCase();
  const body = bare.startsWith('GIFT') ? bare.slice(4) : bare;
  return `GIFT-${body.slice(0, 4)}-${body.slice(4)}`;
}

/** The solutions a gift return may choose: those offered for the order that the shop allows gift returns (ADR 044). */
export const giftSolutions = <S extends { id: number }>(offered: readonly S[], allowed: readonly number[]): S[] =>
  offered.filter((solution) => allowed.includes(solution.id));
