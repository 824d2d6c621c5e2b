// The playground (public/, built by scripts/build-playground.mjs) in real headless Chromium: pick a catalog, type a
// request, read the ranking and an explanation.
// Skipped where Chromium is not installed, counted in the closing summary; CI fails instead (test/browser/chromium.ts).

import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MIN_RELEVANCE } from "../../src/options.js";
import { browserSkipReason, chromiumLaunchOptions } from "./chromium.js";

const publicDirectory = fileURLToPath(new URL("../../public/", import.meta.url));
/** Where the screenshots of the page go, for a person to look at. */
const SCREENSHOT_PATH = join(tmpdir(), "toolsift-playground", "playground.png");

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".bin": "application/octet-stream",
};

/** A static file server for public/, as any static host would serve it. */
function servePublic(): Server {
  return createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    const relative = normalize(pathname === "/" ? "/index.html" : pathname).replace(/^(\.\.[/\\])+/, "");
    try {
      const body = await readFile(join(publicDirectory, relative));
      response
        .writeHead(200, { "content-type": CONTENT_TYPES[extname(relative)] ?? "application/octet-stream" })
        .end(body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain" }).end(`not found: ${pathname}`);
    }
  });
}

interface Ranked {
  readonly tool: string;
  readonly keyword: number;
  readonly semantic: number;
}

