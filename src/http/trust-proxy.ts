// TRUST_PROXY: which proxies in front of the service are believed when they say, in
// X-Forwarded-For, -Proto and -Host, who the client is and which URL it used. Behind a TLS proxy
// the generated documents (/postman.json, /swagger.json, the connectors, the landing page) then
// say https and the public host, and the rate limits count the real client address. Unset, no
// proxy is believed: the headers could be sent by anyone.
import { isIP } from 'node:net';

/**
 * What Fastify's trustProxy option takes: none, any, addresses, or a function of the address and
 * its hop (0 is the peer; a number of hops n trusts hops 0 to n-1, as proxy-addr does).
 */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/** proxy-addr's names for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function addressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY's value as Fastify's option, or an Error saying what is wrong with it. */
export function parseTrustProxy(raw: string): TrustProxy | Error {
  const value = raw.trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 32) return new Error(`a number of hops must be from 1 to 32 (got "${raw}")`);
    return (_address, hop) => hop < hops;
  }
  const entries = value.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !addressOrRange(e));
  if (bad.length > 0)
    return new Error(
      `must be true, a number of hops, or addresses and CIDR ranges (or loopback, linklocal, uniquelocal) separated by commas (not "${bad.join('", "')}")`,
    );
  return entries;
}
