import { ADMIN_TOKEN_KEY, type Package, type PackageLookup, type PublicPackage } from '@cargo/shared';
import { Button, Card, Skeleton, Text } from '@mantine/core';
import { memo, useCallback, useDeferredValue } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/ui/status-badge.tsx';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { useQueryView, type QueryView } from '../../../lib/deferred-query.ts';
import { paths } from '../../../lib/paths.ts';
import { useNewestPackages } from '../api/get-newest-packages.ts';
import { useTrackedPackages } from '../api/get-tracked-packages.ts';
import { useRecentPackages } from '../hooks/use-recent-packages.ts';
import { RECENT_TEXTS } from '../texts.ts';
import { destinationOf } from '../utils/destination.ts';
import classes from './recent-packages.module.css';

/** The home page's search reads this parameter (spec §2: a Track button sets it). */
const TRACK_PARAM = 'track';

function hasAdminToken(): boolean {
  try {
    return !!window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return false;
  }
}

/** Read after hydration: the server's HTML (decision 042) is that of a visitor without the admin's sign-in. */
function useHasAdminToken(): boolean {
  return useHydrated() && hasAdminToken();
}

function SkeletonRow() {
  return (
    <tr aria-hidden="true">
      {[0, 1, 2, 3, 4].map((cell) => (
        <td key={cell}>
          <Skeleton height={14} width={cell === 4 ? 56 : '80%'} />
        </td>
      ))}
    </tr>
  );
}

function CellSkeleton() {
  return <Skeleton height={14} width="70%" />;
}

interface RowProps {
  trackingNumber: string;
  pkg: PublicPackage | undefined;
  loading: boolean;
  notFound: boolean;
  onTrack: (trackingNumber: string) => void;
}

function PackageRow({ trackingNumber, pkg, loading, notFound, onTrack }: RowProps) {
  return (
    <tr aria-busy={loading}>
      <th scope="row" className={classes.number}>
        {trackingNumber}
      </th>
      <td>
        {loading ? (
          <CellSkeleton />
        ) : pkg ? (
          <StatusBadge status={pkg.status} />
        ) : (
          <span className={classes.muted}>{notFound ? RECENT_TEXTS.notFound : RECENT_TEXTS.unknown}</span>
        )}
      </td>
      <td>{loading ? <CellSkeleton /> : pkg ? destinationOf(pkg) : RECENT_TEXTS.unknown}</td>
      <td>{loading ? <CellSkeleton /> : pkg?.estimatedDelivery || RECENT_TEXTS.unknown}</td>
      <td>
        <Button size="xs" onClick={() => onTrack(trackingNumber)} aria-label={RECENT_TEXTS.trackLabel(trackingNumber)}>
          {RECENT_TEXTS.track}
        </Button>
      </td>
    </tr>
  );
}


/**
 * Spec §2 'Recent Packages' under design.md §4: the packages this browser tracked (kept in local storage, refreshed
 * in one public request), then the server's newest when an admin is signed in.
 */
export function RecentPackages() {
  const [, setSearchParams] = useSearchParams();
  const numbers = useRecentPackages();
  const admin = useHasAdminToken();
  // Drawn from deferred views (lib/deferred-query.ts): a package tracked on this page, or the answers for the list,
  // re-render the table in short slices rather than in one task while the page is still loading.
  const tracked = useQueryView(useTrackedPackages(numbers));
  const newest = useQueryView(useNewestPackages(admin));
  const track = useCallback(
    (trackingNumber: string) => {
      // Replaced, not pushed: the search removes the parameter again, so Back should not return to it.
      setSearchParams({ [TRACK_PARAM]: trackingNumber }, { replace: true });
    },
    [setSearchParams],
  );
  return <RecentPackagesCard numbers={useDeferredValue(numbers)} admin={useDeferredValue(admin)} tracked={tracked} newest={newest} onTrack={track} />;
}

interface RecentPackagesCardProps {
  numbers: readonly string[];
  admin: boolean;
  tracked: QueryView<PackageLookup>;
  newest: QueryView<Package[]>;
  onTrack: (trackingNumber: string) => void;
}

const RecentPackagesCard = memo(function RecentPackagesCard({ numbers, admin, tracked: trackedQuery, newest, onTrack: track }: RecentPackagesCardProps) {
  const byNumber = new Map((trackedQuery.data?.packages ?? []).map((pkg) => [pkg.trackingNumber.toUpperCase(), pkg]));
  const missing = new Set((trackedQuery.data?.notFound ?? []).map((n) => n.toUpperCase()));

  const tracked = new Set(numbers.map((number) => number.toUpperCase()));
  const others = (newest.data ?? []).filter((pkg) => !tracked.has(pkg.trackingNumber.toUpperCase()));
  const newestLoading = admin && newest.isPending;

  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="recent-title" h="100%">
      <div className={classes.header}>
        <div>
          <h2 id="recent-title" className={classes.title}>
            {RECENT_TEXTS.title}
          </h2>
          <Text size="sm" c="dimmed">
            {admin ? RECENT_TEXTS.introAdmin : RECENT_TEXTS.intro}
          </Text>
        </div>
        <Button component={Link} to={paths.admin} variant="light">
          {RECENT_TEXTS.viewAll}
        </Button>
      </div>

      {numbers.length === 0 && others.length === 0 && !newestLoading ? (
        <p className={classes.empty}>{RECENT_TEXTS.empty}</p>
      ) : (
        <div className={classes.scroller} role="region" aria-label={RECENT_TEXTS.tableLabel} tabIndex={0}>
          <table className={classes.table}>
            <caption className={classes.visuallyHidden}>{RECENT_TEXTS.tableLabel}</caption>
            <thead>
              <tr>
                <th scope="col">{RECENT_TEXTS.trackingNumber}</th>
                <th scope="col">{RECENT_TEXTS.status}</th>
                <th scope="col">{RECENT_TEXTS.destination}</th>
                <th scope="col">{RECENT_TEXTS.estDelivery}</th>
                <th scope="col">{RECENT_TEXTS.actions}</th>
              </tr>
            </thead>
            <tbody>
              {numbers.map((number) => {
                const pkg = byNumber.get(number.toUpperCase());
                return (
                  <PackageRow
                    key={number.toUpperCase()}
                    trackingNumber={pkg?.trackingNumber ?? number}
                    pkg={pkg}
                    loading={trackedQuery.isPending}
                    notFound={missing.has(number.toUpperCase())}
                    onTrack={track}
                  />
                );
              })}
              {others.map((pkg) => (
                <PackageRow key={pkg.trackingNumber.toUpperCase()} trackingNumber={pkg.trackingNumber} pkg={pkg} loading={false} notFound={false} onTrack={track} />
              ))}
              {newestLoading && (
                <>
                  <SkeletonRow />
                  <SkeletonRow />
                  <SkeletonRow />
                </>
              )}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
});
