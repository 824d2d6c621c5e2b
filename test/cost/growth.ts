// The cost property: doubling a stage's input may not more than double its work (a little slack for n·log n).
import type { CostStage } from "./stages.js";

/** Most a count may grow when the input doubles; linear work grows by at most 2, quadratic by 4. */
export const MAX_DOUBLING_GROWTH = 2.2;

/**
 * Work a count may carry whatever the input (the test runner's own calls while a stage awaits, the coverage session):
 * a stage that does a bounded amount of work, such as splitting a word over MAX_COMPOUND_LENGTH, counts a few hundred
 * at every size, and such noise must not read as growth. A quadratic stage at these sizes counts millions.
 */
export const COUNT_NOISE = 2_000;

/** How much the work grew from each size to the next. */
export function growth(counts: readonly number[]): number[] {
  return counts.slice(1).map((count, i) => count / Math.max(1, counts[i]));
}

/** The steps where doubling the input grew the count by more than MAX_DOUBLING_GROWTH (beyond COUNT_NOISE). */
export function superlinearSteps(counts: readonly number[]): string[] {
  const steps: string[] = [];
  for (let i = 1; i < counts.length; i++) {
    if (counts[i] > MAX_DOUBLING_GROWTH * counts[i - 1] + COUNT_NOISE) {
      steps.push(`${counts[i - 1]} → ${counts[i]} (×${(counts[i] / Math.max(1, counts[i - 1])).toFixed(2)})`);
    }
  }
  return steps;
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
