import { clampPickupDate, isBookablePickupDate, pickupDays, type PickupWindow } from '@return-center/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session-store';
import { Dialog, DialogActions } from '../ui/dialog';
import { PickupCalendar } from './calendar';
import { dayLabel, slotLabel, zoneLabel } from './format';
import { useMobile } from './use-mobile';

export interface PickupTime {
  date: string;
  time: string;
}

/**
 * "Select pickup time" (spec screen 11, §5). Desktop: a date field (clamped on blur to the next weekday … 30 days out,
 * back to a weekday) with a calendar, and a time list. Mobile: the next 30 days beside radio buttons for the slots.
 * The days are the server's window, in the zone of the pickup address; the slots carry the server's labels.
 */
export function PickupTimeDialog({
  value,
  timezone,
  range,
  slots,
  onClose,
  onSave,
}: {
  value: PickupTime;
  timezone: string;
  range: PickupWindow;
  slots: Readonly<Record<string, string>>;
  onClose: () => void;
  onSave: (time: PickupTime) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const mobile = useMobile();
  const id = useId();
  const [date, setDate] = useState(value.date);
  const [typed, setTyped] = useState(value.date);
  const [time, setTime] = useState(value.time);
  const [calendar, setCalendar] = useState(false);
  const [saving, setSaving] = useState(false);
  const dateError = clampPickupDate(typed, range) === null ? t('pickup.dateFormat') : undefined;
  const changed = date !== value.date || time !== value.time;
  const canSave = changed && !dateError && Boolean(time) && isBookablePickupDate(date, range) && !saving;
  const bookable = (day: string) => isBookablePickupDate(day, range);
  const pick = (day: string) => {
    setDate(day);
    setTyped(day);
    setCalendar(false);
  };
  const save = async () => {
    setSaving(true);
    try {
      await onSave({ date, time });
    } finally {
      setSaving(false);
    }
  };

  const dates = mobile ? (
    <fieldset className="rc-pickup-days">
      <legend>{t('pickup.days')}</legend>
      {pickupDays(range).map((day) => (
        <label key={day.date} className="rc-radio">
          <input
            type="radio"
            name={`${id}-day`}
            value={day.date}
            disabled={day.weekend}
            checked={date === day.date}
            onChange={() => pick(day.date)}
          />
          {dayLabel(day.date, language, { weekday: 'short', month: 'short', day: 'numeric' })}
        </label>
      ))}
    </fieldset>
  ) : (
    <div className="rc-field">
      <label htmlFor={`${id}-date`}>{t('pickup.date')}</label>
      <div className="rc-pickup-date">
        <input
          id={`${id}-date`}
          value={typed}
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          maxLength={10}
          aria-invalid={dateError ? true : undefined}
          aria-describedby={dateError ? `${id}-date-error` : `${id}-range`}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => {
            const clamped = clampPickupDate(typed, range);
            if (clamped) pick(clamped);
          }}
        />
        <button
          type="button"
          className="rc-button rc-button--secondary"
          aria-expanded={calendar}
          onClick={() => setCalendar(!calendar)}
        >
          {t('pickup.openCalendar')}
        </button>
      </div>
      {dateError ? (
        <p id={`${id}-date-error`} className="rc-field__error">
          {dateError}
        </p>
      ) : (
        <p id={`${id}-range`} className="rc-note">
          {range.first} – {range.last}
        </p>
      )}
      {calendar ? <PickupCalendar value={date} bookable={bookable} onPick={pick} /> : null}
    </div>
  );

  const times = mobile ? (
    <fieldset className="rc-pickup-slots">
      <legend>{t('pickup.time')}</legend>
      {Object.keys(slots).map((slot) => (
        <label key={slot} className="rc-radio">
          <input type="radio" name={`${id}-slot`} value={slot} checked={time === slot} onChange={() => setTime(slot)} />
          {slotLabel(slots, slot)}
        </label>
      ))}
    </fieldset>
  ) : (
    <div className="rc-field">
      <label htmlFor={`${id}-time`}>{t('pickup.time')}</label>
      <select id={`${id}-time`} value={time} required onChange={(event) => setTime(event.target.value)}>
        {Object.keys(slots).map((slot) => (
          <option key={slot} value={slot}>
            {slotLabel(slots, slot)}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <Dialog title={t('pickup.editTime')} open onClose={onClose} hideClose>
      <form
        className={`rc-form rc-pickup-time${mobile ? ' rc-pickup-time--mobile' : ''}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave) void save();
        }}
      >
        <div className="rc-pickup-time__choices">
          {dates}
          {times}
        </div>
        <p className="rc-note">{t('pickup.weekendNote')}</p>
        {timezone ? <p className="rc-note">{t('pickup.timezone', { zone: zoneLabel(timezone, language) })}</p> : null}
        <DialogActions onCancel={onClose} canSave={canSave} saving={saving} />
      </form>
    </Dialog>
  );
}
