// request.log is made on demand: no pino child until a line is logged at an enabled level, and
// then the same lines as a child made up front (bindings, redaction, level).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { lazyChildLogger } from '../../src/http/request-logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  let children = 0;
  const parent = pino(
    { level, redact: { paths: ['req.headers["authorization"]'], censor: '[redacted]' }, onChild: () => children++ },
    stream,
  );
  return { parent, lines, children: () => children };
}

describe('lazyChildLogger', () => {
  test('at level warn, info and below make no child and write nothing', () => {
    const { parent, lines, children } = capture('warn');
    const log = lazyChildLogger(parent, { reqId: 'req-1' });
    log.info('hello');
    log.debug('hello');
    log.trace('hello');
    log.silent('hello');
    assert.equal(children(), 0);
    assert.equal(lines.length, 0);
    assert.equal(log.level, 'warn');
  });

  test('a line at an enabled level reads as from a child made up front: bindings, redaction', () => {
    const { parent, lines, children } = capture('trace');
    const log = lazyChildLogger(parent, { reqId: 'req-7' });
    log.warn({ req: { headers: { authorization: 'Bearer x' } } }, 'refused');
    log.error('one');
    log.fatal('two');
    log.info('three');
    log.debug('four');
    log.trace('five');
    assert.equal(children(), 1);
    assert.deepEqual(
      lines.map((l) => [l.level, l.reqId, l.msg]),
      [
        [40, 'req-7', 'refused'],
        [50, 'req-7', 'one'],
        [60, 'req-7', 'two'],
        [30, 'req-7', 'three'],
        [20, 'req-7', 'four'],
        [10, 'req-7', 'five'],
      ],
    );
    assert.deepEqual(lines[0]!.req, { headers: { authorization: '[redacted]' } });
  });

  test('child() and a level set on the request logger act on its own child', () => {
    const { parent, lines } = capture('info');
    const log = lazyChildLogger(parent, { reqId: 'req-2' });
    log.child({ part: 'upload' }).info('nested');
    log.level = 'error';
    assert.equal(log.level, 'error');
    assert.equal(parent.level, 'info');
    log.warn('dropped');
    assert.deepEqual(
      lines.map((l) => [l.reqId, l.part, l.msg]),
      [['req-2', 'upload', 'nested']],
    );
  });

  test('a route with its own level or serializers gets a plain child at once', () => {
    const { parent, children } = capture('info');
    const log = lazyChildLogger(parent, { reqId: 'req-3' }, { level: 'debug' });
    assert.equal(children(), 1);
    assert.equal(log.level, 'debug');
  });
});

test('a logger without levels (not pino) gets its own child', () => {
  const noop = () => {};
  const plain = {
    level: 'info',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => plain,
  };
  assert.equal(lazyChildLogger(plain, { reqId: 'req-4' }), plain);
});
