import { BREAKPOINTS } from '@return-center/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMediaQuery } from '../use-media-query';
import { FlowSummary } from './flow-summary';

const STEPS = ['select', 'solution', 'method', 'check'] as const;
export type Step = (typeof STEPS)[number];

const WIDE = `(min-width: ${String(BREAKPOINTS.lg)}px)`;

/**
 * The four return steps with a progress indicator (spec §4); on a wide screen, a summary of the return beside them
 * that stays in view. A phone goes without it (and without its calls): the check step shows the same.
 */
export function FlowLayout({ step, title, children }: { step: Step; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const orderId = Number(useParams().id);
  const wide = useMediaQuery(WIDE);
  const current = STEPS.indexOf(step);
  return (
    <section className={wide ? 'rc-flow rc-flow--wide' : 'rc-flow'} aria-labelledby="rc-flow-title">
      <div className="rc-flow__main">
        <ol className="rc-steps" aria-label={t('flow.stepsLabel')}>
          {STEPS.map((name, index) => (
            <li
              key={name}
              className={index <= current ? 'rc-steps__item rc-steps__item--done' : 'rc-steps__item'}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="rc-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              {t(`flow.steps.${name}`)}
            </li>
          ))}
        </ol>
        <h1 id="rc-flow-title">{title}</h1>
        {children}
      </div>
      {wide ? <FlowSummary orderId={orderId} /> : null}
    </section>
  );
}

export function FlowNav({
  onBack,
  onContinue,
  continueLabel,
  busy,
}: {
  onBack?: () => void;
  onContinue: () => void;
  continueLabel?: string;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="rc-flow__nav">
      {onBack ? (
        <button type="button" className="rc-button rc-button--secondary" onClick={onBack}>
          {t('flow.back')}
        </button>
      ) : null}
      <button type="button" className="rc-button" onClick={onContinue} disabled={busy} aria-busy={busy}>
        {continueLabel ?? t('flow.continue')}
      </button>
    </div>
  );
}
