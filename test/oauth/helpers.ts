// The app with its lab OAuth server on a real socket, and openid-client configured for it as a
// class's client would be: discovery from the issuer, the lab client id and secret.
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import * as client from 'openid-client';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, LAB, type TestAppOptions } from '../helpers/app.ts';

/** A port free at the time of asking: the issuer must be known before the app is built. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface OAuthApp {
  app: FastifyInstance;
  issuer: string;
  /** openid-client's view of the server, for the lab client */
  as: client.Configuration;
  /** every log line the app wrote (pino, level trace) */
  logLines: string[];
  close(): Promise<void>;
}

export async function startOAuthApp(options: TestAppOptions = {}): Promise<OAuthApp> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const logLines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  const app = await buildTestApp({
    logger: { level: 'trace', stream },
    ...options,
    env: { OAUTH_ISSUER: issuer, ...options.env },
  });
  await app.listen({ host: '127.0.0.1', port });
  const as = await client.discovery(
    new URL(issuer),
    options.env?.OAUTH_CLIENT_ID ?? LAB.OAUTH_CLIENT_ID,
    options.env?.OAUTH_CLIENT_SECRET ?? LAB.OAUTH_CLIENT_SECRET,
    undefined,
    { execute: [client.allowInsecureRequests] },
  );
  return { app, issuer, as, logLines, close: () => app.close() };
}

/** GET add-oauth on the socket, with this Authorization value (none when undefined). */
export async function addOAuth(issuer: string, authorization?: string, path = '/apis/add-oauth') {
  const res = await fetch(`${issuer}${path}?input1=5&input2=7`, {
    headers: authorization === undefined ? {} : { authorization },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}
