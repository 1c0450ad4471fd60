import { STORAGE_KEYS } from '@return-center/contract/zod-free';
import { expect, it } from 'vitest';
import { useSession } from './session-store';

it("forgets the page an earlier session saved when someone signs in, so it never opens another shopper's request", () => {
  // The page the last shopper was on, left behind in this tab (their session ended, or the tab was shared).
  window.sessionStorage.setItem(STORAGE_KEYS.history, '/status-manage/return-details/27');
  useSession.getState().setToken('a-new-sign-in');
  expect(window.sessionStorage.getItem(STORAGE_KEYS.history)).toBeNull();
  expect(window.sessionStorage.getItem(STORAGE_KEYS.token)).toBe('a-new-sign-in');
});
