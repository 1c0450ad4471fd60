import { RETENTION_KINDS, retentionRoutes } from '@return-center/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { merchantCall } from '../../shared/api';
import { date, dateTime } from '../../shared/format';
import { NumberControl, parseNumber, Section } from './controls';
import type { SectionProps } from './section-props';

/**
 * Retention (ADR 050): how many days after a request closes its photos, labels and personal data are deleted, and
 * what the last daily run deleted.
 */
export function RetentionSection({ draft, update, errorOf }: SectionProps) {
  const { t } = useTranslation();
  const lastRun = useQuery({
    queryKey: ['retention'],
    queryFn: async () => (await merchantCall(retentionRoutes.getRetention, undefined)).data,
  });
  const run = lastRun.data;
  const deleted = run
    ? RETENTION_KINDS.map((kind) => run.kinds.find((k) => k.kind === kind)).filter((k) => !!k?.count)
    : [];
  return (
    <Section id="retention" title={t('settings.sections.retention')}>
      <p className="hint">{t('settings.retention.intro')}</p>
      <NumberControl
        name="retention.days"
        label={t('settings.field.retention.days')}
        hint={t('settings.retention.daysHint')}
        error={errorOf('retention.days')}
        parse={parseNumber}
        format={String}
        suffix={t('settings.rules.days')}
        value={draft.retention.days}
        onChange={(days) => update('retention', { days })}
      />
      {lastRun.isPending ? null : run ? (
        <div>
          <p className="hint">
            {t('settings.retention.lastRun', { at: dateTime(run.ran_at), before: date(run.closed_before) })}
          </p>
          {deleted.length === 0 ? (
            <p className="hint">{t('settings.retention.nothing')}</p>
          ) : (
            <ul>
              {deleted.map((k) =>
                k ? (
                  <li key={k.kind}>
                    {t('settings.retention.deleted', { what: t(`settings.retention.kinds.${k.kind}`), count: k.count })}
                  </li>
                ) : null,
              )}
            </ul>
          )}
        </div>
      ) : (
        <p className="hint">{t('settings.retention.never')}</p>
      )}
    </Section>
  );
}
