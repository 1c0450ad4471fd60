import type { RefundState } from '@return-center/contract';
import { statusBadge } from '@return-center/domain';
import { useTranslation } from 'react-i18next';

/**
 * A request's status as a badge (spec §9 tones and progress): its tone colours it, and a pip shows how far along the
 * request is, named for screen readers. The tone and progress come from the domain, the same on every page.
 */
export function StatusBadge({
  status,
  refundState,
  label,
}: {
  status: number;
  refundState?: RefundState;
  label: string;
}) {
  const { t } = useTranslation();
  const { tone, progress } = statusBadge(status, refundState);
  return (
    <span className={`rc-badge rc-badge--${tone}`} data-tone={tone} data-progress={progress}>
      <span className={`rc-badge__pip rc-badge__pip--${progress}`} aria-hidden="true" />
      <span>{label}</span>
      <span className="rc-visually-hidden">, {t(`badge.progress.${progress}`)}</span>
    </span>
  );
}
