// Exact tool names in a query rank first in every entry point, and `select:<name>,…` selects exactly those tools.
import { generateText, isStepCount, tool } from "ai";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { SearchToolOutput } from "../../src/agent/search-tool.js";
import { createToolIndex, type ToolsiftEvent } from "../../src/index.js";
import { scriptedModel } from "../agent/mock-model.js";

/** A tool that only says it ran. */
const runs = (description: string, inputSchema: z.ZodObject) =>
  tool({ description, inputSchema, execute: async () => ({ ok: true }) });
const tools = {
  github_create_issue: runs(
    "Create an issue in a GitHub repository.",
    z.object({ repo: z.string(), title: z.string() }),
  ),
  github_list_issues: runs(
    "List the open issues of a GitHub repository, with their labels.",
    z.object({ repo: z.string() }),
  ),
  createGitHubPR: runs(
    "Open a pull request on GitHub from a branch.",
    z.object({ repo: z.string(), head: z.string() }),
  ),
  send_email: runs("Send an email to a recipient.", z.object({ to: z.string(), body: z.string() })),
  weather_forecast: runs("Get the weather forecast for a city.", z.object({ city: z.string() })),
  notes: runs("Keep short notes about a GitHub issue or anything else.", z.object({ text: z.string() })),
};

function indexWithEvents() {
  const events: ToolsiftEvent[] = [];
  const index = createToolIndex(tools, { onEvent: (event) => events.push(event) });
  return { index, events };
}

describe("a query that contains a tool's exact name", () => {
  // The ranking alone puts the issue-listing tool first for these words: the name decides.
  const question = "list the open issues and labels of the GitHub repository, then";

  it.each([
    "github_create_issue",
    "githubCreateIssue",
    "github create issue",
    "GitHub-Create-Issue",
    "GITHUB.CREATE.ISSUE",
  ])("%s: the named tool comes first in select and selectWithScores", async (name) => {
    const { index } = indexWithEvents();
    expect((await index.select(question))[0]).toBe("github_list_issues");
    const query = `${question} ${name}`;
    expect((await index.select(query))[0]).toBe("github_create_issue");
    const { results } = await index.selectWithScores(query);
    expect(results[0]).toMatchObject({ name: "github_create_issue", score: 1, reason: "ranked" });
    // The rest of the ranking follows it.
    expect(results.map((result) => result.name)).toContain("github_list_issues");
  });

  it("finds camelCase names from their words, and several names in the order the query gives them", async () => {
    const { index } = indexWithEvents();
    expect((await index.select("please create github pr for the fix"))[0]).toBe("createGitHubPR");
    const both = await index.select("weatherForecast for Oslo, then send_email");
    expect(both.slice(0, 2)).toEqual(["weather_forecast", "send_email"]);
  });

  it("keeps a named tool within maxTools, and never one the call does not allow", async () => {
    const { index } = indexWithEvents();
    expect(await index.select(`${question} github_create_issue`, { maxTools: 1 })).toEqual(["github_create_issue"]);
    const allowedTools = ["github_list_issues", "notes"];
    expect(await index.select(`${question} github_create_issue`, { allowedTools })).not.toContain(
      "github_create_issue",
    );
  });

  it("a one-word name, and two words as prose writes them, are ordinary words, not a name", async () => {
    const { index } = indexWithEvents();
    const explanation = await index.explain("notes about the weather_forecast", "notes");
    expect(explanation.exactName).toBeUndefined();
    expect((await index.explain("notes about the weather_forecast", "weather_forecast")).exactName).toBe(true);
    for (const prose of ["send email", "send-email", "Send Email"])
      expect((await index.explain(`${prose} about the weather`, "send_email")).exactName).toBeUndefined();
    for (const code of ["send_email", "sendEmail", "send.email", "SEND_EMAIL"])
      expect((await index.explain(`${code} about the weather`, "send_email")).exactName).toBe(true);
  });

  it("a query that is exactly a one-word name names it, even one made of conversation's words", async () => {
    const index = createToolIndex([
      { name: "Ve", description: "Vector engine status" },
      { name: "thanks", description: "Send a thank-you card" },
      { name: "send_email", description: "Send an email" },
    ]);
    expect(await index.select("Ve")).toEqual(["Ve"]);
    expect(await index.select(" thanks ")).toEqual(["thanks"]);
    expect((await index.explain("Ve", "Ve")).exactName).toBe(true);
    // Inside a request, a one-word name is an ordinary word, and a turn of conversation stays one.
    expect(await index.select("thanks!")).toEqual([]);
  });

  it("explain ranks the named tool first and says why", async () => {
    const { index } = indexWithEvents();
    const named = await index.explain(`${question} github_create_issue`, "github_create_issue");
    expect(named).toMatchObject({ rank: 1, selected: true, exactName: true });
    const other = await index.explain(`${question} github_create_issue`, "github_list_issues");
    expect(other.rank).toBe(2);
    expect(other.exactName).toBeUndefined();
  });

  it.each([
    ["a tool that is pinned", { maxTools: 2, alwaysActive: ["send_email"] }],
    [
      "a named tool the call does not allow",
      { maxTools: 2, allowedTools: ["github_create_issue", "github_list_issues", "notes"] },
    ],
  ])("explain agrees with select on every tool when the query names %s", async (_, options) => {
    const { index } = indexWithEvents();
    const query = `${question} github_create_issue and send_email`;
    const selected = await index.select(query, options);
    const { results } = await index.selectWithScores(query, options);
    const ranked = results.filter((result) => result.reason === "ranked").map((result) => result.name);
    // The case the agreement is about: a tool after the named one, within maxTools.
    expect(ranked).toEqual(["github_create_issue", "github_list_issues"]);
    for (const name of Object.keys(tools) as (keyof typeof tools)[]) {
      const explanation = await index.explain(query, name, options);
      expect({ name, selected: explanation.selected }).toEqual({ name, selected: selected.includes(name) });
      if (ranked.includes(name))
        expect({ name, rank: explanation.rank }).toEqual({ name, rank: ranked.indexOf(name) + 1 });
    }
  });

  it("prepareStep offers the named tool, so a scripted model can call it with maxTools 1", async () => {
    const { index } = indexWithEvents();
    const { model, offered } = scriptedModel([
      { toolCalls: [{ toolName: "github_create_issue", input: { repo: "a/b", title: "Bug" } }] },
      { text: "Filed." },
    ]);
    const result = await generateText({
      model,
      tools,
      // a small catalog is offered whole by default; this test is about selection
      prepareStep: index.prepareStep({ stableTools: false, maxTools: 1, smallCatalog: false }),
      stopWhen: isStepCount(3),
      prompt: `${question} use githubCreateIssue to file it`,
    });
    expect(result.text).toBe("Filed.");
    // First; the request's other task ("list the open issues…, then") brings its own tool beside it (clauses.ts).
    expect(offered[0]).toEqual(["github_create_issue", "github_list_issues"]);
  });

  it("searchTool returns the named tool first", async () => {
    const { index } = indexWithEvents();
    const search = index.searchTool();
    const output = await search.execute!(
      { query: `${question} GitHub-Create-Issue` },
      { toolCallId: "1", messages: [], context: undefined },
    );
    expect((output as SearchToolOutput).tools[0].name).toBe("github_create_issue");
  });
});

