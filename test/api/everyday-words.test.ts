// Issue 37: requests in everyday words ("ditch the meeting", "pull up zendesk 4411") on catalogs written in their
// authors' words. Everyday words are read as the catalog's words for the same thing, weakly; a request that names a
// product ranks that product's tools first.
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import { createToolIndex as createCoreIndex, ENGLISH_COMMON_WORDS } from "../../src/core-entry.js";

const noCut = { minRelevance: 0, adaptive: false } as const;

const workplace = [
  { name: "zd_get_ticket", description: "get ticket" },
  { name: "zd_search_tickets", description: "Search tickets (zendesk search syntax)" },
  { name: "zd_update_ticket", description: "update status / priority" },
  { name: "stripe_get_customer", description: "Get cust by id or email" },
  { name: "stripe_refund", description: "Refund a charge" },
  { name: "jira_create_issue", description: "Create Jira issue" },
  { name: "jira_get_issue", description: "get issue by key" },
  { name: "cal_list_events", description: "List events in a range" },
  { name: "cal_create_event", description: "Create an event, invite attendees" },
  { name: "cal_delete_event", description: "Delete an event" },
  { name: "log_work", description: "Log hours against a customer account" },
];

describe("everyday words", () => {
  it("reads everyday verbs and nouns as the catalog's words", async () => {
    const tools = createToolIndex(workplace);
    // "ditch" is no catalog word: read as delete (the three calendar tools hold "event" alike).
    expect((await tools.select("ditch the event on friday"))[0]).toBe("cal_delete_event");
    // Nor is "meeting": read as event. Readings alone rank, weakly (see below).
    const { results } = await tools.selectWithScores("ditch the sync meeting on friday", noCut);
    expect(results[0].name).toBe("cal_delete_event");
    const kinds = results[0].expansions.map((expansion) => `${expansion.from}>${expansion.term}:${expansion.kind}`);
    expect(kinds).toEqual(expect.arrayContaining(["ditch>delet:synonym", "meeting>event:synonym"]));
    // A phrasal verb reads as a whole: "pull up" is get, not "pull".
    expect((await tools.select("pull up issue PROJ-77"))[0]).toBe("jira_get_issue");
  });

  it("reads a finger slip of an everyday word as that word", async () => {
    const tools = createToolIndex(workplace);
    // "ditcj" is no slip of "ditch" (a letter changed), "dicth" is (two swapped): read as delete, weakly, as a typo.
    const slip = await tools.selectWithScores("dicth the event on friday", noCut);
    expect(slip.results[0].name).toBe("cal_delete_event");
    const expansions = slip.results[0].expansions.filter((entry) => entry.from === "dicth");
    expect(expansions.map((entry) => `${entry.term}:${entry.kind}`)).toEqual(["delet:synonym"]);
    const weight = async (text: string, word: string) =>
      (await tools.explain(text, "cal_delete_event")).queryTerms.find((term) => term.from === word)?.weight;
    expect(await weight("dicth the event on friday", "dicth")).toBeLessThan(
      (await weight("ditch the event", "ditch"))!,
    );
    const changed = await tools.selectWithScores("ditcj the event on friday", noCut);
    expect(changed.results.flatMap((result) => result.expansions).filter((entry) => entry.from === "ditcj")).toEqual(
      [],
    );
    // Only the word a request leads with: later, a real word is as often a slip's twin ("arise" of raise).
    const later = await tools.selectWithScores("the event where questions may arise", noCut);
    expect(later.results.flatMap((result) => result.expansions).filter((entry) => entry.from === "arise")).toEqual([]);
    // Where the catalog's names use the everyday word ("ticket" in `zd_get_ticket`), its slip reads as that name
    // word, a typo, and not as the everyday word's readings (issue, case, incident).
    const catalogTypo = await tools.selectWithScores("tciket 4411", noCut);
    const read = catalogTypo.results.flatMap((result) => result.expansions).filter((entry) => entry.from === "tciket");
    expect(new Set(read.map((entry) => `${entry.term}:${entry.kind}`))).toEqual(new Set(["ticket:typo"]));
  });

  it("reads an action the catalog's names use weakly as its readings, a thing they name not at all", async () => {
    const tools = createToolIndex([
      { name: "athlete_find", description: "Profile of an athlete" },
      { name: "player_stats_get", description: "Season statistics of a player" },
    ]);
    const { results } = await tools.selectWithScores("find out the profile of Lebron James", noCut);
    expect(results[0].name).toBe("athlete_find");
    // A pooled catalog: Slack says "add", Todoist and Jira "create". "add" leads as written (`add_reaction`), and also
    // reads as create, at a fifth of an everyday reading's weight: of Todoist's two task tools, the one that creates
    // comes first (without the reading the two tie).
    const pooled = createToolIndex([
      { name: "slack_add_reaction", description: "Add an emoji reaction to a message" },
      { name: "slack_post_message", description: "Post a message to a channel" },
      { name: "todoist_create_task", description: "Create a task" },
      { name: "todoist_close_task", description: "Close a task" },
      { name: "jira_create_issue", description: "Create an issue" },
    ]);
    const weightOf = async (text: string, from: string, term: string) =>
      (await pooled.explain(text, "todoist_create_task")).queryTerms.find(
        (entry) => entry.from === from && entry.term === term,
      )?.weight;
    const task = (await pooled.selectWithScores("add a task to buy paint", noCut)).results;
    const relevance = (name: string) => task.find((result) => result.name === name)!.relevance;
    expect(relevance("todoist_create_task")).toBeGreaterThan(relevance("todoist_close_task"));
    const added = await weightOf("add a task to buy paint", "add", "creat");
    const plain = createToolIndex([{ name: "todoist_create_task", description: "Create a task" }]);
    const full = (await plain.explain("add a task to buy paint", "todoist_create_task")).queryTerms.find(
      (entry) => entry.from === "add" && entry.term === "creat",
    )?.weight;
    expect(added).toBeCloseTo(full! / 5, 6);
    // Alone, such a reading is no evidence: "add" meets Jira's `create_issue` only as create, and that is no request
    // for it.
    const alone = await pooled.explain("add a reaction to the message", "jira_create_issue");
    expect(alone.match.map((entry) => `${entry.word}>${entry.term}`)).toEqual(["add>creat"]);
    expect(alone.relevance).toBe(0);
    // After a determiner the names' own word is a thing or a state, not the action asked for: "the open issues" reads
    // no get, "open issue 12" does.
    const github = createToolIndex([
      { name: "memory_open_nodes", description: "Open nodes of the knowledge graph by name" },
      { name: "github_get_issue", description: "Get an issue of a repository" },
      { name: "github_list_issues", description: "List issues of a repository" },
    ]);
    const relevanceIn = async (text: string) => {
      const { results } = await github.selectWithScores(text, noCut);
      return (name: string) => results.find((result) => result.name === name)!.relevance;
    };
    const state = await relevanceIn("what are the open issues in acme/api");
    expect(state("github_get_issue")).toBe(state("github_list_issues"));
    const action = await relevanceIn("open issue 12 in acme/api");
    expect(action("github_get_issue")).toBeGreaterThan(action("github_list_issues"));
    // The names' own action reads as another action only: "send" as post, not as a message (which would rank every
    // message tool for "send me the last line").
    const messages = createToolIndex([
      { name: "send_message", description: "Send a message to a user" },
      { name: "delete_message", description: "Delete a message" },
      { name: "post_tweet", description: "Post a tweet" },
      { name: "file_tail", description: "Last lines of a file" },
    ]);
    const sent = (await messages.explain("send me the last line of the file", "delete_message")).queryTerms;
    expect(sent.filter((entry) => entry.from === "send").map((entry) => entry.term)).toEqual(["send", "post"]);
    // "task" is a thing the names say themselves: it reads as nothing else (an issue, a ticket).
    expect(task.flatMap((result) => result.expansions).filter((entry) => entry.from === "task")).toEqual([]);
    expect(await weightOf("add a task to buy paint", "task", "issu")).toBeUndefined();
  });

  it("gives readings alone less relevance than words as written", async () => {
    const tools = createToolIndex([
      { name: "run_tests", description: "Run the test suite" },
      { name: "send_email", description: "Send an email" },
    ]);
    // "job" may stand for run; alone it is a guess, under the default minRelevance. ("great job" is chat: read
    // with the word list's chat reader it ranks nothing at all; without it the ranking reads it.)
    expect(await tools.select("great job")).toEqual([]);
    const { chat: _, ...listOnly } = ENGLISH_COMMON_WORDS;
    const ranking = createCoreIndex(
      [
        { name: "run_tests", description: "Run the test suite" },
        { name: "send_email", description: "Send an email" },
      ],
      { keyword: { commonWords: listOnly } },
    );
    expect(await ranking.select("great job")).toEqual([]);
    const { results } = await ranking.selectWithScores("great job", noCut);
    expect(results[0].name).toBe("run_tests");
    expect(results[0].relevance).toBeLessThan(0.15);
  });
});

