import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../shared/session-store';
import { InlineLoader } from '../../../shared/ui/loader';
import { logout } from '../api/logout';
import { useOrders } from '../api/orders';
import { OrderCard } from './order-card';

/** Spec screen 2, "Orders": the shopper's orders and what can be returned. */
export default function OrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clear = useSession((state) => state.clear);
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const orders = useOrders(search);
  const firstReturnable = orders.data?.find((o) => o.returnable_count > 0);

  const onSearch = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSearch(draft.trim());
  };
  // logout() never rejects: the local session ends whatever the server answers.
  const onLogout = async () => {
    await logout();
    clear();
    void navigate('/', { replace: true });
  };

  return (
    <section className="rc-orders" aria-labelledby="rc-orders-title">
      <div className="rc-orders__top">
        <h1 id="rc-orders-title">{t('orders.title')}</h1>
        <div className="rc-orders__top-actions">
          {firstReturnable ? (
            <button
              type="button"
              className="rc-button"
              onClick={() => void navigate(`/process-manage/select/${firstReturnable.id}`)}
            >
              {t('orders.requestReturn')}
            </button>
          ) : null}
          <button type="button" className="rc-button rc-button--secondary" onClick={() => void onLogout()}>
            {t('orders.logout')}
          </button>
        </div>
      </div>
      <form className="rc-search" role="search" onSubmit={onSearch}>
        <label htmlFor="rc-order-search" className="rc-visually-hidden">
          {t('orders.searchLabel')}
        </label>
        <input
          id="rc-order-search"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="#1001"
        />
        <button type="submit" className="rc-button rc-button--secondary">
          {t('orders.search')}
        </button>
      </form>
      {orders.isPending ? <InlineLoader label={t('orders.loading')} /> : null}
      {orders.data?.length === 0 ? (
        <p className="rc-empty">
          {t('orders.empty')}{' '}
          {search ? (
            <button
              type="button"
              className="rc-link"
              onClick={() => {
                setDraft('');
                setSearch('');
              }}
            >
              {t('orders.clearSearch')}
            </button>
          ) : null}
        </p>
      ) : null}
      <div className="rc-orders__list">
        {orders.data?.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </div>
    </section>
  );
}
