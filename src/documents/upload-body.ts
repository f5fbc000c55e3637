// What an upload's bytes are before they are a document: the rules the chunking endpoint applies to
// the body (or the multipart file) ahead of format detection. Power Automate's file content
// {"$content-type": ..., "$content": <base64>} is decoded and read as the type it declares; any
// other JSON, a url-encoded form, base64 text and a file whose line breaks the client stripped
// (curl -d) are refused with a 400 that says how to send a document. Each rule is a pure function;
// documentOfUpload composes them. Light (no parser): it runs on the main thread.
import { ERROR_HINT_HEADER, fail, type AppError, type FixedCode } from '../errors.ts';
import { detectFormat } from './detect.ts';
import { formatNamed, type DocumentFormat } from './formats/index.ts';

/** How to send a document, as the hints say it. */
export const HOW_TO_SEND =
  "Send the document as the multipart file field 'document' (curl -F document=@file.pdf) or as the raw request body " +
  '(curl --data-binary @file.pdf); from Power Automate, the file content {"$content-type": ..., "$content": ...} as the JSON body.';

/** The essence of a media type: lower case, without parameters (`Text/HTML; charset=x` -> `text/html`). */
export function mediaEssence(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/**
 * A binary document that lost every line break on the way: `curl -d @file` (and `--data`) strips
 * CR and LF. A PDF cannot lack them (its header line and its `startxref` trailer end in one), and
 * a zip (Word) of 4 KiB or more without a single 0x0A or 0x0D byte has odds under 1 in 10^13.
 */
export function lostLineBreaks(bytes: Uint8Array): boolean {
  const pdf = formatNamed('pdf').sniff(bytes);
  const zip = bytes.length >= 4096 && ZIP_MAGIC.every((b, i) => bytes[i] === b);
  if (!pdf && !zip) return false;
  return !bytes.includes(0x0a) && !bytes.includes(0x0d);
}

/**
 * A url-encoded form: declared `application/x-www-form-urlencoded` and shaped as one, `name=value`
 * pairs joined by `&` with no raw blank or line break. (curl --data-binary declares that type too,
 * by default: a document sent that way is not shaped as a form, and is read.)
 */
export function isUrlEncodedForm(contentType: string | undefined, bytes: Uint8Array): boolean {
  if (mediaEssence(contentType) !== 'application/x-www-form-urlencoded') return false;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return /^[\w.%[\]-]+=[^&\s]*(?:&[\w.%[\]-]+=[^&\s]*)*&?$/.test(text);
}

/** The parsed JSON value of bytes that are JSON text of an object, an array or a string; undefined otherwise. */
export function parseJsonBody(bytes: Uint8Array): { value: unknown } | undefined {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  const first = bytes[i];
  if (first !== 0x7b && first !== 0x5b && first !== 0x22) return undefined; // { [ "
  try {
    return { value: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(i))) };
  } catch {
    return undefined;
  }
}

/** Power Automate's file content: `$content` (base64) and `$content-type`, no other field but `$`-names. */
export interface FileEnvelope {
  content: string;
  type: string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The file content a JSON value is, or undefined. A `$content-type` that is not a string is no envelope. */
export function fileEnvelope(value: unknown): FileEnvelope | undefined {
  if (!isRecord(value) || typeof value.$content !== 'string') return undefined;
  if (!Object.keys(value).every((k) => k.startsWith('$'))) return undefined;
  const type = value['$content-type'];
  if (type !== undefined && typeof type !== 'string') return undefined;
  return { content: value.$content, type };
}

/** Where a JSON value holds a file content one level down (`{"document": {"$content": ...}}`): the field's name. */
export function envelopeField(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.findIndex((v) => fileEnvelope(v) !== undefined) >= 0 ? '[0]' : undefined;
  if (!isRecord(value)) return undefined;
  return Object.keys(value).find((k) => fileEnvelope(value[k]) !== undefined);
}

/** Standard base64 (or base64url), padded or not; blanks and line breaks ignored. Undefined when it is not base64. */
export function decodeBase64(text: string): Buffer | undefined {
  const s = text.replace(/[\s]+/g, '');
  if (!/^(?:[A-Za-z0-9+/]*|[A-Za-z0-9_-]*)={0,2}$/.test(s)) return undefined;
  const bare = s.replace(/=+$/, '');
  if (bare.length % 4 === 1 || (s.length > bare.length && s.length % 4 !== 0)) return undefined;
  return Buffer.from(bare, /[-_]/.test(bare) ? 'base64url' : 'base64');
}

/**
 * Bytes that are base64 text rather than a document: a `data:...;base64,` URL, or at least 16
 * characters of the base64 alphabet with no blank (line breaks allowed, at a fixed width as MIME
 * and PEM wrap them), that decode, and that hold a digit, `+`, `/` or both letter cases (a long
 * word of one case is not taken for base64).
 */
export function isBase64Text(bytes: Uint8Array): boolean {
  if (bytes.length < 16) return false;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 256))
    .toString('latin1')
    .trimStart();
  if (/^data:[\w.+-]+\/[\w.+-]+(?:;[\w.+-]+=[^;,]*)*;base64,/i.test(text)) return true;
  // A document shows a character outside the alphabet in its first bytes: the whole is not read.
  if (!/^[A-Za-z0-9+/=_\r\n-]*$/.test(text)) return false;
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1').trim();
  const lines = all.split(/\r?\n/);
  if (lines.some((l, i) => i < lines.length - 1 && l.length !== lines[0]!.length)) return false;
  const s = lines.join('');
  if (s.length < 16 || decodeBase64(s) === undefined) return false;
  return /[0-9+/_-]/.test(s) || (/[a-z]/.test(s) && /[A-Z]/.test(s));
}

