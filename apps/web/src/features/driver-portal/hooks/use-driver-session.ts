import { DRIVER_TOKEN_KEY, type Driver } from '@cargo/shared';
import { useSyncExternalStore } from 'react';

/**
 * One driver session for every driver page (design.md §4): the token under its own local-storage key
 * (`driver_token`, apart from the admin's), the driver beside it. An expired session keeps the driver's identity
 * so the page can ask for the PIN again without losing what it was doing.
 */
export interface DriverSessionState {
  token: string | null;
  driver: Driver | null;
  /** The server refused the token (401): sign in again, the page stays as it is. */
  expired: boolean;
}

const DRIVER_KEY = 'driver_profile';
const listeners = new Set<() => void>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage blocked: the session lasts as long as the page.
  }
}

function load(): DriverSessionState {
  const token = read(DRIVER_TOKEN_KEY);
  let driver: Driver | null;
  try {
    const raw = read(DRIVER_KEY);
    driver = raw ? (JSON.parse(raw) as Driver) : null;
  } catch {
    driver = null;
  }
  return { token: token && driver ? token : null, driver: token && driver ? driver : null, expired: false };
}

let state: DriverSessionState = typeof window === 'undefined' ? { token: null, driver: null, expired: false } : load();

function emit(next: DriverSessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key === DRIVER_TOKEN_KEY || event.key === DRIVER_KEY) emit(load());
  });
}

export const driverSession = {
  get: (): DriverSessionState => state,
  token: (): string | null => state.token,
  signIn(token: string, driver: Driver): void {
    write(DRIVER_TOKEN_KEY, token);
    write(DRIVER_KEY, JSON.stringify(driver));
    emit({ token, driver, expired: false });
  },
  /** Keeps the driver's latest details (name, position) without touching the token. */
  updateDriver(driver: Driver): void {
    if (!state.token) return;
    // Unchanged (the usual answer of the check on load): nothing to store, and no new driver object, which would draw
    // the whole screen again in one task (React renders a store's change synchronously; issue 21, part 7).
    const json = JSON.stringify(driver);
    if (state.driver && JSON.stringify(state.driver) === json) return;
    write(DRIVER_KEY, json);
    emit({ ...state, driver });
  },
  /** The server said 401: the token is gone, the driver and the page stay. */
  expire(): void {
    if (!state.token && state.expired) return;
    write(DRIVER_TOKEN_KEY, null);
    emit({ token: null, driver: state.driver, expired: state.driver !== null });
  },
  signOut(): void {
    write(DRIVER_TOKEN_KEY, null);
    write(DRIVER_KEY, null);
    emit({ token: null, driver: null, expired: false });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useDriverSession(): DriverSessionState {
  return useSyncExternalStore(driverSession.subscribe, driverSession.get, driverSession.get);
}
