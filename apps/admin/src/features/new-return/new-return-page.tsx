import type { DeskOrder } from '@return-center/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../shared/desk/desk.css';
import { Page } from '../../shared/ui/page';
import { ChooseReturn } from './choose-return';
import { FindOrder } from './find-order';

/** A return made for a shopper who phoned or wrote in (issue 33 point 4): find the order, choose, see money, create. */
export function Component() {
  const { t } = useTranslation();
  const [order, setOrder] = useState<DeskOrder | null>(null);
  return (
    <Page title={t('deskReturn.title')}>
      <p className="muted">{t('deskReturn.intro')}</p>
      <FindOrder onFound={setOrder} />
      {order ? (
        <>
          <p role="status" className="notice">
            {t('deskReturn.find.found', { order: order.order.order_name, email: order.customer_email })}
          </p>
          <ChooseReturn key={order.order.id} order={order} />
        </>
      ) : null}
    </Page>
  );
}
