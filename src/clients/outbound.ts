// Guarded outbound HTTP: the URLs in embeddingEndpoint and cloudAISearchEndpoint
// come from callers, so the service must not become a proxy into private
// networks. A URL is checked before any call (a clear 400 naming the header),
// and the address is checked again at connect time, so that a DNS answer that
// changes between the two (rebinding) still cannot reach a private address.
import { BlockList, isIP, type LookupFunction } from 'node:net';
import dns from 'node:dns';
import { Agent } from 'undici';
import { fail } from '../errors.ts';

// Two lists: a BlockList also matches IPv4 addresses against IPv6 rules
// (as IPv4-mapped), which would make ::ffff:0:0/96 swallow every IPv4 address.
const NON_PUBLIC_V4 = new BlockList();
const NON_PUBLIC_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NON_PUBLIC_V4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NON_PUBLIC_V6.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return !NON_PUBLIC_V4.check(mapped[1]!, 'ipv4');
    return !NON_PUBLIC_V6.check(address, 'ipv6');
  }
  return !NON_PUBLIC_V4.check(address, 'ipv4');
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface HostRule {
  /** listed exactly: trusted as listed (plain http and any address allowed) */
  exact: boolean;
  host: string;
}

function bareHost(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '').toLowerCase();
}

export function matchHost(allowed: readonly string[], hostname: string): HostRule | undefined {
  const host = bareHost(hostname);
  for (const pattern of allowed) {
    if (pattern.startsWith('*.')) {
      const suffix = pattern.slice(1); // ".example.com"
      if (host.endsWith(suffix) && host.length > suffix.length) return { exact: false, host };
    } else if (bareHost(pattern) === host) {
      return { exact: true, host };
    }
  }
  return undefined;
}

export interface Outbound {
  /** Validates a caller-supplied base URL; throws a 400 naming the header. Returns the base without a trailing '/'. */
  checkBaseUrl(raw: string, header: string): Promise<string>;
  dispatcher: Agent;
  close(): Promise<void>;
}

export function createOutbound(allowedHosts: readonly string[], resolve: Resolver = systemResolver): Outbound {
  const checkBaseUrl = async (raw: string, header: string): Promise<string> => {
    const refuse = (why: string) => fail('endpoint_not_allowed', header, why);
    if (raw.length > 2048) throw refuse('longer than 2048 characters');
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      throw refuse('not an absolute URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('only https URLs are allowed');
    if (url.username || url.password) throw refuse('credentials in the URL are not allowed');
    if (url.hash || raw.includes('#')) throw refuse('a fragment is not allowed');
    if (url.search || raw.includes('?')) throw refuse('a query string is not allowed');
    const rule = matchHost(allowedHosts, url.hostname);
    if (!rule) throw refuse(`host ${url.hostname} is not in OUTBOUND_ALLOWED_HOSTS`);
    if (!rule.exact) {
      if (url.protocol !== 'https:') throw refuse('only https URLs are allowed');
      if (isIP(rule.host)) throw refuse('an IP address must be listed exactly in OUTBOUND_ALLOWED_HOSTS');
      let addresses: string[];
      try {
        addresses = await resolve(rule.host);
      } catch {
        throw refuse(`host ${url.hostname} does not resolve`);
      }
      if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
        throw refuse(`host ${url.hostname} resolves to a loopback, private or otherwise non-public address`);
      }
    }
    return url.href.replace(/\/+$/, '');
  };

  // The connect-time twin of the check above.
  const lookup: LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses;
      const rule = matchHost(allowedHosts, hostname);
      const ok = rule?.exact ? list : list.filter((a) => isPublicAddress(a.address));
      if (!rule || ok.length === 0) {
        const refused = Object.assign(new Error(`connection to ${hostname} refused: not an allowed public address`), {
          code: 'EOUTBOUNDREFUSED',
        });
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok);
      return callback(null, ok[0]!.address, ok[0]!.family);
    });
  };

  const dispatcher = new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connections: 16,
    connect: { lookup, timeout: 10_000 },
  });

  return { checkBaseUrl, dispatcher, close: () => dispatcher.close() };
}