describe("product families", () => {
  it("ranks the tools of a product the request names first", async () => {
    const tools = createToolIndex(workplace);
    // The family's own word: the zd tools come before stripe's, which "customer" alone would put second (log_work
    // holds two of the words and stays first).
    const zd = await tools.select("zd 55123 - customer still can't log in", noCut);
    expect(zd.findIndex((name) => name.startsWith("zd_"))).toBeLessThan(zd.indexOf("stripe_get_customer"));
    // A typo of a family's name names it too.
    expect((await tools.select("jria ticket for the login bug", noCut))[0]).toMatch(/^jira_/);
  });

  it("reads no family where names begin with their action or topic (a catalog of topics, not products)", async () => {
    const topics = createToolIndex([
      { name: "recipe_finder_find", description: "Find recipes by diet and ingredients" },
      { name: "recipe_info_calories", description: "Calories of a recipe" },
      { name: "find_recipe", description: "Find a recipe with fewer calories than a limit" },
      { name: "get_vegan_recipe", description: "A vegan recipe under a cooking time" },
      { name: "hotel_book", description: "Book a hotel room" },
      { name: "hotel_pricing_get", description: "Room prices of a hotel" },
    ]);
    const plain = await topics.selectWithScores("find a recipe with less than 500 calories", noCut);
    const scoreOf = (name: string) => plain.results.find((result) => result.name === name)!.score;
    // "recipe" starts two names, but as many begin with an action: no family, and no focus that would halve
    // find_recipe's score beside recipe_info_calories.
    expect(scoreOf("find_recipe")).toBeGreaterThan(scoreOf("recipe_info_calories"));
  });
});

