import type { FaultQueue, SearchFault, SearchOperation } from './types.ts';

/** FIFO of scripted faults; `take` hands the first one that applies to a request. */
export class Faults<F> implements FaultQueue<F> {
  #queue: F[] = [];

  push(...faults: F[]): void {
    for (const fault of faults) this.#queue.push(fault);
  }

  repeat(fault: F, times: number): void {
    for (let i = 0; i < times; i++) this.#queue.push(fault);
  }

  clear(): void {
    this.#queue = [];
  }

  get length(): number {
    return this.#queue.length;
  }

  get pending(): readonly F[] {
    return [...this.#queue];
  }

  /** Remove and return the first queued fault accepted by `applies` (default: the head). */
  take(applies: (fault: F) => boolean = () => true): F | undefined {
    const i = this.#queue.findIndex(applies);
    if (i < 0) return undefined;
    const [fault] = this.#queue.splice(i, 1);
    return fault;
  }
}

/** Whether a search fault may be consumed by a request of kind `operation`. */
export function searchFaultApplies(fault: SearchFault, operation: SearchOperation): boolean {
  if ('partial' in fault) return operation === 'index';
  return fault.operation === undefined || fault.operation === operation;
}
