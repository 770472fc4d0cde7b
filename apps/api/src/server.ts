// Starts the API (and, in production, the web app) and stops it gracefully on SIGTERM/SIGINT.
import { buildApp } from './app';
import { ConfigError, deploymentProblems, loadConfig } from './config';
import { keepTickObjectShape } from './lib/tick-object-shape';

async function main() {
  keepTickObjectShape();
  // Whatever this process creates under DATA_DIR without naming a mode is the owner's alone (0600 files,
  // 0700 folders). The embedded database sets 0666 on its own files: its 0700 folder keeps them private.
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    const problems = deploymentProblems(config);
    if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    // Node closes only the keep-alive connections that are idle when close() starts; one that was busy
    // would otherwise stay open after its last response until the keep-alive timeout.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 100);
    sweeper.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
