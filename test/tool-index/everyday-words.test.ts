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

  it("reads a word's UI readings only where none of its other readings meets a tool's name, and as names only", async () => {
    const browser = {
      browser_click: { description: "Perform a click on a web page element" },
      browser_fill_form: { description: "Fill multiple form fields" },
      browser_navigate: { description: "Navigate to a URL" },
      browser_take_screenshot: { description: "Take a screenshot of the current page" },
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
    const flags = {
      flag_update: { description: "Turn a feature flag on or off" },
      ui_click: { description: "Click an element" },
    };
    expect(await readings(flags, "toggle dark mode", "toggle")).toEqual(["updat"]);
    // Nor where the catalog writes the word itself ("page" in a description): it reads as itself there.
    const pages = {
      browser_take_screenshot: { description: "Take a screenshot of the current page" },
      browser_snapshot: { description: "Capture an accessibility snapshot" },
    };
    expect(await readings(pages, "does the page say hello", "page")).toEqual(["pag"]);
    // A UI reading a catalog writes only in prose or parameters is no reading: a weather tool's `location` is no URL.
    const weather = {
      get_current_weather: {
        description: "Current weather",
        inputSchema: { type: "object", properties: { location: { type: "string" } } },
      },
    };
    expect(await readings(weather, "which url is it on", "url")).toEqual([]);
  });
});
