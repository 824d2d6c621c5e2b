// Issue 13's probe inside workerd: a catalog with one tool whose name is 1 MiB of letters indexes and selects; the
// characters its build hands to whole-string built-ins (hashing above all) double, not quadruple, from 512 KiB up.
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { startCharacterMeter } from "../cost/character-meter.js";
import { superlinearSteps } from "../cost/growth.js";
import { letters } from "../cost/text.js";

async function indexWithName(name: string): Promise<{ selected: string[]; characters: number }> {
  // Over the default name limit (256): raised to index such a name at all.
  const index = createToolIndex(
    [
      { name, description: "A tool with an absurd name." },
      { name: "send_email", description: "Send an email to a recipient." },
    ],
    { catalog: { limits: { nameLength: name.length } } },
  );
  const meter = startCharacterMeter();
  try {
    await index.warmUp();
  } catch (error) {
    meter.stop();
    throw error;
  }
  const characters = meter.stop();
  return { selected: await index.select("send an email"), characters };
}

describe("a 1 MiB tool name in workerd", () => {
  it("indexes, selects, and costs twice what half the name costs", async () => {
    const half = await indexWithName(letters(512 * 1024, 1));
    const full = await indexWithName(letters(1024 * 1024, 2));
    expect(full.selected).toEqual(["send_email"]);
    expect(half.selected).toEqual(["send_email"]);
    // The name is read at least once (tokenised, hashed as a term): the meter saw it.
    expect(full.characters).toBeGreaterThanOrEqual(1024 * 1024);
    expect(superlinearSteps([half.characters, full.characters])).toEqual([]);
  });
});
