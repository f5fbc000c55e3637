// What a read gave, as one comparable string: the result as JSON, or the error's code and message,
// so that a document two readings refuse alike compares equal (scripts/split-check.ts and the
// page-range tests compare one-thread and split reads this way).
export async function outcome(read: () => Promise<unknown>): Promise<string> {
  try {
    return JSON.stringify(await read());
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return `error ${e.code ?? ''} ${e.message ?? String(err)}`;
  }
}