describe("product words read as their family", () => {
  const crm = [
    ...workplace,
    { name: "hs_create_contact", description: "create contact" },
    { name: "hs_list_deals", description: "list deals" },
    { name: "ms_send_mail", description: "Send mail" },
    { name: "ms_list_mail", description: "List mail" },
  ];
  const familyExpansions = (result: { expansions: readonly { from: string; term: string }[] }) =>
    result.expansions.map((expansion) => `${expansion.from}>${expansion.term}`);

  it("reads a catalog word that names a family as the family's own word, so its tools match by name", async () => {
    const tools = createToolIndex(workplace);
    // "zendesk" is written in one zd tool's description only; zd_get_ticket ("get ticket") holds no word of it.
    const { results } = await tools.selectWithScores("zendesk 4411 - what's the customer asking for", noCut);
    const ticket = results.find((result) => result.name === "zd_get_ticket");
    expect(ticket).toBeDefined();
    expect(familyExpansions(ticket!)).toContain("zendesk>zd");
  });

  it("reads a product word with digits as a family's word (k8s, s3, ec2)", async () => {
    const cloud = [
      { name: "k8s_get_pods", description: "List pods" },
      { name: "k8s_pod_logs", description: "Get pod logs" },
      { name: "k8s_restart_deployment", description: "Restart a deployment" },
      { name: "ecs_restart_service", description: "Restart a service deployment" },
      { name: "ecs_list_tasks", description: "List tasks" },
      { name: "heroku_restart_dyno", description: "Restart dynos of an app deployment" },
      { name: "heroku_logs", description: "Get app logs" },
    ];
    // The request names k8s: its tools lead, another product's tools keep part of their score ("app" read as service).
    const names = (await createToolIndex(cloud).selectWithScores("app logs k8s", noCut)).results.map((r) => r.name);
    expect(names.slice(0, 2)).toEqual(["k8s_pod_logs", "heroku_logs"]);
    expect(names.indexOf("ecs_restart_service")).toBeGreaterThan(names.indexOf("k8s_restart_deployment"));
    expect(names.indexOf("ecs_restart_service")).toBeGreaterThan(names.indexOf("k8s_get_pods"));
  });

  it("reads a product name the catalog lacks as two words with a family's initials", async () => {
    const tools = createToolIndex(crm);
    const { results } = await tools.selectWithScores("add jane doe to hubspot", noCut);
    expect(results[0].name).toBe("hs_create_contact");
    expect(familyExpansions(results[0])).toContain("hubspot>hs");
    // A name that is no two words of three letters or more ("Hans"), or a common English word, names no family (a
    // rarer one the word list lacks, "hotspot", does: the list holds the 2,000 commonest).
    for (const text of ["add hans to the list", "add the hospitals to the list"]) {
      const hits = await tools.selectWithScores(text, noCut);
      for (const result of hits.results) expect(familyExpansions(result).join(" ")).not.toMatch(/>hs$/);
    }
  });

  it("reads a product name only when its second word is a word, or one with two letters swapped", async () => {
    const tools = createToolIndex([
      ...crm,
      { name: "ns_create_invoice", description: "create invoice" },
      { name: "ns_get_invoice", description: "get invoice" },
      { name: "dd_query_metric", description: "query a metric" },
      { name: "dd_search_logs", description: "search logs" },
      { name: "mc_campaign_report", description: "campaign report (opens, clicks)" },
    ]);
    const readingsOf = async (text: string) =>
      (await tools.selectWithScores(text, noCut)).results.flatMap(familyExpansions).join(" ");
    // "newsletter" is no "new" + "sletter", nor "degraded" a "deg" + "raded": neither names ns or dd.
    expect(await readingsOf("how'd the june newsletter do")).not.toMatch(/newsletter>ns/);
    expect(await readingsOf("which parts are showing degraded")).not.toMatch(/degraded>dd/);
    // "hubspot" is hub + spot; "hubsopt" a typo of it (spot, two letters swapped).
    expect(await readingsOf("whos on our hubsopt list")).toMatch(/hubsopt>hs/);
  });

  it("ranks the tool of the one product a request names by its own word first", async () => {
    const tools = createToolIndex([
      { name: "memory__add_observations", description: "Add new observations to existing entities" },
      { name: "slack__add_reaction", description: "Add a reaction emoji to a message" },
      { name: "todoist__create_tasks", description: "Create one or more tasks" },
      { name: "todoist__update_tasks", description: "Update tasks" },
      ...["projects", "sections", "labels", "comments", "filters", "reminders"].flatMap((noun) => [
        { name: `todoist__get_${noun}`, description: `List ${noun}` },
        { name: `todoist__delete_${noun}`, description: `Delete ${noun}` },
      ]),
      ...["channels", "users"].map((noun) => ({ name: `slack__list_${noun}`, description: `List ${noun}` })),
      { name: "memory__read_graph", description: "Read the knowledge graph" },
      { name: "deploy_status", description: "status of the latest deploys" },
      { name: "statuspage_update_incident", description: "update a status page incident" },
    ]);
    // "add" reads better in two other products' names; the request names todoist.
    const named = await tools.selectWithScores("add 'renew passport' to my todoist for friday", noCut);
    expect(named.results[0].name.startsWith("todoist__")).toBe(true);
    expect(named.results.map((result) => result.name)).toContain("memory__add_observations");
    // An inflection ("deployed") is no product named by its own word: the incident's tool keeps its place.
    const inflected = await tools.select("update the status page incident: fix deployed", noCut);
    expect(inflected[0]).toBe("statuspage_update_incident");
  });

  it("reads no family from a word two families' initials fit", async () => {
    const tools = createToolIndex([
      ...crm,
      { name: "hr_list_people", description: "list people" },
      { name: "hr_get_person", description: "get person" },
    ]);
    // "hubspot" fits hs only; "hairspray" fits hs (hair|spray) and hr (hai|rspray): neither is read.
    const hub = await tools.selectWithScores("add jane doe to hubspot", noCut);
    expect(familyExpansions(hub.results[0])).toContain("hubspot>hs");
    const both = await tools.selectWithScores("order hairspray", noCut);
    for (const result of both.results) expect(familyExpansions(result).join(" ")).not.toMatch(/hairspray>/);
  });
});

