// indexedDbCache in real headless Chromium (Debian's /usr/bin/chromium via playwright-core): the shared checks run in
// the page, results asserted here.
// Skipped where Chromium is not installed, counted in the closing summary; CI fails instead (test/browser/chromium.ts).

import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserSkipReason, chromiumLaunchOptions } from "./chromium.js";
import { cacheChecks } from "../cache/cache-checks.js";
import type { CheckOutcome } from "./page-entry.js";

type PageApi = {
  runCacheCheck(name: string): Promise<CheckOutcome>;
  upgradesForeignDatabase(): Promise<CheckOutcome>;
  storesArrayBuffers(): Promise<CheckOutcome>;
};

describe.skipIf(browserSkipReason !== undefined)("indexedDbCache in headless Chromium", () => {
  let server: Server;
  let context: BrowserContext;
  let profile: string;
  let page: Page;

  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL("./page-entry.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      write: false,
    });
    const script = bundle.outputFiles[0].text;
    server = createServer((request, response) => {
      if (request.url === "/page.js") {
        response.writeHead(200, { "content-type": "text/javascript" }).end(script);
      } else {
        response
          .writeHead(200, { "content-type": "text/html" })
          .end('<!doctype html><title>loading</title><script type="module" src="/page.js"></script>');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    profile = await mkdtemp(join(tmpdir(), "toolsift-chromium-"));
    context = await chromium.launchPersistentContext(profile, chromiumLaunchOptions());
    page = context.pages()[0] ?? (await context.newPage());
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => document.title !== "loading");
    expect(errors).toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await new Promise<void>((resolve, reject) =>
      server ? server.close((error) => (error ? reject(error) : resolve())) : resolve(),
    );
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  const inPage = <K extends keyof PageApi>(method: K, ...args: Parameters<PageApi[K]>): Promise<CheckOutcome> =>
    page.evaluate(
      ([name, parameters]) => {
        const api = (
          globalThis as unknown as { toolsiftCacheChecks: Record<string, (...values: unknown[]) => Promise<unknown>> }
        ).toolsiftCacheChecks;
        return api[name](...parameters) as Promise<CheckOutcome>;
      },
      [method, args] as [string, unknown[]],
    );

  it("the page's harness can fail: a check it does not hold is reported as failed", async () => {
    expect(await inPage("runCacheCheck", "no such check")).toEqual({
      ok: false,
      message: 'no check named "no such check"',
    });
  });

  // page-entry.ts opens one IndexedDB database per check, reopened for the persistence checks, so every check applies.
  for (const check of cacheChecks) {
    it(`shared spec: ${check.name}`, async () => {
      expect(await inPage("runCacheCheck", check.name)).toEqual({ ok: true });
    });
  }

  it("stores each vector as an ArrayBuffer under its key", async () => {
    expect(await inPage("storesArrayBuffers")).toEqual({ ok: true });
  });

  it("adds its store to an existing database by a version upgrade, keeping that database's data", async () => {
    expect(await inPage("upgradesForeignDatabase")).toEqual({ ok: true });
  });
});
