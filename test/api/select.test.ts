// select / selectWithScores / explain on a realistic SaaS catalog: what an agent developer relies on.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createToolIndex, type SelectOptions } from "../../src/index.js";
import { defaultWasm } from "../../src/wasm/default-wasm-bytes.js";
import { startCharacterMeter } from "../cost/character-meter.js";
import { saasCatalog } from "./saas-catalog.js";

const noCut: SelectOptions = { adaptive: false, maxTools: 20 };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A JSON Schema of one string parameter. */
const param = (name: string) => ({ type: "object", properties: { [name]: { type: "string" } } });

/** An index of one of bench/everyday's recorded catalogs (real MCP servers' tools as they publish them). */
function everydayCatalogIndex(name: string) {
  const catalog = JSON.parse(
    readFileSync(new URL(`../../bench/everyday/catalogs/${name}.json`, import.meta.url), "utf8"),
  ) as { tools: { name: string; description: string; inputSchema: object }[] };
  return createToolIndex(
    catalog.tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  );
}

describe("ranking", () => {
  const index = createToolIndex(saasCatalog);

  it("reads a quoted title, subject or message as what the tool is given, not as the task", async () => {
    const first = async (text: string) => (await index.select(text))[0];
    expect(await first("open a jira ticket titled 'refund payment failed for the invoice'")).toBe("jira_create_ticket");
    expect(await first("email the team with subject 'deploy the weather service'")).toBe("send_email");
    expect(await index.select("post 'refund sent, invoice is next' in slack")).not.toContain("stripe_create_invoice");
  });

  it.each([
    ["send an email to the team", "send_email"],
    ["post a message in the #general Slack channel", "slack_post_message"],
    ["refund the customer's payment", "stripe_refund_payment"],
    ["create a Stripe invoice", "stripe_create_invoice"],
    ["list the open issues on GitHub", "github_list_issues"],
    ["create a pull request", "github_create_pull_request"],
    ["deploy the container to the cluster", "deploy_service"],
    ["translate the UI into German", "translate_strings"],
    ["schedule a meeting with the design team", "calendar_schedule_meeting"],
    ["what is the weather forecast for Paris", "weather_forecast"],
    ["send an SMS to this phone number", "twilio_send_sms"],
    ["upload this file to an S3 bucket", "s3_upload_file"],
    ["file a Jira ticket with high priority", "jira_create_ticket"],
    ["search my Notion pages", "notion_search_pages"],
  ])("%j → %s first", async (query, expected) => {
    expect((await index.select(query))[0]).toBe(expected);
  });

  it.each([
    ["sned an emial", "send_email", ["sned", "emial"]],
    ["refnud the paymnet", "stripe_refund_payment", ["refnud", "paymnet"]],
    ["shedule a meting", "calendar_schedule_meeting", ["shedule", "meting"]],
  ])("typo query %j still ranks %s first and reports the typo expansions", async (query, expected, words) => {
    const { results } = await index.selectWithScores(query);
    expect(results[0].name).toBe(expected);
    const typos = results[0].expansions.filter((expansion) => expansion.kind === "typo");
    expect(typos.map((expansion) => expansion.from).sort()).toEqual([...words].sort());
  });

  it("does not expand words the catalog spells exactly", async () => {
    const { results } = await index.selectWithScores("send an email");
    expect(results[0].name).toBe("send_email");
    expect(results[0].expansions).toEqual([]);
    expect(results[0].matchedTerms).toEqual(expect.arrayContaining(["send", "email"]));
  });

  it("applies typo tolerance to words of up to 32 letters", async () => {
    const long = "pneumonoultramicroscopicsilicovolcanoconiosis"; // 45 letters
    const medium = "electroencephalographically"; // 27 letters
    const words = createToolIndex([
      { name: "diagnose", description: `Diagnose ${long}.` },
      { name: "record_eeg", description: `Record ${medium}.` },
    ]);
    expect(await words.select(medium.replace("graph", "grahp"))).toEqual(["record_eeg"]);
    expect(await words.select(long.replace("silico", "silcio"))).toEqual([]);
    expect(await words.select(long)).toEqual(["diagnose"]);
  });

  it("reads a word of common English as itself, never as a typo of a catalog word", async () => {
    const billing = createToolIndex([
      { name: "refund_charge", description: "Refund a charge." },
      { name: "list_charges", description: "List charges." },
      { name: "ci_runs", description: "Build runs of a branch, with their min and max duration." },
    ]);
    const terms = async (query: string, tool: string) =>
      (await billing.explain(query, tool)).queryTerms.filter((term) => term.kind === "typo").map((term) => term.term);
    expect(await terms("refund the last charge", "list_charges")).toEqual([]);
    expect(await terms("is CI green on main?", "ci_runs")).toEqual([]);
    expect((await billing.select("refund the last charge"))[0]).toBe("refund_charge");
    // A word English lacks is still corrected.
    expect(await terms("refnd the charge", "refund_charge")).toEqual(["refund"]);
  });

  it("reads a capitalised unknown word inside the query as a name, not a typo", async () => {
    const parks = createToolIndex([
      { name: "find_parks", description: "Find parks near a place." },
      { name: "book_hotel", description: "Book a hotel room in a city." },
    ]);
    // (A word English lacks: "paris", a common word, reads as itself whatever its case.)
    const named = await parks.selectWithScores("book a hotel in Parcs", noCut);
    expect(named.tools).toEqual(["book_hotel"]);
    const lower = await parks.selectWithScores("book a hotel in parcs", noCut);
    expect(lower.tools).toContain("find_parks");
    expect(lower.results.find((result) => result.name === "find_parks")?.expansions).toEqual([
      { from: "parcs", term: "park", kind: "typo" },
    ]);
    // The first word of a query is capitalised by habit, so it is still corrected.
    expect((await parks.select("Boook a hotel"))[0]).toBe("book_hotel");
  });

  it("does not read a real word as a typo of another first letter, but fixes a swapped first pair", async () => {
    const catalog = createToolIndex([
      { name: "weather_forecast", description: "Forecast for the next days." },
      { name: "send_email", description: "Send an email." },
    ]);
    expect(await catalog.select("what the customer says", noCut)).toEqual([]);
    expect((await catalog.select("esnd it", noCut))[0]).toBe("send_email");
  });

  it("ignores typos when typo tolerance is off", async () => {
    const strict = createToolIndex(saasCatalog, { keyword: { typoTolerance: false } });
    expect(await strict.select("refnud the paymnet")).toEqual([]);
  });

  it("finds the Kubernetes tool from k8s, with an abbreviation expansion", async () => {
    const { results } = await index.selectWithScores("deploy to k8s");
    expect(results[0].name).toBe("deploy_service");
    expect(results[0].expansions).toContainEqual({
      from: "k8s",
      term: expect.stringMatching(/^kubernet/),
      kind: "abbreviation",
    });
    expect((await index.select("k8s"))[0]).toBe("deploy_service");
  });

  it("finds the internationalization tool from i18n", async () => {
    const { results } = await index.selectWithScores("i18n");
    expect(results[0].name).toBe("translate_strings");
    expect(results[0].expansions[0]).toMatchObject({ from: "i18n", kind: "abbreviation" });
  });

  it("reads PR as pull request, and pull request as PR", async () => {
    // gitlab_merge_pr spells "PR" itself and may rank above; the pull-request tool must be found through the expansion.
    const pr = await index.selectWithScores("open a PR");
    const github = pr.results.find((result) => result.name === "github_create_pull_request");
    expect(pr.tools.slice(0, 2).sort()).toEqual(["github_create_pull_request", "gitlab_merge_pr"]);
    expect(github?.expansions).toEqual(
      expect.arrayContaining([
        { from: "pr", term: "pull", kind: "abbreviation" },
        { from: "pr", term: "request", kind: "abbreviation" },
      ]),
    );
    // gitlab_merge_pr only ever says "PR".
    const spelled = await index.selectWithScores("pull request", noCut);
    const gitlab = spelled.results.find((result) => result.name === "gitlab_merge_pr");
    // (Everyday readings of "request" may come along: only the abbreviation is asserted.)
    expect(gitlab?.expansions.filter((expansion) => expansion.kind !== "synonym")).toEqual([
      { from: "pull request", term: "pr", kind: "abbreviation" },
    ]);
    expect(spelled.tools.slice(0, 2).sort()).toEqual(["github_create_pull_request", "gitlab_merge_pr"]);
  });

  it("reads no common English word or word of conversation as an initialism, unless written as one", async () => {
    const tools = createToolIndex([
      { name: "get_order_details", description: "Get the details of an order." },
      { name: "change_directory", description: "Change the current working directory to the specified folder." },
      { name: "list_logs", description: "List the logs of a service." },
    ]);
    // ("go to" is an everyday phrase that may read as open or get: only initialisms are asserted here.)
    const go = await tools.selectWithScores("go to the reports folder", noCut);
    expect(go.tools[0]).toBe("change_directory");
    expect(go.results.flatMap((result) => result.expansions)).not.toContainEqual(
      expect.objectContaining({ from: "go", kind: "abbreviation" }),
    );
    // "we'll" leaves "ll", a word of conversation. Two letters spell the initials of some pair of words in any catalog
    // ("CI" → create contact): "GO", even written as an acronym, is no "get order" unless the catalog writes "GO".
    const ll = await tools.selectWithScores("we'll need the service", noCut);
    expect(ll.results.flatMap((result) => result.expansions)).not.toContainEqual(
      expect.objectContaining({ from: "ll" }),
    );
    const written = await tools.selectWithScores("show GO 42", { ...noCut, minRelevance: 0 });
    expect(written.results.flatMap((result) => result.expansions)).not.toContainEqual(
      expect.objectContaining({ from: "go" }),
    );
    const glossed = createToolIndex([
      { name: "get_order_details", description: "Get the details of an order (GO)." },
      { name: "list_logs", description: "List the logs of a service." },
    ]);
    const read = await glossed.selectWithScores("show GO 42", { ...noCut, minRelevance: 0 });
    expect(read.tools[0]).toBe("get_order_details");
    // Three letters and more keep reading as the catalog's initials ("lfs" → list logs… is no pair in any catalog).
    const three = await tools.selectWithScores("the gods of the order details", { ...noCut, minRelevance: 0 });
    expect(three.tools[0]).toBe("get_order_details");
  });

  it("reads an acronym's plural as the catalog writes it in lower case: PRs as `gh_list_prs`", async () => {
    const tools = createToolIndex({
      gh_list_prs: { description: "List pull requests" },
      gh_get_pr: { description: "Get a pull request" },
    });
    // Found outside-in: "PRs" reads as pr, the word of `gh_get_pr`'s name; the list tool's name writes "prs".
    for (const text of ["list open PRs on api", "list PRs", "list prs"])
      expect((await tools.select(text, { minRelevance: 0 }))[0], text).toBe("gh_list_prs");
    expect((await tools.select("get PR 12", { minRelevance: 0 }))[0]).toBe("gh_get_pr");
    // Only a plural: "close that PR" and "create NEW issue" are no "prs" or "news" (found in review).
    const singular = await tools.selectWithScores("close that PR", { minRelevance: 0 });
    expect(singular.results.find((result) => result.name === "gh_list_prs")?.match).not.toContainEqual(
      expect.objectContaining({ term: "prs" }),
    );
    const news = createToolIndex({
      get_news: { description: "Headlines" },
      create_issue: { description: "New issue" },
    });
    expect(await news.select("create NEW issue")).toEqual(["create_issue"]);
  });

  it("reads general shorthand as the words it stands for, both ways", async () => {
    const tools = createToolIndex([
      { name: "slack_post_direct_message", description: "Send a direct message to a user." },
      { name: "drive_move_file", description: "Move a file to another folder." },
      { name: "repo_list", description: "List repos." },
    ]);
    expect((await tools.select("DM Priya that the build is fixed", noCut))[0]).toBe("slack_post_direct_message");
    expect((await tools.select("which repositories do I have", noCut))[0]).toBe("repo_list");
    // Words that are names of Object's own properties are no shorthand (the table is a Map).
    expect(await tools.select("constructor toString __proto__ hasOwnProperty valueOf", noCut)).toEqual([]);
  });

  it("reads the name a request gives after 'called' or 'named' as a value, not as the task", async () => {
    const tools = createToolIndex([
      { name: "stripe_create_invoice", description: "Create an invoice." },
      { name: "drive_create_folder", description: "Create a folder in Drive." },
      { name: "crm_log_call", description: "Log a call with a contact." },
    ]);
    expect((await tools.select("make a new folder called Invoices 2025", noCut))[0]).toBe("drive_create_folder");
    expect((await tools.select("who called me yesterday", noCut))[0]).toBe("crm_log_call");
  });

  it("reads a product-prefixed name's word and a finger-slip typo", async () => {
    const tools = createToolIndex([
      { name: "gdrive_search_files", description: "Find files in Drive." },
      { name: "gmail_search", description: "Search mail." },
      { name: "github_create_issue", description: "Open an issue." },
      { name: "github_list_issues", description: "List issues." },
    ]);
    expect((await tools.select("find the Q4 roadmap doc in drive"))[0]).toBe("gdrive_search_files");
    // "drive" is read in the name's "gdrive", not only in the description.
    const drive = await tools.explain("find the Q4 roadmap doc in drive", "gdrive_search_files");
    expect(drive.match.find((entry) => entry.word === "drive")?.field).toBe("name");
    // Swapped letters and a doubled letter typed once: the request is not cut by relevance.
    expect((await tools.select("opne an isue for the flaky test in acme/api"))[0]).toBe("github_create_issue");
  });

  it("reads a product prefix's shorthand as its word where no tool writes the word: gcal → calendar", async () => {
    // Found outside-in: a catalog whose calendar tools say only "List events" had nothing for "my calendar".
    const tools = {
      gcal_list_events: { description: "List events" },
      gcal_create_event: { description: "Create event" },
      gdocs_create: { description: "New doc" },
      slack_post: { description: "Post a message to a channel" },
    };
    const index = createToolIndex(tools);
    expect(await index.select("whats on my calendar tomorrow")).toEqual(["gcal_list_events", "gcal_create_event"]);
    const calendar = await index.explain("whats on my calendar tomorrow", "gcal_list_events");
    expect(calendar.match).toContainEqual(expect.objectContaining({ word: "calendar", field: "name" }));
    // Not a shorthand that is an everyday word itself ("docs": as often the word), nor without the word list.
    const docs = await index.explain("any docs on vitamin d", "gdocs_create");
    expect(docs.match.filter((entry) => entry.field === "name" && entry.term === "document")).toEqual([]);
    expect(await createToolIndex(tools, { keyword: { commonWords: false } }).select("my calendar")).toEqual([]);
  });

  it("counts a request's common verb read as the action a name begins with ('make' → create)", async () => {
    // The Memory MCP server's tools as it publishes them: every description speaks of entities and the graph.
    const tools = everydayCatalogIndex("mcp-memory");
    const text = "make an entity for the Oakland office, type: location";
    const make = (await tools.explain(text, "create_entities")).match.find((entry) => entry.word === "make");
    expect(make).toMatchObject({ term: "creat", kind: "synonym", field: "name" });
    expect(make!.credit).toBeGreaterThan(0);
    expect((await tools.select(text))[0]).toBe("create_entities");
  });

  it('reads "news" as news, not as the plural of "new" (a create tool\'s word)', async () => {
    // Eleven real MCP servers' tools as they publish them (Notion, Slack, HubSpot, web search among them).
    const tools = everydayCatalogIndex("mcp-pooled-work");
    const { results } = await tools.selectWithScores("Find the latest news about climate change", noCut);
    expect(results[0].name).toMatch(/search/);
    expect(results[0].match.find((entry) => entry.word === "news")).toMatchObject({ term: "news", kind: "exact" });
    for (const result of results)
      expect(
        result.match.some((entry) => entry.term === "new"),
        result.name,
      ).toBe(false);
  });

  it("reads the words of paths, slugs, addresses and host names as values, not initialisms or typos", async () => {
    const tools = createToolIndex([
      { name: "git_amend_commit", description: "Amend a commit message in the editor." },
      { name: "issues_update", description: "Update an issue: reopen or close it." },
      { name: "web_navigate", description: "Go to a URL." },
    ]);
    // "acme" spells the initials of "amend commit message" — inside "acme/webapp#12" it is a repository's owner.
    const reopen = await tools.explain("reopen acme/webapp#12", "git_amend_commit");
    expect(reopen.match).toEqual([]);
    expect((await tools.select("reopen acme/webapp#12", noCut))[0]).toBe("issues_update");
    for (const text of ["open https://acme.dev/commit-log", "mail cam@acme.co", "edit src/acme/main.ts"])
      expect((await tools.explain(text, "git_amend_commit")).match.map((entry) => entry.kind)).not.toContain(
        "abbreviation",
      );
    // Outside a value, three letters in lower case are still read as initials, and so is any word written in capitals;
    // a longer word in lower case is a word or a name ("acme", "hooli"), not initials.
    expect((await tools.explain("acm please", "git_amend_commit")).match.length).toBeGreaterThan(0);
    expect((await tools.explain("ACME please", "git_amend_commit")).match.length).toBeGreaterThan(0);
    expect((await tools.explain("acme please", "git_amend_commit")).match).toEqual([]);
  });

  it("reads an address's scheme other than the web's as the system it names, the rest as a path, not a link", async () => {
    const tools = createToolIndex([
      { name: "aws_s3_list", description: "List objects under S3 bucket/prefix", parameters: param("prefix") },
      { name: "dd_get_dashboard", description: "Find dashboard + link", parameters: param("name") },
      { name: "dd_search_logs", description: "Search logs", parameters: param("query") },
      { name: "browser_navigate", description: "Navigate to a URL", parameters: param("url") },
    ]);
    const first = async (text: string) => (await tools.select(text, { ...noCut, minRelevance: 0 }))[0];
    // "s3" names the store; "logs" is a prefix in it, not a word of the request, and the address is no web link.
    expect(await first("what's in s3://logs/2024/06/")).toBe("aws_s3_list");
    const explained = await tools.explain("what's in s3://logs/2024/06/", "dd_get_dashboard");
    expect(explained.match.map((entry) => entry.term)).not.toContain("link");
    // A web address is still a link to go to.
    expect(await first("what's on https://logs.acme.dev/2024/06/")).toBe("browser_navigate");
  });

  it("reads jargon written with a symbol as the catalog writes it: P&L, W-9", async () => {
    const tools = createToolIndex([
      { name: "reports_profitAndLoss", description: "P&L report." },
      { name: "reports_balanceSheet", description: "Balance sheet report." },
      { name: "vendors_requestW9", description: "Ask a vendor for tax info." },
      { name: "vendors_create", description: "Add a vendor." },
      { name: "payroll_addEmployee", description: "Add an employee to payroll." },
    ]);
    expect(await tools.select("P&L for last quarter")).toEqual(["reports_profitAndLoss"]);
    expect((await tools.select("get a W-9 from our new contractor Dana Lee"))[0]).toBe("vendors_requestW9");
  });

  it("reads a well-known file's name (README, Dockerfile) as the parameters that take a file", async () => {
    // The GitHub MCP server's tools: `create_repository`'s parameters speak of "Initialize with README".
    const tools = everydayCatalogIndex("mcp-github");
    const { results } = await tools.selectWithScores("show me the README of torvalds/linux", {
      ...noCut,
      minRelevance: 0,
    });
    expect(results[0].name).toBe("get_file_contents");
    expect(results[0].match.find((entry) => entry.word === "readme")).toMatchObject({ kind: "synonym", field: "name" });
  });

  it("reads a value's kind as the parameters that take it: a URL, a path, an address, a handle, a repo, a key", async () => {
    const tools = createToolIndex([
      { name: "browser_navigate", description: "Navigate", parameters: param("url") },
      { name: "read_text", description: "Read text", parameters: param("path") },
      { name: "mail_send", description: "Send mail", parameters: param("email") },
      { name: "chat_profile", description: "Profile", parameters: param("username") },
      { name: "list_commits", description: "List commits", parameters: param("repo") },
      { name: "weather_now", description: "Weather now", parameters: param("city") },
      { name: "tracker_get", description: "Get one", parameters: param("key") },
    ]);
    const first = async (text: string) =>
      (await tools.selectWithScores(text, { ...noCut, minRelevance: 0 })).results[0]?.name;
    expect(await first("go to http://localhost:3000/login")).toBe("browser_navigate");
    expect(await first("whats in ~/projects/api/src")).toBe("read_text");
    expect(await first("ask cam@acme.co")).toBe("mail_send");
    expect(await first("who's @jwu")).toBe("chat_profile");
    expect(await first("anything new on facebook/react")).toBe("list_commits");
    expect(await first("PROJ-77 details")).toBe("tracker_get");
    // A key is written for the tools that take one: it outweighs a common word another tool's prose holds.
    const keyed = createToolIndex([
      { name: "stripe_get_invoice", description: "Invoice details" },
      { name: "stripe_get_customer", description: "Customer details" },
      { name: "stripe_get_charge", description: "Charge details" },
      { name: "stripe_list_invoices", description: "List invoices" },
      { name: "jira_get_issue", description: "get issue by key", parameters: param("key") },
      { name: "jira_transition", description: "Change issue status", parameters: param("key") },
      { name: "jira_assign", description: "Assign an issue", parameters: param("key") },
    ]);
    expect((await keyed.selectWithScores("PROJ-77 details", { ...noCut, minRelevance: 0 })).results[0].name).toBe(
      "jira_get_issue",
    );
    // A repository's "#342" is an issue or a pull request of it: a tool taking one, before the repository's own.
    const slugged = (...names: string[]) => ({
      type: "object",
      properties: Object.fromEntries(names.map((name) => [name, { type: "string" }])),
    });
    const github = createToolIndex([
      { name: "fork_repository", description: "Fork a repository", parameters: slugged("owner", "repo") },
      { name: "create_branch", description: "Create a branch", parameters: slugged("owner", "repo", "branch") },
      { name: "get_issue", description: "Get an issue", parameters: slugged("owner", "repo", "issue_number") },
    ]);
    expect(
      (await github.selectWithScores("who's assigned to acme/webapp#342", { ...noCut, minRelevance: 0 })).results[0]
        .name,
    ).toBe("get_issue");
    // What most keys key is an issue: a tool that takes an issue id, before another that archives something else.
    const archive = createToolIndex([
      { name: "linear_archiveReleaseStage", description: "Archive a release stage", parameters: param("stageId") },
      { name: "linear_archiveProject", description: "Archive a project", parameters: param("projectId") },
      { name: "linear_archiveIssue", description: "Archive an issue", parameters: param("issueId") },
    ]);
    expect((await archive.selectWithScores("archive ENG-12, its stale", noCut)).results[0].name).toBe(
      "linear_archiveIssue",
    );
    // The kind is read only from a value: "cam" is no address.
    expect((await tools.explain("ask cam", "mail_send")).match.map((entry) => entry.term)).not.toContain("email");
    expect((await tools.explain("go to http://localhost:3000/login", "browser_navigate")).match).toContainEqual(
      expect.objectContaining({ term: "url", field: "parameterNames" }),
    );
  });

  it('reads no "go" as an initialism on the BFCL multi-turn catalog', async () => {
    const { tools } = JSON.parse(
      readFileSync(new URL("../fixtures/bfcl-multiturn/catalog-and-turns.json", import.meta.url), "utf8"),
    ) as { tools: { name: string; description: string; parameters: object }[] };
    const selected = await createToolIndex(tools).select("Go into the document folder and list what's there.");
    expect(selected).toContain("cd");
    expect(selected).not.toContain("get_order_details");
  });

  it("ignores abbreviations (and everyday words) when they are off", async () => {
    const plain = createToolIndex(saasCatalog, { keyword: { abbreviations: false, everydayWords: false } });
    expect(await plain.select("k8s")).toEqual([]);
    const { results } = await plain.selectWithScores("pull request open a PR", noCut);
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.expansions).toEqual([]);
  });

  it("splits an unknown compound word into catalog words", async () => {
    const compound = createToolIndex([
      { name: "git_hub_search", description: "Search code." },
      { name: "list_users", description: "List users." },
    ]);
    const { results } = await compound.selectWithScores("github");
    expect(results.map((result) => result.name)).toEqual(["git_hub_search"]);
    expect(results[0].expansions).toEqual([
      { from: "github", term: "git", kind: "compound" },
      { from: "github", term: "hub", kind: "compound" },
    ]);
  });

  it("finds a closed compound in the catalog from its parts", async () => {
    const compound = createToolIndex([
      { name: "github_sync", description: "Sync a repository." },
      { name: "git_log", description: "Show the commit log." },
      { name: "hub_status", description: "Status of the hub." },
      { name: "list_users", description: "List users." },
    ]);
    expect(await compound.select("git hub", noCut)).toContain("github_sync");
    // A word the catalog spells whole is matched as it is, not split: only github_sync matches.
    expect(await compound.select("github", noCut)).toEqual(["github_sync"]);
  });
});