describe("clipped words", () => {
  const tools = createToolIndex([
    { name: "stripe_get_invoice", description: "invoice details" },
    { name: "jira_set_priority", description: "Change an issue's priority" },
    { name: "jira_get_issue", description: "get issue by key" },
    { name: "zd_list_open", description: "open, pending or solved tickets" },
    { name: "coupa_search_catalog", description: "Search the catalog" },
  ]);
  const readings = async (text: string) =>
    (await tools.selectWithScores(text, noCut)).results.flatMap((result) =>
      result.expansions.map((expansion) => `${expansion.from}>${expansion.term}`),
    );

  it("reads a clipped word as the one tool-name word it clips", async () => {
    expect(await readings("make it high prio")).toContain("prio>prioriti");
    // Three letters clip too many words: only inside a key.
    expect(await readings("INV-2041 - paid or not?")).toContain("inv>invoic");
    expect(await readings("a good name for a cat")).not.toContain("cat>catalog");
  });

  it("never reads a key's letters as initials", async () => {
    // "ops" would be open/pending/solved; a key reads as the key it is, and as the issue most keys key.
    const words = await readings("note on OPS-14 that we're waiting");
    expect(new Set(words.filter((reading) => reading.startsWith("ops>")))).toEqual(new Set(["ops>key", "ops>issu"]));
  });
});

