import {
  Code,
  SETTINGS_VERSION_HEADER,
  type RuleSet,
  type RuleSetBody,
  type Simulation,
  ruleRoutes,
} from '@return-center/contract';
import { merchantCall } from '../../shared/api';

export const RULES_KEY = ['rules'] as const;

const versionOf = (headers: Headers, set: RuleSet) => headers.get('etag') ?? `"${String(set.version)}"`;

/** The shop's rules and the version they were read at (a save names it, as settings do). */
export async function fetchRules() {
  const { data, headers } = await merchantCall(ruleRoutes.getRules, undefined);
  return { set: data, version: versionOf(headers, data) };
}

/**
 * Saves the whole set over the version it was read at, checked by the contract first; a newer save by someone else
 * is refused (412).
 */
export async function saveRules(body: RuleSetBody, version: string) {
  const { data, headers } = await merchantCall(ruleRoutes.putRules, undefined, body, {
    [SETTINGS_VERSION_HEADER]: version,
  });
  return { set: data, version: versionOf(headers, data) };
}

/** Tries the draft on the shop's latest requests; nothing is saved. */
export async function simulateRules(body: RuleSetBody, limit: number): Promise<Simulation> {
  return (await merchantCall(ruleRoutes.simulateRules, undefined, { rules: body, limit })).data;
}

export interface Loaded {
  set: RuleSet;
  version: string;
}

/** Someone saved the rules after this page read them (HTTP 412, code 1092). */
export const isConflict = (error: unknown) => (error as { code?: number } | null)?.code === Code.SettingsConflict;
