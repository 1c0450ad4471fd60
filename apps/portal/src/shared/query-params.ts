import { DEFAULT_FROM, STORAGE_KEYS } from '@return-center/contract/zod-free';
import { session } from './storage';

const decode = (value: string | null) => {
  if (value === null) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Spec §3 query parameters read at load. */
export function readQueryParams(search = window.location.search) {
  const params = new URLSearchParams(search);
  const from = Number(params.get('from'));
  return {
    shop: params.get('shop')?.trim().toLowerCase() ?? '',
    email: decode(params.get('email')),
    orderNumber: decode(params.get('order_number')),
    themeColor: decode(params.get('themeColor')),
    from: Number.isInteger(from) && from > 0 ? from : DEFAULT_FROM,
  };
}

/**
 * The shop the portal serves: ?shop= (kept for the tab), else the one this tab was opened for, else the one the
 * server named in index.html, else the demo shop.
 */
export function resolveShop(search = window.location.search): string {
  const fromQuery = readQueryParams(search).shop;
  if (fromQuery) {
    session.set(STORAGE_KEYS.shop, fromQuery);
    return fromQuery;
  }
  const remembered = session.get(STORAGE_KEYS.shop);
  if (remembered) return remembered;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="return-center-shop"]')?.content ?? '';
  return meta && !meta.includes('%') ? meta : 'demo-shop.myshopify.com';
}
