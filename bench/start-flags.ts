// The Node flags `npm start` runs the service with (package.json's scripts.start), so that a
// bench's app child runs as production does. package.json is the one source: the Containerfile's
// CMD is checked against it (test/deploy/manifests.test.ts) and the smoke test reads the image's.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  scripts: { start: string };
};

export const START_FLAGS: string[] = pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
