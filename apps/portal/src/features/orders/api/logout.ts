import { calls } from '@return-center/contract';
import { http } from '../../../shared/http';

/** Ends the session on the server; the local token goes whatever the answer. */
export async function logout(): Promise<void> {
  await http.request(calls.logout, {}, { quiet: true }).catch(() => undefined);
}
