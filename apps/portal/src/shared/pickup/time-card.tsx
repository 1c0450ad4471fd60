import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session-store';
import type { PickupWindow } from '@return-center/domain';
import { pickupDateLabel, slotLabel, zoneLabel } from './format';
import { PickupTimeDialog, type PickupTime } from './time-dialog';

/**
 * The pickup time card (spec screen 11): the slot as the server labels it, the date as "Monday, November 23rd, 2026"
 * and the time zone of the pickup address ("Times are in Eastern Time (New York)"), with the note on weekends and
 * holidays. Edit opens "Select pickup time" once the server has answered the window; read-only hides it.
 */
export function PickupTimeCard({
  value,
  timezone,
  range,
  slots,
  onSave,
}: {
  value: PickupTime;
  /** The zone the server derived from the address; empty while it is not known. */
  timezone: string;
  /** The bookable days, from the server; null while not known (no state yet). */
  range: PickupWindow | null;
  /** Slot key → label (pickupMethod.pickupTime). */
  slots: Readonly<Record<string, string>>;
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
        {onSave && range ? (
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
        <span>{slotLabel(slots, value.time)}</span>
        <span>
          {value.date ? (
            pickupDateLabel(value.date, language)
          ) : (
            <span className="rc-required">{t('pickup.required')}</span>
          )}
        </span>
        {timezone ? <span>{t('pickup.timezone', { zone: zoneLabel(timezone, language) })}</span> : null}
      </p>
      <p className="rc-note">{t('pickup.weekendNote')}</p>
      {open && onSave && range ? (
        <PickupTimeDialog
          value={value}
          timezone={timezone}
          range={range}
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
