import { ADMIN_TOKEN_KEY, type LoginInput } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/auth/login`: answers the token (kept under admin_token, spec §6) and the admin. */
export async function login(input: LoginInput) {
  const schemas = import('./auth-schemas.ts');
  const body = await api.post<unknown>('/api/auth/login', input, undefined, { token: null });
  return (await schemas).loginResponseSchema.parse(body);
}

export function storeAdminToken(token: string | null) {
  try {
    if (token) window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
    else window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Blocked storage: the HttpOnly cookie still carries the session.
  }
}

export function readAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
