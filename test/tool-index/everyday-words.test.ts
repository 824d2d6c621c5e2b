// The everyday table (src/tool-index/everyday-words.ts) is generated from the blind lexicons under
// bench/everyday/lexicon/: it stays in step with them, and its work-chat shorthand and UI words read in requests.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";

describe("the everyday table", () => {
  it("is what scripts/build-everyday-words.mjs makes of the lexicons", () => {
    const out = join(mkdtempSync(join(tmpdir(), "everyday-")), "everyday-words.ts");
    execFileSync(process.execPath, ["scripts/build-everyday-words.mjs", "--out", out], { stdio: "pipe" });
    expect(readFileSync(out, "utf8")).toBe(readFileSync("src/tool-index/everyday-words.ts", "utf8"));
  });

  it("reads work-chat shorthand as its words (bench/everyday/lexicon/shorthand-2.json)", async () => {
    const tools = {
      desk_search_tickets: { description: "Search support tickets by status: open, pending or solved" },
      desk_create_macro: { description: "Create a macro" },
      desk_list_views: { description: "List views" },
    };
    const tix = async (index: ReturnType<typeof createToolIndex>) =>
      (await index.explain("urgent support tix still open", "desk_search_tickets")).match.filter(
        (entry) => entry.word === "tix",
      );
    expect(await tix(createToolIndex(tools))).toEqual([expect.objectContaining({ term: "ticket", kind: "synonym" })]);
    expect(await tix(createToolIndex(tools, { keyword: { everydayWords: false } }))).toEqual([]);
  });

  it("reads everyday words for operating a UI as the automation words (bench/everyday/lexicon/ui-words.json)", async () => {
    const tools = {
      browser_click: { description: "Perform a click on a web page element" },
      browser_press_key: { description: "Press a key on the keyboard" },
      browser_navigate: { description: "Navigate to a URL" },
      browser_take_screenshot: { description: "Take a screenshot of the current page" },
    };
    const first = async (text: string, options?: Parameters<typeof createToolIndex>[1]) =>
      (await createToolIndex(tools, options).select(text, { maxTools: 1, minRelevance: 0 }))[0];
    expect(await first("hit escape")).toBe("browser_press_key");
    expect(await first("tap the blue button")).toBe("browser_click");
    expect(await first("hit escape", { keyword: { everydayWords: false } })).toBeUndefined();
  });

  it("reads a word's UI readings only where none of its other readings meets a tool's name, in a UI's tools", async () => {
    const browser = {
      browser_click: { description: "Perform a click on a web page element" },
      browser_fill_form: { description: "Fill multiple form fields" },
      browser_navigate: { description: "Navigate to an address" },
      browser_snapshot: { description: "Capture an accessibility snapshot" },
    };
    const readings = async (tools: Parameters<typeof createToolIndex>[0], text: string, word: string) =>
      (await createToolIndex(tools).explain(text, Object.keys(tools)[0])).queryTerms
        .filter((term) => term.from === word)
        .map((term) => term.term)
        .sort();
    // "toggle" reads as set and update first: no browser tool's name says either, so the UI readings (check, uncheck,
    // click) are read, and of them only what a name says (click).
    expect(await readings(browser, "toggle yearly billing", "toggle")).toEqual(["click"]);
    expect((await createToolIndex(browser).select("toggle yearly billing", { maxTools: 1, minRelevance: 0 }))[0]).toBe(
      "browser_click",
    );
    // "log in" reads as login, sign in or authenticate first; in the browser tools, as the form to fill.
    expect(await readings(browser, "log in as admin", "log")).toEqual(["fill", "form"]);
    // Where a name says what the first readings say, the UI readings are not read.
    const flags = { ...browser, flag_update: { description: "Turn a feature flag on or off" } };
    expect(await readings(flags, "toggle dark mode", "toggle")).toEqual(["updat"]);
    // Nor where the catalog writes the word itself: "page" reads as itself, not as a snapshot.
    const pages = { ...browser, browser_take_screenshot: { description: "Screenshot of the current page" } };
    expect(await readings(pages, "does the page say hello", "page")).toEqual(["pag"]);
    // Only in the tools of a UI, a product whose names hold three UI readings or more: a bucket's presigned URL is no
    // page of a site to navigate.
    const storage = {
      s3_generate_presigned_url: { description: "Presigned link to an object" },
      s3_put_object: { description: "Upload an object to a bucket" },
      s3_list_objects: { description: "List objects in a bucket" },
    };
    expect(await readings(storage, "host the site from the assets bucket", "site")).toEqual([]);
    expect(await readings({ ...storage, ...browser }, "show the site", "site")).toEqual(["navigat"]);
    // Nor where another word of the request names another product's tool: "refresh the balance" is the payments'.
    const payments = { ...browser, stripe_retrieve_balance: { description: "Retrieve the account's balance" } };
    expect(await readings(payments, "refresh the balance", "refresh")).toEqual([]);
    expect(await readings(payments, "refresh the tab", "refresh")).toEqual(["navigat"]);
    // A value counts by the parameters it fills: "ENG-412" is an issue's key.
    const issues = {
      ...browser,
      linear_get_issue: {
        description: "Get an issue",
        inputSchema: { type: "object", properties: { key: { type: "string" } } },
      },
    };
    expect(await readings(issues, "toggle ENG-412", "toggle")).toEqual([]);
    // So does a word read as the shorthand it is: "PR" is a pull request, a code host's.
    const code = {
      ...browser,
      browser_press_key: { description: "Press a key on the keyboard" },
      github_get_pull_request: { description: "Get details of a change" },
    };
    expect(await readings(code, "copy the PR for the login fix", "copy")).toEqual([]);
    expect(await readings(code, "copy the text for the login fix", "copy")).toEqual(["key", "press"]);
    // Names as hosts write them, behind a word every name has ("mcp__server__tool"): the server is the product.
    const hosted = Object.fromEntries(
      Object.entries(payments).map(([name, tool]) => [
        `mcp__${name.startsWith("stripe") ? "stripe" : "playwright"}__${name}`,
        tool,
      ]),
    );
    expect(await readings(hosted, "refresh the balance", "refresh")).toEqual([]);
    expect(await readings(hosted, "refresh the tab", "refresh")).toEqual(["navigat"]);
    // A product whose names hold a UI reading or two (a database's url, key, type) is no UI.
    const database = {
      db_get_project_url: { description: "Get the project's address" },
      db_get_anon_key: { description: "Get the anonymous API key" },
      db_generate_types: { description: "Generate TypeScript types" },
      db_list_tables: { description: "List tables" },
      db_query: { description: "Run SQL" },
    };
    expect(await readings(database, "copy the users table", "copy")).toEqual([]);
    expect(await readings(database, "show the site", "site")).toEqual([]);
  });
});
