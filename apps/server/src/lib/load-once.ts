/**
 * A package that only a rare path uses (image processing, the PDF receipt, the template engine, the S3 client, the
 * mail transport, Redis when configured), imported the first time that path runs rather than at start: an idle
 * server does not hold them (issue 31: memory at rest; bench/RESULTS.md). The first use waits for the import once;
 * the promise is kept, so later uses wait for nothing. An import that failed is tried again next time.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
}
