// Process entry: configuration, the app, listen, graceful shutdown. Nothing else.
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { CLOSE_BOUND_MS, createReadiness } from './http/readiness.ts';
import { startUrls } from './routes/landing.ts';

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

const readiness = createReadiness();
// The pool is warmed at start: /readyz says 'starting' until a worker has parsed a first PDF.
const app = await buildApp(config, { logger: true, readiness, warmPool: true });
if (config.jwtSecretGenerated) {
  app.log.warn(
    'JWT_SECRET is not set: using a random secret for this process; tokens will not survive a restart nor work across instances',
  );
}

if (config.oauth.signingKeyGenerated) {
  app.log.warn(
    'OAUTH_SIGNING_KEY is not set: access tokens of the OAuth server are signed with a key made for this process; they will not survive a restart nor work across instances',
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  // /readyz answers 503 from now on. On SIGTERM (an orchestrator's stop) the server
  // keeps taking requests for SHUTDOWN_DELAY_MS, the time a load balancer needs to
  // see that and stop sending; SIGINT (Ctrl+C) closes at once.
  readiness.beginDraining();
  const delayMs = signal === 'SIGTERM' ? config.shutdownDelayMs : 0;
  app.log.info({ signal, delayMs }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, delayMs + CLOSE_BOUND_MS);
  timer.unref();
  if (delayMs > 0) await sleep(delayMs);
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
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
app.log.info({ urls: startUrls(config.host, port) }, 'ready to serve: open the first URL');