describe("select:<name>,…", () => {
  it("returns exactly the named tools, in order, any casing or separator", async () => {
    const { index, events } = indexWithEvents();
    expect(await index.select("select:weather_forecast,send_email")).toEqual(["weather_forecast", "send_email"]);
    expect(await index.select("  SELECT: GitHub-Create-Issue , createGitHubPR ")).toEqual([
      "github_create_issue",
      "createGitHubPR",
    ]);
    // Pinned tools still come after them; maxTools does not cut an explicit list.
    expect(await index.select("select:send_email,notes", { maxTools: 1, alwaysActive: ["weather_forecast"] })).toEqual([
      "send_email",
      "notes",
      "weather_forecast",
    ]);
    expect(events).toEqual([]);
  });

  it("leaves out and reports a name no tool has", async () => {
    const { index, events } = indexWithEvents();
    expect(await index.select("select:send_email,send_fax")).toEqual(["send_email"]);
    expect(events).toEqual([
      expect.objectContaining({ type: "unknown-tool-names", query: "select:send_email,send_fax", names: ["send_fax"] }),
    ]);
    expect((events[0] as { message: string }).message).toMatch(/"send_fax"/);
  });

  it("in prepareStep: only the named tools; only unknown names is a no-match (nothing relevant)", async () => {
    const { index } = indexWithEvents();
    const noMatch: unknown[] = [];
    // onNoMatch "none" and smallCatalog false: this small catalog would otherwise be offered whole.
    const prepare = index.prepareStep({
      stableTools: false,
      onNoMatch: "none",
      smallCatalog: false,
      onEvent: (event) => noMatch.push(event),
    });
    const step = (text: string) => prepare({ steps: [], messages: [{ role: "user", content: text }] });
    expect(await step("select:notes")).toEqual({ activeTools: ["notes"] });
    // A short message joins the one before it in the query: the select: line still decides.
    const followUp = [
      { role: "user" as const, content: "What is the weather forecast for Oslo?" },
      { role: "assistant" as const, content: "Sunny." },
      { role: "user" as const, content: "select:send_email" },
    ];
    expect(await prepare({ steps: [], messages: followUp })).toEqual({ activeTools: ["send_email"] });
    expect(await step("select:fax_machine")).toEqual({ activeTools: [] });
    expect(noMatch).toEqual([expect.objectContaining({ reason: "nothing-relevant", offered: "none" })]);
  });

  it("explain: a tool outside the list is not selected and has no rank", async () => {
    const { index } = indexWithEvents();
    expect(await index.explain("select:notes", "notes")).toMatchObject({ rank: 1, selected: true, exactName: true });
    expect(await index.explain("select:notes", "github_list_issues")).toMatchObject({ rank: null, selected: false });
  });

  it("explain reports a name no tool has, as select does", async () => {
    const { index, events } = indexWithEvents();
    expect(await index.explain("select:notes,send_fax", "notes")).toMatchObject({ rank: 1, selected: true });
    expect(events).toEqual([
      expect.objectContaining({ type: "unknown-tool-names", query: "select:notes,send_fax", names: ["send_fax"] }),
    ]);
  });

  it("explain leaves a pinned or disallowed tool out of the select: list's places, as select does", async () => {
    const { index } = indexWithEvents();
    const query = "select:send_email,notes";
    const pinned = { alwaysActive: ["send_email"] };
    expect(await index.select(query, pinned)).toEqual(["notes", "send_email"]);
    expect(await index.explain(query, "notes", pinned)).toMatchObject({ rank: 1, selected: true });
    const allowed = { allowedTools: ["notes"] };
    expect(await index.select(query, allowed)).toEqual(["notes"]);
    expect(await index.explain(query, "notes", allowed)).toMatchObject({ rank: 1, selected: true });
  });
});
