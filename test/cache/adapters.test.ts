// The shared EmbeddingCache spec against every adapter that runs in Node (kv against an in-memory KV stand-in; test/workerd runs it on miniflare).

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileCache as toolpickFileCache } from "toolpick";
import { afterAll } from "vitest";
import { fromLoadSave, kvCache, memoryCache } from "../../src/cache/index.js";
import { fileCache } from "../../src/cache/file-cache.js";
import { describeEmbeddingCache } from "./embedding-cache-spec.js";
import { memoryKv } from "./memory-kv.js";

const directory = await mkdtemp(join(tmpdir(), "toolsift-cache-"));
afterAll(() => rm(directory, { recursive: true, force: true }));
let files = 0;

describeEmbeddingCache("memoryCache()", () => {
  const cache = memoryCache();
  return { open: () => cache, persistent: false };
});

describeEmbeddingCache("memoryCache({ maxEntries: 10_000 })", () => {
  const cache = memoryCache({ maxEntries: 10_000 });
  return { open: () => cache, persistent: false };
});

describeEmbeddingCache("fileCache(path)", () => {
  const path = join(directory, `cache-${files++}`, "embeddings.bin");
  return { open: () => fileCache(path), persistent: true };
});

describeEmbeddingCache("fromLoadSave(in-memory load/save)", () => {
  let saved: number[][] | null = null;
  return {
    open: () =>
      fromLoadSave({
        load: async () => (saved === null ? null : structuredClone(saved)),
        save: async (rows) => {
          saved = structuredClone(rows);
        },
      }),
    persistent: true,
  };
});

describeEmbeddingCache("fromLoadSave(toolpick's fileCache)", () => {
  const path = join(directory, `toolpick-${files++}`, "embeddings.json");
  return { open: () => fromLoadSave(toolpickFileCache(path)), persistent: true };
});

describeEmbeddingCache("kvCache(in-memory KV stand-in)", () => {
  const kv = memoryKv();
  return { open: () => kvCache(kv, { maxChunkBytes: 4096 }), persistent: true };
});
