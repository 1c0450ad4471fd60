import { useTranslation } from 'react-i18next';
import type { Product } from './variant-options';
import { appUrl } from '../../../shared/base-path';

/**
 * One product of the catalogue: picture, name, its lowest price, whether any size is left, and a quick view. Its
 * picture loads when it nears the screen, or at once when `eager` (a card of the first view).
 */
export function ProductCard({
  product,
  format,
  onOpen,
  eager = false,
}: {
  product: Product;
  format: (amount: number) => string;
  onOpen: (product: Product) => void;
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const prices = product.variants.map((variant) => variant.price);
  const lowest = Math.min(...prices);
  const soldOut = product.variants.every((variant) => variant.inventory_quantity <= 0);
  return (
    <li className="rc-product">
      <img
        className="rc-product__image"
        src={appUrl(product.image)}
        alt=""
        width={240}
        height={240}
        loading={eager ? 'eager' : 'lazy'}
      />
      <h3 className="rc-product__title">{product.title}</h3>
      <p className="rc-product__price">
        {lowest < Math.max(...prices) ? t('exchange.fromPrice', { amount: format(lowest) }) : format(lowest)}
      </p>
      {soldOut ? <p className="rc-product__sold-out">{t('exchange.allSoldOut')}</p> : null}
      <button
        type="button"
        className="rc-button rc-button--secondary"
        // The visible words first (voice control), then which product: the list has one such button per product.
        aria-label={`${t('exchange.quickView')}: ${product.title}`}
        onClick={() => onOpen(product)}
      >
        {t('exchange.quickView')}
      </button>
    </li>
  );
}
