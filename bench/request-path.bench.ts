// The JavaScript cost of one request, without the kernel and without a load generator: the
// servers of bench/http-servers.ts (app, bare node:http baseline, bare Fastify floor) in this one
// process, each fed raw HTTP/1.1 keep-alive requests through in-memory sockets (a Duplex handed
// to the server's 'connection' listener, so Node's own parser and response writer run as on a
// TCP socket). Rounds alternate which server is driven; the figure is the process's CPU time per
// answered request, and ratios are medians of paired rounds. Small per-request changes (a hook,
// a serializer) are resolved here at the 1-2 % level, which the autocannon bench
// (bench/http.bench.ts, ±10 % between runs on 2 shared cores) cannot.
//
//   node_modules/.bin/node bench/run.ts request-path
//   BENCH_ROUNDS=30 BENCH_MS=200 BENCH_CONNECTIONS=50 BENCH_LOGGER=warn|off
//   BENCH_ONLY=add-url,products,add-bearer (endpoints whose name starts with one of these)
//   BENCH_AGAINST=/path/to/other/checkout   adds that checkout's app (A/B of a change; the
//                                            checkout needs src/ and a node_modules link)
//   BENCH_AGAINST=limits                     adds this app with the rate limits per caller on (at a
//                                            rate no round reaches): the limits' cost per request
import { Duplex } from 'node:stream';
import type http from 'node:http';
import { loadavg } from 'node:os';
import { SECRET, appServer, baselineServer, floorServer } from './http-servers.ts';
import { createTokenSigner } from '../src/auth/jwt.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const MS = Number(process.env.BENCH_MS ?? 200);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LOGGER = process.env.BENCH_LOGGER === 'off' ? 'off' : 'warn';
const AGAINST = process.env.BENCH_AGAINST;
const ONLY = process.env.BENCH_ONLY?.split(',') ?? [];

/** A socket in memory: what the server writes is looked at and dropped; the next request is pushed once the answer is out. */
class MemorySocket extends Duplex {
  remoteAddress = '127.0.0.1';
  remotePort = 40000;
  localAddress = '127.0.0.1';
  localPort = 80;
  encrypted = false;
  answers = 0;
  first = '';
  next: (() => void) | undefined;
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  setTimeout() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  override _read() {}
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void) {
    const text = typeof chunk === 'string' ? chunk : chunk.toString('latin1');
    if (this.first === '') this.first = text;
    callback();
    // Node writes head and body of these small answers in one chunk
    if (text.startsWith('HTTP/1.1 ')) {
      this.answers++;
      this.next?.();
    }
  }
}

interface Server {
  name: string;
  server: http.Server;
  sockets: MemorySocket[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(servers: Server[], request: Buffer): Promise<number[][]> {
  let active: Server | undefined;
  for (const s of servers) {
    for (let i = 0; i < CONNECTIONS; i++) {
      const socket = new MemorySocket();
      socket.next = () => {
        if (active === s) setImmediate(() => socket.push(request));
      };
      s.server.emit('connection', socket);
      s.sockets.push(socket);
    }
  }
  const count = (s: Server) => s.sockets.reduce((n, x) => n + x.answers, 0);
  const per: number[][] = servers.map(() => []);
  for (let round = -3; round < ROUNDS; round++) {
    const order = servers.map((_, i) => (i + Math.max(0, round)) % servers.length);
    for (const i of order) {
      const s = servers[i]!;
      active = s;
      for (const socket of s.sockets) socket.push(request);
      await wait(30); // settle
      const n0 = count(s);
      const c0 = process.cpuUsage();
      await wait(MS);
      const c = process.cpuUsage(c0);
      const n = count(s) - n0;
      active = undefined;
      await wait(20); // let the answers in flight finish
      if (round >= 0) per[i]!.push((c.user + c.system) / n);
    }
  }
  for (const s of servers) {
    const first = s.sockets[0]!.first;
    if (!first.startsWith('HTTP/1.1 200 ')) throw new Error(`${s.name} answered:\n${first.slice(0, 400)}`);
  }
  for (const s of servers) for (const socket of s.sockets.splice(0)) socket.destroy();
  return per;
}

const bearer = `Bearer ${await createTokenSigner(SECRET, 3600).sign('bench')}`;
const targets = [
  { name: 'add-url', path: '/apis/add-url?input1=5&input2=7', authorization: undefined },
  { name: 'products page=2&limit=50', path: '/apis/products?page=2&limit=50', authorization: undefined },
  { name: 'add-bearer', path: '/apis/add-bearer?input1=5&input2=7', authorization: bearer },
].filter((t) => ONLY.length === 0 || ONLY.some((o) => t.name.startsWith(o)));

const servers: Server[] = [
  { name: 'app', server: await appServer({ logger: LOGGER }), sockets: [] },
  { name: 'baseline', server: await baselineServer(), sockets: [] },
  { name: 'floor', server: await floorServer(), sockets: [] },
];
if (AGAINST)
  servers.push({
    name: 'against',
    server: await appServer(
      AGAINST === 'limits' ? { logger: LOGGER, callerLimits: true } : { logger: LOGGER, root: AGAINST },
    ),
    sockets: [],
  });

console.log(
  `node ${process.version}, in-process, ${CONNECTIONS} in-memory connections, ${ROUNDS} rounds x ${MS} ms per server and endpoint, ` +
    `app logger: ${LOGGER === 'off' ? 'off' : 'production options at level warn'}${AGAINST ? `, against: ${AGAINST}` : ''}; load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
);
for (const t of targets) {
  const request = Buffer.from(
    `GET ${t.path} HTTP/1.1\r\nhost: 127.0.0.1\r\nuser-agent: bench\r\n${t.authorization ? `authorization: ${t.authorization}\r\n` : ''}\r\n`,
  );
  const per = await measure(servers, request);
  const idx = (name: string) => servers.findIndex((s) => s.name === name);
  const ratio = (a: string, b: string) => median(per[idx(a)]!.map((x, i) => per[idx(b)]![i]! / x));
  console.log(`\n${t.name}  (GET ${t.path.split('?')[0]})`);
  for (let i = 0; i < servers.length; i++)
    console.log(
      `  ${servers[i]!.name.padEnd(9)} ${median(per[i]!).toFixed(2).padStart(6)} us CPU/req (median; min ${Math.min(...per[i]!).toFixed(2)})`,
    );
  console.log(
    `  CPU efficiency (medians of paired rounds): app/baseline ${ratio('app', 'baseline').toFixed(3)}, floor/baseline ${ratio('floor', 'baseline').toFixed(3)}, app/floor ${ratio('app', 'floor').toFixed(3)}`,
  );
  if (AGAINST)
    console.log(
      `  app/against ${ratio('app', 'against').toFixed(3)} (above 1: this checkout's app spends less CPU per request)`,
    );
}
process.exit(0);
