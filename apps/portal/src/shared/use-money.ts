import { formatMoney } from '@return-center/domain';
import { useCallback } from 'react';
import { useSession } from './session-store';

/** Formats minor units in the shop's currency format, with the shopper's number style. */
export function useMoney() {
  const language = useSession((state) => state.language);
  return useCallback(
    (amount: number, currency: string, currencyFormat: string) =>
      formatMoney(amount, currency, currencyFormat, language),
    [language],
  );
}
