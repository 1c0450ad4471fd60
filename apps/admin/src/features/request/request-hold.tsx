import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { date, money } from '../../shared/format';

/** An instant exchange's card hold (ADR 047): what is held, what was captured, and when it is let go or captured. */
export function RequestHold({ hold }: { hold: NonNullable<MerchantRequest['hold']> }) {
  const { t } = useTranslation();
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
        </tbody>
      </table>
      {hold.state === 'held' ? (
        <p>
          {t('request.hold.releaseOn')}: {t(`request.hold.release.${hold.release_on}`)}
          <br />
          {t('request.hold.captureBy', { date: date(hold.capture_at) })}
        </p>
      ) : null}
      <p className="hint">{t('request.hold.payment', { id: hold.payment_id })}</p>
    </section>
  );
}
