// Post-processing after ranking: maxTools, the elbow cut; the selection's trace; explain agreeing with select.
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { resolveSelectOptions } from "../../src/resolve-select-options.js";
import { elbow, limitHits } from "../../src/tool-index/post-process.js";
import { saasCatalog } from "../api/saas-catalog.js";

const hits = (...scores: number[]) => scores.map((score, doc) => ({ doc, score, keyword: score }));

describe("cuts", () => {
  it("limitHits keeps maxTools, then cuts at the first drop of 40% of the top score (never below 2)", () => {
    const options = { ...resolveSelectOptions({}), maxTools: 5, adaptive: true };
    // Drops: 1 → 0.9 (10%), 0.9 → 0.45 (45% of the top): cut after the second.
    expect(limitHits(hits(1, 0.9, 0.45, 0.44), options).map((hit) => hit.score)).toEqual([1, 0.9]);
    // One dominant tool: the cut keeps two.
    expect(limitHits(hits(1, 0.3, 0.29), options).map((hit) => hit.score)).toEqual([1, 0.3]);
    expect(limitHits(hits(1, 0.9, 0.8, 0.7, 0.6, 0.5), options)).toHaveLength(5);
    expect(limitHits(hits(1, 0.1, 0.05), { ...options, adaptive: false })).toHaveLength(3);
    expect(elbow(hits(0, 0, 0))).toHaveLength(3);
  });

  it("never parts tools of equal score: the catalog's order is no reason to keep one", () => {
    // A drop of 70% after the first: the cut keeps two, and the third scores as the second.
    expect(elbow(hits(1, 0.3, 0.3, 0.1)).map((hit) => hit.doc)).toEqual([0, 1, 2]);
    expect(elbow(hits(1, 0.3, 0.3, 0.3, 0.1)).map((hit) => hit.doc)).toEqual([0, 1, 2, 3]);
    // Equal scores after the cut stay out together.
    expect(elbow(hits(1, 0.9, 0.4, 0.4, 0.4, 0.1)).map((hit) => hit.doc)).toEqual([0, 1]);
    expect(elbow(hits(1, 0.9, 0.4, 0.39)).map((hit) => hit.doc)).toEqual([0, 1]);
  });
});

describe("explain agrees with select", () => {
  const queries = [
    "send an email",
    "refund the last payment",
    "upload a file to s3",
    "post a message",
    "create an issue",
    "weather",
    // Queries the relevance decision closes or narrows.
    "thanks, sounds good",
    "what is the capital of France",
    "paint the fence and post a photo",
  ];
  const optionSets = [
    {},
    { maxTools: 2 },
    { minRelevance: 0.5 },
    { adaptive: false, maxTools: 3 },
    { alwaysActive: ["send_email"] },
    { allowedTools: ["send_email", "slack_post_message", "stripe_refund_payment"] },
    { minRelevance: 0 },
    { minRelevance: 0.5, maxTools: 3 },
  ];

  it("selected is true exactly for the tools select returns", async () => {
    const index = createToolIndex(saasCatalog);
    let selectedCount = 0;
    for (const query of queries) {
      for (const options of optionSets) {
        const chosen = await index.select(query, options);
        for (const tool of index.toolNames) {
          const explanation = await index.explain(query, tool, options);
          expect(explanation.selected, `${query} ${JSON.stringify(options)} ${tool}`).toBe(chosen.includes(tool));
          if (explanation.selected) selectedCount++;
        }
      }
    }
    expect(selectedCount).toBeGreaterThan(queries.length * optionSets.length);
  });

  it("ranks each tool at its place in the selection's order, and names the selection's first tool best", async () => {
    // A front desk's terse catalog, where the relevance decision reorders the ranking: `getOpenSlots` scores higher
    // for "pull up chart for Garcia, DOB …", but only `pt_lookup` reaches minRelevance, and the tools that reach it
    // come first.
    const cases = [
      { index: createToolIndex(saasCatalog), texts: queries },
      { index: createToolIndex(frontDesk), texts: ["pull up chart for Garcia, DOB 03/12/1988", "bill them $240"] },
    ];
    let reordered = 0;
    for (const { index, texts } of cases)
      for (const query of texts) {
        for (const options of optionSets) {
          const { results, cut } = await index.selectWithScores(query, options);
          const pins = new Set<string>(options.alwaysActive ?? []);
          const order = [...results, ...cut].filter((tool) => !pins.has(tool.name));
          const first = results.find((tool) => !pins.has(tool.name));
          for (const [place, tool] of order.entries()) {
            const explanation = await index.explain(query, tool.name, options);
            expect(explanation.rank, `${query} ${JSON.stringify(options)} ${tool.name}`).toBe(place + 1);
            if (first !== undefined) expect(explanation.best?.tool).toBe(first.name);
          }
          // The ranking's own order (scores alone) differs from the selection's here.
          const scores = order.map((tool) => tool.score);
          if (scores.some((score, at) => at > 0 && score > scores[at - 1])) reordered++;
        }
      }
    expect(reordered).toBeGreaterThan(0);
  });
});

