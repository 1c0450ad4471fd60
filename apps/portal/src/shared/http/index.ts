import { TOAST_DURATIONS } from '@return-center/contract/zod-free';
import { basePath } from '../base-path';
import { useSession } from '../session-store';
import { useUi } from '../ui-store';
import { createHttpClient } from './client';

export { CancelledError, RequestFailed, type Answer } from './client';

/** The app's one client, wired to the session and toast stores. */
export const http = createHttpClient({
  baseUrl: basePath,
  getToken: () => useSession.getState().token,
  // Guarded routes send a signed-out visitor to the root by themselves.
  onSessionExpired: () => useSession.getState().clear(),
  onError: (message) =>
    useUi.getState().toast(message, { kind: 'error', duration: TOAST_DURATIONS.long, key: `error:${message}` }),
  onErrorNotice: (url, channel, message) => useUi.getState().registerError(url, channel, message),
  onClearErrors: (url) => useUi.getState().clearErrors(url),
});
