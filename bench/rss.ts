// Peak resident memory of this process (main thread and its workers), sampled every 10 ms.
export interface RssSampler {
  /** Highest rss seen since the start or the last reset(), in bytes. */
  peak(): number;
  /** Starts a new measurement from the current rss. */
  reset(): void;
  stop(): void;
}

export function sampleRss(everyMs = 10): RssSampler {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, everyMs);
  return {
    peak: () => peak,
    reset: () => {
      peak = process.memoryUsage.rss();
    },
    stop: () => clearInterval(timer),
  };
}
