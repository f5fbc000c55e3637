// A document problem the client can act on, thrown inside the parse worker. Its code, status and
// message come from the one catalogue (src/errors.ts, the `document_*` codes), like an AppError's.
import { CATALOGUE, messageOf, type DocumentCode, type Facts } from '../errors.ts';

export type DocumentErrorStatus = 400 | 413 | 415 | 422;

/** A document problem the client can act on. `message` is client-facing: no stack, no path. */
export class DocumentError extends Error {
  /** the catalogue code the answer carries (X-Error-Code) */
  readonly code: DocumentCode;
  readonly status: DocumentErrorStatus;

  /** `message` is the catalogue's: build it with documentError(), or from messageOf(code, ...). */
  constructor(code: DocumentCode, message: string) {
    super(message);
    this.name = 'DocumentError';
    this.code = code;
    this.status = CATALOGUE[code].status;
  }
}

/** The DocumentError of a `document_*` catalogue code, with its facts. */
export function documentError<C extends DocumentCode>(code: C, ...facts: Facts<C>): DocumentError {
  return new DocumentError(code, messageOf(code, ...facts));
}

/** Short, client-safe reason from an arbitrary pdf.js error: first line, no paths, bounded length. */
export function safeReason(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  let line = (raw.split('\n')[0] ?? '').replace(/(?:file:\/\/)?(?:\/[\w.@-]+){2,}/g, '').trim();
  if (/maximum call stack/i.test(line)) line = 'objects nested too deeply';
  if (line.length > 120) line = line.slice(0, 117) + '...';
  return line || 'unreadable structure';
}

/** Same shape across the worker boundary (structured clone drops class and fields). */
export interface DocumentErrorData {
  code: DocumentCode;
  message: string;
}

export function toDocumentError(data: DocumentErrorData): DocumentError {
  return new DocumentError(data.code, data.message);
}