describe("shorthand the catalog writes too", () => {
  it("reads 'repo' as repository beside itself when a parameter is named repo", async () => {
    const needsRepo = { type: "object", properties: { repo: { type: "string" } } };
    const tools = createToolIndex([
      { name: "search_repositories", description: "Search for GitHub repositories" },
      { name: "create_branch", description: "Create a new branch", parameters: needsRepo },
      { name: "list_commits", description: "List commits of a branch", parameters: needsRepo },
    ]);
    const { results } = await tools.selectWithScores("find repos for rust terminal emulators", noCut);
    expect(results[0].name).toBe("search_repositories");
    expect(results[0].expansions.map((expansion) => `${expansion.from}>${expansion.term}`)).toContain(
      "repos>repositori",
    );
  });
});

describe("dimensions as values", () => {
  it("reads '1920x1080' as the width and height parameters that take it", async () => {
    const size = { type: "object", properties: { width: { type: "number" }, height: { type: "number" } } };
    const tools = createToolIndex([
      { name: "browser_resize", description: "Resize the browser window", parameters: size },
      { name: "browser_navigate", description: "Navigate to a URL" },
      { name: "browser_take_screenshot", description: "Take a screenshot of the current page" },
    ]);
    const { results } = await tools.selectWithScores("make it 1920x1080", noCut);
    expect(results[0].name).toBe("browser_resize");
    expect(results[0].expansions.map((expansion) => `${expansion.from}>${expansion.term}`)).toContain(
      "1920x1080>width",
    );
  });
});

