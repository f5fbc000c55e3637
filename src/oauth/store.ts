// Where the authorization server keeps what it must remember between requests (interactions,
// sessions, grants, codes, refresh tokens): oidc-provider's adapter contract over a small
// key-value store. In memory for one process; a shared store (Redis) lets replicas share them.
// Access tokens are JWTs and are never stored: any replica with the signing key verifies them.

/** The few operations the adapter needs; every key expires (seconds) or lives until deleted. */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlSeconds: number | undefined): Promise<void>;
  del(key: string): Promise<void>;
  /** adds a member to a set, keeping the set at least ttlSeconds */
  addToSet(key: string, member: string, ttlSeconds: number | undefined): Promise<void>;
  members(key: string): Promise<string[]>;
  close(): Promise<void>;
}

/** In memory, for one process; an entry is dropped when read after its expiry, and by a sweep. */
export function memoryStore(now: () => number = Date.now): KeyValueStore {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const sets = new Map<string, { members: Set<string>; expiresAt: number }>();
  const expiry = (ttl: number | undefined) => (ttl === undefined ? Infinity : now() + ttl * 1000);
  const live = <T extends { expiresAt: number }>(map: Map<string, T>, key: string): T | undefined => {
    const e = map.get(key);
    if (e && e.expiresAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return e;
  };
  // Expired entries nobody reads again (abandoned logins) are swept once a minute.
  const sweep = setInterval(() => {
    for (const map of [values, sets] as Map<string, { expiresAt: number }>[])
      for (const [k, e] of map) if (e.expiresAt <= now()) map.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async get(key) {
      return live(values, key)?.value;
    },
    async set(key, value, ttl) {
      values.set(key, { value, expiresAt: expiry(ttl) });
    },
    async del(key) {
      values.delete(key);
    },
    async addToSet(key, member, ttl) {
      const e = live(sets, key) ?? { members: new Set<string>(), expiresAt: 0 };
      e.members.add(member);
      e.expiresAt = Math.max(e.expiresAt, expiry(ttl));
      sets.set(key, e);
    },
    async members(key) {
      return [...(live(sets, key)?.members ?? [])];
    },
    async close() {
      clearInterval(sweep);
      values.clear();
      sets.clear();
    },
  };
}

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/** Models whose entries belong to a grant, and go when the grant is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

/** oidc-provider's adapter contract (one instance per model name) over a KeyValueStore. */
export function adapterFactory(store: KeyValueStore, prefix = 'oauth:') {
  return (model: string) => {
    const key = (id: string) => `${prefix}${model}:${id}`;
    const grantKey = (grantId: string) => `${prefix}grant:${grantId}`;
    const find = async (id: string): Promise<Payload | undefined> => {
      const raw = await store.get(key(id));
      return raw === undefined ? undefined : (JSON.parse(raw) as Payload);
    };
    return {
      async upsert(id: string, payload: Payload, expiresIn?: number) {
        await store.set(key(id), JSON.stringify(payload), expiresIn);
        if (GRANTABLE.has(model) && payload.grantId)
          await store.addToSet(grantKey(payload.grantId), key(id), expiresIn);
        if (payload.userCode) await store.set(`${prefix}userCode:${payload.userCode}`, id, expiresIn);
        if (model === 'Session' && payload.uid) await store.set(`${prefix}sessionUid:${payload.uid}`, id, expiresIn);
      },
      find,
      async findByUserCode(userCode: string) {
        const id = await store.get(`${prefix}userCode:${userCode}`);
        return id === undefined ? undefined : find(id);
      },
      async findByUid(uid: string) {
        const id = await store.get(`${prefix}sessionUid:${uid}`);
        return id === undefined ? undefined : find(id);
      },
      async consume(id: string) {
        const payload = await find(id);
        if (payload === undefined) return;
        payload.consumed = Math.floor(Date.now() / 1000);
        // Keeps what is left of its life: expiry in the payload (exp, seconds since the epoch).
        const exp = typeof payload.exp === 'number' ? payload.exp - Math.floor(Date.now() / 1000) : undefined;
        await store.set(key(id), JSON.stringify(payload), exp === undefined ? undefined : Math.max(exp, 1));
      },
      async destroy(id: string) {
        await store.del(key(id));
      },
      async revokeByGrantId(grantId: string) {
        for (const k of await store.members(grantKey(grantId))) await store.del(k);
        await store.del(grantKey(grantId));
      },
    };
  };
}
