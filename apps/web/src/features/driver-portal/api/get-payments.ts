import type { DriverCash, Package, PackageLedger } from '@cargo/shared';
import { useQuery } from '@tanstack/react-query';
import { driverRequest } from '../utils/driver-request.ts';

/** Whether a stop may owe money: an amount was set and it is not delivered yet (no request for the others). */
export const mayOwe = (pkg: Package) => (pkg.amountDue ?? 0) > 0 && pkg.status !== 'delivered';

/** `GET /api/packages/{id}/payments`: what the stop still owes (issue 32), for the banner and the close-stop sheet. */
export function useStopBalance(pkg: Package, pollMs: number | false = false) {
  return useQuery({
    queryKey: ['drivers', 'ledger', pkg.id, pkg.amountDue, pkg.status],
    queryFn: ({ signal }) => driverRequest<PackageLedger>(`/api/packages/${encodeURIComponent(pkg.id)}/payments`, { signal }),
    enabled: mayOwe(pkg),
    refetchInterval: pollMs,
  });
}

/** `GET /api/drivers/me/cash`: the driver's own cash in hand. */
export function useDriverCash(pollMs: number | false = false) {
  return useQuery({ queryKey: ['drivers', 'me', 'cash'], queryFn: ({ signal }) => driverRequest<DriverCash>('/api/drivers/me/cash', { signal }), refetchInterval: pollMs });
}
