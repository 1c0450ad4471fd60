import {
  Code,
  merchantPath,
  ruleSet,
  simulation,
  SETTINGS_VERSION_HEADER,
  type RuleSet,
  type RuleSetBody,
  type Simulation,
} from '@return-center/contract';
import { api } from '../../shared/api';

export const RULES_KEY = ['rules'] as const;

/** The shop's rules and the version they were read at (a save names it, as settings do). */
export async function fetchRules() {
  const { data, headers } = await api('GET', merchantPath('getRules'), ruleSet);
  return { set: data, version: headers.get('etag') ?? `"${String(data.version)}"` };
}

/** Saves the whole set over the version it was read at; a newer save by someone else is refused (412). */
export async function saveRules(body: RuleSetBody, version: string) {
  const { data, headers } = await api('PUT', merchantPath('putRules'), ruleSet, body, {
    [SETTINGS_VERSION_HEADER]: version,
  });
  return { set: data, version: headers.get('etag') ?? `"${String(data.version)}"` };
}

/** Tries the draft on the shop's latest requests; nothing is saved. */
export async function simulateRules(body: RuleSetBody, limit: number): Promise<Simulation> {
  return (await api('POST', merchantPath('simulateRules'), simulation, { rules: body, limit })).data;
}

export interface Loaded {
  set: RuleSet;
  version: string;
}

/** Someone saved the rules after this page read them (HTTP 412, code 1092). */
export const isConflict = (error: unknown) => (error as { code?: number } | null)?.code === Code.SettingsConflict;
