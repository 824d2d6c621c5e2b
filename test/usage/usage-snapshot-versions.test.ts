// Usage snapshots across format versions: a version 1 snapshot (written by toolsift before version 2, committed as a
// fixture) still loads with every link, and version 2 rows that are not rows are refused with INVALID_USAGE.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToolIndex, type UsageSnapshot } from "../../src/index.js";
import { USAGE_VERSION } from "../../src/usage/usage-snapshot.js";
import { snapshotRows } from "../../src/usage/usage-snapshot.js";

// Written by index.usage() of the version 1 code (commit 62f2e63) after 4 conversations over these tools.
const version1 = JSON.parse(
  readFileSync(new URL("../fixtures/usage-snapshot-v1.json", import.meta.url), "utf8"),
) as UsageSnapshot;
const tools = ["list_files", "read_file", "write_file", "delete_file", "send_email"].map((name) => ({
  name,
  description: `${name.replace("_", " ")} tool`,
}));

/** Every list of a snapshot by tool name (terms by hash): `from → total` and `from → to → share`. */
function byName(snapshot: UsageSnapshot): Record<string, unknown> {
  const rows = snapshotRows(snapshot)!;
  const name = (id: number) => snapshot.tools[id];
  const links = (row: number[], from: number) => {
    const found: Record<string, number> = {};
    for (let i = from + 1; i + 1 < row.length; i += 2) found[name(row[i])] = row[i + 1];
    return { total: row[from], links: found };
  };
  const keyed = (list: number[][], key: (value: number) => string | number) =>
    Object.fromEntries(list.map((row) => [key(row[0]), links(row, 1)]));
  return {
    conversations: snapshot.conversations,
    starts: links(rows.starts, 0),
    next: keyed(rows.next, name),
    together: keyed(rows.together, name),
    terms: keyed(rows.terms, (term) => term),
  };
}

describe("usage snapshot versions", () => {
  it("reads a version 1 snapshot and writes the same lists as version 2", () => {
    expect(version1.version).toBe(1);
    const rewritten = createToolIndex(tools, { learning: { usage: version1 } }).usage();
    expect(rewritten.version).toBe(USAGE_VERSION);
    expect(USAGE_VERSION).toBe(2);
    expect(byName(rewritten)).toEqual(byName(version1));
    // Spot checks read off the fixture by hand: list_files was followed by read_file in all 4 conversations.
    expect(byName(rewritten).next).toMatchObject({ list_files: { total: 3.999, links: { read_file: 1000 } } });
  });

  it("offers what a version 1 snapshot taught", async () => {
    const index = createToolIndex(tools, { learning: { usage: version1 } });
    const { results } = await index.selectWithScores("send it over", { previousTools: ["list_files"] });
    expect(results.find((result) => result.name === "read_file")?.reason).toBe("learned-next");
  });

  it("writes each list as one string, smaller than version 1's number arrays", () => {
    const rewritten = createToolIndex(tools, { learning: { usage: version1 } }).usage();
    expect(typeof rewritten.starts).toBe("string");
    expect(JSON.stringify(rewritten).length).toBeLessThan(JSON.stringify(version1).length);
  });

  it("refuses version 2 rows that are not rows, and unknown versions, with INVALID_USAGE", () => {
    const good = createToolIndex(tools, { learning: { usage: version1 } }).usage() as Extract<
      UsageSnapshot,
      { version: 2 }
    >;
    const broken = [
      { ...good, next: [`${good.next[0]}A`] }, // a link cut short
      { ...good, next: ["1.5:A!AAA"] }, // a character outside the digits
      { ...good, starts: "no total" },
      { ...good, terms: [42] },
    ];
    for (const usage of broken) {
      expect(() => createToolIndex(tools, { learning: { usage: usage as UsageSnapshot } })).toThrow(
        expect.objectContaining({ code: "INVALID_USAGE", message: expect.stringContaining("malformed") }),
      );
    }
    expect(() =>
      createToolIndex(tools, { learning: { usage: { ...good, version: 3 } as unknown as UsageSnapshot } }),
    ).toThrow(expect.objectContaining({ code: "INVALID_USAGE", message: expect.stringContaining("versions 1 and 2") }));
  });
});
