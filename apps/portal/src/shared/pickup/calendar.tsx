import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session-store';
import { dayLabel } from './format';

const monthOf = (date: string) => date.slice(0, 7);
const shiftMonth = (month: string, by: number) => {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const at = new Date(Date.UTC(year, m - 1 + by, 1));
  return at.toISOString().slice(0, 7);
};

/** The days of a month as weeks of seven (Monday first), with nulls before the first and after the last. */
function weeksOf(month: string): (string | null)[][] {
  const [year = 0, m = 1] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, m - 1, 1));
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: (first.getUTCDay() + 6) % 7 }, () => null);
  for (let day = 1; day <= days; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** A month of days to pick a pickup date from; weekends and days outside the window cannot be chosen. */
export function PickupCalendar({
  value,
  bookable,
  onPick,
}: {
  value: string;
  bookable: (date: string) => boolean;
  onPick: (date: string) => void;
}) {
  const { t } = useTranslation();
  const language = useSession((state) => state.language);
  const [month, setMonth] = useState(monthOf(value));
  const title = dayLabel(`${month}-01`, language, { month: 'long', year: 'numeric' });
  return (
    <div className="rc-calendar">
      <div className="rc-calendar__header">
        <button
          type="button"
          className="rc-button rc-button--secondary"
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <span aria-hidden="true">‹</span>
          <span className="rc-visually-hidden">{t('pickup.previousMonth')}</span>
        </button>
        <h3 aria-live="polite">{title}</h3>
        <button type="button" className="rc-button rc-button--secondary" onClick={() => setMonth(shiftMonth(month, 1))}>
          <span aria-hidden="true">›</span>
          <span className="rc-visually-hidden">{t('pickup.nextMonth')}</span>
        </button>
      </div>
      <table className="rc-calendar__grid" aria-label={title}>
        <tbody>
          {weeksOf(month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => (
                <td key={j}>
                  {day ? (
                    <button
                      type="button"
                      disabled={!bookable(day)}
                      aria-pressed={day === value}
                      aria-label={dayLabel(day, language, { weekday: 'long', month: 'long', day: 'numeric' })}
                      onClick={() => onPick(day)}
                    >
                      {Number(day.slice(8))}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
