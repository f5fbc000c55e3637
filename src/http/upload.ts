// The upload's body: how the chunking scope parses it (multipart, or the raw body under any other
// content type), the readers that stream the document under the size cap, and the answer to an
// upload, which nobody receives when the caller has left.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail } from '../errors.ts';
import type { Config } from '../config.ts';

/** Multipart limits of the upload (the route's scope registers @fastify/multipart with them). */
export const uploadLimits = (config: Pick<Config, 'maxDocumentBytes'>) => ({
  limits: {
    fileSize: config.maxDocumentBytes,
    files: 2,
    fields: 20,
    parts: 40,
    headerPairs: 200,
    fieldSize: 64 * 1024,
  },
});

/**
 * The upload scope's body parsers: the document comes as the multipart field `document`, or as
 * the whole raw body under any other content type (Postman's binary body, curl --data-binary).
 * The app's JSON and text parsers are replaced by a catch-all that leaves the body to readUpload,
 * which streams it under MAX_PDF_BYTES. (@fastify/multipart, registered after, adds its own.)
 */
export function acceptRawBodies(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
}

/** A declared Content-Length past the cap (plus 1 MiB for the multipart envelope) is a 413 before the body is read. */
export function refuseOversizedUpload(headers: IncomingHttpHeaders, maxBytes: number): void {
  const length = Number(headers['content-length']);
  if (Number.isFinite(length) && length > maxBytes + 1024 * 1024) {
    throw fail('upload_too_large', maxBytes);
  }
}

/** What an upload is answered: a status, headers, and bytes sent as they are or a body for the response schema. */
export type UploadAnswer = { status: number; headers: Record<string, string> } & (
  | { payload: Buffer }
  | { body: object }
);

/**
 * Reads the upload under the cap and sends what `work` makes of it. Watched from the start, the
 * body read included: a caller who leaves aborts the signal `work` is given, which stops the
 * worker parse and every embedding call still to come. (The request's own 'close' has already
 * fired once its body is read, so the response's is the one that tells.)
 */
export async function answerUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  maxBytes: number,
  work: (bytes: Buffer, signal: AbortSignal) => Promise<UploadAnswer>,
): Promise<FastifyReply> {
  const aborted = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) aborted.abort(new Error('the caller closed the connection'));
  };
  reply.raw.once('close', onClose);
  try {
    const bytes = await readUpload(request, maxBytes);
    aborted.signal.throwIfAborted();
    const answer = await work(bytes, aborted.signal);
    return reply
      .code(answer.status)
      .headers(answer.headers)
      .send('payload' in answer ? answer.payload : answer.body);
  } catch (err) {
    // Nobody is left to answer: say why in the log, send nothing.
    if (aborted.signal.aborted) {
      request.log.info({ reason: 'client_closed' }, 'chunking abandoned: the caller closed the connection');
      return reply.hijack();
    }
    throw err;
  } finally {
    reply.raw.off('close', onClose);
  }
}

/**
 * The uploaded document: exactly one file from the multipart field `document`, or else the whole
 * raw body (any content type but multipart), streamed under the size cap either way.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const doc = request.isMultipart() ? await readMultipart(request, maxBytes) : await readRawBody(request, maxBytes);
  if (doc.length === 0) throw fail('empty_document');
  return doc;
}

/** The whole body; past the cap the rest is read and dropped, so the client still gets its 413. */
function readRawBody(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    let size = 0;
    const raw = request.raw;
    raw.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) parts.push(chunk);
      else parts.length = 0;
    });
    raw.once('end', () => {
      if (size > maxBytes) reject(fail('document_over_size_limit', maxBytes));
      else resolve(Buffer.concat(parts, size));
    });
    raw.once('error', () => reject(fail('body_unreadable')));
  });
}

/** Reads exactly one file, from the field `document`, streaming under the size cap. */
async function readMultipart(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  let pdf: Buffer | undefined;
  // 'document' as a plain field (a part without a filename): said so, rather than "missing".
  let documentAsField = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (part.fieldname === 'document') documentAsField = true;
        continue;
      }
      if (part.fieldname !== 'document') {
        part.file.resume();
        throw fail('unexpected_file_field', part.fieldname.slice(0, 64));
      }
      if (pdf) {
        part.file.resume();
        throw fail('one_file_expected');
      }
      pdf = await part.toBuffer();
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fail('document_over_size_limit', maxBytes);
    if (code === 'FST_FILES_LIMIT') throw fail('one_file_expected');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw fail('too_many_parts');
    throw fail('malformed_multipart');
  }
  if (!pdf) throw fail(documentAsField ? 'upload_field_not_file' : 'missing_document_field');
  return pdf;
}
