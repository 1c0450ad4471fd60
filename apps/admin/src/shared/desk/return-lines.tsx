import { DESK_DESCRIPTION_MAX, type DeskOrder } from '@return-center/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { firstReason, type Picks } from './picks';

interface Props {
  order: DeskOrder;
  picks: Picks;
  onChange: (picks: Picks) => void;
}

/**
 * The order's lines for staff to choose from: each returnable line a group with "Return this item", then its
 * quantity (up to what the server says is left), reason and the shopper's words; the others with why not.
 */
export function ReturnLines({ order, picks, onChange }: Props) {
  const { t } = useTranslation();
  const base = useId();
  const set = (lineId: number, change: Partial<NonNullable<Picks[number]>> | null) => {
    const current = picks[lineId];
    const next: Picks = { ...picks };
    if (change === null) next[lineId] = undefined;
    else
      next[lineId] = {
        line_item_id: lineId,
        quantity: 1,
        reason_id: firstReason(order),
        description: '',
        ...current,
        ...change,
      };
    onChange(next);
  };
  return (
    <div className="desk-lines">
      {order.order.yes.map((line) => {
        const pick = picks[line.line_item_id];
        const id = `${base}-${String(line.line_item_id)}`;
        const name = [line.title, line.variant_title].filter(Boolean).join(' · ');
        return (
          <fieldset key={line.line_item_id} className="desk-line">
            <legend>{name}</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={pick !== undefined}
                onChange={(event) => set(line.line_item_id, event.target.checked ? {} : null)}
              />{' '}
              {t('deskReturn.returnItem', { item: line.title, left: line.refundable_quantity })}
            </label>
            {pick ? (
              <div className="desk-line-fields">
                <div className="field">
                  <label htmlFor={`${id}-qty`}>{t('deskReturn.quantity')}</label>
                  <select
                    id={`${id}-qty`}
                    value={pick.quantity}
                    onChange={(event) => set(line.line_item_id, { quantity: Number(event.target.value) })}
                  >
                    {Array.from({ length: Math.max(line.refundable_quantity, pick.quantity) }, (_, n) => (
                      <option key={n} value={n + 1}>
                        {n + 1}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-reason`}>{t('deskReturn.reason')}</label>
                  <select
                    id={`${id}-reason`}
                    value={pick.reason_id}
                    onChange={(event) => set(line.line_item_id, { reason_id: Number(event.target.value) })}
                  >
                    {order.reasons.map((reason) => (
                      <option key={reason.id} value={reason.id}>
                        {reason.proof === 'required'
                          ? t('deskReturn.needsPhoto', { reason: reason.text })
                          : reason.text}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-words`}>{t('deskReturn.description')}</label>
                  <input
                    id={`${id}-words`}
                    maxLength={DESK_DESCRIPTION_MAX}
                    value={pick.description}
                    onChange={(event) => set(line.line_item_id, { description: event.target.value })}
                  />
                </div>
              </div>
            ) : null}
          </fieldset>
        );
      })}
      {order.order.yes.length === 0 ? <p className="notice">{t('deskReturn.nothingReturnable')}</p> : null}
      {order.order.no.length > 0 ? (
        <div>
          <h3>{t('deskReturn.notReturnable')}</h3>
          <ul className="plain">
            {order.order.no.map((line) => (
              <li key={line.line_item_id}>
                {line.title}: {line.message?.text || t(`deskReturn.why.${line.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
