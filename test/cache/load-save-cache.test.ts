// fromLoadSave: toolpick's whole-set { load, save } cache keyed exactly through a trailing marker row, and toolpick's
// own files read by position.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createToolIndex as createToolpickIndex, fileCache as toolpickFileCache } from "toolpick";
import { afterAll, describe, expect, it } from "vitest";
import { fromLoadSave, MARKER_FORMAT, MARKER_MAGIC } from "../../src/cache/load-save-cache.js";
import { markerHash } from "../../src/cache/load-save-cache.js";
import { ToolsiftError } from "../../src/errors.js";
import { createToolIndex } from "../../src/index.js";
import { hashingEmbeddingModel } from "../../src/testing/index.js";
import { key, NAMESPACE_A, NAMESPACE_B, vector } from "./cache-checks.js";

const directory = await mkdtemp(join(tmpdir(), "toolsift-load-save-"));
afterAll(() => rm(directory, { recursive: true, force: true }));
let files = 0;
const nextPath = () => join(directory, `cache-${files++}.json`);

/** A { load, save } pair over a variable, recording what was saved. */
function memoryLoadSave(initial: number[][] | null = null) {
  const state = { rows: initial, saves: 0, loads: 0 };
  return {
    state,
    load: async () => {
      state.loads++;
      return state.rows === null ? null : structuredClone(state.rows);
    },
    save: async (rows: number[][]) => {
      state.saves++;
      state.rows = structuredClone(rows);
    },
  };
}

async function rejection(action: () => Promise<unknown>): Promise<ToolsiftError> {
  const error = await action().then(
    () => expect.fail("expected a rejection"),
    (thrown: unknown) => thrown,
  );
  expect(ToolsiftError.isInstance(error)).toBe(true);
  return error as ToolsiftError;
}

