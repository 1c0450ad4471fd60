import { todayIn } from '@return-center/domain';
import { useState } from 'react';

/** Today's date where the shopper is, read once when the screen opens (a pickup window moves by days, not renders). */
export function useToday(timezone: string): string {
  const [today] = useState(() => todayIn(timezone, Date.now()));
  return today;
}