describe("select options", () => {
  const index = createToolIndex(saasCatalog);

  it("returns at most maxTools tools", async () => {
    for (const maxTools of [1, 2, 3]) {
      const tools = await index.select("create send list post", { maxTools, adaptive: false });
      expect(tools).toHaveLength(maxTools);
    }
    expect((await index.select("create send list post")).length).toBeLessThanOrEqual(5);
  });

  it("adaptive cuts a weak tail after one dominant tool, keeping two", async () => {
    const query = "create a stripe invoice";
    const all = await index.selectWithScores(query, { maxTools: 4, adaptive: false });
    expect(all.tools).toHaveLength(4);
    expect(all.tools[0]).toBe("stripe_create_invoice");
    // The shape that makes the elbow: a clear leader, the rest far below it.
    expect(all.results[0].score - all.results[1].score).toBeGreaterThan(0.4 * all.results[0].score);
    const cut = await index.select(query, { maxTools: 4 });
    expect(cut).toEqual(all.tools.slice(0, 2));
  });

  it("adaptive cuts at the first large drop further down", async () => {
    const catalog = [
      { name: "invoice_pdf_export", description: "Export an invoice as PDF." },
      { name: "invoice_pdf_email", description: "Email an invoice PDF." },
      { name: "invoice_pdf_print", description: "Print an invoice PDF." },
      { name: "list_orders", description: "List orders; an order may have an invoice." },
      { name: "list_files", description: "List files; a file may be an invoice." },
      { name: "list_teams", description: "List teams." },
    ];
    const small = createToolIndex(catalog);
    const all = await small.select("invoice pdf", { maxTools: 5, adaptive: false });
    expect(all).toHaveLength(5);
    const cut = await small.select("invoice pdf", { maxTools: 5 });
    expect(cut.slice().sort()).toEqual(["invoice_pdf_email", "invoice_pdf_export", "invoice_pdf_print"]);
  });

  it("adaptive cuts nothing when the ranking is unsure: its best tool meets under half the request", async () => {
    const catalog = [
      { name: "invoice_pdf_export", description: "Export an invoice as PDF." },
      { name: "invoice_pdf_email", description: "Email an invoice PDF." },
      { name: "list_orders", description: "List orders; an order may have an invoice." },
      { name: "list_files", description: "List files; a file may be an invoice." },
    ];
    const small = createToolIndex(catalog);
    // "pdf" and "invoice" are met; "quarterly", "vendor", "reconciliation" are not: relevance under 0.5.
    const query = "quarterly vendor reconciliation invoice pdf";
    const all = await small.selectWithScores(query, { maxTools: 4, adaptive: false, minRelevance: 0 });
    expect(all.results[0].relevance).toBeLessThan(0.5);
    expect(all.results[0].score - all.results[2].score).toBeGreaterThan(0.4 * all.results[0].score);
    const kept = await small.select(query, { maxTools: 4, minRelevance: 0 });
    expect(kept).toEqual(all.tools);
  });

  it("threshold (toolpick's) leaves out each ranked tool whose score is under it; explain says so", async () => {
    const query = "create a stripe invoice";
    const wide = { maxTools: 20, adaptive: false };
    const all = (await index.selectWithScores(query, wide)).results;
    const threshold = 0.5;
    const above = all.filter((result) => result.score >= threshold).map((result) => result.name);
    const below = all.filter((result) => result.score < threshold).map((result) => result.name);
    expect(above.length).toBeGreaterThan(0);
    expect(below.length).toBeGreaterThan(0);
    expect(await index.select(query, { ...wide, threshold })).toEqual(above);
    expect(await index.select(query, { ...wide, threshold: 0 })).toEqual(all.map((result) => result.name));
    const cut = await index.explain(query, below[0], { ...wide, threshold });
    expect(cut).toMatchObject({ selected: false, verdict: "cut-relevance" });
    await expect(index.select(query, { threshold: 1.5 })).rejects.toMatchObject({ code: "INVALID_OPTION" });
  });

  it("alwaysActive tools come after the ranked ones, do not count against maxTools and never repeat", async () => {
    const { tools, results } = await index.selectWithScores("send a message", {
      maxTools: 2,
      adaptive: false,
      alwaysActive: ["weather_forecast", "send_email", "weather_forecast", "not_in_catalog"],
    });
    const ranked = results.filter((result) => result.pinned === undefined);
    expect(ranked).toHaveLength(2);
    expect(ranked.map((result) => result.name)).not.toContain("send_email");
    // A name outside the catalog is left out (toolpick's rule: select returns catalog tools only).
    expect(tools.slice(2)).toEqual(["weather_forecast", "send_email"]);
    expect(new Set(tools).size).toBe(tools.length);
    for (const result of results.slice(2))
      expect(result).toMatchObject({ pinned: "alwaysActive", score: 1, keywordScore: 0 });
  });

  it("reports an alwaysActive name that looks like a misspelt catalog tool, naming that tool, and still leaves it out", async () => {
    const events: unknown[] = [];
    const reporting = createToolIndex(
      [
        { name: "send_email", description: "Send an email." },
        { name: "weather_forecast", description: "Weather forecast for a city." },
      ],
      { onEvent: (event) => events.push(event) },
    );
    const names = await reporting.select("weather in Paris", { alwaysActive: ["send_emial", "search_tools"] });
    expect(names).toEqual(["weather_forecast"]);
    // "search_tools" (the search meta-tool an adapter pins) is near no catalog tool: left out without a report.
    expect(events).toEqual([
      expect.objectContaining({
        type: "unknown-tool-names",
        option: "alwaysActive",
        names: ["send_emial"],
        message: expect.stringContaining('"send_emial" (did you mean "send_email"?)'),
      }),
    ]);
  });

  it("breaks ties by catalog order, the same on every run", async () => {
    const twins = [
      { name: "zeta_converter", description: "Convert currency amounts between currencies." },
      { name: "alpha_converter", description: "Convert currency amounts between currencies." },
      { name: "list_users", description: "List users." },
    ];
    const runs = await Promise.all(
      Array.from({ length: 3 }, async () => {
        const fresh = createToolIndex(twins);
        return [await fresh.selectWithScores("currency amounts"), await fresh.selectWithScores("currency amounts")];
      }),
    );
    for (const { tools, results } of runs.flat()) {
      expect(tools).toEqual(["zeta_converter", "alpha_converter"]);
      expect(results[0].keywordScore).toBe(results[1].keywordScore);
    }
    const reversed = createToolIndex([twins[1], twins[0], twins[2]]);
    expect(await reversed.select("currency amounts")).toEqual(["alpha_converter", "zeta_converter"]);
  });
});

