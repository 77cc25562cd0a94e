import { latLngSchema } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/parse-maps-link`: asked only for a link the page cannot read itself (a short link). */
export function parseMapsLinkOnServer(link: string) {
  return api.post('/api/parse-maps-link', { link }, latLngSchema);
}

export function useParseMapsLink() {
  return useMutation({ mutationFn: parseMapsLinkOnServer });
}
