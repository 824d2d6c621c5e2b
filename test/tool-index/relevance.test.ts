// The relevance decision: incidental matches, chit-chat and off-topic questions select nothing; relevance is a
// share in [0, 1] that ranks a query naming a tool's words above one that shares a single word with it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createToolIndex, DEFAULT_MIN_RELEVANCE, ToolsiftError } from "../../src/index.js";
import { createToolIndex as createCoreIndex } from "../../src/core-entry.js";
import { toolsiftMiddleware } from "../../src/langchain/index.js";
import { localEmbeddingModel } from "../../src/local/index.js";
import { relevantHits, type JudgedHit } from "../../src/tool-index/relevance.js";

const object = (properties: Record<string, unknown>) => ({ type: "object", properties });
const text = (description?: string) => ({ type: "string", ...(description ? { description } : {}) });

/** A small SaaS catalog of the kind the issue was filed against (GitHub, Stripe, Linear, Notion, Postgres, Slack). */
const catalog = [
  {
    name: "createGitHubPR",
    description: "Open a pull request (PR) on a GitHub repository from a head branch into a base branch.",
    parameters: object({ repo: text("owner/name"), head: text(), base: text("base branch"), title: text() }),
  },
  { name: "mergeGitHubPR", description: "Merge an open GitHub PR.", parameters: object({ repo: text() }) },
  {
    name: "listGitHubIssues",
    description: "List issues of a GitHub repository.",
    parameters: object({ repo: text(), state: text() }),
  },
  { name: "listLinearIssues", description: "List issues in a Linear team.", parameters: object({ team: text() }) },
  { name: "createLinearIssue", description: "Create an issue in Linear.", parameters: object({ title: text() }) },
  {
    name: "stripeRefundPayment",
    description: "Refund a Stripe payment, fully or partially.",
    parameters: object({ paymentIntent: text(), amount: { type: "integer", description: "amount in cents" } }),
  },
  { name: "stripeCreateInvoice", description: "Create a Stripe invoice for a customer.", parameters: object({}) },
  { name: "notionCreatePage", description: "Create a page in a Notion workspace.", parameters: object({}) },
  {
    name: "queryPostgres",
    description: "Run a read-only SQL query against the Postgres database.",
    parameters: object({ sql: text("the SQL statement") }),
  },
  { name: "runMigration", description: "Apply pending schema migrations to the database.", parameters: object({}) },
  { name: "slackPostMessage", description: "Post a message to a Slack channel.", parameters: object({}) },
  // "data" on its own makes "database" a closed compound of the catalog (data + base).
  { name: "exportNotionData", description: "Export the data of a Notion workspace as CSV.", parameters: object({}) },
];

