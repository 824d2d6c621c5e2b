// Companions beyond the ranked tools: learnt next tools and companions, the conversation's memory, catalog
// prerequisite links; index.learn, learnStep, prepareStep({ learn: true }); each result says why it is there.
import { describe, expect, it } from "vitest";
import { createToolIndex, type SelectOptions, type ToolsiftError } from "../../src/index.js";
import { createToolIndex as createCoreIndex, ENGLISH_COMMON_WORDS } from "../../src/core-entry.js";
import { conversation } from "../usage/conversations.js";
import { snapshotRows } from "../../src/usage/usage-snapshot.js";
import { companionsFor } from "../../src/tool-index/companions.js";
import { catalogLinks } from "../../src/usage/catalog-links.js";
import { resolveSelectOptions } from "../../src/resolve-select-options.js";

const tools = {
  get_user_id: { description: "Find the id of a user from their email address." },
  get_order_details: {
    description: "Show the details and status of an order.",
    inputSchema: {
      type: "object",
      properties: { user_id: { type: "string" }, order_id: { type: "string" } },
      required: ["user_id", "order_id"],
    },
  },
  cancel_order: { description: "Cancel an order that has not shipped." },
  send_email: { description: "Send an email message to a recipient." },
  list_files: { description: "List the files in the current folder." },
  change_folder: { description: "Change the current folder." },
  weather_forecast: { description: "Weather forecast for a city." },
};

/** One finished user turn with its tool calls, as AI SDK messages. */
const turn = (user: string, calls: string[]) => conversation([{ user, calls }]);

