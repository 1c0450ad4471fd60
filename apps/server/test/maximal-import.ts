import { IMPORT_BATCH_MAX, IMPORT_BODY_BYTES } from '@return-center/contract';

/**
 * The largest import one call may carry (issue #30, point 5): IMPORT_BATCH_MAX orders with as many small lines each
 * as fit in IMPORT_BODY_BYTES of JSON (167 lines an order, 3.99 MiB). `tag` keeps the ids, numbers and emails of
 * batches apart; the same tag again makes the same orders, and with another unit price (100 to 999, same size) sending
 * it again updates every line of every order.
 */
export function maximalImport(
  tag: string,
  price = 100,
  lines = linesThatFit(tag),
): { orders: Record<string, unknown>[] } {
  return {
    orders: Array.from({ length: IMPORT_BATCH_MAX }, (_, i) => ({
      id: `${tag}-${String(i)}`,
      name: `#${tag}-${String(i)}`,
      email: `shopper${String(i)}@${tag}.example`,
      currency: 'EUR',
      created_at: 1_794_960_000,
      lines: Array.from({ length: lines }, (_, j) => ({ id: `l${String(j)}`, title: 'T', price, quantity: 1 })),
    })),
  };
}

/** The most lines an order of the batch can have with the whole body within IMPORT_BODY_BYTES. */
function linesThatFit(tag: string): number {
  const bytes = (lines: number) => Buffer.byteLength(JSON.stringify(maximalImport(tag, 100, lines)));
  let [fits, tooMany] = [1, 251];
  while (tooMany - fits > 1) {
    const middle = Math.floor((fits + tooMany) / 2);
    if (bytes(middle) <= IMPORT_BODY_BYTES) fits = middle;
    else tooMany = middle;
  }
  return fits;
}

/** The order number a shopper of `maximalImport(tag)`'s order `i` signs in with. */
export const maximalImportNumber = (tag: string, i: number) => `${tag.toUpperCase()}-${String(i)}`;
