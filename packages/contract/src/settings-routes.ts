import { shopSettings } from './shop-settings.js';
import type { MerchantRoute } from './merchant-route.js';
import { settingsConflict } from './settings-conflict.js';

/** The merchant API's store configuration (merchantRoutes): read it, and replace it over the version read. */
export const settingsRoutes = {
  getSettings: { method: 'GET', path: '/settings', summary: 'The store configuration', answer: shopSettings },
  putSettings: {
    method: 'PUT',
    path: '/settings',
    summary:
      'Replace the store configuration (missing fields take defaults); with `If-Match: "<ETag of a GET>"` only over that version',
    body: shopSettings,
    answer: shopSettings,
    refusals: [412],
    refusalData: { 412: settingsConflict },
  },
} satisfies Record<string, MerchantRoute>;
