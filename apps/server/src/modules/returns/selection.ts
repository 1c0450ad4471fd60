import {
  Code,
  ITEMS_PER_REQUEST,
  messages,
  NonReturnableReason,
  ShippingMethodId,
  type OrderSource,
  type ReturnSetting,
} from '@return-center/contract';
import { computeReturnMoney, type ReturnMoneyResult } from '@return-center/domain';
import type { PlatformOrder } from '../../adapters/store-platform/port.js';
import { AppError, errors } from '../../http/app-error.js';
import type { Shop } from '../storefront-config/shop.js';

export interface SelectedLine {
  line_item_id: number;
  quantity: number;
}

/**
 * Checks chosen lines against what the order still allows (spec §5 item rules): something chosen,
 * one product variant per request, each quantity within what is refundable.
 */
export function checkSelection(source: OrderSource, selected: SelectedLine[]): SelectedLine[] {
  const chosen = selected.filter((s) => s.quantity > 0);
  if (chosen.length === 0) throw new AppError(Code.NothingSelected, messages.selectAtLeastOne);
  const distinct = new Set(chosen.map((s) => s.line_item_id));
  if (distinct.size > ITEMS_PER_REQUEST || distinct.size !== chosen.length)
    throw errors.invalidInput(messages.oneVariant);
  for (const item of chosen) {
    const line = source.yes.find((l) => l.line_item_id === item.line_item_id);
    const refunded = source.no.some(
      (l) => l.line_item_id === item.line_item_id && l.reason === NonReturnableReason.RefundedAtPlatform,
    );
    if (refunded) throw errors.invalidInput(messages.orderRefunded);
    if (!line) throw errors.invalidInput(messages.unselectedItem);
    if (item.quantity > line.refundable_quantity) {
      throw errors.invalidInput(`Return quantity must be between 1 and ${line.refundable_quantity}`);
    }
  }
  return chosen;
}

/** The refund of a checked selection, from the platform's own line amounts. */
export function moneyFor(
  shop: Shop,
  order: PlatformOrder,
  source: OrderSource,
  chosen: SelectedLine[],
  shippingMethodId?: number,
): ReturnMoneyResult {
  const lines = chosen.map((item) => {
    const line = order.lines.find((l) => l.id === item.line_item_id);
    const returnable = source.yes.find((l) => l.line_item_id === item.line_item_id);
    if (!line || !returnable) throw errors.invalidInput(messages.unselectedItem);
    return {
      line: { ...line, returnedBefore: line.quantity - returnable.refundable_quantity },
      quantity: item.quantity,
    };
  });
  const stillHeld = source.yes.reduce((sum, l) => sum + l.refundable_quantity, 0);
  const returning = chosen.reduce((sum, c) => sum + c.quantity, 0);
  return moneyOfLines(shop.settings.return_setting, order, lines, {
    returnsEverything: source.no.length === 0 && returning === stillHeld,
    shippingMethodId,
  });
}

/** The money of lines taken back from an order under the shop's return settings (the demo seed's request too). */
export function moneyOfLines(
  settings: ReturnSetting,
  order: PlatformOrder,
  lines: Parameters<typeof computeReturnMoney>[0]['lines'],
  { returnsEverything, shippingMethodId }: { returnsEverything: boolean; shippingMethodId?: number },
): ReturnMoneyResult {
  return computeReturnMoney({
    lines,
    orderShipping: order.shipping,
    returnsEverything,
    usesMerchantLabel: shippingMethodId === ShippingMethodId.MerchantLabel,
    settings: {
      refundShipping: settings.refund_shipping,
      returnFee: settings.return_fee,
      labelFee: settings.label_fee,
      restockingFeePercent: settings.restocking_fee_percent,
    },
  });
}