describe.skipIf(browserSkipReason !== undefined)("playground in headless Chromium", () => {
  let server: Server;
  let context: BrowserContext;
  let profile: string;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    // Build public/ when it is missing or older than its sources (the script checks).
    await promisify(execFile)(process.execPath, [
      fileURLToPath(new URL("../../scripts/build-playground.mjs", import.meta.url)),
      "--if-stale",
    ]);
    server = servePublic();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    profile = await mkdtemp(join(tmpdir(), "toolsift-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions(),
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
    });
    await page.goto(`http://127.0.0.1:${port}/`);
    await waitForCatalog(24);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await new Promise<void>((resolve, reject) =>
      server ? server.close((error) => (error ? reject(error) : resolve())) : resolve(),
    );
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  /** Waits until the page has indexed a catalog of `count` tools. */
  async function waitForCatalog(count: number): Promise<void> {
    await page.waitForFunction(
      (expected) => document.getElementById("catalog-form")?.dataset.tools === String(expected),
      count,
      { timeout: 20_000 },
    );
  }

  /** Types a request, submits it, and reads the ranking the page shows for it. */
  async function rank(query: string): Promise<Ranked[]> {
    await page.fill("#query", query);
    await page.press("#query", "Enter");
    await page.waitForFunction((expected) => document.getElementById("results")?.dataset.query === expected, query);
    return page.$$eval("#results > li", (items) =>
      items.map((item) => {
        const bar = item.querySelector<HTMLElement>(".score-bar");
        return {
          tool: item.dataset.tool ?? "",
          keyword: Number(bar?.dataset.keyword),
          semantic: Number(bar?.dataset.semantic),
        };
      }),
    );
  }

  async function chooseExample(id: string, tools: number): Promise<void> {
    await page.selectOption("#example", id);
    await waitForCatalog(tools);
  }

  it("indexes the demo catalog on load, with the local model's semantic search", async () => {
    const status = await page.textContent("#catalog-status");
    expect(status).toMatch(/^24 tools indexed in \d+ ms · keyword \+ semantic \(local model\)$/);
  });

  it("ranks gmail_send_email first for a misspelt request and shows how it read the typos", async () => {
    const ranking = await rank("sned an emial");
    expect(ranking[0].tool).toBe("gmail_send_email");
    expect(ranking[0].keyword).toBeGreaterThan(0);
    const details = await page.textContent('#results > li[data-tool="gmail_send_email"]');
    expect(details).toContain("sned → send (typo)");
    expect(details).toContain("emial → email (typo)");
  });

  it("ranks the refund tool first for a paraphrase, with a semantic part in its score", async () => {
    const ranking = await rank("give them their money back");
    expect(ranking[0].tool).toBe("stripe_create_refund");
    expect(ranking[0].semantic).toBeGreaterThan(0);
  });

  it("switches to the paraphrase catalog and finds a tool that shares no word with the request", async () => {
    await chooseExample("paraphrase", 50);
    // No word of the request is in the tool; the meaning finds it (everyday readings of its words may add a keyword
    // part).
    const ranking = await rank("claim the alert that just fired, I'm looking into it");
    expect(ranking[0].tool).toBe("pagerduty_acknowledge_incident");
    expect(ranking[0].semantic).toBeGreaterThan(0);
  });

  it("explains a chosen tool: rank, score parts, matched terms with their fields, and the query reading", async () => {
    await chooseExample("demo", 24);
    const ranking = await rank("sned an emial about the outage");
    expect(ranking[0].tool).toBe("gmail_send_email");
    await page.click('#results > li[data-tool="gmail_send_email"] .explain-button');
    await page.waitForSelector('#explain-body .explain-verdict[data-tool="gmail_send_email"]');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("explain-heading");
    expect(await page.inputValue("#explain-tool")).toBe("gmail_send_email");
    const verdict = await page.textContent("#explain-body .explain-verdict");
    expect(verdict).toContain("rank 1 · selected");
    const rows = await page.$$eval("#explain-body table tbody tr", (trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent)),
    );
    expect(rows).toContainEqual([
      "sned",
      "send",
      "typo (weight 0.70)",
      "name ×1, description ×1",
      expect.any(String),
      expect.any(String),
    ]);
    expect(await page.textContent("#explain-body .explain-summary")).toContain("Cosine similarity");
    expect(await page.textContent("#explain-body .query-terms")).toContain("emial → email (typo");

    // A tool that is not selected can be explained too.
    await page.selectOption("#explain-tool", "weather_forecast");
    await page.waitForSelector('#explain-body .explain-verdict[data-tool="weather_forecast"]');
    expect(await page.textContent("#explain-body .explain-verdict")).toContain("not selected");

    // For the screenshot: a paraphrase, whose bars have both a keyword and a semantic part, and its explanation.
    await rank("give them their money back");
    await page.selectOption("#explain-tool", "stripe_create_refund");
    await page.waitForSelector('#explain-body .explain-verdict[data-tool="stripe_create_refund"]');
    await mkdir(join(SCREENSHOT_PATH, ".."), { recursive: true });
    await page.screenshot({ path: SCREENSHOT_PATH, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: SCREENSHOT_PATH.replace(/\.png$/, "-narrow.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    console.info(`playground screenshots: ${SCREENSHOT_PATH} and -narrow.png`);
  });

  it("indexes a pasted catalog (Anthropic shape) and ranks it", async () => {
    const catalog = [
      {
        name: "create_invoice",
        description: "Create an invoice for a customer.",
        input_schema: { type: "object", properties: { customer: { type: "string" } } },
      },
      {
        name: "book_flight",
        description: "Book a flight between two airports.",
        input_schema: { type: "object", properties: { from: { type: "string" }, to: { type: "string" } } },
      },
      {
        name: "get_weather",
        description: "Current weather for a city.",
        input_schema: { type: "object", properties: { city: { type: "string" } } },
      },
    ];
    await page.fill("#catalog-json", JSON.stringify(catalog));
    expect(await page.inputValue("#example")).toBe("custom");
    await page.click("#catalog-form button[type=submit]");
    await waitForCatalog(3);
    expect((await rank("fly me to Lisbon on Friday"))[0].tool).toBe("book_flight");
  });

  it("reports a catalog that is not JSON, and clears the last catalog's ranking instead of showing it under the error", async () => {
    expect((await rank("what's the weather in Porto"))[0].tool).toBe("get_weather");
    await page.fill("#catalog-json", "[{ name: oops");
    await page.click("#catalog-form button[type=submit]");
    await page.waitForFunction(() => document.getElementById("catalog-status")?.dataset.kind === "error");
    expect(await page.textContent("#catalog-status")).toMatch(/^The catalog is not valid JSON/);
    expect(await page.getAttribute("#catalog-json", "aria-invalid")).toBe("true");
    expect(await page.$$("#results > li")).toHaveLength(0);
    expect(await page.textContent("#results-status")).toBe(
      "No catalog is indexed: fix the catalog above, then press “Index catalog”.",
    );
    expect(await page.$$eval("#explain-tool option", (options) => options.length)).toBe(1);
    // A request now ranks nothing: the text area holds no catalog.
    await page.fill("#query", "what's the weather in Lisbon");
    await page.press("#query", "Enter");
    expect(await page.$$("#results > li")).toHaveLength(0);
    // A good catalog again: ranked as before.
    await chooseExample("demo", 24);
    expect((await rank("what's the weather in Porto"))[0].tool).toBe("weather_forecast");
  });

  it('says why a request selects nothing: "thanks!" on the demo catalog asks for no tool', async () => {
    await chooseExample("demo", 24);
    const needed = `a tool needs ${DEFAULT_MIN_RELEVANCE.toFixed(2)}, the minRelevance`;
    expect(await rank("thanks!")).toEqual([]);
    expect(await page.textContent("#results-status")).toMatch(
      /^0 tools of 24 · conversation only: the request asks for no tool · /,
    );
    // A request whose closest tool holds a little of it: that tool is named, with its relevance.
    expect(await rank("what is the capital of France")).toEqual([]);
    expect(await page.textContent("#results-status")).toMatch(
      new RegExp(`^0 tools of 24 · nothing relevant: the closest, \\w+, has relevance 0\\.\\d\\d; ${needed} · `),
    );
  });

  it("a request the local model knows no word of ranks by keywords, and the page does not call that a failure", async () => {
    await chooseExample("demo", 24);
    expect(await rank("asdf qwerty zzz")).toEqual([]);
    const status = await page.textContent("#results-status");
    expect(status).toMatch(
      /^0 tools of 24 · no tool holds a word of the request or anything near it · keyword ranking \(the local model knows none of the request's words\) · /,
    );
    expect(status).not.toContain("failed");
  });

  it("explains a keyword part of 0 beside a BM25F score above 0 by the weight fusion gave keywords for the request", async () => {
    await chooseExample("demo", 24);
    // "novel" is no catalog word: its word-vector neighbours (story, writer) score in BM25F, not in the keyword part.
    await rank("a novel by tolkien");
    await page.selectOption("#explain-tool", "jira_create_ticket");
    await page.waitForSelector('#explain-body .explain-verdict[data-tool="jira_create_ticket"]');
    const summary = await page.$$eval("#explain-body .explain-summary dt", (terms) =>
      terms.map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    const bm25f = summary.find(([term]) => term === "Keyword (BM25F) score, before fusion");
    expect(Number(bm25f?.[1])).toBeGreaterThan(0);
    expect(summary).toContainEqual(["Keyword part", "0.00 (weight 0.00 for this request)"]);
    expect(summary).toContainEqual(["Semantic part", expect.stringMatching(/ \(weight 1\.00 for this request\)$/)]);
  });

  it("labels every form control and runs without page errors", async () => {
    const unlabelled = await page.$$eval("input, select, textarea", (controls) =>
      controls
        .filter((control) => (control as HTMLInputElement).labels?.length === 0 && !control.getAttribute("aria-label"))
        .map((control) => control.id),
    );
    expect(unlabelled).toEqual([]);
    expect(problems).toEqual([]);
  });
});
