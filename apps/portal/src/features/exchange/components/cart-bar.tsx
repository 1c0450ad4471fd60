import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../shared/ui/dialog';
import type { ExchangeCart } from './use-exchange-cart';
import { ExchangeSummary } from './exchange-summary';

/**
 * The catalogue's summary bar, kept in view: how many new items and the credit left, a cart to review or take items
 * out of, and the way back to the exchange step to pay any difference and go on.
 */
export function CartBar({ cart }: { cart: ExchangeCart }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { items, credit, price, format } = cart;
  const count = items.reduce((sum, item) => sum + item.count, 0);
  return (
    <div className="rc-cart-bar" role="region" aria-label={t('exchange.cartTitle')}>
      <p className="rc-cart-bar__sum" aria-live="polite">
        <span>{t('exchange.cartCount', { count })}</span>
        <span>
          {t('exchange.remaining')}: <strong>{format(price.remainingRredit)}</strong>
        </span>
      </p>
      <button type="button" className="rc-button rc-button--secondary" onClick={() => setOpen(true)}>
        {t('exchange.viewCart')}
      </button>
      <Link className="rc-button" to={`/process-manage/exchange/${cart.orderId}`}>
        {t('exchange.doneChoosing')}
      </Link>
      <Dialog title={t('exchange.cartTitle')} open={open} onClose={() => setOpen(false)}>
        {open ? (
          <ExchangeSummary items={items} credit={credit} price={price} format={format} onRemove={cart.remove} />
        ) : null}
      </Dialog>
    </div>
  );
}
