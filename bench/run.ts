// Runs every bench/*.bench.ts in its own process, one after the other, so that
// one benchmark's heap and sockets never colour the next one's figures.
// `npm run bench -- name` runs only the files whose name contains `name`.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`!!! ${file} exited with ${r.status ?? r.signal}`);
  }
}
if (files.length === 0) console.log(`no benchmark matches '${filter}'`);
process.exit(failed === 0 ? 0 : 1);
