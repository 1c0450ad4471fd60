import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useExchangeCart, type ExchangeCart } from './use-exchange-cart';

/** Shows an exchange page once its cart is loaded; until then a loader, a retry, or the step the shopper belongs on. */
export function ExchangeCartGate({
  orderId,
  children,
}: {
  orderId: number;
  children: (cart: ExchangeCart) => ReactNode;
}) {
  const { t } = useTranslation();
  const cart = useExchangeCart(orderId);
  if (cart.state === 'redirect') return <Navigate to={cart.to} replace />;
  if (cart.state === 'loading') return <InlineLoader label={t('flow.loading')} />;
  if (cart.state === 'failed') return <LoadFailed queries={cart.queries} />;
  return children(cart);
}
