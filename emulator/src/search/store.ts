import type { IndexDefinition, StoredDocument, StoredIndex } from '../types.ts';

interface PendingWrite {
  visibleAt: number;
  key: string;
  /** `undefined` = delete. */
  doc: StoredDocument | undefined;
}

/** One index: its definition, the written documents and what queries currently see. */
export class IndexStore implements StoredIndex {
  readonly name: string;
  #definition: IndexDefinition;
  readonly documents = new Map<string, StoredDocument>();
  readonly #visible = new Map<string, StoredDocument>();
  #pending: PendingWrite[] = [];
  readonly #now: () => number;
  readonly #nextEtag: () => string;
  /** Changes with every change of the definition (Azure's `@odata.etag` / `ETag`). */
  etag: string;

  /**
   * `now`: the emulator's clock (ms); `nextEtag`: a fresh ETag on each call.
   */
  constructor(definition: IndexDefinition, now: () => number, nextEtag: () => string) {
    this.name = definition.name;
    this.#definition = definition;
    this.#now = now;
    this.#nextEtag = nextEtag;
    this.etag = nextEtag();
  }

  get definition(): IndexDefinition {
    return this.#definition;
  }

  /** Replace the definition; the ETag changes. */
  set definition(next: IndexDefinition) {
    this.#definition = next;
    this.etag = this.#nextEtag();
  }

  /** Record a write (set or delete); it becomes visible to queries after `delayMs`. */
  write(key: string, doc: StoredDocument | undefined, delayMs: number): void {
    if (doc === undefined) this.documents.delete(key);
    else this.documents.set(key, doc);
    const entry: PendingWrite = { visibleAt: this.#now() + Math.max(0, delayMs), key, doc };
    if (delayMs <= 0 && this.#pending.length === 0) this.#apply(entry);
    else this.#pending.push(entry);
  }

  #apply(entry: PendingWrite): void {
    if (entry.doc === undefined) this.#visible.delete(entry.key);
    else this.#visible.set(entry.key, entry.doc);
  }

  visibleDocuments(): Map<string, StoredDocument> {
    const now = this.#now();
    // Writes become visible in write order: a write waits for the ones before it.
    while (this.#pending.length > 0 && (this.#pending[0] as PendingWrite).visibleAt <= now) {
      this.#apply(this.#pending.shift() as PendingWrite);
    }
    return this.#visible;
  }
}
