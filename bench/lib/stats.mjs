// Small statistics and timing helpers shared by the bench files.

/** The q-quantile (0..1) of a list of numbers, nearest-rank on a sorted copy. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => quantile(values, 0.5);

/** Milliseconds since an arbitrary origin, with sub-microsecond resolution. */
export function nowMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs `fn` (sync or async) and returns the elapsed milliseconds. */
export async function timeMs(fn) {
  const start = nowMs();
  await fn();
  return nowMs() - start;
}

/**
 * Collects garbage until heapUsed stops falling (at most 10 passes) if `node --expose-gc` gave us
 * `gc`; returns whether it could. One pass is not enough: objects last reachable through weak
 * structures (inline caches, the previous iteration's interpreter registers) go a pass later.
 */
export function collectGarbage() {
  if (typeof globalThis.gc !== "function") return false;
  let previous = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 10; pass++) {
    globalThis.gc();
    const used = process.memoryUsage().heapUsed;
    if (previous - used < 16 * 1024) break;
    previous = used;
  }
  return true;
}