describe("relevance", () => {
  const index = createToolIndex(catalog);

  it.each([
    // "perimeter rectangle" spells P-R, the catalog's acronym: only catalog words may spell it.
    "Find the perimeter of a rectangle with sides 3 and 4",
    "thanks!",
    "ok",
    "hello there",
    "what can you do?",
    "sounds good, thank you",
  ])("%j selects no tool", async (query) => {
    expect(await index.select(query)).toEqual([]);
  });

  it.each([
    // "linear" names a product here and a kind of equation there.
    ["Find the roots of the linear equation 2x + 3 = 0", ["createLinearIssue", "listLinearIssues"], "linear"],
    // "base" is a word of createGitHubPR (a base branch), and only inside "database" for the SQL tools.
    ["Calculate the area of a triangle given the base and height", ["createGitHubPR"], "base"],
  ])("rates one shared word of a longer question low: %j", async (query, tools, word) => {
    // Keyword evidence cannot tell the two senses apart: the match stays, at a relevance far under a query that names
    // the tool's words; a stricter minRelevance (0.3) drops it.
    const { results: all } = await index.selectWithScores(query, { minRelevance: 0 });
    const results = all.filter((result) => result.relevance > 0);
    expect(results.map((result) => result.name).sort()).toEqual(tools);
    for (const result of results) {
      expect(result.relevance).toBeGreaterThan(0);
      expect(result.relevance).toBeLessThan(0.3);
      expect(result.match.map((entry) => entry.word)).toEqual([word]);
    }
    expect(await index.select(query, { minRelevance: 0.3 })).toEqual([]);
  });

  it("a query naming a tool's words passes any threshold a shared word fails", async () => {
    for (const [query, tool] of [
      ["list my Linear issues", "listLinearIssues"],
      // "branch" and "feature" are common English words met in the description only: they count less.
      ["open a pull request from my feature branch", "createGitHubPR"],
    ]) {
      const { results } = await index.selectWithScores(query, { minRelevance: 0 });
      expect(results[0].name).toBe(tool);
      expect(results[0].relevance).toBeGreaterThan(0.7);
      expect(await index.select(query, { minRelevance: 0.7 })).toContain(tool);
    }
  });

  it("weighs a word every tool's parameters hold by how few tool names hold it", async () => {
    // A GitHub server's tools all take owner and repo: "repo" is in every tool, yet read as "repository" it is what
    // two names are about. By its IDF alone it counted for next to nothing in create_repository's name, so "create a
    // repo" rated create_branch as relevant as the tool it names.
    const repo = { owner: text("Repository owner"), repo: text("Repository name") };
    const github = createToolIndex([
      { name: "create_repository", description: "Create a new GitHub repository", parameters: object(repo) },
      { name: "fork_repository", description: "Fork a GitHub repository", parameters: object(repo) },
      { name: "add_issue_comment", description: "Add a comment to an issue", parameters: object(repo) },
      { name: "create_branch", description: "Create a new branch in a repository", parameters: object(repo) },
      { name: "create_issue", description: "Create a new issue in a repository", parameters: object(repo) },
      { name: "list_issues", description: "List issues in a repository", parameters: object(repo) },
      { name: "get_file_contents", description: "Get a file from a repository", parameters: object(repo) },
      { name: "list_commits", description: "List commits of a branch in a repository", parameters: object(repo) },
    ]);
    const { results } = await github.selectWithScores("create a repo", { minRelevance: 0 });
    const named = (name: string) => results.find((result) => result.name === name)!;
    const repoCredit = (name: string) => named(name).match.find((entry) => entry.word === "repo")!;
    expect(repoCredit("create_repository")).toMatchObject({ term: "repositori", field: "name" });
    expect(repoCredit("create_branch")).toMatchObject({ term: "repo", field: "parameterNames" });
    expect(repoCredit("create_repository").credit).toBeGreaterThan(4 * repoCredit("create_branch").credit);
    expect(named("create_repository").relevance).toBeGreaterThan(named("create_branch").relevance + 0.1);
  });

  it("does not read an ordinary long word as an initialism of the catalog", async () => {
    const { results } = await index.selectWithScores("Find the perimeter of a rectangle", { minRelevance: 0 });
    expect(results.flatMap((result) => result.expansions)).toEqual([]);
  });

  it("does not read a word one letter longer than a catalog word as its typo, but does a slip of a key", async () => {
    const shop = createToolIndex([
      { name: "refund_order", description: "Refund an order; pass line_items for a partial one" },
      { name: "search_products", description: "Search products" },
      { name: "send_email", description: "Send an email" },
    ]);
    const readings = async (query: string) =>
      (await shop.selectWithScores(query, { minRelevance: 0 })).results.flatMap((result) =>
        result.expansions.map((expansion) => `${expansion.from}>${expansion.term}`),
      );
    // "linen" is another word than "line" (it had ranked refund_order first for "do u have the linen shirt").
    const linen = await readings("do u have the linen shirt in medium");
    expect(linen.filter((reading) => reading.startsWith("linen>"))).toEqual([]);
    expect(await readings("sendd an email")).toContain("sendd>send");
    expect(await readings("serch products")).toContain("serch>search");
    // A key next to the last one is a slip too ("refundf": f beside d; "emailk": k beside l).
    expect(await readings("refundf order 1234")).toContain("refundf>refund");
    expect(await readings("emailk dana")).toContain("emailk>email");
  });

  it("does not count a word the tool holds only inside a compound", async () => {
    // runMigration and queryPostgres say "database", never "base": the ranking may still reach them through the
    // compound's parts, but "base" is no word of theirs, and a selection drops them.
    const query = "base";
    const { results } = await index.selectWithScores(query, { minRelevance: 0, adaptive: false, maxTools: 10 });
    const byName = new Map(results.map((result) => [result.name, result.relevance]));
    expect(byName.get("runMigration") ?? 0).toBe(0);
    expect(byName.get("queryPostgres") ?? 0).toBe(0);
    expect(byName.get("createGitHubPR")).toBeGreaterThan(0);
    const selected = await index.select(query, { adaptive: false, maxTools: 10 });
    expect(selected).not.toContain("runMigration");
    expect(selected).not.toContain("queryPostgres");
    // The ranking did reach them through "database" (so the relevance rule, not the ranking, left them out)...
    expect(results.map((result) => result.name)).toEqual(expect.arrayContaining(["runMigration", "queryPostgres"]));
    // ...and both parts in the query read the compound: "data base" is the tools' word.
    const parts = await index.explain("data base", "runMigration");
    expect(parts.relevance).toBeGreaterThan(0);
    expect(parts.match.map((entry) => entry.word)).toEqual(["data", "base"]);
  });

  it.each([
    ["list my Linear issues", "listLinearIssues"],
    ["refund the last Stripe payment", "stripeRefundPayment"],
    ["run a SQL query on the Postgres database", "queryPostgres"],
    ["open a pull request from my feature branch", "createGitHubPR"],
    ["merge the PR", "mergeGitHubPR"],
  ])("%j still selects %s first", async (query, tool) => {
    expect((await index.select(query))[0]).toBe(tool);
  });

  it("is a share in [0, 1], higher for a query naming the tool's words than for an incidental one", async () => {
    const named = await index.explain("list my Linear issues", "listLinearIssues");
    const incidental = await index.explain("roots of a linear equation", "listLinearIssues");
    for (const explanation of [named, incidental]) {
      expect(explanation.relevance).toBeGreaterThanOrEqual(0);
      expect(explanation.relevance).toBeLessThanOrEqual(1);
    }
    expect(named.relevance).toBeGreaterThan(incidental.relevance);
    expect(named.selected).toBe(true);
    // explain applies minRelevance as select does.
    expect(
      (await index.explain("roots of a linear equation", "listLinearIssues", { minRelevance: 0.5 })).selected,
    ).toBe(false);
    // Every word named: the full share (the words' credits add up to it or more; relevance is capped at 1).
    expect(named.relevance).toBeCloseTo(1, 5);
    expect(named.match.reduce((sum, entry) => sum + entry.credit, 0)).toBeGreaterThanOrEqual(named.relevance);
  });

  it("counts an exact word above its typo and a name above a description", async () => {
    const exact = await index.explain("refund payment", "stripeRefundPayment");
    const typo = await index.explain("refnud payment", "stripeRefundPayment");
    // Both may reach full relevance; the word's own credit says which reading is surer.
    const credit = (result: typeof exact, word: string) => result.match.find((entry) => entry.word === word)!.credit;
    expect(credit(exact, "refund")).toBeGreaterThan(credit(typo, "refnud"));
    expect(exact.relevance).toBeGreaterThanOrEqual(typo.relevance);
    expect(typo.match.find((entry) => entry.word === "refnud")?.kind).toBe("typo");
    const inName = await index.explain("migration", "runMigration");
    const inDescription = await index.explain("schema", "runMigration");
    expect(inName.match[0]?.field).toBe("name");
    expect(inDescription.match[0]?.field).toBe("description");
    expect(inName.relevance).toBeGreaterThan(inDescription.relevance);
  });

  it("gives every scored result a relevance and its matched words", async () => {
    const { results } = await index.selectWithScores("refund the Stripe payment", { alwaysActive: ["mergeGitHubPR"] });
    const ranked = results[0];
    const pinned = results.find((result) => result.reason === "alwaysActive")!;
    expect([ranked.name, ranked.reason, pinned.name]).toEqual(["stripeRefundPayment", "ranked", "mergeGitHubPR"]);
    // The decision is per query: the best ranked tool reaches minRelevance, the others share a word with the query.
    expect(ranked.relevance).toBeGreaterThanOrEqual(DEFAULT_MIN_RELEVANCE);
    for (const result of results) if (result.reason === "ranked") expect(result.relevance).toBeGreaterThan(0);
    expect(ranked.relevance).toBeGreaterThanOrEqual(DEFAULT_MIN_RELEVANCE);
    expect(ranked.match.map((entry) => [entry.word, entry.kind])).toEqual([
      ["refund", "exact"],
      ["stripe", "exact"],
      ["payment", "exact"],
    ]);
    // A pinned tool is returned whatever its relevance, and reports it.
    expect(pinned.relevance).toBe(0);
  });

  it("means about the same in a catalog of 4 tools as in one of 30 (issue 30: small catalogs refused fair requests)", async () => {
    // BM25's IDF is compressed in a small catalog: without the small-catalog scale these requests scored 0.56–0.86 of
    // their relevance in the 30-tool catalog (0.76 on average), and the default minRelevance refused more of them.
    const saas: { name: string }[] = JSON.parse(
      readFileSync(new URL("../fixtures/irrelevance/saas-catalog.json", import.meta.url), "utf8"),
    );
    const others = saas.filter((tool) => !tool.name.startsWith("list") && !tool.name.startsWith("refund"));
    const requests: [string, string][] = [
      ["refund the customer's last payment", "refundStripePayment"],
      ["post a message to the team channel", "postSlackMessage"],
      ["roll back the last deploy", "rollbackDeployment"],
      ["which tables are in the database?", "listPostgresTables"],
    ];
    const relevanceIn = async (tools: readonly { name: string }[], query: string, name: string) => {
      const { results } = await createToolIndex(tools).selectWithScores(query, { minRelevance: 0 });
      return results.find((result) => result.name === name)?.relevance ?? 0;
    };
    const ratios = [];
    for (const [query, name] of requests) {
      const small = [
        saas.find((tool) => tool.name === name)!,
        ...others.filter((tool) => tool.name !== name).slice(0, 3),
      ];
      expect(small).toHaveLength(4);
      const full = await relevanceIn(saas, query, name);
      expect(full).toBeGreaterThan(0.3);
      ratios.push((await relevanceIn(small, query, name)) / full);
    }
    const mean = ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
    expect(mean).toBeGreaterThan(0.9);
    expect(mean).toBeLessThan(1.2);
  });

  it("minRelevance 0 turns the decision off (the ranking as before)", async () => {
    expect(await index.select("Find the roots of the linear equation", { minRelevance: 0 })).not.toEqual([]);
  });

  it.each([-0.1, 1.5, Number.NaN, "0.3"])("refuses minRelevance %j, naming the option and the value", async (value) => {
    const call = index.select("refund", { minRelevance: value as number });
    await expect(call).rejects.toBeInstanceOf(ToolsiftError);
    await expect(call).rejects.toThrow(/minRelevance/);
    await expect(call).rejects.toThrow(String(value === "0.3" ? '"0.3"' : value));
  });

  it("the adapters take minRelevance and refuse a bad one when they are made", () => {
    expect(() => index.prepareStep({ minRelevance: 2 })).toThrow(/minRelevance/);
    expect(() => index.middleware({ minRelevance: -1 })).toThrow(/minRelevance/);
    expect(() => toolsiftMiddleware({ minRelevance: 1.5 })).toThrow(/minRelevance/);
    expect(() => index.prepareStep({ minRelevance: 0.5 })).not.toThrow();
  });

  it("prepareStep passes minRelevance to each step's selection", async () => {
    // "base" is the only word this question shares with createGitHubPR: relevance about 0.27.
    const messages = [{ role: "user" as const, content: "Calculate the area of a triangle given the base and height" }];
    const step = { steps: [], stepNumber: 0, messages };
    // a small catalog is offered whole by default; this test is about selection
    const strict = await index.prepareStep({ minRelevance: 0.3, onNoMatch: "none", smallCatalog: false })(step);
    const loose = await index.prepareStep({ minRelevance: 0, onNoMatch: "none", smallCatalog: false })(step);
    expect(strict.activeTools).toEqual([]);
    expect(loose.activeTools).toContain("createGitHubPR");
  });

  describe("common English words", () => {
    // Tools whose prose holds words common in English ("first", "team"); the questions share nothing else with them.
    const proseCatalog = [
      { name: "listSentryErrors", description: "List the first errors of a Sentry project.", parameters: object({}) },
      { name: "updateIssueStatus", description: "Set the status of an issue in a team.", parameters: object({}) },
      { name: "getTeamRoster", description: "Who is on call this week.", parameters: object({}) },
      { name: "mergeGitHubPR", description: "Merge an open GitHub PR.", parameters: object({}) },
      {
        name: "queryPostgres",
        description: "Run a read-only SQL query against the Postgres database.",
        parameters: object({}),
      },
    ];
    const root = createToolIndex(proseCatalog);
    // Without the word list (keyword.commonWords: false) every word is as specific as an unknown one.
    const noWordList = { keyword: { commonWords: false } } as const;
    const core = createCoreIndex(proseCatalog, noWordList);
    const relevanceOf = async (index: typeof core, query: string, tool: string) =>
      (await index.selectWithScores(query, { minRelevance: 0 })).results.find((result) => result.name === tool)!
        .relevance;

    it("met only in a tool's description, do not make it relevant", async () => {
      const question = "What was the main cause of the First World War?";
      expect(await root.select(question)).toEqual([]);
      // The same catalog without the list selects the tool: the list is what leaves it out.
      expect(await core.select(question)).toEqual(["listSentryErrors"]);
      expect(await relevanceOf(root, question, "listSentryErrors")).toBeLessThan(DEFAULT_MIN_RELEVANCE);
    });

    it("keep half their credit in a description, where they may be what the tool is about", async () => {
      const directory = [
        {
          name: "searchEmployees",
          description: "Search the company directory for employees by team, role or name.",
          parameters: object({}),
        },
        { name: "createInvoice", description: "Create an invoice for a customer.", parameters: object({}) },
      ];
      const question = "who is on the marketing team at the company";
      const rootRelevance = await relevanceOf(createToolIndex(directory), question, "searchEmployees");
      const coreRelevance = await relevanceOf(createCoreIndex(directory, noWordList), question, "searchEmployees");
      // "team" and "company" are among the commonest English words: half their credit, not none.
      expect(rootRelevance).toBeCloseTo(coreRelevance / 2, 5);
      expect(await createToolIndex(directory).select(question)).toEqual(["searchEmployees"]);
    });

    it("keep no floor when every content word of the request is common: that is conversation", async () => {
      const museum = [
        { name: "get_museum_hours", description: "Opening hours of a museum on a given day.", parameters: object({}) },
      ];
      const index = createToolIndex(museum);
      // "day" is among the commonest words, met in the description: alone it is no evidence.
      // Nor with a conversational word or a name beside it.
      for (const chat of ["what a day", "thanks, what a day", "what a day, Bob"]) {
        expect(await relevanceOf(index, chat, "get_museum_hours")).toBe(0);
        expect(await index.select(chat)).toEqual([]);
      }
      // Beside a specific word ("open" is not in the list either way) it keeps half its credit.
      const { results } = await index.selectWithScores("is the museum open that day");
      const day = results[0]?.match.find((match) => match.word === "day");
      expect(results[0]?.name).toBe("get_museum_hours");
      expect(day?.credit).toBeGreaterThan(0);
    });

    it("keep only their specificity, no floor, when read as another word", async () => {
      const catalog = [
        { name: "audit_passwords", description: "Find weak passwords.", parameters: object({}) },
        { name: "get_museum_hours", description: "Opening hours of a museum.", parameters: object({}) },
      ];
      // "week" is one letter from "weak", and among the commonest words: its typo reading earns nothing, even beside
      // a specific word that turns the floor on for words met as themselves.
      const { results } = await createToolIndex(catalog).selectWithScores("museum week", { minRelevance: 0 });
      const audit = results.find((result) => result.name === "audit_passwords");
      expect(audit?.relevance ?? 0).toBe(0);
    });

    it("count in full in a tool's name, where they say what the tool is about", async () => {
      const question = "How many players are on a soccer team?";
      const named = await relevanceOf(root, question, "getTeamRoster");
      expect(named).toBe(await relevanceOf(core, question, "getTeamRoster"));
      expect(named).toBeGreaterThan(0);
      const described = await relevanceOf(root, question, "updateIssueStatus");
      expect(described).toBeLessThan(await relevanceOf(core, question, "updateIssueStatus"));
      expect(described).toBeLessThan(named);
    });

    it("are not read as typos of a catalog word, in any field; a misspelling still is", async () => {
      const calendar = [
        { name: "createCalendarEvent", description: "Add a meeting to a calendar.", parameters: object({}) },
        { name: "mergeGitHubPR", description: "Merge an open GitHub PR.", parameters: object({}) },
      ];
      const rootCalendar = createToolIndex(calendar);
      const coreCalendar = createCoreIndex(calendar, noWordList);
      // "even" is one edit from "event" (the name), and among the commonest English words.
      expect(await relevanceOf(coreCalendar, "even", "createCalendarEvent")).toBeGreaterThan(DEFAULT_MIN_RELEVANCE);
      expect(await rootCalendar.select("even")).toEqual([]);
      // "evnet" is no English word: the typo reading stands.
      expect(await rootCalendar.select("evnet")).toEqual(["createCalendarEvent"]);
    });
  });
});

