// The upload's body: how the chunking scope parses it (multipart, or the raw body under any other
// content type), and the readers that stream the document under the size cap.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, fail } from '../errors.ts';
import type { Config } from '../config.ts';

/** Multipart limits of the upload (the route's scope registers @fastify/multipart with them). */
export const uploadLimits = (config: Pick<Config, 'maxPdfBytes'>) => ({
  limits: { fileSize: config.maxPdfBytes, files: 2, fields: 20, parts: 40, headerPairs: 200, fieldSize: 64 * 1024 },
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
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
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
  if (!pdf) throw fail('missing_document_field');
  return pdf;
}
