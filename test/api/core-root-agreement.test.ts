// One createToolIndex, one answer (issue 38): toolsift/core given the English word list the root reads by default
// selects exactly what the root selects, over BFCL's 600 queries and 40 chit-chat turns on its 589-tool catalog (the
// data in ../shared/bench-data/, next to the repository). Without the list the two differ: the control shows the
// comparison can see a difference.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToolIndex as createCoreIndex, ENGLISH_COMMON_WORDS } from "../../src/core-entry.js";
import { createToolIndex } from "../../src/index.js";

const bfclFile = new URL("../../../shared/bench-data/bfcl-dev.json", import.meta.url);
const chitChat = (
  JSON.parse(readFileSync(new URL("../fixtures/irrelevance/chit-chat.json", import.meta.url), "utf8")) as {
    turns: string[];
  }
).turns;

/** BFCL writes Python type names ("dict", "float"); JSON Schema's own, so that no catalog warning is printed. */
function jsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const names: Record<string, string> = { dict: "object", float: "number", tuple: "array" };
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === "type" && value === "any"))
      .map(([key, value]) => [
        key,
        key === "type" && typeof value === "string" ? (names[value] ?? value) : jsonSchema(value),
      ]),
  );
}

describe.runIf(existsSync(bfclFile))("toolsift/core and the root on BFCL (../shared/bench-data/bfcl-dev.json)", () => {
  const bfcl = existsSync(bfclFile)
    ? (JSON.parse(readFileSync(bfclFile, "utf8")) as {
        tools: { name: string; description: string; parameters: unknown }[];
        queries: { query: string }[];
      })
    : { tools: [], queries: [] };
  const tools = bfcl.tools.map((tool) => ({ ...tool, parameters: jsonSchema(tool.parameters) }));
  const requests = [...bfcl.queries.map((entry) => entry.query), ...chitChat];

  /** What `index` selects for every request, in order. */
  const selections = async (index: { select(query: string): Promise<readonly string[]> }) => {
    const out: (readonly string[])[] = [];
    for (const request of requests) out.push(await index.select(request));
    return out;
  };

  it("select the same tools for every query and chit-chat turn, given the same options", async () => {
    const root = await selections(createToolIndex(tools));
    const core = await selections(createCoreIndex(tools, { keyword: { commonWords: ENGLISH_COMMON_WORDS } }));
    expect(requests).toHaveLength(640);
    expect(core).toEqual(root);
    // false is an option of both: the same answers again, the list left out of both.
    const withoutList = { keyword: { commonWords: false } } as const;
    expect(await selections(createCoreIndex(tools, withoutList))).toEqual(
      await selections(createToolIndex(tools, withoutList)),
    );
  });

  it("the control: without the word list, some requests get other tools", async () => {
    const root = await selections(createToolIndex(tools));
    const without = await selections(createToolIndex(tools, { keyword: { commonWords: false } }));
    const differing = requests.filter(
      (_, position) => JSON.stringify(root[position]) !== JSON.stringify(without[position]),
    );
    expect(differing.length).toBeGreaterThan(0);
  });
});
