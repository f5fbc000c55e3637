// Tests of the shared state on Redis run when REDIS_URL names a server (CI starts Debian's
// redis-server and sets it; see .ci/run), and say so in one line when it is absent, so that
// `npm test` on a machine with only Node and npm runs everything else.
import { randomBytes } from 'node:crypto';
import { test, type TestContext } from 'node:test';

/** REDIS_URL of the test run, or undefined. */
export const testRedisUrl: string | undefined = process.env.REDIS_URL || undefined;

/** The reason a Redis test is skipped, printed once per file by node:test's skip message. */
export const NO_REDIS = 'REDIS_URL is not set: tests against a Redis server skipped (CI starts one)';

/** A key prefix of its own per test, so that test files running at once never share keys. */
export function uniquePrefix(name: string): string {
  return `test:${name}:${randomBytes(6).toString('hex')}:`;
}

/** test() that runs only with a Redis server, and is skipped with NO_REDIS otherwise. */
export function redisTest(name: string, fn: (t: TestContext, url: string) => Promise<void>): void {
  const url = testRedisUrl;
  if (url === undefined) test(name, { skip: NO_REDIS }, () => {});
  else test(name, (t) => fn(t, url));
}