describe("learning from the agent's calls", () => {
  it("offers the tool that followed the last call, with its reason, within maxCompanions", async () => {
    const index = createToolIndex(tools);
    for (let i = 0; i < 3; i++) {
      expect(
        index.learn(turn("move into the reports folder and show what is there", ["change_folder", "list_files"])),
      ).toEqual({ turns: 1, calls: 2, skipped: [] });
    }
    const { results } = await index.selectWithScores("the weather in Paris", { previousTools: ["change_folder"] });
    const next = results.find((result) => result.name === "list_files");
    expect(next?.reason).toBe("learned-next");
    expect(next?.score).toBeCloseTo(1, 5);
    expect(results.filter((result) => result.reason === "ranked").map((result) => result.name)).not.toContain(
      "list_files",
    );
    const off = await index.select("the weather in Paris", { previousTools: ["change_folder"], maxCompanions: 0 });
    expect(off).not.toContain("list_files");
  });

  // DESIGN.md and docs/agent-loop.md: a learnt link is offered once seen at least twice and carrying at least a fifth
  // of what followed; below that a selection is what it would be had the index learnt nothing.
  it("links seen once change nothing; seen twice, they are offered", async () => {
    const once = conversation([
      { user: "where is my parcel", calls: ["get_user_id", "get_order_details"] },
      { user: "move into the reports folder and show what is there", calls: ["change_folder", "list_files"] },
    ]);
    const plain = createToolIndex(tools);
    const learnt = createToolIndex(tools);
    expect(learnt.learn(once)).toEqual({ turns: 2, calls: 4, skipped: [] });
    // Each learnt path: the query's words, the tool that followed the last call, a ranked tool's companions, and
    // the same from a conversation's messages.
    const selections: [string, SelectOptions][] = [
      ["where is my parcel?", {}],
      ["the weather in Paris", { previousTools: ["change_folder"] }],
      ["list the files", { messages: [] }],
      ["the weather in Paris", { messages: [...turn("go to the reports folder", ["change_folder"])] }],
    ];
    for (const [query, options] of selections) {
      expect(await learnt.selectWithScores(query, options), query).toEqual(
        await plain.selectWithScores(query, options),
      );
    }
    learnt.learn(once);
    const reasons = async (query: string, options: SelectOptions) =>
      (await learnt.selectWithScores(query, options)).results
        .filter((result) => result.reason.startsWith("learned-"))
        .map((result) => [result.name, result.reason]);
    expect(await reasons("where is my parcel?", {})).toEqual([
      ["get_user_id", "learned-query"],
      ["get_order_details", "learned-query"],
    ]);
    expect(await reasons("the weather in Paris", { previousTools: ["change_folder"] })).toContainEqual([
      "list_files",
      "learned-next",
    ]);
    expect(await reasons("list the files", { messages: [] })).toContainEqual(["change_folder", "learned-companion"]);
  });

  it("links below a fifth of what followed change nothing; one more observation lifts one over it", async () => {
    // Six tools each followed change_folder twice: 2 of 12, under a fifth, though each was seen twice.
    const wider = { ...tools, open_ticket: { description: "Open a support ticket." } };
    const followers = ["get_user_id", "get_order_details", "cancel_order", "send_email", "list_files", "open_ticket"];
    const plain = createToolIndex(wider);
    const learnt = createToolIndex(wider);
    for (const follower of followers)
      for (let i = 0; i < 2; i++) learnt.learn(turn("proceed", ["change_folder", follower]));
    const options = { previousTools: ["change_folder"] };
    expect(await learnt.selectWithScores("weather in Lisbon", options)).toEqual(
      await plain.selectWithScores("weather in Lisbon", options),
    );
    // 3 of 13 is over a fifth.
    learnt.learn(turn("proceed", ["change_folder", "list_files"]));
    const { results } = await learnt.selectWithScores("weather in Lisbon", options);
    expect(results.filter((result) => result.reason === "learned-next").map((result) => result.name)).toEqual([
      "list_files",
    ]);
  });

  it("a link seen once is not offered, even beside a well-supported one from the same tool", async () => {
    const index = createToolIndex(tools);
    for (let i = 0; i < 4; i++) index.learn(turn("proceed", ["change_folder", "list_files"]));
    // send_email followed change_folder once: a fifth of what followed (1 of 5), but a single observation.
    index.learn(turn("proceed", ["change_folder", "send_email"]));
    const { results } = await index.selectWithScores("weather in Lisbon", { previousTools: ["change_folder"] });
    expect(results.filter((result) => result.reason === "learned-next").map((result) => result.name)).toEqual([
      "list_files",
    ]);
    // Seen a second time (2 of 6, over a fifth), it is offered.
    index.learn(turn("proceed", ["change_folder", "send_email"]));
    const again = await index.selectWithScores("weather in Lisbon", { previousTools: ["change_folder"] });
    expect(again.results.filter((result) => result.reason === "learned-next").map((result) => result.name)).toEqual([
      "list_files",
      "send_email",
    ]);
  });

  it("learns query words: a request worded like learnt ones brings the tools those turns called", async () => {
    const index = createToolIndex(tools);
    // No catalog word matches "parcel": without learning nothing ranks.
    expect(await createToolIndex(tools).select("where is my parcel?")).toEqual([]);
    for (let i = 0; i < 3; i++) index.learn(turn("where is my parcel", ["get_user_id", "get_order_details"]));
    const { results } = await index.selectWithScores("where is my parcel?");
    expect(results.map((result) => [result.name, result.reason])).toEqual([
      ["get_user_id", "learned-query"],
      ["get_order_details", "learned-query"],
    ]);
  });

  it("skips and reports tools outside the catalog, and refuses what is not a conversation", async () => {
    const index = createToolIndex(tools);
    expect(index.learn(turn("do it", ["search_tools", "send_email"]))).toEqual({
      turns: 1,
      calls: 1,
      skipped: ["search_tools"],
    });
    expect(() => index.learn("hello" as never)).toThrow(expect.objectContaining({ code: "INVALID_MESSAGES" }));
    let error: ToolsiftError | undefined;
    try {
      index.learn([{ role: "robot", content: "x" }]);
    } catch (caught) {
      error = caught as ToolsiftError;
    }
    expect(error?.message).toContain("messages[0]");
    expect(error?.message).toContain('role "robot"');
    // A message with no content is no message either, for learn and for select's messages alike.
    const noContent = [{ role: "user", content: "hi" }, { role: "user" }];
    const refused = expect.objectContaining({
      code: "INVALID_MESSAGES",
      message: "learn: messages[1].content must be a string or an array of parts, got undefined.",
    });
    expect(() => index.learn(noContent as never)).toThrow(refused);
    await expect(index.select("hi", { messages: noContent as never })).rejects.toThrow(/messages\[1\]\.content/);
    // useChat's UI messages carry `parts`: the error says how to convert them.
    const ui = [{ id: "m1", role: "user", parts: [{ type: "text", text: "show the files" }] }];
    await expect(index.select("show the files", { messages: ui as never })).rejects.toThrow(
      'messages[0].content must be a string or an array of parts, got undefined. It has `parts`: a UI message; pass `await convertToModelMessages(messages)` (from "ai").',
    );
  });

  it("drops what it learnt about a tool removed from the catalog", async () => {
    const index = createToolIndex(tools);
    index.learn(turn("move into the reports folder and show what is there", ["change_folder", "list_files"]));
    expect(index.usage().tools).toContain("list_files");
    await index.remove(["list_files"]);
    expect(index.usage().tools).not.toContain("list_files");
  });

  it("prepareStep({ steps: { learn: true } }) learns each step once, however often the SDK passes it", async () => {
    const index = createToolIndex(tools);
    const prepareStep = index.prepareStep({ steps: { learn: true } });
    const messages = [{ role: "user", content: "move into the reports folder and list the files" }];
    const first = { toolCalls: [{ toolName: "change_folder" }], toolResults: [] };
    const second = { toolCalls: [{ toolName: "list_files" }], toolResults: [] };
    await prepareStep({ steps: [first], messages });
    await prepareStep({ steps: [first, second], messages });
    await prepareStep({ steps: [first, second], messages });
    const usage = index.usage();
    const id = (name: string) => usage.tools.indexOf(name);
    const row = snapshotRows(usage)!.next.find((entry) => entry[0] === id("change_folder"));
    // [from, total, to, share in thousandths]: one transition change_folder → list_files, counted once.
    expect(row).toEqual([id("change_folder"), 1, id("list_files"), 1000]);
    expect(usage.conversations).toBe(1);
  });
});

