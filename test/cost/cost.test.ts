// The cost property in Node, counted rather than timed: for every stage that reads catalog or query text, doubling
// the input at most doubles (×2.2, plus COUNT_NOISE) the blocks of src/ executed and the characters handed to
// whole-string built-ins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBlockCounter } from "./block-counter.js";
import { startCharacterMeter } from "./character-meter.js";
import { growth, superlinearSteps, workBySize } from "./growth.js";
import { QUADRATIC_LOOP, QUADRATIC_SPLIT } from "./quadratic-reference.js";
import { COST_STAGES } from "./stages.js";

let counter: Awaited<ReturnType<typeof openBlockCounter>>;
beforeAll(async () => {
  counter = await openBlockCounter();
});
afterAll(() => counter.close());

async function blocksAndCharacters(run: () => unknown): Promise<{ blocks: number; characters: number }> {
  const meter = startCharacterMeter();
  const blocks = await counter.count(run).catch((error: unknown) => {
    // The built-ins are restored even when the stage throws.
    meter.stop();
    throw error;
  });
  return { blocks, characters: meter.stop() };
}

describe("cost grows linearly with catalog and query text", () => {
  it.each(COST_STAGES.map((stage) => [stage.name, stage] as const))("%s", async (_, stage) => {
    const work = await workBySize(stage, blocksAndCharacters);
    const report = `${stage.name}: ${JSON.stringify(work)}`;
    expect(superlinearSteps(work.map((entry) => entry.blocks)), `blocks, ${report}`).toEqual([]);
    expect(superlinearSteps(work.map((entry) => entry.characters)), `characters, ${report}`).toEqual([]);
    // The meters saw the stage run (some stages, such as a compound split of a word over MAX_COMPOUND_LENGTH, do a
    // bounded amount of work whatever the input's length: that is linear too).
    expect(work.every((entry) => entry.blocks > 0)).toBe(true);
  });
});

describe("the meters see quadratic work", () => {
  it("counts the characters the compound split hashed before its fix growing fourfold per doubling", async () => {
    const work = await workBySize(QUADRATIC_SPLIT, async (run) => {
      const meter = startCharacterMeter();
      run();
      return meter.stop();
    });
    for (const ratio of growth(work)) expect(ratio).toBeGreaterThan(3.5);
  });

  it("counts the blocks of a nested loop growing fourfold per doubling", async () => {
    const loops = await openBlockCounter("/test/cost/quadratic-reference");
    try {
      const work = await workBySize(QUADRATIC_LOOP, (run) => loops.count(run));
      for (const ratio of growth(work)) expect(ratio).toBeGreaterThan(3.5);
    } finally {
      await loops.close();
    }
  });
});
