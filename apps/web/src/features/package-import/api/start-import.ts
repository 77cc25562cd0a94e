import { packageImportSchema, type PackageImportRequest } from '@cargo/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `POST /api/package-imports`: queues the import (202); it runs in the background. */
export function startImport(body: PackageImportRequest) {
  return api.post('/api/package-imports', { ...body, dryRun: false }, packageImportSchema);
}

export function useStartImport() {
  return useMutation({ mutationFn: startImport });
}