describe("related tools", () => {
  it("are offered only within allowedTools, as learnt companions are", async () => {
    const index = createToolIndex(tools, { relatedTools: { cancel_order: ["weather_forecast", "list_files"] } });
    const { results } = await index.selectWithScores("cancel the order", {
      allowedTools: ["cancel_order", "list_files"],
    });
    expect(results.map((result) => [result.name, result.reason])).toEqual([
      ["cancel_order", "ranked"],
      ["list_files", "related"],
    ]);
  });
});

describe("the conversation's memory and the catalog's links", () => {
  it("keeps tools used earlier in the conversation available, saying why", async () => {
    const index = createToolIndex(tools);
    const messages = [...turn("show the files", ["list_files"]), { role: "user", content: "and the weather in Oslo?" }];
    const { results } = await index.selectWithScores("the weather in Oslo", { messages });
    expect(results.find((result) => result.name === "list_files")?.reason).toBe("conversation");
  });

  it("hands a turn that ranks nothing and leans on nothing said none of them; a follow-up keeps them", async () => {
    const index = createToolIndex(tools);
    const task = turn("show the files", ["list_files"]);
    const after = (text: string) => index.select(text, { messages: [...task, { role: "user", content: text }] });
    // Questions of their own, off the catalog: the last task's tool is no answer to them.
    for (const text of [
      "who won the 1998 world cup",
      "how do I make a sourdough starter",
      "what's a good name for a golden retriever",
    ])
      expect(await after(text), text).toEqual([]);
    // A fragment, a connective, a word pointing back: the turn carries the task on.
    for (const text of ["and the hidden ones?", "only mine", "ok go again", "oh and sort it by date please"])
      expect(await after(text), text).toContain("list_files");
  });

  it("hands a turn of chat only none of them, as the adapters read chat; an answer to a question keeps them", async () => {
    const index = createToolIndex(tools);
    const core = createCoreIndex(tools, { keyword: { commonWords: ENGLISH_COMMON_WORDS } });
    const noList = createCoreIndex(tools, { keyword: { commonWords: false } });
    const task = turn("show the files", ["list_files"]);
    // Words of the chat lexicon the ranking's own small-talk words lack ("ton", "coffee", "a joke about git"), and
    // thanks in other languages.
    const chats = ["thanks a ton", "brb coffee", "tell me a joke about git", "merci beaucoup 🙏", "谢谢"];
    for (const chat of chats) {
      const messages = [...task, { role: "user", content: chat }];
      expect(await index.selectWithScores(chat, { messages }), chat).toMatchObject({ results: [] });
      // The lexicon comes with the English word list: toolsift/core given it agrees; without it, such a turn reads as
      // a follow-up and keeps the memory.
      expect(await core.select(chat, { messages }), chat).toEqual([]);
      expect(await noList.select(chat, { messages }), chat).toContain("list_files");
    }
    // A catalog that serves the chat keeps its tool, and the turn still inherits nothing.
    const facts = createToolIndex({ ...tools, get_fun_fact: { description: "Tell a random fun fact" } });
    const asked = [...task, { role: "user", content: "tell me a fun fact" }];
    expect(await facts.select("tell me a fun fact", { messages: asked })).toEqual(["get_fun_fact"]);
    // A tool only its prose relates to the chat is not selected for it, but a search the model asks for is a query.
    const status = createToolIndex({
      ...tools,
      set_status: { description: "Set your status, e.g. on a coffee break" },
    });
    expect(await status.select("coffee break")).toEqual([]);
    const searchTool = status.searchTool() as unknown as {
      execute(input: unknown, options: unknown): Promise<unknown>;
    };
    const search = (await searchTool.execute({ query: "coffee break" }, { toolCallId: "1", messages: [] })) as {
      tools: { name: string }[];
    };
    expect(search.tools.map((tool) => tool.name)).toEqual(["set_status"]);
    // "yes" to the assistant's question carries the task on: the conversation's tools stay; after "Done." it is chat.
    const answered = [...task.slice(0, -1), { role: "assistant", content: "Listed. Hidden ones too?" }];
    expect(await index.select("yes", { messages: [...answered, { role: "user", content: "yes" }] })).toContain(
      "list_files",
    );
    expect(await index.select("yes", { messages: [...task, { role: "user", content: "yes" }] })).toEqual([]);
    // Only the latest user message answers: "lol" asked about with that history, whose last turn was "yes", is chat.
    expect(await index.select("lol", { messages: [...answered, { role: "user", content: "yes" }] })).toEqual([]);
  });

  it("hands a remark framed as chat nothing from the conversation when it ranks no tool, as prepareStep does", async () => {
    const index = createToolIndex(tools);
    const core = createCoreIndex(tools, { keyword: { commonWords: ENGLISH_COMMON_WORDS } });
    const noList = createCoreIndex(tools, { keyword: { commonWords: false } });
    const task = turn("show the files", ["list_files"]);
    const after = (text: string) => [...task, { role: "user", content: text }];
    for (const remark of ["greta is a legend lol", "poor raj lmao", "tacos 🌮"]) {
      expect(await index.selectWithScores(remark, { messages: after(remark) }), remark).toMatchObject({ results: [] });
      expect(await core.select(remark, { messages: after(remark) }), remark).toEqual([]);
      // Without the word list there is no remark reader: the conversation's tools stay.
      expect(await noList.select(remark, { messages: after(remark) }), remark).toContain("list_files");
    }
    // A remark the catalog reads a task in ranks it; a problem stated plainly may be a task and keeps the memory; and
    // without a conversation a select hands nothing from one anyway.
    expect(
      await index.select("lol the email thing is wild", { messages: after("lol the email thing is wild") }),
    ).toContain("send_email");
    const plain = "the login page is blank again";
    expect(await index.select(plain, { messages: after(plain) })).toContain("list_files");
    expect(await index.select("greta is a legend lol")).toEqual([]);
  });

  it("ranks an elliptic follow-up after the request it follows, as prepareStep reads it; a remark alone", async () => {
    const index = createToolIndex([
      { name: "list_bookings", description: "List reservations for a date" },
      {
        name: "set_menu_item_out",
        description: "Mark a dish sold out",
        parameters: { type: "object", properties: { until: { type: "string", enum: ["tonight", "tomorrow"] } } },
      },
      { name: "add_to_waitlist", description: "Add a party to the waitlist" },
    ]);
    const asked = [
      { role: "user" as const, content: "how many reservations tonight" },
      { role: "assistant" as const, content: "38 reservations tonight." },
    ];
    const followUp = [...asked, { role: "user" as const, content: "and tmrw?" }];
    // Alone, "tmrw" is the dish tool's `until` value first.
    expect((await index.select("and tmrw?"))[0]).toBe("set_menu_item_out");
    expect((await index.select("and tmrw?", { messages: followUp }))[0]).toBe("list_bookings");
    // explain reads what the selection ranked: the request's words too, and a pinned tool's relevance from them.
    const explained = await index.explain("and tmrw?", "list_bookings", { messages: followUp });
    expect(explained).toMatchObject({ rank: 1, verdict: "ranked" });
    expect(explained.match.map((entry) => entry.word)).toContain("reservations");
    expect(explained.queryTerms.map((term) => term.from)).toContain("reservations");
    const { results } = await index.selectWithScores("and tmrw?", {
      messages: followUp,
      alwaysActive: ["list_bookings"],
    });
    expect(results.find((result) => result.name === "list_bookings")?.relevance).toBeGreaterThan(0.15);
    // Trailing spaces do not make it longer; the request before is cut to fit the query's 2,000 characters.
    const padded = [...asked, { role: "user" as const, content: `and tmrw?${" ".repeat(35)}` }];
    expect((await index.select(`and tmrw?${" ".repeat(35)}`, { messages: padded }))[0]).toBe("list_bookings");
    const pasted = [
      { role: "user" as const, content: `how many reservations tonight ${"x".repeat(3_000)} waitlist` },
      ...followUp.slice(1),
    ];
    const cutShort = await index.explain("and tmrw?", "add_to_waitlist", { messages: pasted });
    expect(cutShort.unmatched).toContain("reservations");
    expect([...cutShort.unmatched, ...cutShort.match.map((entry) => entry.word)]).not.toContain("waitlist");
    // A remark framed as chat leans on nothing: ranked alone, it selects nothing.
    const remark = [...asked, { role: "user" as const, content: "lol we always forget that one" }];
    expect(await index.select("lol we always forget that one", { messages: remark })).toEqual([]);
  });

  it("offers the producer of a ranked tool's required parameter in a conversation, not in a plain select", async () => {
    const index = createToolIndex(tools);
    const inLoop = await index.selectWithScores("show the details of order 42", { messages: [] });
    expect(inLoop.results.find((result) => result.name === "get_user_id")?.reason).toBe("catalog-prerequisite");
    const plain = await index.select("show the details of order 42");
    expect(plain).not.toContain("get_user_id");
    const off = createToolIndex(tools, { learning: { catalogLinks: false } });
    expect(await off.select("show the details of order 42", { messages: [] })).not.toContain("get_user_id");
  });

  it("offers the finder of an id the request does not give: the product's list or search tool", async () => {
    const id = (name: string) => ({ type: "object", properties: { [name]: { type: "string" } }, required: [name] });
    const catalog = {
      gcal_list_events: { description: "List events" },
      gcal_delete_event: { description: "Delete event", inputSchema: id("event_id") },
      gmail_search: { description: "Search mail" },
      gmail_reply: { description: "Reply to a message", inputSchema: id("message_id") },
      // Unprefixed tools have no general search: `find` (files) is no finder of tickets.
      find: { description: "Find files by name" },
      close_ticket: { description: "Close a support ticket", inputSchema: id("ticket_id") },
    };
    const index = createToolIndex(catalog);
    const finders = async (query: string) =>
      (await index.selectWithScores(query, { maxTools: 1, messages: [] })).results
        .filter((result) => result.reason === "catalog-prerequisite")
        .map((result) => result.name);
    // By noun (event_id ← list_events) and by the product's general search (message_id ← gmail_search).
    expect(await finders("delete the standup event")).toEqual(["gcal_list_events"]);
    expect(await finders("reply to the message from Ana")).toEqual(["gmail_search"]);
    // The request gives the id: nothing to look up.
    expect(await finders("delete event 48213")).toEqual([]);
    expect(await finders("close the support ticket about login")).toEqual([]);
    // An address is whom to write to, not the message's id: the message is still to be found.
    expect(await finders("reply to the message from ana@acme.com")).toEqual(["gmail_search"]);
    // A time, date, amount, duration or a year after "the"/"in" says when or how much, not which event.
    expect(await finders("delete my 3pm event")).toEqual(["gcal_list_events"]);
    expect(await finders("delete the event on 2026-11-30")).toEqual(["gcal_list_events"]);
    expect(await finders("delete the old 2023 offsite event")).toEqual(["gcal_list_events"]);
    expect(await finders("delete the 30min event about the $2,400 invoice")).toEqual(["gcal_list_events"]);
    // A bare number, even one that reads like a year, after a noun is an id.
    expect(await finders("delete event 2023")).toEqual([]);
    // A request that gives fewer ids than the tool needs: the issue's key, not the label's id.
    const two = { type: "object", properties: {}, required: ["issue_id", "label_id"] };
    const labels = createToolIndex({
      linear_addIssueLabel: { description: "Add a label to an issue", inputSchema: two },
      linear_getLabels: { description: "All labels" },
      linear_getTeams: { description: "All teams" },
    });
    const labelFinders = async (query: string) =>
      (await labels.selectWithScores(query, { maxTools: 1, messages: [] })).results
        .filter((result) => result.reason === "catalog-prerequisite")
        .map((result) => result.name);
    expect(await labelFinders("add the regression label to ENG-377")).toEqual(["linear_getLabels"]);
    expect(await labelFinders("add label 8812 to ENG-377")).toEqual([]);
    const off = createToolIndex(catalog, { learning: { catalogLinks: false } });
    const { results } = await off.selectWithScores("delete the standup event", { maxTools: 1, messages: [] });
    expect(results.map((result) => result.name)).toEqual(["gcal_delete_event"]);
  });

  it("reads a producer only from a name that says it gets the parameter (its words after a getter verb)", async () => {
    const catalog = {
      get_team_standing: {
        description: "Standing of a team in a league.",
        inputSchema: {
          type: "object",
          properties: { team: { type: "string" }, league: { type: "string" } },
          required: ["team", "league"],
        },
      },
      // Holds the word "league" but gets a top scorer: no producer of a league.
      "league_stats.top_scorer": { description: "Top scorer of a league season." },
      // A getter verb first, then the parameter: a producer of a team.
      lookup_team: { description: "Find a team by its city." },
    };
    const index = createToolIndex(catalog);
    const { results } = await index.selectWithScores("standing of a team", { maxTools: 1, messages: [] });
    const prerequisites = results.filter((result) => result.reason === "catalog-prerequisite").map((r) => r.name);
    expect(results[0]?.name).toBe("get_team_standing");
    expect(prerequisites).toEqual(["lookup_team"]);
  });

  it("reads a getter verb after a server prefix and in any casing", async () => {
    const login = {
      description: "Log a user in.",
      inputSchema: { type: "object", properties: { user_id: { type: "string" } }, required: ["user_id"] },
    };
    for (const [consumer, producer] of [
      ["crm__message_login", "crm__get_user_id"],
      ["crm_message_login", "crm_get_user_id"],
      ["MESSAGE_LOGIN", "GET_USER_ID"],
      ["messageLogin", "GetUserId"],
      ["messageLogin", "GETUserID"],
    ]) {
      const index = createToolIndex({ [consumer]: login, [producer]: { description: "The id of a user." } });
      const { results } = await index.selectWithScores("log in", { maxTools: 1, messages: [] });
      expect(results.map((result) => [result.name, result.reason])).toEqual([
        [consumer, "ranked"],
        [producer, "catalog-prerequisite"],
      ]);
    }
  });

  it("reads no producer from a getter verb with nothing after it, or from a server's name", async () => {
    const needs = (parameter: string) => ({
      type: "object",
      properties: { [parameter]: { type: "string" } },
      required: [parameter],
    });
    const catalog = [
      { name: "classify_mutation", description: "Classify a mutation of a given type.", parameters: needs("type") },
      { name: "mutation_type.find", description: "Find the mutation type of a gene.", parameters: needs("gene") },
      { name: "start_server", description: "Start a server.", parameters: needs("server") },
      { name: "getHTTPServer", description: "The HTTP server of a site.", parameters: needs("site") },
      {
        name: "crm__delete_index",
        description: "Delete a search index.",
        parameters: needs("index_name"),
        server: { name: "crm", toolName: "delete_index" },
      },
      {
        name: "search__drop_index_name",
        description: "Drop an index by name.",
        parameters: needs("table"),
        server: { name: "search", toolName: "drop_index_name" },
      },
    ];
    const index = createToolIndex(catalog);
    const prerequisites = async (query: string) =>
      (await index.selectWithScores(query, { maxTools: 1, messages: [] })).results
        .filter((result) => result.reason === "catalog-prerequisite")
        .map((result) => result.name);
    expect(await prerequisites("classify a mutation")).toEqual([]);
    expect(await prerequisites("start a server")).toEqual(["getHTTPServer"]);
    expect(await prerequisites("delete the crm index")).toEqual([]);
  });

  it("offers a product's one or two finders for an id of a noun none names, not for a bare key", async () => {
    const needs = (...ids: string[]) => ({
      type: "object",
      properties: Object.fromEntries(ids.map((id) => [id, { type: "string" }])),
      required: ids,
    });
    const index = createToolIndex({
      hs_add_note: { description: "Log a note on a contact or deal", inputSchema: needs("object_id", "body") },
      hs_search_contacts: { description: "Search CRM contacts by name", inputSchema: needs("query") },
      hs_list_deals: { description: "List deals" },
      kv_add: { description: "Add a note under a key", inputSchema: needs("key", "text") },
      kv_list_keys: { description: "List keys" },
    });
    const finders = async (query: string) =>
      (await index.selectWithScores(query, { maxTools: 1, messages: [] })).results
        .filter((result) => result.reason === "catalog-prerequisite")
        .map((result) => result.name)
        .sort();
    // "object" is no finder's noun and hs has no general search: its two finders.
    expect(await finders("log a note that I called Dana at Initech")).toEqual(["hs_list_deals", "hs_search_contacts"]);
    // A bare key names nothing to find: adding under a key makes it.
    expect(await finders("add a note under key groceries to the kv store")).toEqual([]);
  });

  it("offers the finder the request's nouns name for an id of whatever a product of many finders holds", async () => {
    const index = createToolIndex({
      linear_addToFavorites: {
        description: "Add an entity to the current user's favorites",
        inputSchema: { type: "object", properties: { entityId: { type: "string" } }, required: ["entityId"] },
      },
      linear_getProjects: { description: "Get a list of projects" },
      linear_getProjectMembers: { description: "Get the members of a project" },
      linear_getTeams: { description: "Get a list of teams" },
      linear_searchIssues: { description: "Search issues" },
    });
    const finders = async (query: string) =>
      (await index.selectWithScores(query, { maxTools: 1, messages: [] })).results
        .filter((result) => result.reason === "catalog-prerequisite")
        .map((result) => result.name);
    // Four finders: "project" names one of them (not getProjectMembers, whose "member" the request lacks).
    expect(await finders("add the Checkout Revamp project to my favorites")).toEqual(["linear_getProjects"]);
    expect(await finders("add the Web team to my favorites")).toEqual(["linear_getTeams"]);
    // No noun of a finder, or the id given: none.
    expect(await finders("add it to my favorites")).toEqual([]);
    expect(await finders("add project 8d1e2f3a to my favorites")).toEqual([]);
  });

  it("reads what a getter takes after 'by' as no product of it: a project by its id gives no id", async () => {
    const needs = (parameter: string) => ({
      type: "object",
      properties: { [parameter]: { type: "string" } },
      required: [parameter],
    });
    const index = createToolIndex({
      linear_addToFavorites: { description: "Star a project", inputSchema: needs("projectId") },
      linear_getProjectById: { description: "A project's details", inputSchema: needs("id") },
      linear_getProjects: { description: "All projects" },
    });
    const { results } = await index.selectWithScores("star the Checkout Revamp project", {
      maxTools: 1,
      messages: [],
    });
    // The finder of the project (its list), not the getter that needs the id it was read as producing.
    expect(results.map((result) => [result.name, result.reason])).toEqual([
      ["linear_addToFavorites", "ranked"],
      ["linear_getProjects", "catalog-prerequisite"],
    ]);
  });
  it("reads a getter of a plural noun as a list: the finder of the id a ranked tool needs", async () => {
    const needs = (...ids: string[]) => ({
      type: "object",
      properties: Object.fromEntries(ids.map((id) => [id, { type: "string" }])),
      required: ids,
    });
    const catalog = {
      pm_getTeams: { description: "Get a list of teams" },
      pm_getIssueById: { description: "Get an issue", inputSchema: needs("issueId") },
      pm_createCycle: { description: "Create a new cycle", inputSchema: needs("teamId", "startsAt") },
      pm_archiveIssue: { description: "Archive an issue", inputSchema: needs("issueId") },
      pm_getStatus: { description: "Status of the workspace" },
    };
    const index = createToolIndex(catalog);
    const finders = async (query: string, maxTools = 1) =>
      (await index.selectWithScores(query, { maxTools, messages: [] })).results
        .filter((result) => result.reason === "catalog-prerequisite")
        .map((result) => result.name);
    // getTeams (get + plural) lists teams; getStatus (a singular noun) is no finder, nor getIssueById of an id.
    expect(await finders("start a new cycle for Web from jun 16")).toEqual(["pm_getTeams"]);
    expect(await finders("archive the old login issue")).toEqual([]);
  });

  it("offers companions in rank order: the best ranked tool's first", async () => {
    const needs = (id: string) => ({ type: "object", properties: { [id]: { type: "string" } }, required: [id] });
    const catalog = {
      crm_list_deals: { description: "List deals" },
      crm_update_deal: { description: "Update a deal stage", inputSchema: needs("deal_id") },
      crm_move_stage: { description: "Move a deal stage to an owner", inputSchema: needs("owner_id") },
      crm_get_owner_id: { description: "The id of an owner" },
    };
    const index = createToolIndex(catalog);
    const { results } = await index.selectWithScores("update the deal stage", {
      maxTools: 2,
      maxCompanions: 1,
      messages: [],
      minRelevance: 0,
    });
    // The one companion is the finder of what the first tool needs, not the producer of what the second one needs.
    expect(results.slice(0, 2).map((result) => result.name)).toEqual(["crm_update_deal", "crm_move_stage"]);
    expect(results.filter((result) => result.reason === "catalog-prerequisite").map((r) => r.name)).toEqual([
      "crm_list_deals",
    ]);
  });
});

