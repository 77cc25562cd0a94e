import { ADMIN_TOKEN_KEY, fleetServerMessageSchema } from '@cargo/shared';
import { useEffect, useRef, useState } from 'react';
import type { FleetStore } from '../utils/fleet-store.ts';

export type FleetFeedStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

function storedToken(): string | undefined {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The fleet map's own /ws subscription (admin only: the server checks the session the token names, or the socket's
 * cookie). Positions go straight into the store; after a reconnect the snapshot is asked again once the server has
 * confirmed the subscription, so nothing sent while the socket was down is missed. Reconnects with backoff and jitter
 * (1 s to 30 s), at once when the page becomes visible again. It stays apart from the tracking pages' live client
 * (lib/live-updates): another kind of subscription, with its own authorisation.
 */
export function useFleetSocket(store: FleetStore, resync: () => void): FleetFeedStatus {
  const [status, setStatus] = useState<FleetFeedStatus>('connecting');
  const resyncRef = useRef(resync);
  resyncRef.current = resync;

  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let stopped = false;
    let everLive = false;

    const connect = () => {
      if (stopped) return;
      timer = null;
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'subscribe_fleet', token: storedToken() }));
      socket.onmessage = (event: MessageEvent) => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = fleetServerMessageSchema.safeParse(raw);
        if (!parsed.success) return;
        const message = parsed.data;
        if (message.type === 'fleet_positions') store.apply(message.positions);
        else if (message.type === 'fleet_subscribed') {
          attempt = 0;
          if (everLive) resyncRef.current();
          everLive = true;
          setStatus('live');
        } else {
          stopped = true;
          setStatus('refused');
          socket?.close();
        }
      };
      socket.onclose = () => {
        socket = null;
        if (stopped) return;
        setStatus('reconnecting');
        const step = Math.min(30_000, 1_000 * 2 ** attempt);
        attempt += 1;
        timer = setTimeout(connect, step / 2 + Math.random() * (step / 2));
      };
    };

    const wake = () => {
      if (document.visibilityState !== 'visible' || socket || stopped) return;
      if (timer) clearTimeout(timer);
      connect();
    };
    connect();
    document.addEventListener('visibilitychange', wake);
    window.addEventListener('online', wake);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      document.removeEventListener('visibilitychange', wake);
      window.removeEventListener('online', wake);
      socket?.close();
    };
  }, [store]);

  return status;
}