describe("percentages as values", () => {
  const flags = [
    {
      name: "flag_get",
      description: "Flag state per env",
      parameters: { type: "object", properties: { flag_key: { type: "string" } } },
    },
    {
      name: "flag_toggle",
      description: "Turn a feature flag on/off",
      parameters: { type: "object", properties: { flag_key: { type: "string" }, on: { type: "boolean" } } },
    },
    {
      name: "flag_rollout",
      description: "Set % rollout for flag",
      parameters: { type: "object", properties: { flag_key: { type: "string" }, percent: { type: "number" } } },
    },
  ];

  it("reads '25%' as the parameter that takes a percentage", async () => {
    const tools = createToolIndex(flags);
    const { results } = await tools.selectWithScores("bump dark-mode to 25% in prod", noCut);
    expect(results[0].name).toBe("flag_rollout");
    expect(results[0].expansions.map((expansion) => `${expansion.from}>${expansion.term}`)).toContain("25>percent");
  });

  it("leaves a bare number and a number with other signs unread", async () => {
    const tools = createToolIndex(flags);
    for (const query of ["bump dark-mode to 25 in prod", "bump dark-mode to $25 in prod", "bump it 25%off"]) {
      const { results } = await tools.selectWithScores(query, noCut);
      expect(results.flatMap((result) => result.expansions.map((expansion) => expansion.term))).not.toContain(
        "percent",
      );
    }
  });
});

describe("sums of money as values", () => {
  const shop = [
    {
      name: "get_order",
      description: "Get order details by order number",
      parameters: { type: "object", properties: { order_id: { type: "string" } } },
    },
    {
      name: "search_products",
      description: "Search products (returns variants, stock)",
      parameters: { type: "object", properties: { query: { type: "string" }, max_price: { type: "number" } } },
    },
  ];

  it("reads '$100' as the parameter that takes a price", async () => {
    const tools = createToolIndex(shop);
    const { results } = await tools.selectWithScores("any waterproof hiking boots under $100?", noCut);
    expect(results[0].name).toBe("search_products");
    expect(results[0].expansions.map((expansion) => `${expansion.from}>${expansion.term}`)).toContain("100>pric"); // terms are stems
  });

  it("reads a sum for the ranking only: a tool only the sum meets does not come along", async () => {
    const tools = createToolIndex([
      ...shop,
      {
        name: "get_reviews",
        description: "Get customer reviews of a product",
        parameters: { type: "object", properties: { product_id: { type: "string" } } },
      },
    ]);
    const { results } = await tools.selectWithScores("reviews of the $1,299 TV");
    expect(results.map((result) => result.name)).toEqual(["get_reviews"]);
  });

  it("leaves a bare number, a number before a sign, a shell's argument and variable unread", async () => {
    const tools = createToolIndex(shop);
    for (const query of ["any boots under 100?", "any boots under 100$?", "echo $HOME", "echo $1", "boots for $ 100"]) {
      const { results } = await tools.selectWithScores(query, noCut);
      expect(results.flatMap((result) => result.expansions.map((expansion) => expansion.term))).not.toContain("price");
    }
  });
});

describe("channels as values", () => {
  it("reads a #channel as strongly for a tool taking a channel as its name for a tool whose prose has it", async () => {
    const channel = { type: "object", properties: { channel: { type: "string" }, text: { type: "string" } } };
    const tools = createToolIndex([
      { name: "chat_send_message", description: "Send a message", parameters: channel },
      { name: "metrics_signups", description: "Weekly signups and growth numbers" },
    ]);
    const { results } = await tools.selectWithScores("put it in #growth", noCut);
    const relevance = (name: string) => results.find((result) => result.name === name)?.relevance ?? 0;
    expect(results[0].name).toBe("chat_send_message");
    expect(relevance("chat_send_message")).toBeGreaterThan(relevance("metrics_signups"));
  });
});