/** The format a declared media type names, if it names one we read; undefined for any other type. */
export function declaredFormat(mediaType: string | undefined): DocumentFormat | undefined {
  return DECLARED[mediaEssence(mediaType)];
}

const DECLARED: Record<string, DocumentFormat> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'text',
};

const TEXT_FORMATS: readonly DocumentFormat[] = ['html', 'markdown', 'text'];

/**
 * The format to read a file content as: the one its `$content-type` names, when the bytes can be
 * read so (the text formats, HTML, Markdown and plain text, are told apart by the declared type
 * rather than by counting marks; PDF and Word must carry their signatures); the one the bytes are
 * when the type names none we read (application/octet-stream, or none). `mismatch` when the type
 * names a format the bytes are not; null when neither names one.
 */
export function formatOfDeclared(
  declared: DocumentFormat | undefined,
  bytes: Uint8Array,
): DocumentFormat | null | { mismatch: DocumentFormat | null } {
  const sniffed = detectFormat(bytes);
  if (declared === undefined || declared === sniffed) return sniffed;
  // Plain text's sniff: valid UTF-8 without binary controls, which any of the text formats may read.
  if (TEXT_FORMATS.includes(declared) && formatNamed('text').sniff(bytes)) return declared;
  return { mismatch: sniffed };
}

/** A refusal of the upload: the catalogue's message, the how-to in X-Error-Hint. */
function refuse(code: FixedCode, hint: string = HOW_TO_SEND): AppError {
  return fail(code).withHeaders({ [ERROR_HINT_HEADER]: hint });
}

export interface UploadFacts {
  /** the request's Content-Type */
  contentType: string | undefined;
  /** whether the bytes are a multipart file (then the form rule does not apply) */
  multipart: boolean;
}

/**
 * The document an upload holds and its format, or the 4xx that says what went wrong and how to
 * send it. The order matters: stripped line breaks first (a PDF sent by curl -d is also declared a
 * form), then a form, JSON (the file content decoded, then the same checks on what it holds),
 * base64 text, and last the format from the bytes.
 */
export function documentOfUpload(bytes: Buffer, facts: UploadFacts): { bytes: Buffer; format: DocumentFormat } {
  if (lostLineBreaks(bytes)) throw refuse('upload_line_breaks_lost', LINE_BREAKS_HINT);
  if (!facts.multipart && isUrlEncodedForm(facts.contentType, bytes)) throw refuse('upload_form_body');
  const json = parseJsonBody(bytes);
  if (json !== undefined) {
    const envelope = fileEnvelope(json.value);
    if (envelope === undefined) {
      const field = envelopeField(json.value);
      throw field === undefined
        ? refuse('upload_json_body')
        : refuse(
            'upload_json_body',
            `The body's field '${field.slice(0, 64)}' holds the file content: send that object itself as the JSON body.`,
          );
    }
    return documentOfEnvelope(envelope);
  }
  if (isBase64Text(bytes)) throw refuse('upload_base64_text', BASE64_HINT);
  const format = detectFormat(bytes);
  if (format === null) throw fail('document_unsupported');
  return { bytes, format };
}

const LINE_BREAKS_HINT =
  "Send the file's bytes as they are: curl --data-binary @file.pdf -H 'Content-Type: application/pdf', or curl -F document=@file.pdf (curl -d and --data strip line breaks).";
const BASE64_HINT =
  'Send the decoded bytes (curl --data-binary @file.pdf, or -F document=@file.pdf), or from Power Automate the file content {"$content-type": "application/pdf", "$content": "<base64>"} as the JSON body.';

/** Power Automate's file content, decoded and checked as any upload's bytes are. */
export function documentOfEnvelope(envelope: FileEnvelope): { bytes: Buffer; format: DocumentFormat } {
  const bytes = decodeBase64(envelope.content);
  if (bytes === undefined)
    throw refuse(
      'upload_envelope_not_base64',
      'Pass the file content object itself (in Power Automate, the output of Get file content), not a text made of it; $content must be base64.',
    );
  if (bytes.length === 0) throw fail('empty_document');
  if (lostLineBreaks(bytes)) throw refuse('upload_line_breaks_lost', LINE_BREAKS_HINT);
  if (isBase64Text(bytes))
    throw refuse('upload_base64_text', 'The $content is base64 of base64 text: encode the file once.');
  const declared = declaredFormat(envelope.type);
  const chosen = formatOfDeclared(declared, bytes);
  if (chosen === null) throw fail('document_unsupported');
  if (typeof chosen === 'object') {
    throw fail(
      'envelope_type_mismatch',
      mediaEssence(envelope.type).slice(0, 100),
      formatNamed(declared!).label,
      chosen.mismatch === null ? 'in no format the service reads' : `${formatNamed(chosen.mismatch).label}`,
    ).withHeaders({
      [ERROR_HINT_HEADER]:
        "Set $content-type to the file's own type (application/octet-stream lets the service tell it from the bytes).",
    });
  }
  return { bytes, format: chosen };
}
