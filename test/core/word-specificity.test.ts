// General-English word specificity: the front-coded levels decode to the words they list, and the generated list of
// the root ranks common words low and rare or unlisted ones at 1.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { NO_WORD_SPECIFICITY, wordSpecificityFromLevels } from "../../src/core/word-specificity.js";
import { englishWordSpecificity } from "../../src/tool-index/english-word-specificity.js";

const repo = fileURLToPath(new URL("../../", import.meta.url));

describe("wordSpecificityFromLevels", () => {
  it("reads each level's front-coded words (shared letters, then the rest) at level / levels", () => {
    // Level 0: "day", "days", "first"; level 1: "team", "teams", "ten"; levels 2 and 3 empty.
    const specificity = wordSpecificityFromLevels(["0day3s0first", "0team4s2n", "", ""]);
    expect(["day", "days", "first", "team", "teams", "ten"].map(specificity)).toEqual([0, 0, 0, 0.25, 0.25, 0.25]);
    // A word the list does not hold, or a prefix of one, is specific.
    expect(["da", "triangle", "tea"].map(specificity)).toEqual([1, 1, 1]);
    expect(NO_WORD_SPECIFICITY("first")).toBe(1);
  });
});

describe("the root's English word list", () => {
  it("ranks common words under rarer ones, and unlisted words at 1", () => {
    const [first, time, weather, triangle, geocoding] = ["first", "time", "weather", "triangle", "geocoding"].map(
      englishWordSpecificity,
    );
    expect(first).toBeLessThan(0.2);
    expect(time).toBeLessThan(0.2);
    expect(weather).toBeGreaterThan(time);
    expect(weather).toBeLessThan(1);
    expect([triangle, geocoding]).toEqual([1, 1]);
  });

  it("is what scripts/build-word-specificity.mjs makes of the local model's vocabulary", () => {
    const out = join(mkdtempSync(join(tmpdir(), "toolsift-words-")), "levels.ts");
    execFileSync(process.execPath, ["scripts/build-word-specificity.mjs", "--out", out], { cwd: repo });
    const committed = readFileSync(join(repo, "src/tool-index/english-word-levels.ts"), "utf8");
    expect(readFileSync(out, "utf8")).toBe(committed);
  });
});
