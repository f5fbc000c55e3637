/**
 * How far the process's peak resident memory rose while `work` ran, in bytes: the kernel's
 * high-water mark (getrusage maxrss, via process.resourceUsage) minus the resident size at
 * the start. A high-water mark misses no spike, however short, where sampling rss on a timer
 * misses whatever happens between two samples. It can overstate (when an earlier peak of the
 * process was higher still), never understate, so a limit on it cannot pass by luck.
 * Worker threads share the process, so their memory counts too.
 */
export async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const start = process.memoryUsage.rss();
  const result = await work();
  return { result, growth: process.resourceUsage().maxRSS * 1024 - start };
}

export const MiB = 2 ** 20;
