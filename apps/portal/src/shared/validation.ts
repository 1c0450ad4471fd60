// Everything the portal validates with zod, loaded through load-validation.ts. The CSP set-up comes first.
import './csp';
import { calls, envelope, parentMessage, type CallDef } from '@return-center/contract';

export { isEmail, isLookupContact, isOrderNumber, isVerificationCode } from '@return-center/domain';

const isCall = (value: unknown): value is CallDef & { path: string } =>
  typeof value === 'object' && value !== null && 'answer' in value && 'path' in value;
const answerSchemas = new Map<string, CallDef['answer']>();
for (const value of Object.values(calls) as unknown[]) {
  if (isCall(value)) answerSchemas.set(`${value.method} ${value.path}`, value.answer);
}

/**
 * A call's answer checked against the contract: the call's own schema, or for a route without schemas (the login
 * route's calls) the schema of the contract's call at that method and path.
 */
export function parseAnswer(call: { method: string; path: string; answer?: CallDef['answer'] }, json: unknown) {
  const answer = call.answer ?? answerSchemas.get(`${call.method} ${call.path}`);
  if (!answer) throw new Error(`No contract call at ${call.method} ${call.path}`);
  return envelope(answer.nullable()).safeParse(json);
}

export const parseParentMessage = (data: unknown) => parentMessage.safeParse(data);
