// The parse time bound of one document: a floor for every document plus a share per MiB, so a
// large document that a fast reader gets through in a minute is not refused for its size alone.
// Counted from when a worker starts the document (pool.ts), never the time it waits for one.

const MIB = 1024 * 1024;

export interface ParseBound {
  /** the bound of any document, however small (PARSE_TIMEOUT_MS) */
  parseTimeoutMs: number;
  /** added per MiB of the document (PARSE_TIMEOUT_MS_PER_MB) */
  parseTimeoutMsPerMb: number;
}

export function parseTimeoutFor(bytes: number, bound: ParseBound): number {
  return bound.parseTimeoutMs + Math.ceil((bytes / MIB) * bound.parseTimeoutMsPerMb);
}
