// The shared EmbeddingCache spec against every adapter that runs in Node (kv on an in-memory KV stand-in; test/workerd
// runs it on miniflare).

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileCache as toolpickFileCache } from "toolpick";
import { afterAll } from "vitest";
import { kvCache, memoryCache } from "../../src/storage/index.js";
import { fromLoadSave } from "../../src/cache/load-save-cache.js";
import { fileCache } from "../../src/cache/file-cache.js";
import { describeEmbeddingCache } from "./embedding-cache-spec.js";
import { memoryKv } from "./memory-kv.js";

const directory = await mkdtemp(join(tmpdir(), "toolsift-cache-"));
afterAll(() => rm(directory, { recursive: true, force: true }));
let files = 0;

describeEmbeddingCache("memoryCache()", { persistent: false, newLength: "keeps-other-keys" }, () => {
  const cache = memoryCache();
  return () => cache;
});

describeEmbeddingCache(
  "memoryCache({ maxEntries: 10_000 })",
  { persistent: false, newLength: "keeps-other-keys" },
  () => {
    const cache = memoryCache({ maxEntries: 10_000 });
    return () => cache;
  },
);

describeEmbeddingCache("fileCache(path)", { persistent: true, newLength: "replaces-namespace" }, () => {
  const path = join(directory, `cache-${files++}`, "embeddings.bin");
  return () => fileCache(path);
});

describeEmbeddingCache("fromLoadSave(in-memory load/save)", { persistent: true, newLength: "keeps-other-keys" }, () => {
  let saved: number[][] | null = null;
  return () =>
    fromLoadSave({
      load: async () => (saved === null ? null : structuredClone(saved)),
      save: async (rows) => {
        saved = structuredClone(rows);
      },
    });
});

describeEmbeddingCache(
  "fromLoadSave(toolpick's fileCache)",
  { persistent: true, newLength: "keeps-other-keys" },
  () => {
    const path = join(directory, `toolpick-${files++}`, "embeddings.json");
    return () => fromLoadSave(toolpickFileCache(path));
  },
);

describeEmbeddingCache("kvCache(in-memory KV stand-in)", { persistent: true, newLength: "replaces-namespace" }, () => {
  const kv = memoryKv();
  return () => kvCache(kv, { maxChunkBytes: 4096 });
});
