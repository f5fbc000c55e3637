export type DocumentErrorStatus = 400 | 413 | 415 | 422;

export type DocumentErrorCode =
  | 'not_pdf'
  | 'unsupported'
  | 'encrypted'
  | 'damaged'
  | 'no_text'
  | 'too_large'
  | 'timeout'
  | 'ocr_limit';

const STATUS: Record<DocumentErrorCode, DocumentErrorStatus> = {
  not_pdf: 400,
  unsupported: 415,
  encrypted: 422,
  damaged: 422,
  no_text: 422,
  too_large: 413,
  timeout: 422,
  ocr_limit: 422,
};

/** A document problem the client can act on. `message` is client-facing: no stack, no path. */
export class DocumentError extends Error {
  readonly status: DocumentErrorStatus;
  readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string) {
    super(message);
    this.name = 'DocumentError';
    this.code = code;
    this.status = STATUS[code];
  }
}

export const MESSAGES = {
  not_pdf: 'The uploaded file is not a PDF.',
  unsupported:
    'The uploaded file is not in a supported format. Accepted, recognised by content: PDF, Word (.docx), HTML, Markdown and plain UTF-8 text.',
  zip_bomb: (limit: number) =>
    `The Word document expands to too much data when decompressed (over ${Math.round(limit / 2 ** 20)} MiB, or too many or too compressed parts); it may be a decompression bomb.`,
  entity_bomb: 'The document declares XML entities (a DTD), which Word documents never need; it may be an entity-expansion bomb.',
  encrypted: 'The PDF is encrypted (password-protected); upload an unencrypted copy.',
  no_text: 'No text could be extracted from the PDF.',
  no_text_document: 'No text could be extracted from the document.',
  timeout: (ms: number) =>
    `The PDF took too long to parse (over ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}) and was abandoned.`,
  too_large: (limit: number) =>
    `The PDF expands to too much data when decompressed (over ${Math.round(limit / 2 ** 20)} MiB); it may be a decompression bomb.`,
  damaged: (reason: string) => `The PDF is damaged and could not be parsed: ${reason}`,
  damaged_document: (reason: string) => `The document is damaged and could not be read: ${reason}`,
} as const;

export function documentError(code: 'not_pdf' | 'unsupported' | 'encrypted' | 'no_text'): DocumentError {
  return new DocumentError(code, MESSAGES[code]);
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
}

export function toDocumentError(data: DocumentErrorData): DocumentError {
  return new DocumentError(data.code, data.message);
}