describe("relevance with the local model", () => {
  const paraphraseCatalog = JSON.parse(
    readFileSync(new URL("../fixtures/paraphrase/catalog.json", import.meta.url), "utf8"),
  ) as { name: string; description: string }[];
  const index = createToolIndex(paraphraseCatalog, { embeddingModel: localEmbeddingModel() });

  it("selects a paraphrase that shares no content word with its tool, on its cosine alone", async () => {
    // "spend" is no word of the catalog (only a typo of "send", which relevance does not count for a common word):
    // the expense report is found by similarity (cosine about 0.25), which must pass the default minRelevance.
    const query = "what did marketing spend last quarter";
    const { results } = await index.selectWithScores(query, { maxTools: 5, adaptive: false });
    const report = results.find((result) => result.name === "quickbooks_get_expense_report");
    // Its words give it less than the bar ("last" in a parameter description, a common word, at half credit).
    const keywordCredit = (report?.match ?? []).reduce((sum, match) => sum + match.credit, 0);
    expect(keywordCredit).toBeLessThan(DEFAULT_MIN_RELEVANCE);
    expect(report?.relevance).toBeGreaterThanOrEqual(DEFAULT_MIN_RELEVANCE);
    expect(await index.select(query, { maxTools: 5, adaptive: false })).toContain("quickbooks_get_expense_report");
  });

  it("still selects nothing for conversation", async () => {
    expect(await index.select("thanks, sounds good")).toEqual([]);
  });
});