describe("fromLoadSave: the marker row", () => {
  it("saves the vectors, then [MAGIC, FORMAT, high, low per key]", async () => {
    const store = memoryLoadSave();
    const cache = fromLoadSave(store);
    await cache.setMany([
      [key(NAMESPACE_A, 1), vector(1, 8)],
      [key(NAMESPACE_B, 2), vector(2, 3)],
    ]);
    const rows = store.state.rows!;
    expect(rows).toHaveLength(3);
    expect(rows[0]).toEqual(Array.from(vector(1, 8)));
    expect(rows[1]).toEqual(Array.from(vector(2, 3)));
    expect(rows[2]).toEqual([
      MARKER_MAGIC,
      MARKER_FORMAT,
      ...markerHash(key(NAMESPACE_A, 1)),
      ...markerHash(key(NAMESPACE_B, 2)),
    ]);
    for (const half of rows[2].slice(2)) expect(Number.isInteger(half) && half >= 0 && half < 2 ** 26).toBe(true);
  });

  it("reads a set saved in format 1, its marker row written out as numbers (caches saved by earlier versions)", async () => {
    // "tool" in ASCII, format 1, then each key's 52-bit hash as two 26-bit halves, as toolsift 0.1 saved them.
    const tool = [..."tool"].reduce((value, letter) => value * 256 + letter.charCodeAt(0), 0);
    const saved = [
      Array.from(vector(1, 8)),
      Array.from(vector(2, 3)),
      [tool, 1, 62156796, 22855043, 54679337, 35606350],
    ];
    const cache = fromLoadSave(memoryLoadSave(saved));
    expect(await cache.getMany([key(NAMESPACE_B, 2), key(NAMESPACE_A, 1), key(NAMESPACE_A, 2)])).toEqual([
      vector(2, 3),
      vector(1, 8),
      undefined,
    ]);
  });

  it("a changed tool text misses exactly its own key; the others are found", async () => {
    const store = memoryLoadSave();
    await fromLoadSave(store).setMany([1, 2, 3].map((n) => [key(NAMESPACE_A, n), vector(n, 8)]));
    // Tool 2's description changed: its text hash (and key) is new; the count of tools is the same.
    const found = await fromLoadSave(store).getMany([key(NAMESPACE_A, 1), key(NAMESPACE_A, 222), key(NAMESPACE_A, 3)]);
    expect(found[0]).toEqual(vector(1, 8));
    expect(found[1]).toBeUndefined();
    expect(found[2]).toEqual(vector(3, 8));
  });

  it("loads once, saves the whole set on each setMany", async () => {
    const store = memoryLoadSave();
    const cache = fromLoadSave(store);
    await cache.getMany([key(NAMESPACE_A, 1)]);
    await cache.setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
    await cache.setMany([[key(NAMESPACE_A, 2), vector(2, 8)]]);
    await cache.getMany([key(NAMESPACE_A, 1)]);
    expect(store.state.loads).toBe(1);
    expect(store.state.saves).toBe(2);
    expect(store.state.rows).toHaveLength(3);
  });

  it("a marker of another format or the wrong length rejects with CACHE_READ_FAILED", async () => {
    const newer = await rejection(() =>
      fromLoadSave(
        memoryLoadSave([
          [0.5, 0.5],
          [MARKER_MAGIC, 2, 1, 1],
        ]),
      ).getMany([key(NAMESPACE_A, 1)]),
    );
    expect(newer.code).toBe("CACHE_READ_FAILED");
    expect(newer.message).toContain("format 2");
    const short = await rejection(() =>
      fromLoadSave(
        memoryLoadSave([
          [0.5, 0.5],
          [0.1, 0.2],
          [MARKER_MAGIC, MARKER_FORMAT, 1, 1],
        ]),
      ).getMany([key(NAMESPACE_A, 1)]),
    );
    expect(short.code).toBe("CACHE_READ_FAILED");
    expect(short.message).toContain("1 keys for 2 vectors");
  });

  it.each([
    [{ rows: 3 }, "object"],
    [[[0.1, "x"]], "row 0"],
    [[[0.1], 5], "row 1"],
  ])("load() returning %j rejects with CACHE_READ_FAILED", async (value, named) => {
    const error = await rejection(() =>
      fromLoadSave({ load: async () => value as never, save: async () => undefined }).getMany([key(NAMESPACE_A, 1)]),
    );
    expect(error.code).toBe("CACHE_READ_FAILED");
    expect(error.message).toContain(named);
  });

  it("a failing load() rejects with CACHE_READ_FAILED (cause kept) and is tried again on the next call", async () => {
    let calls = 0;
    const cause = new Error("disk unavailable");
    const cache = fromLoadSave({
      load: async () => {
        if (calls++ === 0) throw cause;
        return null;
      },
      save: async () => undefined,
    });
    const error = await rejection(() => cache.getMany([key(NAMESPACE_A, 1)]));
    expect(error.code).toBe("CACHE_READ_FAILED");
    expect(error.cause).toBe(cause);
    expect(await cache.getMany([key(NAMESPACE_A, 1)])).toEqual([undefined]);
  });

  it("a failing save() rejects with CACHE_WRITE_FAILED and the vectors are not taken as stored", async () => {
    const store = memoryLoadSave();
    await fromLoadSave(store).setMany([[key(NAMESPACE_A, 1), vector(1, 8)]]);
    const cache = fromLoadSave({
      load: store.load,
      save: async () => Promise.reject(new Error("read-only file system")),
    });
    const error = await rejection(() => cache.setMany([[key(NAMESPACE_A, 2), vector(2, 8)]]));
    expect(error.code).toBe("CACHE_WRITE_FAILED");
    expect(error.message).toContain("read-only file system");
    const found = await cache.getMany([key(NAMESPACE_A, 1), key(NAMESPACE_A, 2)]);
    expect(found[0]).toEqual(vector(1, 8));
    expect(found[1]).toBeUndefined();
  });
});

