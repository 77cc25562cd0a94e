import { tooManyRequests } from '../lib/http-errors.ts';
import type { CounterStore } from './counter-store.ts';

/** 10 failed sign-ins per account or per IP in 15 minutes, for admin passwords and driver PINs (design.md §4). */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export class SignInGuard {
  constructor(private readonly store: CounterStore) {}

  /** Throws 429 with Retry-After when the account or the IP has used up its failures. */
  async check(kind: 'admin' | 'driver', account: string, ip: string): Promise<void> {
    const [byAccount, byIp] = await Promise.all([this.store.peek(`signin:${kind}:acct:${account}`), this.store.peek(`signin:ip:${ip}`)]);
    const blocked = [byAccount, byIp].filter((c) => c.count >= SIGN_IN_MAX_FAILURES);
    if (blocked.length > 0) throw tooManyRequests(Math.max(...blocked.map((c) => c.resetInMs)) / 1000);
  }

  async fail(kind: 'admin' | 'driver', account: string, ip: string): Promise<void> {
    await Promise.all([
      this.store.hit(`signin:${kind}:acct:${account}`, SIGN_IN_WINDOW_MS),
      this.store.hit(`signin:ip:${ip}`, SIGN_IN_WINDOW_MS),
    ]);
  }

  async succeed(kind: 'admin' | 'driver', account: string): Promise<void> {
    await this.store.reset(`signin:${kind}:acct:${account}`);
  }
}
