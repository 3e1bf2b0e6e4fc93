// `npm start`: runs the service until SIGTERM/SIGINT, then drains and exits 0.
import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { consoleLogger as log } from './logger';
import { startService } from './service';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      log.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  // Handlers first: a SIGTERM during start-up must still stop the embedded database, not orphan it.
  let signalled: string | null = null;
  let service: Awaited<ReturnType<typeof startService>> | null = null;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = signal;
    if (!service) {
      log.info('shutdown requested during start-up; stopping once started', { signal });
      return;
    }
    log.info('shutting down', { signal });
    service.stop().then(
      () => {
        log.info('stopped');
        process.exit(0);
      },
      (err) => {
        log.error('shutdown failed', { err: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  service = await startService(config);
  if (signalled) {
    const signal = signalled;
    signalled = null;
    shutdown(signal);
  }
}

main().catch((err) => {
  log.error('start-up failed', { err: String((err as Error)?.stack ?? err) });
  process.exit(1);
});
