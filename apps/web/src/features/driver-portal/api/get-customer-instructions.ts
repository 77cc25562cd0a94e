import type { DriverStopInstructions } from '@cargo/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { driverRequest } from '../utils/driver-request.ts';

/**
 * `GET /api/drivers/{id}/customer-instructions` (issue 33): what the driver's customers asked for, per package; the
 * access code only on the day. One request for the whole route; the stops and the close-stop sheet read it.
 */
export function getCustomerInstructions(driverId: string, { signal }: { signal?: AbortSignal } = {}): Promise<DriverStopInstructions[]> {
  return driverRequest<DriverStopInstructions[]>(`/api/drivers/${encodeURIComponent(driverId)}/customer-instructions`, { signal });
}

export function getCustomerInstructionsQueryOptions(driverId: string) {
  return queryOptions({ queryKey: ['drivers', driverId, 'customer-instructions'], queryFn: ({ signal }) => getCustomerInstructions(driverId, { signal }) });
}

/** The instructions of one package, or undefined (none given, or not loaded yet: offline the stop shows without them). */
export function useCustomerInstructions(driverId: string | null, packageId: string, pollMs: number | false = false): DriverStopInstructions | undefined {
  const query = useQuery({ ...getCustomerInstructionsQueryOptions(driverId ?? ''), enabled: !!driverId, refetchInterval: pollMs });
  return query.data?.find((row) => row.packageId === packageId);
}
