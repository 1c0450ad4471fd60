import { z } from 'zod';
import { int, unixSeconds } from './envelope.js';
import { shopSettings } from './shop-settings.js';

/** Who saved a shop's settings last: a staff member in the console, a merchant API key, or the `merchant` CLI. */
export const settingsSaver = z.object({
  kind: z.enum(['staff', 'merchant_api', 'cli', 'unknown']),
  /** The staff member's email; '' for the others. */
  email: z.string(),
});
export type SettingsSaver = z.infer<typeof settingsSaver>;

/**
 * The `data` of a refused settings save (412, code 1092): who saved the version that won, when, and its settings, so
 * that the console can show what changed field by field and the CLI can say who saved.
 */
export const settingsConflict = z.object({
  saved_by: settingsSaver,
  saved_at: unixSeconds,
  version: int,
  settings: shopSettings,
});
export type SettingsConflict = z.infer<typeof settingsConflict>;

/** The User-Agent the `merchant` CLI sends, so that a save it makes is told apart from other API keys' saves. */
export const CLI_USER_AGENT = 'return-center-cli';
