// docs/options.md's table of every option is generated from the option table (scripts/options-doc.mjs): it must be
// what the table renders now, so an option added, moved or given another default cannot leave the page behind.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { END, renderOptionTable, START } from "../../scripts/options-doc.mjs";
import { ROOT_OPTION_TABLE } from "../../src/tool-index/model-option-table.js";

const page = readFileSync(new URL("../../docs/options.md", import.meta.url), "utf8");

describe("docs/options.md", () => {
  it("holds the option table as the table renders it (npm run build && node scripts/options-doc.mjs)", () => {
    const block = page.slice(page.indexOf(START), page.indexOf(END) + END.length);
    expect(block).toBe(renderOptionTable(ROOT_OPTION_TABLE));
  });
});