describe("explain", () => {
  const index = createToolIndex(saasCatalog);

  it("gives every returned tool the rank of its position in selectWithScores", async () => {
    for (const query of [
      "create a pull request",
      "send a text message",
      "refnud the paymnet",
      "list open github issues",
    ]) {
      const { tools } = await index.selectWithScores(query, noCut);
      expect(tools.length).toBeGreaterThan(0);
      for (const [position, tool] of tools.entries()) {
        const explanation = await index.explain(query, tool, noCut);
        expect(explanation.rank, `${query} / ${tool}`).toBe(position + 1);
        expect(explanation.selected).toBe(true);
      }
      expect((await index.explain(query, tools[0], noCut)).best?.tool).toBe(tools[0]);
    }
  });

  it("ranks as select does when a higher-scoring tool is pinned", async () => {
    const options: SelectOptions = { ...noCut, alwaysActive: ["slack_post_message"] };
    const { tools } = await index.selectWithScores("text message", options);
    // The pinned tool comes after the ranked ones (everyday readings of "text" may rank a weaker tool between).
    expect(tools[0]).toBe("twilio_send_sms");
    expect(tools.at(-1)).toBe("slack_post_message");
    const explanation = await index.explain("text message", "twilio_send_sms", options);
    expect(explanation.rank).toBe(1);
    expect(explanation.best?.tool).toBe("twilio_send_sms");
    const pinned = await index.explain("text message", "slack_post_message", options);
    expect(pinned).toMatchObject({ rank: null, pinned: "alwaysActive", score: 1, selected: true });
  });

  it("lists each matched term with its field counts, and the query words that missed", async () => {
    const explanation = await index.explain(
      "create a github pull request for the xyzzy branch",
      "github_create_pull_request",
    );
    // The words as written (an action the names use, "create", also reads weakly as its everyday readings).
    const written = explanation.terms.filter((term) => term.kind === "exact");
    const byTerm = Object.fromEntries(written.map((term) => [term.from, term]));
    expect(byTerm.pull.fields).toEqual({ name: 1, description: 1 });
    expect(byTerm.branch.fields).toEqual({ description: 2 });
    expect(byTerm.create.fields).toEqual({ name: 1 });
    for (const term of explanation.terms) {
      expect(term.contribution).toBeGreaterThan(0);
      expect(term.idf).toBeGreaterThan(0);
    }
    const total = explanation.terms.reduce((sum, term) => sum + term.contribution, 0);
    expect(total).toBeCloseTo(explanation.keywordScore, 3);
    expect(explanation.unmatched).toEqual(["xyzzy"]);
    expect(explanation.queryTerms).toContainEqual({
      term: "pr",
      kind: "abbreviation",
      from: "pull request",
      weight: 0.8,
    });
  });

  it("reports a tool that did not match with rank null and every word unmatched", async () => {
    const explanation = await index.explain("send an email", "weather_forecast");
    expect(explanation).toMatchObject({ rank: null, score: 0, keywordScore: 0, selected: false, terms: [] });
    expect(explanation.unmatched).toEqual(["send", "email"]);
    expect(explanation.best?.tool).toBe("send_email");
  });
});

