import { calls, type PayloadOf } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http';

export const sendCode = (payload: PayloadOf<typeof calls.loginCode>) =>
  http.request(calls.loginCode, payload, { quiet: true });

export const useSendCode = () => useMutation({ mutationFn: sendCode });
