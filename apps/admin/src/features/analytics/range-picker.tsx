import { ANALYTICS_MAX_DAYS } from '@return-center/contract';
import { useTranslation } from 'react-i18next';
import { dayLabel } from './analytics-format';
import { PRESETS, type AnalyticsRange, type RangeChoice } from './analytics-range';

interface Props {
  range: AnalyticsRange;
  choose: (choice: RangeChoice) => void;
  setDates: (dates: { from?: string; to?: string }) => void;
}

/** The last 7, 30, 90 or 365 days, or two dates of one's own (at most 400 days apart). */
export function RangePicker({ range, choose, setDates }: Props) {
  const { t } = useTranslation();
  const custom = range.choice === 'custom';
  const error = range.resolved.ok ? '' : t(`analytics.range.${range.resolved.error}`, { max: ANALYTICS_MAX_DAYS });
  return (
    <div className="range-picker">
      <div className="toolbar" role="group" aria-label={t('analytics.range.group')}>
        <label className="filter">
          <span>{t('analytics.range.label')}</span>
          <select value={range.choice} onChange={(e) => choose(e.target.value as RangeChoice)}>
            {[...PRESETS, 'custom' as const].map((choice) => (
              <option key={choice} value={choice}>
                {t(`analytics.range.${choice}`)}
              </option>
            ))}
          </select>
        </label>
        {custom ? (
          <>
            <label className="filter">
              <span>{t('analytics.range.from')}</span>
              <input
                type="date"
                value={range.from}
                max={range.to || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'range-error' : undefined}
                onChange={(e) => setDates({ from: e.target.value })}
              />
            </label>
            <label className="filter">
              <span>{t('analytics.range.to')}</span>
              <input
                type="date"
                value={range.to}
                min={range.from || undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'range-error' : undefined}
                onChange={(e) => setDates({ to: e.target.value })}
              />
            </label>
          </>
        ) : null}
      </div>
      {error ? (
        <p id="range-error" role="alert" className="error">
          {error}
        </p>
      ) : (
        <p className="hint">
          {t('analytics.range.showing', { from: dayLabel(range.from), to: dayLabel(range.to) })}{' '}
          {t('analytics.range.hint')}
        </p>
      )}
    </div>
  );
}