describe("relevantHits: the tools that reach minRelevance come first", () => {
  const hit = (doc: number, score: number, relevance: number) =>
    ({ doc, score, keyword: score, relevance, match: [] }) as unknown as JudgedHit;

  it("puts a tool that reached minRelevance before weaker ones that stay along, each group in ranked order", () => {
    // "is CI green on main?": two tools holding only "main" and "green" outrank by score the one holding "CI".
    const ranked = [hit(0, 0.9, 0.1), hit(1, 0.8, 0.1), hit(2, 0.5, 0.3), hit(3, 0.4, 0.25), hit(4, 0.3, 0)];
    expect(relevantHits(ranked, 0.2, 0).map((entry) => entry.doc)).toEqual([2, 3, 0, 1]);
    // Nothing reaches it: nothing stays; no floor: the ranking as it was.
    expect(relevantHits(ranked, 0.5, 0)).toEqual([]);
    expect(relevantHits(ranked, 0, 0).map((entry) => entry.doc)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe("open compounds", () => {
  const index = createToolIndex({
    pd_get_oncall: { description: "Current on-call for a schedule" },
    pd_list_incidents: { description: "List incidents" },
    k8s_get_events: { description: "Events of a namespace; call with a namespace" },
    app_login: { description: "Sign the browser session in" },
    gcal_freebusy: { description: "Busy slots of several people" },
  });

  it.each([
    ["who's on call for payments rn", "pd_get_oncall", "call"],
    ["log in as admin", "app_login", "log"],
    ["free busy for Raj and me next week", "gcal_freebusy", "busy"],
  ])("%j reads two words as the name's one word: %s first", async (query, tool, word) => {
    const [first] = (await index.selectWithScores(query)).results;
    expect(first?.name).toBe(tool);
    expect(first?.match).toContainEqual(expect.objectContaining({ word, kind: "compound", field: "name" }));
  });

  it("joins only into a name word, and not two stop words or a short pair", async () => {
    // "in to" would be "into"; "any one" is in no name; "on call" in prose alone is no join.
    const prose = createToolIndex({ notes_move: { description: "Move a note into a folder; anyone may call it" } });
    const terms = (await prose.explain("put it in to the folder anyone on call", "notes_move")).queryTerms;
    expect(terms.filter((term) => term.kind === "compound")).toEqual([]);
  });
});
