// The pool's worker with failures a test asks for by the document's first bytes: a rejection
// nobody handles, or an exception thrown from a timer, some milliseconds after the document was
// taken (so, often, after its answer). Everything else is the real worker.
import chunkTask, { type ChunkTask } from '../../../src/documents/worker.ts';

const FAULTS: Record<string, () => void> = {
  'REJECT-LATER': () => void Promise.reject(new Error('a rejection nobody handled')),
  'THROW-LATER': () => {
    throw new Error('thrown from a timer');
  },
};

export default function faultyTask(task: ChunkTask): ReturnType<typeof chunkTask> {
  const head = new TextDecoder().decode(task.bytes.subarray(0, 40));
  for (const [marker, fault] of Object.entries(FAULTS)) {
    const at = /^(?:REJECT|THROW)-LATER (\d+)ms/.exec(head);
    if (head.startsWith(marker) && at) setTimeout(fault, Number(at[1]));
  }
  return chunkTask(task);
}
