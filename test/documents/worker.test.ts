// The parse worker's task (src/documents/worker.ts), called in this thread: a document of the
// detected format becomes chunks, or the index payload when ids are given; every failure comes
// back as data ({ code, message }), a DocumentError's own or document_damaged for anything else;
// the OCR port is closed when the task ends. (Through Piscina, with worker replacement: pool.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { once } from 'node:events';
import chunkTask, { type ChunkResult, type ChunkTask } from '../../src/documents/worker.ts';
import { readDocument } from '../../src/documents/chunk-document.ts';
import { buildPayload } from '../../src/documents/payload.ts';
import { DEFAULT_OCR } from '../../src/documents/ocr/options.ts';
import { messageOf } from '../../src/errors.ts';
import { makePdf, textPages } from './helpers/make-pdf.ts';
import { makeDocx, wp } from './helpers/make-zip.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const IDS = { tenantId: '7', documentId: '42', sourceName: 'd.pdf' };
const OFF = { ...DEFAULT_OCR, mode: 'off' as const };

const reads: { name: string; task: () => ChunkTask }[] = [
  {
    name: 'plain text',
    task: () => ({ format: 'text', bytes: utf8('Dear team,\n\nthe office is closed on Friday.\n') }),
  },
  { name: 'Markdown', task: () => ({ format: 'markdown', bytes: utf8('# Leave\n\nTwenty-five *days*.\n') }) },
  {
    name: 'HTML',
    task: () => ({ format: 'html', bytes: utf8('<html><body><h1>Leave</h1><p>Days.</p></body></html>') }),
  },
  { name: 'Word', task: () => ({ format: 'docx', bytes: makeDocx(wp('Leave', 'Heading1') + wp('Days off.')) }) },
  {
    name: 'PDF',
    task: () => ({ format: 'pdf', bytes: makePdf({ pages: textPages(['# 1 Scope', 'It covers leave.']) }), ocr: OFF }),
  },
];

for (const c of reads) {
  test(`chunkTask: ${c.name} -> the chunks readDocument gives, and its OCR report`, async () => {
    const task = c.task();
    const want = await readDocument(
      { format: task.format, bytes: task.bytes.slice() },
      { ...(task.ocr ? { ocr: task.ocr } : {}) },
    );
    const got = await chunkTask(task);
    assert.deepEqual(got, { ok: true, chunks: want.chunks, ocr: want.ocr });
    assert.ok(want.chunks.length > 0);
  });
}

const payloads: { name: string; pageNumbers?: boolean; pages: boolean }[] = [
  { name: 'without page numbers', pages: false },
  { name: 'with page numbers', pageNumbers: true, pages: true },
];

for (const c of payloads) {
  test(`chunkTask: with payloadIds, the index payload ${c.name}`, async () => {
    const bytes = makePdf({ pages: textPages(['# 1 Scope', 'It covers leave.', 'And more.']) });
    const { chunks } = await readDocument({ format: 'pdf', bytes: bytes.slice() }, { ocr: OFF });
    const want = buildPayload(chunks, IDS, undefined, { pageNumbers: c.pages });
    const got = await chunkTask({
      format: 'pdf',
      bytes,
      ocr: OFF,
      payloadIds: IDS,
      ...(c.pageNumbers ? { pageNumbers: true } : {}),
    });
    assert.ok(got.ok && 'payload' in got);
    assert.deepEqual(
      { json: Buffer.from(got.payload.json).toString(), batches: got.payload.batches, count: got.payload.count },
      { json: Buffer.from(want.json).toString(), batches: want.batches, count: chunks.length },
    );
    assert.equal(Buffer.from(got.payload.json).toString().includes('"page_start"'), c.pages);
  });
}

const failures: { name: string; task: ChunkTask; error: { code: string; message: string } }[] = [
  {
    name: 'a PDF without text (a DocumentError): its code and message',
    task: { format: 'pdf', bytes: makePdf({ pages: [{ image: true }] }), ocr: OFF },
    error: { code: 'document_no_text', message: messageOf('document_no_text') },
  },
  {
    name: 'an encrypted PDF',
    task: { format: 'pdf', bytes: makePdf({ pages: textPages(['Secret.']), encrypt: true }) },
    error: { code: 'document_encrypted', message: messageOf('document_encrypted') },
  },
  {
    name: 'bytes that are not a PDF, sent as one',
    task: { format: 'pdf', bytes: utf8('hello') },
    error: { code: 'document_not_pdf', message: messageOf('document_not_pdf') },
  },
  {
    name: 'a text document with no letters',
    task: { format: 'text', bytes: utf8('... --- ...') },
    error: { code: 'document_no_text', message: messageOf('document_no_text', 'document') },
  },
  {
    name: 'any other error: document_damaged, named "the document" outside PDFs',
    task: { format: 'rtf' as never, bytes: utf8('{\\rtf1 hello}') },
    error: {
      code: 'document_damaged',
      message: messageOf('document_damaged', 'unknown document format rtf', 'document'),
    },
  },
];

for (const c of failures) {
  test(`chunkTask: ${c.name}`, async () => {
    const got: ChunkResult = await chunkTask(c.task);
    assert.deepEqual(got, { ok: false, error: c.error });
  });
}

const ports: { name: string; task: (port: ChunkTask['ocrStarted']) => ChunkTask }[] = [
  {
    name: 'after a document read',
    task: (port) => ({ format: 'text', bytes: utf8('Plain words.'), ocrStarted: port }),
  },
  { name: 'after a failure', task: (port) => ({ format: 'pdf', bytes: utf8('hello'), ocrStarted: port }) },
];

for (const c of ports) {
  test(`chunkTask: the OCR port is closed ${c.name}, without a start message when no OCR ran`, async () => {
    const { port1, port2 } = new MessageChannel();
    const messages: unknown[] = [];
    port2.on('message', (m) => messages.push(m));
    const closed = once(port2, 'close');
    await chunkTask(c.task(port1));
    await closed;
    assert.deepEqual(messages, []);
  });
}
