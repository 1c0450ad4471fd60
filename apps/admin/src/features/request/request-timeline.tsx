import type { MerchantRequest } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { dateTime } from '../../shared/format';
import { statusName } from '../../shared/labels';

/** The audit trail, oldest first: every change (who, from, to) and every email sent to the shopper. */
export function RequestTimeline({ request }: { request: MerchantRequest }) {
  const { t } = useTranslation();
  const entries = [
    { key: 'created', at: request.created_at, text: t('request.timeline.created'), who: request.customer_email },
    ...request.events.map((event, index) => ({
      key: String(index),
      at: event.at,
      who: event.actor,
      text:
        event.action === 'email'
          ? t('request.timeline.email', { note: event.note })
          : event.from_status === event.to_status
            ? `${t(`request.timeline.action.${event.action}`, { defaultValue: event.action })}${event.note ? `: ${event.note}` : ''}`
            : `${t(`request.timeline.action.${event.action}`, { defaultValue: event.action })}: ${t('request.timeline.change', { from: statusName(t, event.from_status), to: statusName(t, event.to_status) })}${event.note ? ` (${event.note})` : ''}`,
    })),
  ];
  return (
    <section className="card" aria-labelledby="timeline-title">
      <h2 id="timeline-title">{t('request.timeline.title')}</h2>
      <ol className="timeline">
        {entries.map((entry) => (
          <li key={entry.key}>
            <time dateTime={new Date(entry.at * 1000).toISOString()}>{dateTime(entry.at)}</time>
            <p>{entry.text}</p>
            <p className="muted">{entry.who}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
