// Process entry: configuration, the app, listen, graceful shutdown. Nothing else.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Invalid configuration: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const app = await buildApp(config, { logger: true });
if (config.jwtSecretGenerated) {
  app.log.warn('JWT_SECRET is not set: using a random secret for this process; tokens will not survive a restart nor work across instances');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests get a bounded time to finish; then the process exits anyway.
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, 10_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ host: config.host, port: config.port });
} catch (err) {
  app.log.fatal({ err }, 'could not listen');
  process.exit(1);
}
