import { useTranslation } from 'react-i18next';
import type { ExchangeChoice } from '../../../shared/return-form';
import { Dialog } from '../../../shared/ui/dialog';
import { VariantPicker } from './variant-picker';
import { startingValues, type Product } from './variant-options';
import { appUrl } from '../../../shared/base-path';

/** Where the quick view's options start: the first variant in stock, else the first. */
const firstChoice = (product: Product) =>
  startingValues(product, (product.variants.find((v) => v.inventory_quantity > 0) ?? product.variants[0])?.id ?? 0);

/** A product of the catalogue in a dialog: its picture and options; adding a unit puts it in the cart and closes. */
export function QuickView({
  product,
  format,
  onAdd,
  onClose,
}: {
  product: Product | null;
  format: (amount: number) => string;
  onAdd: (choice: ExchangeChoice) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog title={product?.title ?? ''} open={product !== null} onClose={onClose}>
      {product ? (
        <div className="rc-quick-view">
          <img className="rc-product__image" src={appUrl(product.image)} alt="" width={240} height={240} />
          <VariantPicker
            key={product.id}
            product={product}
            quantity={1}
            initial={firstChoice(product)}
            format={format}
            title={t('exchange.chooseOptions')}
            onAdd={onAdd}
          />
        </div>
      ) : null}
    </Dialog>
  );
}
