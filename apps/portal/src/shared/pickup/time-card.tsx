import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session-store';
import { pickupDateLabel, slotLabel } from './format';
import { PickupTimeDialog, type PickupTime } from './time-dialog';

/**
 * The pickup time card (spec screen 11): the slot, the date as "Monday, November 23rd, 2026" and the shopper's time
 * zone, with the note on weekends and holidays. Edit opens "Select pickup time"; read-only hides it.
 */
export function PickupTimeCard({
  value,
  timezone,
  slots,
  onSave,
}: {
  value: PickupTime;
  timezone: string;
  slots: string[];
  /** Resolves true when the new time was saved (the dialog closes then). Omitted for the read-only card. */
  onSave?: (time: PickupTime) => Promise<boolean> | boolean;
}) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [open, setOpen] = useState(false);
  return (
    <section className="rc-card rc-pickup-card" aria-labelledby="pickup-time-title">
      <header className="rc-pickup-card__header">
        <h2 id="pickup-time-title">{t('pickup.timeTitle')}</h2>
        {onSave ? (
          <button
            type="button"
            className="rc-button rc-button--secondary"
            aria-label={t('pickup.editTime')}
            onClick={() => setOpen(true)}
          >
            {t('pickup.edit')}
          </button>
        ) : null}
      </header>
      <p className="rc-pickup-card__lines">
        <span>{slotLabel(value.time, language)}</span>
        <span>{pickupDateLabel(value.date, language)}</span>
        <span>{t('pickup.timezone', { zone: timezone })}</span>
      </p>
      <p className="rc-note">{t('pickup.weekendNote')}</p>
      {open && onSave ? (
        <PickupTimeDialog
          value={value}
          timezone={timezone}
          slots={slots}
          onClose={() => setOpen(false)}
          onSave={async (time) => {
            if (await onSave(time)) setOpen(false);
          }}
        />
      ) : null}
    </section>
  );
}

/** The privacy note of spec screen 11. */
export function PickupPrivacyNote() {
  const { t } = useTranslation();
  return <p className="rc-note rc-pickup-privacy">{t('pickup.privacy')}</p>;
}
