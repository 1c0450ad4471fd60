import type { z } from 'zod';

/** The two API bases of spec §7. The server answers every call under both. */
export const API_BASES = { go: '/go-api/v1/client', v1: '/v1/client' } as const;
export type ApiBase = keyof typeof API_BASES;

export interface CallDef<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  base: ApiBase;
  /** Path under the base, e.g. `login` or `map/search`. */
  name: string;
  /** Whether the call needs a session token. */
  auth: boolean;
  payload: P;
  /** Schema of `data` in the envelope. */
  answer: A;
}

/** `const` keeps `auth: true` literal, so handlers of auth calls get a non-null session type. */
export function defineCall<const D extends CallDef>(def: D): D & { path: string } {
  return { ...def, path: `${API_BASES[def.base]}/${def.name}` };
}

export type PayloadOf<C extends CallDef> = z.input<C['payload']>;
export type AnswerOf<C extends CallDef> = z.output<C['answer']>;
