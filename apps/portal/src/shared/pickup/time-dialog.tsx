import { clampPickupDate, isBookablePickupDate, pickupDays, pickupWindow } from '@return-center/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session-store';
import { Dialog, DialogActions } from '../ui/dialog';
import { PickupCalendar } from './calendar';
import { dayLabel, slotLabel } from './format';
import { useMobile } from './use-mobile';
import { useToday } from './use-today';

export interface PickupTime {
  date: string;
  time: string;
}

/**
 * "Select pickup time" (spec screen 11, §5). Desktop: a date field (clamped on blur to the next weekday … 30 days out,
 * back to a weekday) with a calendar, and a time list. Mobile: the next 30 days beside radio buttons for the slots.
 */
export function PickupTimeDialog({
  value,
  timezone,
  slots,
  onClose,
  onSave,
}: {
  value: PickupTime;
  timezone: string;
  slots: string[];
  onClose: () => void;
  onSave: (time: PickupTime) => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const mobile = useMobile();
  const id = useId();
  const today = useToday(timezone);
  const [date, setDate] = useState(value.date);
  const [typed, setTyped] = useState(value.date);
  const [time, setTime] = useState(value.time);
  const [calendar, setCalendar] = useState(false);
  const [saving, setSaving] = useState(false);
  const dateError = clampPickupDate(typed, today) === null ? t('pickup.dateFormat') : undefined;
  const changed = date !== value.date || time !== value.time;
  const canSave = changed && !dateError && Boolean(time) && isBookablePickupDate(date, today) && !saving;
  const bookable = (day: string) => isBookablePickupDate(day, today);
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
      {pickupDays(today).map((day) => (
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
          aria-describedby={dateError ? `${id}-date-error` : `${id}-window`}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => {
            const clamped = clampPickupDate(typed, today);
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
        <p id={`${id}-window`} className="rc-note">
          {pickupWindow(today).first} – {pickupWindow(today).last}
        </p>
      )}
      {calendar ? <PickupCalendar value={date} bookable={bookable} onPick={pick} /> : null}
    </div>
  );

  const times = mobile ? (
    <fieldset className="rc-pickup-slots">
      <legend>{t('pickup.time')}</legend>
      {slots.map((slot) => (
        <label key={slot} className="rc-radio">
          <input type="radio" name={`${id}-slot`} value={slot} checked={time === slot} onChange={() => setTime(slot)} />
          {slotLabel(slot, language)}
        </label>
      ))}
    </fieldset>
  ) : (
    <div className="rc-field">
      <label htmlFor={`${id}-time`}>{t('pickup.time')}</label>
      <select id={`${id}-time`} value={time} required onChange={(event) => setTime(event.target.value)}>
        {slots.map((slot) => (
          <option key={slot} value={slot}>
            {slotLabel(slot, language)}
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
        <p className="rc-note">{t('pickup.timezone', { zone: timezone })}</p>
        <DialogActions onCancel={onClose} canSave={canSave} saving={saving} />
      </form>
    </Dialog>
  );
}
