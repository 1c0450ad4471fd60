import type { AnswerOf, calls } from '@return-center/contract';

export type Product = AnswerOf<typeof calls.getVariantList>['list'][number];
type Variant = Product['variants'][number];

/** A variant's values, one per option name of its product. */
export const valuesOf = (product: Product, variant: Variant) =>
  [variant.option1, variant.option2, variant.option3].slice(0, product.option_names.length);

/** The values of one option, in the order the product's variants first use them. */
export const optionValues = (product: Product, index: number) => [
  ...new Set(
    product.variants.map((variant) => valuesOf(product, variant)[index]).filter((value) => typeof value === 'string'),
  ),
];

/** The choice to start from: the variant the shopper has, or each option's first value when the shop dropped it. */
export const startingValues = (product: Product, variantId: number) => {
  const owned = product.variants.find((variant) => variant.id === variantId);
  return owned
    ? valuesOf(product, owned)
    : product.option_names.map((_, index) => optionValues(product, index)[0] ?? null);
};

/**
 * How one value of an option reads beside the shopper's other choices, from the stock the catalogue reported. Only a
 * hint: the server's getVariantIdByOption answer decides whether the variant can be had.
 */
export function availability(product: Product, chosen: readonly (string | null)[], index: number, value: string) {
  const wanted = chosen.map((current, i) => (i === index ? value : current));
  const variant = product.variants.find((v) => valuesOf(product, v).every((own, i) => own === wanted[i]));
  if (!variant) return 'unavailable';
  return variant.inventory_quantity > 0 ? 'available' : 'soldOut';
}
