import { calls, type PayloadOf } from '@return-center/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../shared/http';

export const login = (payload: PayloadOf<typeof calls.login>) => http.request(calls.login, payload, { quiet: true });

export const useLogin = () => useMutation({ mutationFn: login });
