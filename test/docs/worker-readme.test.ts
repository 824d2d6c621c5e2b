// src/worker/README.md's TypeScript snippet is the one tsc checks (worker-readme-snippet.ts), character for character.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tsBlocks } from "../../scripts/doc-snippets.mjs";

const readme = readFileSync(new URL("../../src/worker/README.md", import.meta.url), "utf8");
const checked = readFileSync(new URL("./worker-readme-snippet.ts", import.meta.url), "utf8");

describe("src/worker/README.md snippets", () => {
  it("has exactly one TypeScript snippet, and it is worker-readme-snippet.ts after its header line", () => {
    const blocks = tsBlocks(readme).map((block) => block.code.trim());
    expect(blocks).toEqual([checked.split("\n").slice(1).join("\n").trim()]);
  });
});