describe("words a catalog glosses", () => {
  const source = (description: string) => ({
    type: "object",
    properties: { data_source_id: { type: "string", description } },
  });
  const catalog = (gloss: string) => [
    {
      name: "query_data_source",
      description: "Query a data source",
      parameters: source(`ID of a data source ${gloss}`),
    },
    { name: "update_data_source", description: "Update a data source", parameters: source("ID of a data source") },
    { name: "retrieve_database", description: "Retrieve a database" },
    { name: "create_page", description: "Create a page" },
  ];
  const readings = async (tools: ReturnType<typeof createToolIndex>, query: string) =>
    (await tools.selectWithScores(query, noCut)).results.flatMap((result) =>
      result.expansions.map((expansion) => `${result.name}:${expansion.from}>${expansion.term}`),
    );

  it("reads a request's word as the word the catalog glosses with it ('data source (database)')", async () => {
    const tools = createToolIndex(catalog("(database)"));
    const { results } = await tools.selectWithScores("rename the Tasks db", noCut);
    // "db" is database, which the catalog says a data source is: the data-source tools meet it, at half its weight.
    expect(results.map((result) => result.name)).toEqual(
      expect.arrayContaining(["retrieve_database", "query_data_source", "update_data_source"]),
    );
    expect(await readings(tools, "rename the Tasks db")).toContain("update_data_source:db>sourc");
    expect(results[0].name).toBe("update_data_source");
    // The word as written still leads where nothing else is said.
    expect((await tools.selectWithScores("the Tasks db", noCut)).results[0].name).toBe("retrieve_database");
  });

  it("reads no gloss whose words name no tool, nor one written in capitals", async () => {
    // "storage" names no tool: the catalog's "(storage)" is prose, not another name for a data source.
    const prose = createToolIndex(catalog("(storage)"));
    expect(await readings(prose, "rename the Tasks storage")).not.toContain("update_data_source:storage>sourc");
    const capitals = createToolIndex(catalog("(DATABASE)"));
    expect(await readings(capitals, "rename the Tasks db")).not.toContain("update_data_source:db>sourc");
  });

  it("keeps a product's gloss to its own words: no other product's, no action word, no word glossing two", async () => {
    const id = (description: string) => ({ type: "object", properties: { id: { type: "string", description } } });
    const tools = createToolIndex([
      { name: "gh_get_issue", description: "Get an issue (ticket)", parameters: id("issue number") },
      { name: "gh_link_ticket", description: "Link a ticket to a PR", parameters: id("ticket url") },
      { name: "gh_archive_repo", description: "Archive a repo", parameters: id("set to archive (delete) it") },
      { name: "gh_delete_branch", description: "Delete a branch", parameters: id("branch") },
      { name: "zd_get_ticket", description: "Get ticket", parameters: id("ticket id") },
      { name: "zd_list_tickets", description: "List tickets", parameters: id("status") },
      { name: "team_list_members", description: "List members (user)", parameters: id("team") },
      { name: "team_list_guests", description: "List guests (user)", parameters: id("team") },
      { name: "team_list_users", description: "List users", parameters: id("team") },
    ]);
    // Zendesk's tools are named for tickets too: GitHub's "issue (ticket)" does not make them issues.
    expect(await readings(tools, "show me ticket 4512")).not.toContain("gh_get_issue:ticket>issu");
    // "delete" is an action, not another name for archiving.
    expect(await readings(tools, "delete the repo")).not.toContain("gh_archive_repo:delete>archiv");
    // "user" glosses both members and guests: neither.
    const users = await readings(tools, "list the users");
    expect(users.filter((reading) => /:users?>(member|guest)/.test(reading))).toEqual([]);
  });

  it("reads no gloss of a tool outside the families of a catalog that has them", async () => {
    const id = { type: "object", properties: { id: { type: "string" } } };
    const family = (prefix: string) =>
      ["get", "list", "create", "update"].map((verb) => ({
        name: `${prefix}_${verb}_item`,
        description: `${verb} an item`,
        parameters: id,
      }));
    const tools = createToolIndex([
      ...family("gh"),
      ...family("zd"),
      ...family("hs"),
      { name: "get_ticket", description: "Get a ticket", parameters: id },
      { name: "create_incident", description: "Open an incident (ticket)", parameters: id },
    ]);
    // The two tools of no family are no one product: "incident (ticket)" says nothing of `get_ticket`'s tickets.
    expect(await readings(tools, "close ticket 4411")).not.toContain("create_incident:ticket>incident");
  });
});
