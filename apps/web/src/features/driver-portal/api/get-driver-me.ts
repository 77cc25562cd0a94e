import type { Driver } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverSession } from '../hooks/use-driver-session.ts';
import { driverRequest } from '../utils/driver-request.ts';

/** `GET /api/drivers/me`: the signed-in driver; a 401 ends the session (driverRequest). */
export async function getDriverMe({ signal }: { signal?: AbortSignal } = {}): Promise<Driver> {
  const driver = await driverRequest<Driver>('/api/drivers/me', { signal });
  driverSession.updateDriver(driver);
  return driver;
}

export function getDriverMeQueryOptions(token: string | null) {
  return queryOptions({ queryKey: ['drivers', 'me', token], queryFn: ({ signal }) => getDriverMe({ signal }) });
}

export function useDriverMe(token: string | null) {
  return useQuery({ ...getDriverMeQueryOptions(token), enabled: !!token });
}
