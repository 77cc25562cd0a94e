import type { ExportResource } from '@cargo/shared';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDownloadExport, type ExportQuery } from '../api/download-export.ts';
import { EXPORT_TEXT as T } from '../texts.ts';

/**
 * Downloads the list it sits beside as CSV, with the filters the list shows (every matching row, not only the page).
 * The server streams it and neutralises formula cells (OWASP CSV injection).
 */
export function ExportButton({ resource, query }: { resource: ExportResource; query: ExportQuery }) {
  const download = useDownloadExport();
  return (
    <Button
      variant="default"
      size="xs"
      loading={download.isPending}
      aria-label={T.label(T.what[resource])}
      onClick={() =>
        download.mutate(
          { resource, query },
          { onError: (error) => notifications.show({ color: 'red', title: T.failed, message: error instanceof Error ? error.message : '' }) },
        )
      }
    >
      {T.button}
    </Button>
  );
}