const frontDesk = [
  { name: "appt_book", description: "Book patient appointment slot", parameters: { type: "object", properties: {} } },
  {
    name: "pt_lookup",
    description: "Find patient record by name, DOB, phone",
    parameters: { type: "object", properties: { query: { type: "string", description: "name / dob / phone" } } },
  },
  {
    name: "getOpenSlots",
    description: "List free chair slots for date",
    parameters: { type: "object", properties: { date: { type: "string" }, durationMin: { type: "number" } } },
  },
  {
    name: "invoice_create",
    description: "Create invoice for treatment",
    parameters: { type: "object", properties: { patientId: { type: "string" }, amount: { type: "number" } } },
  },
];

describe("the selection's trace: why each judged tool is in or out", () => {
  it("names the stage that cut each candidate, and explain reports the same verdict", async () => {
    const index = createToolIndex(saasCatalog);
    // The elbow cuts ranked candidates of a wide pool; explain reports each as the selection cut it.
    const options = { maxTools: 8, minRelevance: 0, adaptive: true };
    const stages = new Set<string>();
    for (const query of ["send a message", "open a pull request", "refund the payment", "upload a file", "deploy"]) {
      const { tools, cut } = await index.selectWithScores(query, options);
      for (const tool of cut) {
        expect(tools).not.toContain(tool.name);
        expect(await index.explain(query, tool.name, options)).toMatchObject({
          selected: false,
          verdict: `cut-${tool.cut}`,
        });
        stages.add(tool.cut);
      }
    }
    expect(stages).toContain("elbow");
    // A bar the best tool does not reach: every candidate is cut by relevance.
    const nothing = await index.selectWithScores("paint the fence and post a photo", { minRelevance: 0.99 });
    expect(nothing.tools).toEqual([]);
    expect(nothing.cut.length).toBeGreaterThan(0);
    expect(nothing.cut.every((tool) => tool.cut === "relevance")).toBe(true);
  });

  it("tells named, pinned, companion and not-allowed tools apart", async () => {
    const index = createToolIndex(saasCatalog, { relatedTools: { send_email: ["slack_post_message"] } });
    const query = "please run send_email now";
    expect(await index.explain(query, "send_email")).toMatchObject({ selected: true, verdict: "named", rank: 1 });
    expect(await index.explain(query, "slack_post_message")).toMatchObject({ selected: true, verdict: "related" });
    expect(await index.explain(query, "deploy_service", { alwaysActive: ["deploy_service"] })).toMatchObject({
      selected: true,
      verdict: "alwaysActive",
    });
    expect(
      await index.explain("refund the last payment", "stripe_refund_payment", { allowedTools: ["send_email"] }),
    ).toMatchObject({ selected: false, verdict: "not-allowed" });
    const scored = await index.selectWithScores(query);
    expect(scored.results.find((tool) => tool.name === "send_email")).toMatchObject({ named: true, reason: "ranked" });
  });
});
