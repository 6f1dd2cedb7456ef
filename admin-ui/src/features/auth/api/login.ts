import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export type LoginInput = { username: string; password: string };
export type LoginResponse = { responseBody?: { token?: string; expiresAt?: string }; message?: string };

export const login = (input: LoginInput) => request<LoginResponse>('/authenticate', { method: 'POST', body: input });

export const useLogin = () => useMutation({ mutationFn: login });
