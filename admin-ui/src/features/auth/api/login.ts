import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** `code`: the authenticator's six digits or a recovery code, when the account has two-factor on. */
export type LoginInput = { username: string; password: string; code?: string };
export type LoginResponse = { responseBody?: { token?: string; expiresAt?: string }; message?: string };

export const login = (input: LoginInput) => request<LoginResponse>('/authenticate', { method: 'POST', body: input });

/** A new session starts clean: nothing read under another account (its role, its lists) is kept. */
export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: () => queryClient.clear() });
};
