import { tooManyRequests, unauthorized } from '../lib/http-errors.ts';
import type { CounterStore } from './counter-store.ts';

/** 10 failed sign-ins per account or per IP in 15 minutes, for admin passwords and driver PINs (design.md §4). */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

export type SignInKind = 'admin' | 'driver';

export class SignInGuard {
  constructor(private readonly store: CounterStore) {}

  /**
   * One sign-in attempt: 429 while the account or the IP is blocked; otherwise `authenticate`, counting a failure
   * (401 with `failureMessage`) or clearing the account's count on success. Answers who signed in.
   */
  async attempt<T>(kind: SignInKind, account: string, ip: string, authenticate: () => Promise<T | null>, failureMessage: string): Promise<T> {
    await this.check(kind, account, ip);
    const subject = await authenticate();
    if (!subject) {
      await this.fail(kind, account, ip);
      throw unauthorized(failureMessage);
    }
    await this.succeed(kind, account);
    return subject;
  }

  /** Throws 429 with Retry-After when the account or the IP has used up its failures. */
  async check(kind: SignInKind, account: string, ip: string): Promise<void> {
    const [byAccount, byIp] = await Promise.all([this.store.peek(`signin:${kind}:acct:${account}`), this.store.peek(`signin:ip:${ip}`)]);
    const blocked = [byAccount, byIp].filter((c) => c.count >= SIGN_IN_MAX_FAILURES);
    if (blocked.length > 0) throw tooManyRequests(Math.max(...blocked.map((c) => c.resetInMs)) / 1000);
  }

  async fail(kind: SignInKind, account: string, ip: string): Promise<void> {
    await Promise.all([
      this.store.hit(`signin:${kind}:acct:${account}`, SIGN_IN_WINDOW_MS),
      this.store.hit(`signin:ip:${ip}`, SIGN_IN_WINDOW_MS),
    ]);
  }

  async succeed(kind: SignInKind, account: string): Promise<void> {
    await this.store.reset(`signin:${kind}:acct:${account}`);
  }
}
