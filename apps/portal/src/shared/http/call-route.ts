import type { CallDef } from '@return-center/contract';
import { API_BASES } from '@return-center/contract/zod-free';

/**
 * A contract call's method and path without its schemas, for the login route, which draws without zod: the client
 * checks the answer against the contract's call at that method and path once the schemas have loaded.
 */
export interface CallRoute<C extends CallDef = CallDef> {
  method: C['method'];
  path: string;
  /** Never set: carries the call's payload and answer types. */
  readonly types?: C;
}

/** `callRoute<typeof calls.login>('POST', 'go', 'login')`: a method, base or name the call does not have fails to compile. */
export const callRoute = <C extends CallDef>(method: C['method'], base: C['base'], name: C['name']): CallRoute<C> => ({
  method,
  path: `${API_BASES[base]}/${name}`,
});
