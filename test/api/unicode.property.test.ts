// Property tests: any string is a safe query, any unique names and descriptions are a safe catalog.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { terms } from "../../src/core/tokenizer.js";
import { createToolIndex, type SelectOptions, type ToolIndex } from "../../src/index.js";
import { saasCatalog } from "./saas-catalog.js";

const names = new Set(saasCatalog.map((tool) => tool.name));

// Hand-picked pieces that stress folding and splitting, mixed into generated text.
const tricky = fc.constantFrom(
  "\uD800", // lone high surrogate
  "\uDC00", // lone low surrogate
  "שלח אימייל", // RTL
  "أرسل بريد",
  "\u202Eemail\u202C", // bidi override
  "👩‍💻🚀📧",
  "e\u0301\u0301\u0301mail", // stacked combining marks
  "ﬁle ﬂow",
  "Ærø STRAßE İstanbul",
  "\u0000\u0007\uFEFF\u200B",
  "k8s i18n PR",
  "sned emial",
  "𝓼𝓮𝓷𝓭 𝓮𝓶𝓪𝓲𝓵", // mathematical letters, NFKD-folded
  "ＳＥＮＤ　ＥＭＡＩＬ", // full width
);

const query = fc.oneof(
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "grapheme-composite", maxLength: 40 }),
  fc
    .array(fc.oneof(tricky, fc.string({ unit: "grapheme-ascii", maxLength: 12 })), { maxLength: 8 })
    .map((parts) => parts.join(" ")),
  // Long text: repeated words, and one long run of letters.
  fc.tuple(tricky, fc.integer({ min: 100, max: 400 })).map(([part, times]) => Array(times).fill(part).join(" ")),
  fc.stringMatching(/^[a-z]{40,300}$/),
);

const selectOptions: fc.Arbitrary<SelectOptions> = fc.record(
  {
    maxTools: fc.integer({ min: 1, max: 8 }),
    adaptive: fc.boolean(),
    minRelevance: fc.double({ min: 0, max: 1, noNaN: true }),
    alwaysActive: fc.array(fc.constantFrom("send_email", "weather_forecast", "not_a_tool"), { maxLength: 3 }),
  },
  { requiredKeys: [] },
);

/** The invariants of one select call; returns the result for determinism checks. */
async function checkSelect(
  index: ToolIndex,
  known: ReadonlySet<string>,
  text: string,
  options: SelectOptions,
): Promise<string[]> {
  const tools = await index.select(text, options);
  // alwaysActive names outside the catalog are left out (toolpick's rule): only catalog names come back.
  const pinned = new Set((options.alwaysActive ?? []).filter((name) => known.has(name)));
  expect(new Set(tools).size).toBe(tools.length);
  for (const name of tools) expect(known.has(name), name).toBe(true);
  const ranked = tools.filter((name) => !pinned.has(name));
  expect(ranked.length).toBeLessThanOrEqual(options.maxTools ?? 5);
  for (const name of pinned) expect(tools).toContain(name);
  return tools;
}

describe("arbitrary queries", () => {
  const index = createToolIndex(saasCatalog);

  it("never throw, return only catalog or pinned names, no duplicates, at most maxTools ranked", async () => {
    await fc.assert(
      fc.asyncProperty(query, selectOptions, async (text, options) => {
        await checkSelect(index, names, text, options);
      }),
      { numRuns: 600 },
    );
  });

  it("are deterministic, and select agrees with selectWithScores", async () => {
    await fc.assert(
      fc.asyncProperty(query, selectOptions, async (text, options) => {
        const first = await index.select(text, options);
        expect(await index.select(text, options)).toEqual(first);
        const scored = await index.selectWithScores(text, options);
        expect(scored.tools).toEqual(first);
        for (const result of scored.results) {
          expect(result.score).toBeGreaterThanOrEqual(0);
          expect(result.score).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("can be explained for any tool", async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.constantFrom(...names), async (text, tool) => {
        const explanation = await index.explain(text, tool);
        expect(explanation.tool).toBe(tool);
        if (explanation.rank !== null) expect(explanation.rank).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});

describe("arbitrary catalogs", () => {
  const text = fc.oneof(
    fc.string({ unit: "binary", maxLength: 60 }),
    fc.string({ unit: "grapheme", maxLength: 60 }),
    tricky,
  );
  const catalog = fc.uniqueArray(
    fc.record({
      name: fc
        .oneof(fc.string({ unit: "binary", minLength: 1, maxLength: 30 }), tricky)
        .filter((name) => name.trim().length > 0),
      description: text,
      parameters: fc.record({
        type: fc.constant("object"),
        properties: fc.dictionary(fc.string({ unit: "binary", maxLength: 12 }), fc.record({ description: text })),
      }),
    }),
    { selector: (tool) => tool.name, minLength: 1, maxLength: 12 },
  );

  // Control, format and other invisible characters are refused in names (look-alike names): docs/errors-and-events.md.
  const invisible = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

  it("index without throwing (or refuse a name with an invisible character) and select only their own names", async () => {
    await fc.assert(
      fc.asyncProperty(catalog, query, async (tools, text) => {
        if (tools.some((tool) => invisible.test(tool.name))) {
          expect(() => createToolIndex(tools)).toThrowError(expect.objectContaining({ code: "INVALID_TOOL" }));
          return;
        }
        const index = createToolIndex(tools);
        const known = new Set(tools.map((tool) => tool.name));
        const first = await checkSelect(index, known, text, { adaptive: false, maxTools: 5 });
        expect(await index.select(text, { adaptive: false, maxTools: 5 })).toEqual(first);
        // A tool's own name, as a query, finds it whenever the name holds a searchable word.
        const own = tools[tools.length - 1].name;
        const found = await index.select(own, { adaptive: false, maxTools: tools.length });
        for (const name of found) expect(known.has(name)).toBe(true);
        if (terms(own).length > 0) expect(found).toContain(own);
      }),
      { numRuns: 200 },
    );
  });
});
