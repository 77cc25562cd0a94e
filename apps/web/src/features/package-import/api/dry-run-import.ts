import { importDryRunSchema, type PackageImportRequest } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/package-imports` with `dryRun`: what an import would do; nothing is written. */
export function dryRunImport(body: PackageImportRequest) {
  return api.post('/api/package-imports', { ...body, dryRun: true }, importDryRunSchema);
}

export function useDryRunImport() {
  return useMutation({ mutationFn: dryRunImport });
}
