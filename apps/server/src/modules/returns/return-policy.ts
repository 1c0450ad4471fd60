import { messages, ShippingMethodId, type OrderSource } from '@return-center/contract';
import {
  givenProof,
  offeredByRules,
  offeredSolutions,
  ruleFees,
  withCreditBonus,
  withRuleFees,
  type ReturnMoneyResult,
  type RuleDecision,
} from '@return-center/domain';
import type { PlatformOrder } from '../../adapters/store-platform/port.js';
import { methodEntries, solutionEntries } from '../orders/order-source.js';
import type { Shop } from '../storefront-config/shop.js';
import type { ItemChoice } from '../rules/rule-facts.js';
import type { SelectedLine } from './selection.js';

/** The chosen lines of an order as rules see them, with the shopper's reasons, photos and words once given. */
export function draftItems(order: PlatformOrder, chosen: SelectedLine[], choices?: Map<number, ItemChoice>) {
  return chosen.flatMap((item) => {
    const line = order.lines.find((entry) => entry.id === item.line_item_id);
    return line ? [{ line, quantity: item.quantity, choice: choices?.get(line.id) }] : [];
  });
}

/**
 * The return's money once the rules have spoken: their fees taken (never below zero), then the bonus for store credit
 * or an exchange, the rule's if one sets it, else the shop's.
 */
export function moneyUnderRules(
  shop: Shop,
  order: PlatformOrder,
  chosen: SelectedLine[],
  money: ReturnMoneyResult,
  decision: RuleDecision,
  solutionId: number | undefined,
): ReturnMoneyResult {
  const feeItems = chosen.flatMap((item) => {
    const line = order.lines.find((entry) => entry.id === item.line_item_id);
    if (!line) return [];
    const discount = Math.round((line.discount * item.quantity) / line.quantity);
    return [{ lineId: line.id, quantity: item.quantity, base: line.price * item.quantity - discount }];
  });
  const charged = withRuleFees(money, ruleFees(decision, solutionId, feeItems));
  return withCreditBonus(charged, solutionId, decision.bonus?.bonus ?? shop.settings.return_setting.credit_bonus);
}

/**
 * The solutions and methods the shop offers for this return, as its rules change them for the chosen items; carrier
 * pickup stays only where the order allows it (source.pickup_is_ok).
 */
export function offersUnderRules(shop: Shop, source: Pick<OrderSource, 'pickup_is_ok'>, decision: RuleDecision) {
  const solutions = offeredSolutions(
    offeredByRules(shop.settings.solutions, decision.offerSolutions, decision.hideSolutions),
  );
  const methods = offeredByRules(shop.settings.shipping_methods, decision.offerMethods, decision.hideMethods).filter(
    (id) => id !== ShippingMethodId.CarrierPickup || source.pickup_is_ok,
  );
  return { solutions: solutionEntries(solutions), methods: methodEntries(shop, methods) };
}

/** The shopper's answers per chosen line (reason, photos, description), for rules that look at them. */
export function choicesOf(
  shop: Shop,
  products: readonly {
    order_product_id: number;
    reason: { reason_id: number; provide_proof: string[]; reason_description: string };
  }[],
): Map<number, ItemChoice> {
  const choices = new Map<number, ItemChoice>();
  for (const product of products) {
    const reason = shop.settings.reasons.find((entry) => entry.id === product.reason.reason_id);
    if (!reason) continue;
    choices.set(product.order_product_id, {
      reasonId: reason.id,
      reasonGroupId: reason.group_id,
      photos: givenProof(product.reason.provide_proof).length,
      description: product.reason.reason_description,
    });
  }
  return choices;
}

/**
 * The first rule a submit breaks (issue 32): a blocked return (a neutral message, never the list), an item a rule
 * denies (its message in the shopper's language), or photos and a description a rule asks for.
 */
export function ruleProblem(decision: RuleDecision, given: Map<number, ItemChoice>, language: string): string | null {
  if (decision.block) return messages.cannotBeReturned;
  for (const item of decision.items) {
    if (item.denied) {
      const { text, translations } = item.denied.message;
      return translations[language as keyof typeof translations] ?? (text || messages.cannotBeReturned);
    }
    const answers = given.get(item.lineId);
    if ((answers?.photos ?? 0) < item.photosRequired) return messages.provideRequiredInformation;
    if (item.descriptionRequired && !answers?.description.trim()) return messages.provideRequiredInformation;
  }
  return null;
}
