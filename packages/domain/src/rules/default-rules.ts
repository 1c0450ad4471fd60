import type { ReturnRule, ReturnSetting } from '@return-center/contract';

/**
 * The rules a shop's return settings amount to (issue 32: existing shops behave exactly as before): its return
 * window, final-sale items, and green returns (keep the item when the refund is small and, where the shop sets a day
 * limit, the order was delivered recently).
 */
export function rulesFromSettings(
  settings: Pick<ReturnSetting, 'return_window_days' | 'green_return_max' | 'green_return_max_days'>,
): ReturnRule[] {
  const rules: ReturnRule[] = [
    {
      id: 'return-window',
      name: `Returns within ${String(settings.return_window_days)} days`,
      enabled: true,
      match: 'all',
      conditions: [],
      actions: [{ type: 'window', days: settings.return_window_days }],
    },
    {
      id: 'final-sale',
      name: 'Final-sale items cannot be returned',
      enabled: true,
      match: 'all',
      conditions: [{ field: 'final_sale', is: true }],
      actions: [{ type: 'deny', message: { text: '', translations: {} } }],
    },
  ];
  if (settings.green_return_max > 0) {
    rules.push({
      id: 'keep-item',
      name: 'Small refunds keep the item',
      enabled: true,
      match: 'all',
      conditions: [
        { field: 'refund_value', op: 'lte', value: settings.green_return_max },
        ...(settings.green_return_max_days > 0
          ? [{ field: 'days_since_delivery' as const, op: 'lte' as const, value: settings.green_return_max_days }]
          : []),
      ],
      actions: [{ type: 'keep_item', allow: true }],
    });
  }
  return rules;
}

/** What a shop offers once the rules have spoken: its own list and what rules offer, less what they hide. */
export const offeredByRules = (configured: readonly number[], offer: readonly number[], hide: readonly number[]) =>
  [...configured, ...offer.filter((id) => !configured.includes(id))].filter((id) => !hide.includes(id));
