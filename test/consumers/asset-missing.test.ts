// The browser default of the local model asset fails loudly where a bundler left nothing behind its URL: an
// INVALID_MODEL_ASSET error naming the URL, why, and the fix (esbuild copies no asset; SPA servers answer HTML).
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultLocalModelAsset } from "../../src/local/default-asset-fetch.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

const fix = 'localEmbeddingModel({ asset: fetch("/local-model.bin") })';

describe("defaultLocalModelAsset (browser: fetched next to the module)", () => {
  it("returns the response when the file is there", async () => {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: URL) => {
      fetched.push(url.href);
      return new Response(new Uint8Array([1, 2, 3]), { headers: { "content-type": "application/octet-stream" } });
    });
    const response = (await defaultLocalModelAsset()) as Response;
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(fetched).toEqual([
      new URL("../../assets/local-model.bin", new URL("../../src/local/", import.meta.url)).href,
    ]);
  });

  it.each([
    ["a 404", () => new Response("not found", { status: 404 }), "(HTTP 404)"],
    [
      "an HTML page (a single-page app's fallback)",
      () => new Response("<!doctype html>", { headers: { "content-type": "text/html; charset=utf-8" } }),
      "(the server answered with an HTML page)",
    ],
    [
      "a failed fetch",
      () => {
        throw new TypeError("Failed to fetch");
      },
      "(the fetch failed: Failed to fetch)",
    ],
  ])("names the URL, the reason and the fix for %s", async (_, answer, reason) => {
    vi.stubGlobal("fetch", async () => answer());
    const error = await defaultLocalModelAsset().then(
      () => undefined,
      (thrown: unknown) => thrown as { code?: string; message: string; details?: { url?: string } },
    );
    expect(error?.code).toBe("INVALID_MODEL_ASSET");
    expect(error?.message).toMatch(/is not at file:\/\/\S+\/assets\/local-model\.bin /);
    expect(error?.message).toContain(reason);
    expect(error?.message).toContain(fix);
    expect(error?.details?.url).toMatch(/\/assets\/local-model\.bin$/);
  });
});
