/** Stripe's request encoding for the fake (stripe-server.ts): `a[b][0][c]=1` form pairs read back into nested objects. */

export type Params = { [key: string]: Param };
export type Param = string | Params;

/**
 * Reads a form body or query string as Stripe does: brackets nest, and array indexes stay keys (`line_items[0]`
 * becomes `{ line_items: { '0': … } }`), which `listOf` turns back into a list.
 */
export function readForm(text: string): Params {
  const root: Params = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((key, index) => {
      if (index === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      node = typeof next === 'object' ? next : (node[key] = {});
    });
  }
  return root;
}

export const listOf = (param: Param | undefined): Param[] =>
  typeof param === 'object'
    ? Object.keys(param)
        .sort((a, b) => Number(a) - Number(b))
        .map((key) => param[key] as Param)
    : [];

export const textOf = (param: Param | undefined): string | undefined => (typeof param === 'string' ? param : undefined);

export const paramsOf = (param: Param | undefined): Params => (typeof param === 'object' ? param : {});

/** The same parameters whatever their order, for the idempotency layer's comparison. */
export const fingerprintOf = (method: string, path: string, text: string): string =>
  `${method} ${path} ${[...new URLSearchParams(text)]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&')}`;
