import { useEffect, useState } from 'react';

export type LocationPermission = 'granted' | 'denied' | 'prompt' | 'unknown';

/** The geolocation permission (spec §4 'Driver permission'), kept current; `markDenied` records a refusal seen in an error. */
export function useLocationPermission() {
  const [permission, setPermission] = useState<LocationPermission>('unknown');
  useEffect(() => {
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const update = () => status && setPermission(status.state as LocationPermission);
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        if (cancelled) return;
        status = s;
        update();
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      status?.removeEventListener('change', update);
    };
  }, []);
  return { permission, markDenied: () => setPermission('denied'), markGranted: () => setPermission((p) => (p === 'denied' ? 'granted' : p)) };
}
