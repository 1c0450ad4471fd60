import { Code } from '@return-center/contract/zod-free';

/** An answer's data, or an error with the server's message when the answer is not a success (for a query). */
export async function dataOf<T>(answer: Promise<{ code: number; msg: string; data: T }>): Promise<T> {
  const { code, msg, data } = await answer;
  if (code !== Code.Success) throw new Error(msg);
  return data;
}
