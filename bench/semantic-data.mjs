// The deterministic embedding model the semantic benches share, served from a table of precomputed vectors.
//
// `hashingEmbeddingModel({ dimensions })` (toolsift/test) embeds in plain JS: 10,000 tool texts at
// 1,536 dimensions take seconds. So every distinct text is embedded once, into one process-wide
// table (text -> Float32Array), and each library is given its own thin EmbeddingModelV4 over that
// table: same vectors for both libraries, and a per-model count of calls and texts, so a bench can
// check that a timed pass did (toolpick) or did not (toolsift, query LRU) call the model.
//
// Each call returns fresh `number[]` copies, as a provider's parsed JSON response would be: the AI
// SDK's embedMany hands the model's arrays through unchanged, and toolpick keeps them, so without a
// copy toolpick's index would share the table's memory and its memory reading would come out near 0.
// A text missing from the table is embedded by the hashing model and added (`misses` counts them;
// the memory bench checks that none happen between its readings).
import { existsSync } from "node:fs";

const testingLocation = new URL("../dist/testing/index.js", import.meta.url);

const tables = new Map();

/**
 * The shared vector table of one dimension count: `{ vectors, base, misses }`. `vectors` maps text to
 * a Float32Array; `base` is the hashing model that fills it.
 */
export async function vectorTable(dimensions) {
  if (!tables.has(dimensions)) {
    if (!existsSync(testingLocation))
      throw new Error("bench: dist/testing/index.js not found; run `npm run build` first.");
    const { hashingEmbeddingModel } = await import(testingLocation.href);
    tables.set(dimensions, { vectors: new Map(), base: hashingEmbeddingModel({ dimensions }), misses: 0 });
  }
  return tables.get(dimensions);
}

/**
 * An AI SDK EmbeddingModelV4 answering from `table` (embedding and storing what is missing).
 * `model.calls` / `model.texts` count its `doEmbed` calls and the texts they carried.
 */
export function tableEmbeddingModel(table, label) {
  const model = {
    specificationVersion: "v4",
    provider: "toolsift-bench",
    modelId: table.base.modelId,
    maxEmbeddingsPerCall: 2048,
    supportsParallelCalls: true,
    label,
    calls: 0,
    texts: 0,
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted();
      model.calls++;
      model.texts += values.length;
      const missing = values.filter((value) => !table.vectors.has(value));
      if (missing.length > 0) {
        table.misses += missing.length;
        const { embeddings } = await table.base.doEmbed({ values: missing });
        missing.forEach((value, position) => table.vectors.set(value, Float32Array.from(embeddings[position])));
        table.base.calls.length = 0; // the hashing model records every call; keep nothing
      }
      // Array.prototype.slice on a typed array makes an exactly sized double array, as JSON.parse does;
      // Array.from grows its result as it goes and can leave ~40% slack, which toolpick would then hold.
      return { embeddings: values.map((value) => Array.prototype.slice.call(table.vectors.get(value))), warnings: [] };
    },
  };
  return model;
}

/** Vectors held by `table`, in bytes (Float32Array payloads only). */
export function tableBytes(table) {
  let total = 0;
  for (const vector of table.vectors.values()) total += vector.byteLength;
  return total;
}
