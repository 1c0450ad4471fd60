import type { CheckInfo } from '@return-center/contract';
import { useTranslation } from 'react-i18next';

type Item = CheckInfo['product_items'][number];

/**
 * What the shop decided about an item at receipt (issue 33): how many units are refunded, and for the others their
 * condition and the shop's reason. Nothing before the shop inspected the return.
 */
export function ItemInspection({ item }: { item: Item }) {
  const { t } = useTranslation();
  const { inspection } = item;
  if (!inspection) return null;
  return (
    <ul className="rc-line__inspection">
      {inspection.accepted > 0 ? (
        <li className="rc-line__refunded">{t('status.inspection.refunded', { count: inspection.accepted })}</li>
      ) : null}
      {inspection.rejected.map((units, index) => (
        <li key={index} className="rc-line__not-refunded">
          {t('status.inspection.notRefunded', {
            count: units.quantity,
            condition: t(`status.inspection.condition.${units.condition}`),
          })}
          {units.reason ? `: ${units.reason}` : ''}
        </li>
      ))}
    </ul>
  );
}
