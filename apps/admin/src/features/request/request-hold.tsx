import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { date, money } from '../../shared/format';

/**
 * An instant exchange's card hold (ADR 047): what was authorised, what was captured and let go, and when it is (or
 * was) let go or captured. The moment it was settled is its timeline entry's.
 */
export function RequestHold({
  hold,
  events,
}: {
  hold: NonNullable<MerchantRequest['hold']>;
  events: MerchantRequest['events'];
}) {
  const { t } = useTranslation();
  const settled =
    hold.state === 'captured' || hold.state === 'released'
      ? events.findLast((event) => event.action === `hold_${hold.state}`)
      : undefined;
  const letGo = hold.state === 'captured' ? hold.amount - hold.captured : 0;
  return (
    <section className="card" aria-labelledby="hold-title">
      <h2 id="hold-title">{t('request.hold.title')}</h2>
      <p>
        <strong>{t(`request.hold.state.${hold.state}`)}</strong>
      </p>
      <table className="table money">
        <tbody>
          <tr>
            <th scope="row">{t('request.hold.amount')}</th>
            <td className="number">{money(hold.amount, hold.currency)}</td>
          </tr>
          {hold.state === 'captured' ? (
            <tr>
              <th scope="row">{t('request.hold.captured')}</th>
              <td className="number">{money(hold.captured, hold.currency)}</td>
            </tr>
          ) : null}
          {letGo > 0 ? (
            <tr>
              <th scope="row">{t('request.hold.remainder')}</th>
              <td className="number">{money(letGo, hold.currency)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {hold.state === 'held' ? (
        <p>
          {t('request.hold.releaseOn')}: {t(`request.hold.release.${hold.release_on}`)}
          <br />
          {t('request.hold.captureBy', { date: date(hold.capture_at) })}
        </p>
      ) : null}
      {settled ? <p>{t(`request.hold.settledOn.${hold.state}`, { date: date(settled.at) })}</p> : null}
      <p className="hint">{t('request.hold.payment', { id: hold.payment_id })}</p>
    </section>
  );
}
