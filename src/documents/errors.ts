// A document problem the client can act on, thrown inside the parse worker. Its code and message
// come from the one catalogue (src/errors.ts, the `document_*` codes); `code` keeps the coarser
// kind (not_pdf, too_large, timeout...) it has always carried across the worker boundary.
import { CATALOGUE, messageOf, type DocumentCode, type DocumentErrorKind, type Facts } from '../errors.ts';

export type DocumentErrorStatus = 400 | 413 | 415 | 422;

export type DocumentErrorCode = DocumentErrorKind;

/** A document problem the client can act on. `message` is client-facing: no stack, no path. */
export class DocumentError extends Error {
  readonly status: DocumentErrorStatus;
  readonly code: DocumentErrorCode;
  /** the catalogue code the answer carries (X-Error-Code) */
  readonly errorCode: DocumentCode;

  /** `message` is the catalogue's: build it with documentError(), or from messageOf(errorCode, ...). */
  constructor(code: DocumentErrorCode, message: string, errorCode: DocumentCode = `document_${code}`) {
    super(message);
    this.name = 'DocumentError';
    this.code = code;
    this.errorCode = errorCode;
    this.status = CATALOGUE[errorCode].status;
  }
}

/** The DocumentError of a `document_*` catalogue code, with its facts. */
export function documentError<C extends DocumentCode>(errorCode: C, ...facts: Facts<C>): DocumentError {
  return new DocumentError(CATALOGUE[errorCode].kind, messageOf(errorCode, ...facts), errorCode);
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
  code: DocumentErrorCode;
  message: string;
  errorCode: DocumentCode;
}

export function toDocumentError(data: DocumentErrorData): DocumentError {
  return new DocumentError(data.code, data.message, data.errorCode);
}
