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
  definition: IndexDefinition;
  readonly documents = new Map<string, StoredDocument>();
  readonly #visible = new Map<string, StoredDocument>();
  #pending: PendingWrite[] = [];
  readonly etag: string;

  constructor(definition: IndexDefinition) {
    this.name = definition.name;
    this.definition = definition;
    this.etag = `"0x8DC${Date.now().toString(16).toUpperCase()}"`;
  }

  /** Record a write (set or delete); it becomes visible to queries after `delayMs`. */
  write(key: string, doc: StoredDocument | undefined, delayMs: number): void {
    if (doc === undefined) this.documents.delete(key);
    else this.documents.set(key, doc);
    const entry: PendingWrite = { visibleAt: performance.now() + Math.max(0, delayMs), key, doc };
    if (delayMs <= 0 && this.#pending.length === 0) this.#apply(entry);
    else this.#pending.push(entry);
  }

  #apply(entry: PendingWrite): void {
    if (entry.doc === undefined) this.#visible.delete(entry.key);
    else this.#visible.set(entry.key, entry.doc);
  }

  visibleDocuments(): Map<string, StoredDocument> {
    const now = performance.now();
    // Writes become visible in write order: a write waits for the ones before it.
    while (this.#pending.length > 0 && (this.#pending[0] as PendingWrite).visibleAt <= now) {
      this.#apply(this.#pending.shift() as PendingWrite);
    }
    return this.#visible;
  }
}
