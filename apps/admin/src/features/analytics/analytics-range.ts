import { analyticsRangeProblem } from '@return-center/contract';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

export const PRESETS = ['7', '30', '90', '365'] as const;
export type Preset = (typeof PRESETS)[number];
export type RangeChoice = Preset | 'custom';
const DEFAULT: Preset = '30';
const DAY = 86_400;

/** The UTC calendar day (YYYY-MM-DD) of a time in seconds: the server counts requests per UTC day. */
export const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The start of a UTC day in seconds, or null when the text is not a real date (2025-02-31 is not). */
function dayStart(day: string): number | null {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(ms) && utcDay(ms / 1000) === day ? ms / 1000 : null;
}

/** The days a preset covers: the last n days up to today (UTC), today included. */
export function presetDays(preset: Preset, now: number): { from: string; to: string } {
  const today = Math.floor(now / DAY) * DAY;
  return { from: utcDay(today - (Number(preset) - 1) * DAY), to: utcDay(today) };
}

export type RangeError = 'invalid' | 'order' | 'tooLong';
export type Resolved = { ok: true; from: number; to: number } | { ok: false; error: RangeError };

/** What the server is asked about: from the first day's first second to the last day's last second. */
export function resolveRange(from: string, to: string): Resolved {
  const start = dayStart(from);
  const end = dayStart(to);
  if (start === null || end === null) return { ok: false, error: 'invalid' };
  const range = { from: start, to: end + DAY - 1 };
  // The contract's rule, the one the server answers by (consoleRoutes.analytics).
  const problem = analyticsRangeProblem(range);
  return problem ? { ok: false, error: problem } : { ok: true, ...range };
}

export interface AnalyticsRange {
  choice: RangeChoice;
  from: string;
  to: string;
  resolved: Resolved;
}

/** The range an address asks for: `?range=7|30|90|365`, or `?range=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`. */
export function rangeFromParams(params: URLSearchParams, now: number): AnalyticsRange {
  const asked = params.get('range');
  if (asked === 'custom') {
    const fallback = presetDays(DEFAULT, now);
    const from = params.get('from') ?? fallback.from;
    const to = params.get('to') ?? fallback.to;
    return { choice: 'custom', from, to, resolved: resolveRange(from, to) };
  }
  const preset = PRESETS.find((p) => p === asked) ?? DEFAULT;
  const { from, to } = presetDays(preset, now);
  return { choice: preset, from, to, resolved: resolveRange(from, to) };
}

/** The range lives in the address, so a view can be reloaded, bookmarked and shared. */
export function useAnalyticsRange() {
  const [params, setParams] = useSearchParams();
  // The page's "today" is the day it was opened on, so a render never moves the range under the merchant's eyes.
  const [now] = useState(() => Date.now() / 1000);
  const range = rangeFromParams(params, now);
  const choose = (choice: RangeChoice) => {
    // Custom dates start from the days shown, so the charts stay put until a date is changed.
    const next = new URLSearchParams(
      choice === 'custom' ? { range: choice, from: range.from, to: range.to } : { range: choice },
    );
    setParams(next, { replace: true });
  };
  const setDates = (dates: { from?: string; to?: string }) =>
    setParams(new URLSearchParams({ range: 'custom', from: range.from, to: range.to, ...dates }), { replace: true });
  return { range, choose, setDates };
}
