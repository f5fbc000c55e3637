// The service as a child process started exactly as `npm start` starts it (package.json's Node
// flags, only the variables a test sets): the tests of the real process over a real socket.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER = 'src/server.ts';
// The servers here start exactly as `npm start` starts them (same Node flags).
export const START = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts.start!;
export const START_ARGS = START.split(/\s+/).slice(1);
// Generous: starting three Node processes at once on a busy 2-core machine takes seconds each.
export const HANG_GUARD_MS = 45_000;

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  stdout: () => string;
  stderr: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/** Only the variables the test sets, so the embedded defaults are what is exercised. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env };
}

export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left behind: a child still running would keep the test file from ending.
      child.kill('SIGKILL');
      reject(new Error(`server did not start: ${out}${err}`));
    }, HANG_GUARD_MS);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}${err}`));
    });
  });
  return {
    child,
    base,
    stdout: () => out,
    stderr: () => err,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const guard = setTimeout(() => child.kill('SIGKILL'), HANG_GUARD_MS);
      const [code] = (await exited) as [number | null];
      clearTimeout(guard);
      return code;
    },
  };
}
