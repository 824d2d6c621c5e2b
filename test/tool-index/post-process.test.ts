// Post-processing after ranking: the threshold applied once, maxTools, the elbow cut; explain agreeing with select.
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { resolveSelectOptions } from "../../src/resolve-select-options.js";
import { aboveThreshold, elbow, limitHits } from "../../src/tool-index/post-process.js";
import { saasCatalog } from "../api/saas-catalog.js";

const hits = (...scores: number[]) => scores.map((score, doc) => ({ doc, score, keyword: score }));

describe("cuts", () => {
  it("the threshold keeps scores at or above it", () => {
    expect(aboveThreshold(hits(0.9, 0.5, 0.49, 0.2), 0.5).map((hit) => hit.score)).toEqual([0.9, 0.5]);
    expect(aboveThreshold(hits(0.9, 0.1), 0)).toHaveLength(2);
  });

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
    { threshold: 0.3 },
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
});