describe("fromLoadSave: files without a marker row (written by toolpick)", () => {
  const legacyRows = [vector(1, 8), vector(2, 8), vector(3, 8)].map((v) => Array.from(v));
  const keys = [1, 2, 3].map((n) => key(NAMESPACE_A, n));

  it("maps row i to keys[i] when the counts and the lengths agree", async () => {
    const found = await fromLoadSave(memoryLoadSave(legacyRows)).getMany(keys);
    expect(found).toEqual([vector(1, 8), vector(2, 8), vector(3, 8)]);
  });

  it.each([
    ["more keys than rows", [...keys, key(NAMESPACE_A, 4)]],
    ["fewer keys than rows", keys.slice(0, 2)],
    ["keys of two namespaces", [keys[0], keys[1], key(NAMESPACE_B, 3)]],
    [
      "a namespace naming another length",
      [1, 2, 3].map((n) => key("toolsift-v1/openai/text-embedding-3-small/1536", n)),
    ],
  ])("misses every key with %s", async (_, asked) => {
    const found = await fromLoadSave(memoryLoadSave(legacyRows)).getMany(asked);
    expect(found).toEqual(asked.map(() => undefined));
  });

  it("misses every key when the rows have different lengths", async () => {
    const found = await fromLoadSave(memoryLoadSave([legacyRows[0], legacyRows[1], [0.5, 0.5]])).getMany(keys);
    expect(found).toEqual([undefined, undefined, undefined]);
  });

  it("cannot notice a changed description (documented): the row is taken for the new key", async () => {
    const found = await fromLoadSave(memoryLoadSave(legacyRows)).getMany([keys[0], key(NAMESPACE_A, 222), keys[2]]);
    expect(found[1]).toEqual(vector(2, 8));
  });

  it("the first setMany rewrites the file with a marker row, keeping the matched rows", async () => {
    const store = memoryLoadSave(legacyRows);
    const cache = fromLoadSave(store);
    await cache.getMany(keys);
    await cache.setMany([[key(NAMESPACE_A, 4), vector(4, 8)]]);
    expect(store.state.rows).toHaveLength(5);
    expect(store.state.rows!.at(-1)!.slice(0, 2)).toEqual([MARKER_MAGIC, MARKER_FORMAT]);
    const reopened = await fromLoadSave(store).getMany([key(NAMESPACE_A, 4), keys[1], key(NAMESPACE_A, 9)]);
    expect(reopened).toEqual([vector(4, 8), vector(2, 8), undefined]);
  });

  it("reads the file toolpick's own index wrote, by position", async () => {
    const path = nextPath();
    const model = hashingEmbeddingModel({ dimensions: 16 });
    const tools = {
      send_email: { description: "Send an email", inputSchema: { type: "object", properties: {} } },
      get_weather: { description: "Get the weather", inputSchema: { type: "object", properties: {} } },
    };
    await createToolpickIndex(tools as never, {
      embeddingModel: model,
      embeddingCache: toolpickFileCache(path),
      strategy: "semantic",
    }).warmUp();
    const written = JSON.parse(await readFile(path, "utf8")) as number[][];
    expect(written).toHaveLength(2);
    const found = await fromLoadSave(toolpickFileCache(path)).getMany(
      [1, 2].map((n) => key("toolsift-v1/toolsift-test/hashing-16-0/16", n)),
    );
    expect(found).toEqual(written.map((row) => Float32Array.from(row)));
  });

  it("toolsift's createToolIndex takes toolpick's embeddingCache option and reads toolpick's file", async () => {
    const path = nextPath();
    const tools = {
      send_email: { description: "Send an email", inputSchema: { type: "object", properties: {} } },
      get_weather: { description: "Get the weather", inputSchema: { type: "object", properties: {} } },
    };
    const options = { embeddingCache: toolpickFileCache(path), strategy: "semantic" } as const;
    await createToolpickIndex(tools as never, {
      ...options,
      embeddingModel: hashingEmbeddingModel({ dimensions: 16 }),
    }).warmUp();
    const model = hashingEmbeddingModel({ dimensions: 16 });
    await createToolIndex(tools, { ...options, embeddingModel: model }).warmUp();
    expect(model.calls).toHaveLength(0);
    expect(() =>
      createToolIndex(tools, { ...options, embeddingModel: model, embedding: { cache: toolpickFileCache(path) } }),
    ).toThrow(/"embeddingCache" \(toolpick's name\) and "embedding.cache" are the same option/);
  });

  it("toolpick's own index re-embeds rather than misread a file toolsift wrote", async () => {
    const path = nextPath();
    await fromLoadSave(toolpickFileCache(path)).setMany([1, 2].map((n) => [key(NAMESPACE_A, n), vector(n, 16)]));
    const model = hashingEmbeddingModel({ dimensions: 16 });
    const tools = {
      send_email: { description: "Send an email", inputSchema: { type: "object", properties: {} } },
      get_weather: { description: "Get the weather", inputSchema: { type: "object", properties: {} } },
    };
    await createToolpickIndex(tools as never, {
      embeddingModel: model,
      embeddingCache: toolpickFileCache(path),
      strategy: "semantic",
    }).warmUp();
    expect(model.calls).toHaveLength(1);
  });
});
