import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/http-errors.ts';
import type { CounterStore } from './counter-store.ts';

/**
 * GPS ingest limits (design.md §4, issue 7): counted per signed-in driver, share link or device, never per IP,
 * because a fleet behind one carrier's NAT shares an IP; only unauthenticated attempts (an unknown device
 * identifier) are counted per IP.
 */
export const INGEST_PER_MINUTE = 600;
export const UNKNOWN_DEVICE_ATTEMPTS_PER_MINUTE = 60;
const WINDOW_MS = 60_000;

export class IngestLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly max = INGEST_PER_MINUTE,
    private readonly unknownMax = UNKNOWN_DEVICE_ATTEMPTS_PER_MINUTE,
  ) {}

  /** Counts one ingest request for an identity ('driver:…', 'device:…'); 429 with Retry-After beyond the limit. */
  async hit(identity: string): Promise<void> {
    const { count, resetInMs } = await this.store.hit(`ingest:${identity}`, WINDOW_MS);
    if (count > this.max) throw tooManyRequests(resetInMs / 1000);
  }

  /** The identity of a request that passed the role table: the driver, the share link or the admin. */
  async hitPrincipal(request: FastifyRequest): Promise<void> {
    const p = request.principal;
    if (!p) return;
    const identity = p.role === 'driver' ? `driver:${p.driverId}` : p.role === 'share' ? `share:${p.shareLinkId}` : p.role === 'admin' ? `admin:${p.adminId}` : `apikey:${p.apiKeyId}`;
    await this.hit(identity);
  }

  /** Refuses an IP that has tried too many unknown device identifiers. */
  async checkUnknownAttempts(ip: string): Promise<void> {
    const { count, resetInMs } = await this.store.peek(`ingest:unknown-ip:${ip}`);
    if (count >= this.unknownMax) throw tooManyRequests(resetInMs / 1000);
  }

  async failUnknown(ip: string): Promise<void> {
    await this.store.hit(`ingest:unknown-ip:${ip}`, WINDOW_MS);
  }
}
