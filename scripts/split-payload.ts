// npx node scripts/split-payload.ts payload.json: splits a chunking payload that is over one
// index-documents call (1000 documents, 16 MB) into payload.1.json ... payload.N.json, the same
// batches as the service's X-Index-Batches (packBatches: in order, at most 1000 documents and
// 12 MiB each), and prints their names. Int64 ids keep their digits: jq 1.6 (Debian 12's) reads
// every number as a double, so its split turns 9007199254740993 into 9007199254740992; here an
// integer past 2^53 is carried as its source text (JSON.rawJSON), and every other value is
// written back as the service wrote it.
import { readFileSync, writeFileSync } from 'node:fs';
import { packBatches } from '../src/documents/payload.ts';

/** JSON.rawJSON (Node 21+; not in TypeScript's es2024 lib): a value JSON.stringify writes as this text. */
const rawJSON = (text: string): unknown => (JSON as unknown as { rawJSON: (text: string) => unknown }).rawJSON(text);

/** An integer the JSON text holds past Number's exact range, kept as its own digits. */
const keepDigits = (_key: string, value: unknown, context?: { source?: string }): unknown =>
  typeof value === 'number' &&
  !Number.isSafeInteger(value) &&
  context?.source !== undefined &&
  /^-?[0-9]+$/.test(context.source)
    ? rawJSON(context.source)
    : value;

/** The payload's documents in index-documents calls, each a `{"value":[...]}` JSON text. */
export function splitPayload(text: string, maxDocs?: number, maxBytes?: number): string[] {
  const payload = JSON.parse(text, keepDigits) as { value?: unknown };
  if (!Array.isArray(payload.value)) throw new Error('not a chunking payload: no "value" array');
  const docs = payload.value.map((d) => JSON.stringify(d));
  const batches = packBatches(
    docs.map((d) => Buffer.byteLength(d)),
    maxDocs,
    maxBytes,
  );
  return batches.map(([start, end]) => `{"value":[${docs.slice(start, end).join(',')}]}`);
}

function main(): void {
  const file = process.argv[2];
  if (file === undefined || !file.endsWith('.json')) {
    console.error('usage: npx node scripts/split-payload.ts payload.json');
    process.exit(2);
  }
  const parts = splitPayload(readFileSync(file, 'utf8'));
  for (const [i, part] of parts.entries()) {
    const out = file.replace(/\.json$/, `.${i + 1}.json`);
    writeFileSync(out, part);
    console.log(out);
  }
}

if (import.meta.main) main();
