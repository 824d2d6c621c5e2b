// The selection service (toolsift/worker, the built dist/worker/index.js) in Node, for the memory figures of
// src/worker/README.md ("Memory"): its KV namespace keeps values on disk, so the catalogs and vectors the service
// stores stay out of the memory measured, and requests go through `service.fetch` as a Worker's would.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService } from "../../dist/worker/index.js";
import { hashingEmbeddingModel } from "../../dist/testing/index.js";

const ADMIN_TOKEN = "service-memory";
const MiB = 1024 * 1024;

/** A Workers KV namespace whose values live in files of a temporary folder (removed when this process exits). */
function diskKv() {
  const folder = mkdtempSync(join(tmpdir(), "toolsift-service-memory-"));
  process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
  const files = new Map(); // key → file
  let written = 0;
  const bytesOf = (value) =>
    typeof value === "string"
      ? value
      : ArrayBuffer.isView(value)
        ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
        : new Uint8Array(value);
  return {
    async get(key, type) {
      const file = files.get(key);
      if (file === undefined) return null;
      const bytes = readFileSync(file);
      if (type !== "arrayBuffer") return bytes.toString("utf8");
      // A file read on its own has its own buffer: no copy unless it came from Node's shared pool.
      const whole = bytes.byteOffset === 0 && bytes.length === bytes.buffer.byteLength;
      return whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    },
    async put(key, value) {
      const file = files.get(key) ?? join(folder, String(written++));
      writeFileSync(file, bytesOf(value));
      files.set(key, file);
    },
    async delete(key) {
      const file = files.get(key);
      files.delete(key);
      if (file !== undefined) rmSync(file, { force: true });
    },
    async list({ prefix = "" } = {}) {
      const keys = [...files.keys()].filter((key) => key.startsWith(prefix)).sort();
      return { keys: keys.map((name) => ({ name })), list_complete: true };
    },
  };
}

/**
 * A service answering as one isolate: `dims` 0 ranks by keywords, else a deterministic hashing model of `dims`
 * dimensions passed in code (`createService({ embeddingModel })`), its vectors kept as `precision` says
 * (TOOLSIFT_VECTOR_PRECISION). Every catalog stays warm (the warm limits raised), up to `maxTools` tools each.
 * Services given one `kv` share their stored catalogs (a new service is a fresh isolate). Returns `{ kv, request }`.
 */
export function serviceInNode({ dims, precision = "auto", maxTools = 5_000, kv = diskKv() }) {
  const model = dims === 0 ? undefined : hashingEmbeddingModel({ dimensions: dims });
  const service = createService(model === undefined ? {} : { embeddingModel: () => model });
  const env = {
    TOOLSIFT_KV: kv,
    TOOLSIFT_ADMIN_TOKEN: ADMIN_TOKEN,
    TOOLSIFT_EMBEDDING: dims === 0 ? "none" : "local",
    TOOLSIFT_VECTOR_PRECISION: precision,
    TOOLSIFT_MAX_TOOLS: String(maxTools),
    TOOLSIFT_MAX_BODY_BYTES: String(24 * MiB),
    TOOLSIFT_WARM_CATALOGS: "1000",
    TOOLSIFT_WARM_BYTES: String(1024 * MiB),
  };
  /** One request (a JSON body, the admin token); resolves with the JSON answer once its background work is done. */
  async function request(method, path, body) {
    const background = [];
    const response = await service.fetch(
      new Request(`http://service${path}`, {
        method,
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${ADMIN_TOKEN}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      env,
      { waitUntil: (promise) => background.push(promise) },
    );
    const text = await response.text();
    await Promise.all(background);
    if (!response.ok)
      throw new Error(`bench/service-memory: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }
  return { kv, request };
}

/** Heap + external bytes and rss after forced garbage collection (needs `node --expose-gc`). */
export function memoryNow() {
  if (typeof globalThis.gc !== "function") throw new Error("bench/service-memory: run with `node --expose-gc`.");
  globalThis.gc();
  globalThis.gc();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heap: heapUsed + external, rss };
}
