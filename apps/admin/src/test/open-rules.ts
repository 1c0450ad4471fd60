import type { ReturnRule, RuleSetBody } from '@return-center/contract';
import type { FakeServer } from './fake-server';
import { withRules } from './fake-rules';
import { ownerSession, settings, signedIn, withSettings } from './fixtures';
import { renderConsole } from './render';

/** A rule of the fixtures: matching items in `collection` may not be returned. */
export const denyCollection = (id: string, name: string, collection: string): ReturnRule => ({
  id,
  name,
  enabled: true,
  match: 'all',
  conditions: [{ field: 'collection', op: 'in', values: [collection] }],
  actions: [{ type: 'deny', message: { text: '', translations: {} } }],
});

/** The shop's stored rules in most tests: two, at version 3. */
export const STORED: RuleSetBody = {
  rules: [denyCollection('sale', 'Sale is final', 'Sale'), denyCollection('vip', 'VIP first', 'VIP')],
  lists: { emails: [], addresses: [], order_patterns: [] },
};

/** The console at /rules for `session`, the fake server answering the rule routes over `stored`. */
export function openRules(server: FakeServer, session = ownerSession, stored: RuleSetBody = STORED) {
  signedIn(server, session);
  withSettings(server, { ...settings, lang_list: ['en', 'fr'] });
  const rules = withRules(server, stored);
  return { ...renderConsole('/rules'), rules };
}

export const staffSession = { ...ownerSession, account: { ...ownerSession.account, role: 'staff' as const } };
