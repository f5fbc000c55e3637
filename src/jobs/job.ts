// The job contract: what a job is, where it stands, and the pure rules read off it (the time
// left, the Retry-After a poller is told, the Prefer header that asks for one). A job is one
// chunking request run after its 202: its answer, when done, is the one the request would have had.
import type { UploadAnswer } from '../http/upload.ts';

/** queued: waiting for a slot; running: being worked on; done: its answer is kept; cancelled: DELETE stopped it. */
export type JobState = 'queued' | 'running' | 'done' | 'cancelled';

/** What the work is doing: reading the document (pages), embedding its chunks, uploading them to the index. */
export type JobPhase = 'queued' | 'reading' | 'embedding' | 'indexing' | 'done' | 'cancelled';

export interface JobProgress {
  phase: JobPhase;
  /** pages of the document read so far, and its page count (null for a format without pages, or before it is known) */
  pagesRead: number | null;
  pages: number | null;
  /** chunks the document gave (null until it is chunked) */
  chunks: number | null;
  chunksEmbedded: number;
  chunksIndexed: number;
  /** an estimate of the seconds left, from the pace so far (null when there is no pace to go by yet) */
  secondsLeft: number | null;
}

/** One job as a store keeps it: plain data, so that a store in another process can hold it too. */
export interface JobRecord {
  id: string;
  state: JobState;
  /** ms since the epoch */
  createdAt: number;
  /** when the current phase began (the pace of the estimate is counted from it) */
  phaseStartedAt: number;
  /** when it finished (done or cancelled); the record expires `ttl` after it */
  finishedAt?: number;
  expiresAt?: number;
  progress: Omit<JobProgress, 'secondsLeft'>;
  /** times the job was started again after the replica running it stopped (REDIS_URL) */
  restarts?: number;
  /** with state done: the status, headers and body of the synchronous request */
  answer?: UploadAnswer;
}

/** Where the work reports what it did; every field optional, the job keeps the rest. */
export type ProgressUpdate = Partial<Omit<JobProgress, 'secondsLeft'>>;

export const initialProgress = (): JobRecord['progress'] => ({
  phase: 'queued',
  pagesRead: null,
  pages: null,
  chunks: null,
  chunksEmbedded: 0,
  chunksIndexed: 0,
});

/**
 * Seconds left, from the pace of the phase in hand: the share of its units done over the time
 * spent on it. Reading is counted in pages, embedding in chunks, indexing in chunks indexed. Only
 * the phase in hand is estimated (the next ones have no pace yet), so the figure can grow at a
 * phase change; null when nothing of the phase is done yet, or all of it (what follows has no
 * pace), or the phase has no units.
 */
export function estimateSecondsLeft(progress: JobRecord['progress'], phaseElapsedMs: number): number | null {
  const units = (): [number, number] | null => {
    switch (progress.phase) {
      case 'reading':
        return progress.pages === null || progress.pagesRead === null ? null : [progress.pagesRead, progress.pages];
      case 'embedding':
        return progress.chunks === null ? null : [progress.chunksEmbedded, progress.chunks];
      case 'indexing':
        return progress.chunks === null ? null : [progress.chunksIndexed, progress.chunks];
      case 'done':
      case 'cancelled':
        return [0, 0];
      default:
        return null;
    }
  };
  const u = units();
  if (u === null) return null;
  const [done, total] = u;
  if (progress.phase === 'done' || progress.phase === 'cancelled') return 0;
  // Every unit of the phase done, the work goes on (chunking after the last page, the next
  // phase): nothing to go by, rather than a 0 that is not true.
  if (done >= total) return null;
  if (done <= 0 || phaseElapsedMs < 0) return null;
  return Math.ceil(((phaseElapsedMs / done) * (total - done)) / 1000);
}

/**
 * The Retry-After a poller is told: the configured interval, or sooner when the estimate says the
 * job ends before it (never under 1 s, so a poller that follows it cannot spin).
 */
export function retryAfterSeconds(secondsLeft: number | null, configured: number): number {
  if (secondsLeft === null) return configured;
  return Math.max(1, Math.min(configured, secondsLeft));
}

/**
 * Whether a Prefer header (RFC 7240) asks for respond-async: a comma-separated list of
 * preferences, each a token with optional `=value` and `;parameters`; names are case-insensitive
 * and a preference the service does not know is ignored, as the RFC says.
 */
export function prefersAsync(prefer: string | string[] | undefined): boolean {
  if (prefer === undefined) return false;
  const values = Array.isArray(prefer) ? prefer : [prefer];
  return values.some((v) =>
    v.split(',').some((p) => {
      const name = p.split(/[=;]/, 1)[0]!.trim().toLowerCase();
      return name === 'respond-async';
    }),
  );
}
