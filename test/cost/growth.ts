// The cost property: doubling a stage's input may not more than double its work (a little slack for n·log n).
import type { CostStage } from "./stages.js";

/** Most a count may grow when the input doubles; linear work grows by at most 2, quadratic by 4. */
export const MAX_DOUBLING_GROWTH = 2.2;

/** How much the work grew from each size to the next. */
export function growth(counts: readonly number[]): number[] {
  return counts.slice(1).map((count, i) => count / Math.max(1, counts[i]));
}

/**
 * The work `measure` reports for `stage` at each of its sizes. Each size first runs once on other words of the same
 * shape (what a warm process has already compiled and cached), then is measured on words no cache has seen.
 */
export async function workBySize<T>(
  stage: Pick<CostStage, "sizes" | "prepare">,
  measure: (run: () => unknown) => Promise<T>,
): Promise<T[]> {
  const counts: T[] = [];
  for (const size of stage.sizes) {
    await (
      await stage.prepare(size, 1_000 + size)
    )();
    const run = await stage.prepare(size, size);
    counts.push(await measure(run));
  }
  return counts;
}