describe("finders in relevance order", () => {
  const needs = (...ids: string[]) => ({
    type: "object",
    properties: Object.fromEntries(ids.map((id) => [id, { type: "string" }])),
    required: ids,
  });
  const tools = [
    ["linear_setIssuePriority", "Set the priority of an issue", needs("issueId")],
    ["linear_createIssue", "Create a new issue", needs("teamId", "title")],
    ["linear_getIssues", "List issues", needs()],
    ["linear_getTeams", "List teams", needs()],
  ].map(([name, description, schema]) => ({
    name: name as string,
    title: "",
    description: description as string,
    schema,
    pendingSchema: undefined,
    provider: false,
  }));
  const input = (relevance?: number[]) => ({
    known: new Set(tools.map((tool) => tool.name)),
    selected: ["linear_setIssuePriority", "linear_createIssue"],
    ranked: ["linear_setIssuePriority", "linear_createIssue"],
    relevance,
    query: "create a linear issue for the Web team, high prio",
    options: resolveSelectOptions({ maxCompanions: 1, messages: [] }),
    indexRelated: undefined,
    graph: undefined,
    links: catalogLinks(tools),
    linkKinds: { prerequisites: true, followUps: true },
  });

  it("looks up first what the most relevant ranked tool needs, whatever the score order", () => {
    // Scored first, `setIssuePriority` matched only "prio"; the request is for `createIssue`, which needs a team.
    expect(companionsFor(input([0.39, 0.51])).map((tool) => tool.name)).toEqual(["linear_getTeams"]);
    // Without relevances (or at equal ones), rank order decides.
    expect(companionsFor(input()).map((tool) => tool.name)).toEqual(["linear_getIssues"]);
    expect(companionsFor(input([0.5, 0.5])).map((tool) => tool.name)).toEqual(["linear_getIssues"]);
  });
});
