import { Button, Loader, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, memo, Suspense, useCallback, useEffect, useRef, useState, type ComponentProps, type ComponentType, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useFirstLoadRetry } from '../../../lib/use-first-load-retry.ts';
import { getPackageQueryOptions, usePackage } from '../api/get-package.ts';
import { SEARCH_TEXTS } from '../texts.ts';
import { AlertIcon, SearchIcon } from './tracking-icons.tsx';
import classes from './tracking-section.module.css';

// The package cards, and the map behind them, load only once there is a package to show (home budget: 170 KB).
type PackageViewType = ComponentType<ComponentProps<typeof import('./package-view.tsx').default>>;
/** The cards' component once its chunk has loaded: rendered directly then, with no Suspense hand-over. */
let LoadedPackageView: PackageViewType | null = null;
const loadPackageView = () =>
  import('./package-view.tsx').then((module) => {
    LoadedPackageView = module.default;
    return module;
  });
const LazyPackageView = lazy(loadPackageView);

export const TRACK_PARAM = 'track';

function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return SEARCH_TEXTS.notFound;
  if (error instanceof ApiError && error.status === 429) return SEARCH_TEXTS.tooManyRequests;
  return SEARCH_TEXTS.failed;
}

function PackageLoading({ text = SEARCH_TEXTS.loadingPackage }: { text?: string }) {
  return (
    <div className={classes.loading} role="status">
      <Loader size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/**
 * The package cards, keyed by package by the caller: another package gets a fresh map fit and fresh tracking settings.
 * Once the cards' chunk has loaded (the search starts loading it) they replace the loading place in one commit, without
 * suspending: a Suspense fallback would first take the loading place away for a moment, and the page below would jump.
 * The boundary is the same whether or not the chunk has loaded, so a page the server rendered with its package
 * (decision 042) hydrates whichever way the browser's first render goes.
 *
 * Memoised: the search's own changes (its button busy while the package is looked up again) leave it alone. On a page
 * the server rendered, a change that reached this boundary before it had hydrated would make React hydrate all the
 * cards at once in one blocking task (Lighthouse's total blocking time); left alone, they hydrate in short slices.
 */
const PackageSlot = memo(function PackageSlot(props: ComponentProps<PackageViewType>) {
  // Chosen once: switching from the lazy component to the loaded one on a later render would mount the cards afresh.
  const [View] = useState(() => LoadedPackageView ?? LazyPackageView);
  return (
    <Suspense fallback={<PackageLoading />}>
      <View {...props} />
    </Suspense>
  );
});

/**
 * The search of the public tracking page (spec §2) and, once found, the package. A tracking number arrives typed or
 * as the `track` query parameter, which is searched at once and then removed from the address bar.
 */
export function TrackingSection({ onPackageFound, advanceNotice = false }: { onPackageFound?: (trackingNumber: string) => void; advanceNotice?: boolean }) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  // A page opened with ?track= searches from its first render (and so does the server's HTML of it, decision 042): the
  // loading place then stays put while the parameter is removed from the address, which commits apart.
  const [opened] = useState(() => searchParams.get(TRACK_PARAM)?.trim() || null);
  const [input, setInput] = useState(opened ?? '');
  const [trackingNumber, setTrackingNumber] = useState<string | null>(opened);
  const current = useRef<string | null>(opened);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(false);
  const pkg = usePackage(trackingNumber);
  // A lookup that met no server (a deploy, a dropped network) is tried again by itself (decision 045).
  const retry = useFirstLoadRetry(getPackageQueryOptions(trackingNumber ?? '').queryKey);
  const reconnecting = !!trackingNumber && retry === 'reconnecting';

  const search = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    void loadPackageView();
    setInput(trimmed);
    if (trimmed === current.current) {
      // The same number again: data is never stale (spec §7), so look it up afresh.
      void queryClient.refetchQueries({ queryKey: getPackageQueryOptions(trimmed).queryKey, exact: true });
    } else {
      current.current = trimmed;
      setTrackingNumber(trimmed);
    }
  };

  const trackParam = searchParams.get(TRACK_PARAM);
  useEffect(() => {
    if (trackParam === null || !trackParam.trim()) return;
    // The address the page was opened with is already being searched (above); a later Track button searches here.
    if (mounted.current || trackParam.trim() !== opened) search(trackParam);
    else void loadPackageView();
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(TRACK_PARAM);
        return next;
      },
      { replace: true },
    );
    // A Track button further down the page searched: bring the result into view and focus to its start. (A link
    // that opened the page with the parameter leaves focus where the browser put it.)
    if (mounted.current) {
      window.scrollTo({ top: 0 });
      headingRef.current?.focus({ preventScroll: true });
    }
    // Once per parameter value: the search itself reads the latest state through refs.
  }, [trackParam]);
  // Declared after the effect above, so that on the first render it still sees `false`.
  useEffect(() => {
    mounted.current = true;
  }, []);

  // A package that is gone (404) is hidden; after any other failed refresh the last good answer stays on screen.
  const notFound = pkg.isError && pkg.error instanceof ApiError && pkg.error.status === 404;
  const shown = notFound ? undefined : pkg.data;
  const foundNumber = shown?.trackingNumber ?? null;
  useEffect(() => {
    if (!foundNumber) return;
    // Typed as 'pkg123', found as 'PKG123': from now on the package is kept under its own number, the key the pushed
    // status changes of /ws are written under, so the summary follows them too.
    if (shown && foundNumber !== trackingNumber) {
      queryClient.setQueryData(getPackageQueryOptions(foundNumber).queryKey, shown);
      current.current = foundNumber;
      setTrackingNumber(foundNumber);
    }
    onPackageFound?.(foundNumber);
  }, [foundNumber]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(input);
  };

  const refetchPackage = pkg.refetch;
  const refreshPackage = useCallback(() => refetchPackage(), [refetchPackage]);
  const busy = pkg.isFetching;
  const blank = !input.trim();
  // The error banner announces itself (role alert); a found package is announced here.
  const announcement = foundNumber && !busy ? SEARCH_TEXTS.found(foundNumber) : '';

  return (
    <>
      <section className={classes.hero} aria-labelledby="track-title">
        <h1 id="track-title" ref={headingRef} tabIndex={-1} className={classes.title}>
          {SEARCH_TEXTS.title}
        </h1>
        <p className={classes.intro}>{SEARCH_TEXTS.intro}</p>
        <form className={classes.form} onSubmit={onSubmit} role="search" aria-labelledby="track-title" noValidate>
          {/* A plain input rather than Mantine's TextInput keeps ~4 KB gzip off the home page's first load. */}
          <div className={classes.field}>
            <label htmlFor="tracking-number" className={classes.label}>
              {SEARCH_TEXTS.inputLabel}
            </label>
            <div className={classes.inputWrap}>
              <SearchIcon className={classes.inputIcon} />
              <input
                id="tracking-number"
                className={classes.input}
                type="text"
                placeholder={SEARCH_TEXTS.placeholder}
                value={input}
                onChange={(event) => setInput(event.currentTarget.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                enterKeyHint="search"
              />
            </div>
          </div>
          <Button type="submit" size="md" color="#c2410c" className={classes.submit} disabled={busy || blank}>
            {busy ? SEARCH_TEXTS.submitting : SEARCH_TEXTS.submit}
          </Button>
        </form>
      </section>

      <VisuallyHidden role="status">{announcement}</VisuallyHidden>

      {pkg.isError && !reconnecting && (
        <div className={classes.error} role="alert">
          <AlertIcon />
          <span>{errorText(pkg.error)}</span>
        </div>
      )}

      {/* A link with ?track= shows the loading place from the first paint, before the effect above has searched. */}
      {((trackingNumber && pkg.isPending) || (!trackingNumber && trackParam?.trim())) && !reconnecting && <PackageLoading />}
      {reconnecting &&
        (shown ? (
          <div className={classes.reconnecting} role="status">
            <Loader size="xs" aria-hidden="true" />
            <span>{SEARCH_TEXTS.reconnectingShown}</span>
          </div>
        ) : (
          <PackageLoading text={SEARCH_TEXTS.reconnecting} />
        ))}

      {shown && <PackageSlot key={shown.trackingNumber} pkg={shown} onRefreshPackage={refreshPackage} advanceNotice={advanceNotice} />}
    </>
  );
}
