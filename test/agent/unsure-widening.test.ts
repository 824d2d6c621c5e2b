// Without a maxTools of the user's, a turn whose best ranked tool is an unsure match is offered up to 10 ranked tools
// (UNSURE_MAX_TOOLS) instead of 5; a plain request keeps 5, and a maxTools given is the bound.
import { describe, expect, it } from "vitest";
import { UNSURE_MAX_TOOLS } from "../../src/agent/step-selection.js";
import { createToolIndex } from "../../src/index.js";

/** Ten ticket tools that differ in one word each, and eleven tools of other products (above the small catalog). */
const catalog = [
  ...["get", "list", "close", "reopen", "merge", "assign", "tag", "escalate", "reply", "export"].map((action) => ({
    name: `ticket_${action}`,
    description: `${action} a support ticket`,
  })),
  ...["weather", "stocks", "recipes", "flights", "hotels", "music", "movies", "books", "news", "sports", "maps"].map(
    (topic) => ({ name: `${topic}_search`, description: `Search ${topic}` }),
  ),
];
const index = createToolIndex(catalog);
const user = (content: string) => [{ role: "user" as const, content }];

describe("an unsure match gets a few more of the ranking", () => {
  it("offers up to 10 ranked tools when the best is an unsure match, 5 when it is sure, maxTools when given", async () => {
    const unsure = "support ticket woes";
    const best = (await index.selectWithScores(unsure)).results[0];
    expect(best.relevance).toBeLessThan(0.5);
    const widened = await index.prepareStep({ stableTools: false })({ steps: [], messages: user(unsure) });
    expect(widened.activeTools!.length).toBeGreaterThan(5);
    expect(widened.activeTools!.length).toBeLessThanOrEqual(UNSURE_MAX_TOOLS);
    // All ten ticket tools hold the request's words: all ten are offered, none cut at the score elbow.
    expect([...widened.activeTools!].sort()).toEqual(
      catalog
        .slice(0, 10)
        .map((tool) => tool.name)
        .sort(),
    );
    const bounded = await index.prepareStep({ stableTools: false, maxTools: 5 })({ steps: [], messages: user(unsure) });
    expect(bounded.activeTools!.length).toBeLessThanOrEqual(5);

    const sure = "reopen the support ticket";
    expect((await index.selectWithScores(sure)).results[0]).toMatchObject({ name: "ticket_reopen" });
    expect((await index.selectWithScores(sure)).results[0].relevance).toBeGreaterThanOrEqual(0.5);
    const plain = await index.prepareStep({ stableTools: false })({ steps: [], messages: user(sure) });
    expect(plain.activeTools![0]).toBe("ticket_reopen");
    expect(plain.activeTools!.length).toBeLessThanOrEqual(5);
  });
});
