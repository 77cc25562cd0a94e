import { NO_DRIVER, type DriverExportQuery, type PackageExportQuery, type PickupExportQuery } from '@cargo/shared';
import type { DriverRow, PackageRow, PickupRequestRow } from '../db/types.ts';
import type { Repositories } from '../repositories/index.ts';

/** Rows read per query: a page is one chunk of the response, so memory stays flat however many rows match. */
export const EXPORT_PAGE_SIZE = 500;

type Cursor = { key: string; id: string } | null;

/**
 * The CSV exports' rows (spec: any filtered list of the panel), read page by page with keyset paging, each page
 * only when the response stream asks for it: 100,000 rows cost the memory of one page.
 */
export class ExportService {
  constructor(private readonly repos: Repositories) {}

  async *packages(query: PackageExportQuery): AsyncGenerator<PackageRow[]> {
    const filter = {
      status: query.status,
      q: query.q,
      driverId: query.driverId === NO_DRIVER ? null : query.driverId,
      hasLink: query.hasLink === undefined ? undefined : query.hasLink === 'true',
    };
    const ordering = { sort: query.sort ?? 'createdAt', order: query.order ?? 'desc' } as const;
    let after: Cursor = null;
    for (;;) {
      const page = await this.repos.packages.exportPage(filter, ordering, after, EXPORT_PAGE_SIZE);
      if (page.length > 0) yield page;
      if (page.length < EXPORT_PAGE_SIZE) return;
      const last = page.at(-1)!;
      after = { key: last.sortKey, id: last.id };
    }
  }

  async *drivers(query: DriverExportQuery): AsyncGenerator<(DriverRow & { openPackages: number })[]> {
    const filter = { q: query.q, isActive: query.active === undefined ? undefined : query.active === 'true' };
    let after: Cursor = null;
    for (;;) {
      const page = await this.repos.drivers.exportPage(filter, after, EXPORT_PAGE_SIZE);
      if (page.length > 0) yield page;
      if (page.length < EXPORT_PAGE_SIZE) return;
      const last = page.at(-1)!;
      after = { key: last.createdAt, id: last.id };
    }
  }

  async *pickupRequests(query: PickupExportQuery): AsyncGenerator<PickupRequestRow[]> {
    let after: Cursor = null;
    for (;;) {
      const page = await this.repos.pickupRequests.exportPage({ q: query.q, status: query.status }, after, EXPORT_PAGE_SIZE);
      if (page.length > 0) yield page;
      if (page.length < EXPORT_PAGE_SIZE) return;
      const last = page.at(-1)!;
      after = { key: last.createdAt, id: last.id };
    }
  }
}