describe("index lifecycle", () => {
  it("warmUp is idempotent: the core is compiled and the index built once", async () => {
    const bytes = defaultWasm() as Uint8Array<ArrayBuffer>;
    const compile = vi.spyOn(WebAssembly, "compile");
    const index = createToolIndex(saasCatalog, { runtime: { wasm: bytes } });
    await Promise.all([index.warmUp(), index.warmUp()]);
    await index.warmUp();
    expect(await index.select("sned an emial")).toEqual(["send_email", "twilio_send_sms"]);
    await index.warmUp();
    expect(compile).toHaveBeenCalledOnce();
  });

  it("warmUp reads the tool names a catalog's first question needs: it costs what a later one does", async () => {
    // Long names, so that reading every tool's name on the first question would show in the characters read.
    const catalog = Array.from({ length: 400 }, (_, at) => ({
      name: `workspace_resource_administration_${at}_update_record_entry`,
      description: `Update record ${at}`,
    }));
    const index = createToolIndex(catalog);
    await index.warmUp();
    // A request that asks no question first: what any request builds on first need is built then.
    await index.select("update record entry 6");
    const read = async (query: string) => {
      const meter = startCharacterMeter();
      await index.select(query);
      return meter.stop();
    };
    // Same length, same words read: the second finds nothing left to build.
    const first = await read("what record is entry 7 in?");
    const later = await read("what record is entry 8 in?");
    expect(first).toBeLessThan(later * 1.5);
  });

  it("keeps two indexes in one process apart", async () => {
    const first = createToolIndex(saasCatalog);
    const second = createToolIndex([
      { name: "send_fax", description: "Send a fax to a number." },
      { name: "email_archive", description: "Archive an email thread." },
    ]);
    const expectedFirst = await first.select("send an email");
    // Interleaved calls on both, with the second growing its own memory meanwhile.
    const big = createToolIndex(
      Array.from({ length: 2_000 }, (_, i) => ({
        name: `tool_${i}`,
        description: `Sends email batch ${"x".repeat(i % 7)}`,
      })),
    );
    const [a, b, c] = await Promise.all([
      first.select("send an email"),
      second.select("send an email"),
      big.select("send an email"),
    ]);
    expect(a).toEqual(expectedFirst);
    expect(a[0]).toBe("send_email");
    expect(b.slice().sort()).toEqual(["email_archive", "send_fax"]);
    // Every tool of the big catalog matches equally well except for length: the shortest descriptions score
    // highest under length normalisation — i % 7 === 0 (no x) and i % 7 === 1 (a one-letter "x", which the
    // tokenizer drops) — and ties keep catalog order.
    expect(c).toEqual(["tool_0", "tool_1", "tool_7", "tool_8", "tool_14"]);
    expect(await first.select("send an email")).toEqual(expectedFirst);
  });
});

