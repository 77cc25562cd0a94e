import { RECENT_PACKAGES_MAX, RECENT_PACKAGES_STORAGE_KEY } from '@cargo/shared';

/** Same-tab writes (the `storage` event only reaches other tabs). */
const CHANGE_EVENT = 'recent-packages-change';
const EMPTY: readonly string[] = Object.freeze([]);

let cachedRaw: string | null = null;
let cachedList: readonly string[] = EMPTY;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(RECENT_PACKAGES_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): no recent list then.
    return null;
  }
}

function parse(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, RECENT_PACKAGES_MAX);
  } catch {
    return EMPTY;
  }
}

/** The tracking numbers this browser has tracked, newest first, at most {@link RECENT_PACKAGES_MAX}. */
export function readRecentPackages(): readonly string[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = parse(raw);
  }
  return cachedList;
}

/** Puts a tracking number first (once, whatever its letter case) and keeps the newest ten. */
export function addRecentPackage(trackingNumber: string): void {
  const number = trackingNumber.trim();
  if (!number) return;
  const key = number.toUpperCase();
  const next = [number, ...readRecentPackages().filter((item) => item.toUpperCase() !== key)].slice(0, RECENT_PACKAGES_MAX);
  try {
    window.localStorage.setItem(RECENT_PACKAGES_STORAGE_KEY, JSON.stringify(next));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function subscribeRecentPackages(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}
