import { buildApp } from './app.ts';
import { firstStartBanner } from './lib/first-start-banner.ts';
import { EnvError, loadEnv } from './env.ts';
import { buildOsmandListener } from './osmand-listener.ts';

/** The listener: builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }

  const app = await buildApp({ env });
  const osmand = env.OSMAND_PORT ? await buildOsmandListener(app) : null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await osmand?.close();
      await app.close();
      app.log.info('shutdown complete');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // A failed promise nobody awaited (a dependency failing under a background task) is logged, not fatal: the process
  // keeps serving, and the request paths answer 503 on their own while the dependency is down (issue 10).
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  if (osmand) await osmand.listen({ port: env.OSMAND_PORT, host: env.HOST });
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const banner = firstStartBanner(app.firstStart, env.PUBLIC_URL ?? `http://${host}:${env.PORT}`);
  if (banner) process.stdout.write(banner);
}

main().catch((err) => {
  process.stderr.write(`Failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