describe("a 5,000-tool catalog", () => {
  const services = [
    "github",
    "slack",
    "stripe",
    "jira",
    "notion",
    "salesforce",
    "hubspot",
    "zendesk",
    "asana",
    "shopify",
  ];
  const verbs = ["create", "list", "update", "delete", "archive", "export", "import", "search", "sync", "assign"];
  const nouns = [
    "invoice",
    "customer",
    "ticket",
    "page",
    "channel",
    "order",
    "contact",
    "project",
    "comment",
    "webhook",
    "label",
    "report",
    "refund",
    "product",
    "subscription",
    "milestone",
    "attachment",
    "workflow",
    "dashboard",
    "campaign",
    "coupon",
    "segment",
    "release",
    "sprint",
    "board",
  ];
  const consonants = "bdfgklmnprstvz";
  const vowels = "aiou";
  // A unique, pronounceable code word per tool: consonant-vowel syllables, so no two are one edit apart
  // after a swap of their first two letters.
  const codeWord = (i: number): string => {
    let word = "";
    let rest = i;
    for (let syllable = 0; syllable < 4; syllable++) {
      word += consonants[rest % consonants.length] + vowels[Math.floor(rest / consonants.length) % vowels.length];
      rest = Math.floor(rest / (consonants.length * vowels.length));
    }
    return word;
  };
  const catalog = Array.from({ length: 5_000 }, (_, i) => {
    const service = services[i % services.length];
    const verb = verbs[Math.floor(i / services.length) % verbs.length];
    const noun = nouns[Math.floor(i / (services.length * verbs.length)) % nouns.length];
    return {
      name: `${service}_${verb}_${noun}_${i}`,
      description: `${verb[0].toUpperCase()}${verb.slice(1)} a ${noun} in ${service.charAt(0).toUpperCase()}${service.slice(1)}. Internal code ${codeWord(i)}.`,
      parameters: { type: "object", properties: { [`${noun}Id`]: { type: "string" }, workspace: { type: "string" } } },
    };
  });
  const index = createToolIndex(catalog);

  it("has unique names and code words", () => {
    expect(new Set(catalog.map((tool) => tool.name)).size).toBe(5_000);
    expect(new Set(catalog.map((_, i) => codeWord(i))).size).toBe(5_000);
  });

  it("finds a tool by its unique word, exactly and with a typo", async () => {
    for (const i of [0, 1, 777, 2_500, 4_321, 4_999]) {
      const word = codeWord(i);
      expect(await index.select(word), word).toEqual([catalog[i].name]);
      const swapped = word[1] + word[0] + word.slice(2);
      const { results } = await index.selectWithScores(swapped);
      expect(results[0].name, swapped).toBe(catalog[i].name);
      expect(results[0].expansions).toEqual([{ from: swapped, term: expect.any(String), kind: "typo" }]);
    }
  });

  it("ranks the tools that match every word of the query first", async () => {
    const tools = await index.select("archive a stripe refund", { maxTools: 10, adaptive: false });
    expect(tools).toHaveLength(10);
    const exact = catalog.filter((tool) => tool.name.startsWith("stripe_archive_refund_")).map((tool) => tool.name);
    expect(exact.length).toBeGreaterThan(0);
    expect(tools.slice(0, exact.length).sort()).toEqual(exact.sort());
  });
});
