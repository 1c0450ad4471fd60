import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useLoadedConfig } from '../../../shared/config-store';
import type { ExchangeChoice } from '../../../shared/return-form';
import { FlowLayout } from '../../../shared/ui/flow-layout';
import { InlineLoader } from '../../../shared/ui/loader';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { useUi } from '../../../shared/ui-store';
import { usePainted } from '../../../shared/use-painted';
import { useCatalogue, useSimilarProducts } from '../api/catalogue';
import { queryOf, readFilters, writeFilters, type CatalogueFilters } from './catalogue-filters';
import type { ExchangeCart } from './use-exchange-cart';
import { CartBar } from './cart-bar';
import { CatalogueFiltersForm } from './catalogue-filters-form';
import { ExchangeCartGate } from './exchange-cart-gate';
import { LoadMore } from './load-more';
import { ProductCard } from './product-card';
import { QuickView } from './quick-view';
import type { Product } from './variant-options';
import { appUrl } from '../../../shared/base-path';

/**
 * /exchange-other-goods/{id} (spec screen 8): the shop's catalogue to exchange the returned item for, with search,
 * filters and sort kept in the URL, recommendations, a quick view to pick a variant, and the cart.
 */
export default function CataloguePage() {
  const orderId = Number(useParams().id);
  return <ExchangeCartGate orderId={orderId}>{(cart) => <Catalogue cart={cart} />}</ExchangeCartGate>;
}

function Catalogue({ cart }: { cart: ExchangeCart }) {
  const { t } = useTranslation();
  const page = useLoadedConfig().style.ex_product_page;
  const toast = useUi((state) => state.toast);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [viewing, setViewing] = useState<Product | null>(null);
  const similar = useSimilarProducts(cart.line.product_id);
  // The list sits below the recommendations and the filters: it is asked for once they are on screen.
  const catalogue = useCatalogue(queryOf(filters, cart.currency), usePainted(!similar.isPending));
  const products = catalogue.data?.pages.flatMap((p) => p.list) ?? [];

  const setFilters = (next: CatalogueFilters) => setParams(writeFilters(next), { replace: true });
  const add = (choice: ExchangeChoice) => {
    cart.add(choice);
    setViewing(null);
    toast(t('exchange.added', { item: [choice.title, choice.variant_title].filter(Boolean).join(' / ') }), {
      key: 'exchange',
    });
  };

  return (
    <FlowLayout step="solution" title={page.title || t('exchange.catalogueTitle')}>
      {page.logo ? <img className="rc-logo" src={appUrl(page.logo)} alt="" /> : null}
      {/* The recommendations draw before what they sit above: arriving later, they would push it all down. */}
      {similar.isPending ? (
        <InlineLoader label={t('exchange.searching')} />
      ) : (
        <>
          <Similar products={similar.data ?? []} format={cart.format} onOpen={setViewing} />
          <CatalogueFiltersForm
            filters={filters}
            collections={catalogue.data?.pages[0]?.collections ?? []}
            currency={cart.currency}
            onChange={setFilters}
          />
          <section className="rc-catalogue" aria-labelledby="rc-catalogue-title" aria-busy={catalogue.isFetching}>
            <h2 id="rc-catalogue-title" className="rc-subtitle">
              {t('exchange.allProducts')}
            </h2>
            {catalogue.isPending ? (
              <InlineLoader label={t('exchange.searching')} />
            ) : catalogue.isError && products.length === 0 ? (
              <LoadFailed queries={[catalogue]} />
            ) : (
              <>
                <p className="rc-note" role="status">
                  {products.length === 0 ? t('exchange.noProducts') : t('exchange.shown', { count: products.length })}
                </p>
                <ul className="rc-products">
                  {products.map((product) => (
                    <ProductCard key={product.id} product={product} format={cart.format} onOpen={setViewing} />
                  ))}
                </ul>
              </>
            )}
            {catalogue.isFetchNextPageError ? (
              <p className="rc-field__error" role="alert">
                {t('exchange.loadMoreFailed')}
              </p>
            ) : null}
            {catalogue.hasNextPage ? (
              <LoadMore onLoad={() => void catalogue.fetchNextPage()} busy={catalogue.isFetchingNextPage} />
            ) : null}
          </section>
        </>
      )}
      <CartBar cart={cart} />
      <QuickView product={viewing} format={cart.format} onAdd={add} onClose={() => setViewing(null)} />
    </FlowLayout>
  );
}

/** "You may also like": products like the returned one. Left out when there are none, or they failed to load. */
function Similar({
  products,
  format,
  onOpen,
}: {
  products: Product[];
  format: (amount: number) => string;
  onOpen: (product: Product) => void;
}) {
  const { t } = useTranslation();
  if (!products.length) return null;
  return (
    <section className="rc-similar" aria-labelledby="rc-similar-title">
      <h2 id="rc-similar-title" className="rc-subtitle">
        {t('exchange.similar')}
      </h2>
      <ul className="rc-products rc-products--row">
        {products.map((product) => (
          <ProductCard key={product.id} product={product} format={format} onOpen={onOpen} eager />
        ))}
      </ul>
    </section>
  );
}
