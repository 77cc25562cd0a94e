import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/auth/logout`: ends the session on the server (and its cookie). */
export function logout() {
  return api.post('/api/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
