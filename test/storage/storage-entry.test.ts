// toolsift/storage, the one storage entry (issue 38): every store under one name, the file stores behind the "node"
// export condition. A Worker, Edge or browser bundle of it imports nothing of Node, and its file stores throw
// MISSING_DEPENDENCY naming the stores that work there; under "node" they are the real ones.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { createToolIndex } from "../../src/index.js";
import * as everywhere from "../../src/storage/index.js";
import * as node from "../../src/storage/node.js";

const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));

describe("toolsift/storage", () => {
  it("is one entry whose node condition comes before its default", () => {
    expect(Object.keys(manifest.exports["./storage"])).toEqual(["types", "node", "default"]);
    for (const gone of ["./cache", "./file-cache", "./indexeddb-cache", "./usage", "./file-usage-store"]) {
      expect(manifest.exports[gone]).toBeUndefined();
    }
  });

  it("exports the same names under every condition", () => {
    expect(Object.keys(node).sort()).toEqual(Object.keys(everywhere).sort());
  });

  it.each(["workerd", "edge-light", "browser"])("bundles under %s without any import of Node", async (condition) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL("../../src/storage/index.ts", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "neutral",
      conditions: [condition],
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
    expect(imports.filter((path) => path.startsWith("node:"))).toEqual([]);
  });

  it("throws MISSING_DEPENDENCY naming the runtime's stores for the file stores outside Node", () => {
    expect(() => everywhere.fileCache("cache.bin")).toThrow(
      expect.objectContaining({ code: "MISSING_DEPENDENCY", message: expect.stringContaining("kvCache(env.KV)") }),
    );
    expect(() => everywhere.fileUsageStore("usage.json")).toThrow(
      expect.objectContaining({ code: "MISSING_DEPENDENCY", message: expect.stringContaining("memoryUsageStore()") }),
    );
  });

  it("under node, fileUsageStore keeps a snapshot in its file", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "toolsift-storage-")), "usage.json");
    const snapshot = createToolIndex({ send_email: { description: "Send an email" } }).usage();
    await node.fileUsageStore(path).save(snapshot);
    expect(await node.fileUsageStore(path).load()).toEqual(snapshot);
  });
});
