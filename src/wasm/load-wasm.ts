// Compiles the scoring core once per process from whatever the runtime allows (Module, Response or bytes) and
// instantiates it per index.
import { defaultWasm } from "#default-wasm";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";
import { memoizeUntilFailure } from "../support/memoize-until-failure.js";

/**
 * Where the scoring core comes from. Workers and Vercel Edge forbid compiling wasm from
 * bytes, so there pass the Module your bundler imports (`import core from "toolsift/core.wasm"`),
 * or `{ default: Module }` as a dynamic `import()` returns it. Elsewhere a `Response`
 * (e.g. `fetch(url)`) or the raw bytes work too.
 */
export type WasmSource =
  | WebAssembly.Module
  | { default: WebAssembly.Module }
  | Response
  | PromiseLike<Response>
  | ArrayBuffer
  | ArrayBufferView;

/** The scoring core's exports. Every argument is a number; pointers are byte offsets into `memory`. */
export interface CoreExports {
  memory: WebAssembly.Memory;
  /** First free byte after static data, a multiple of 16. */
  heapBase(): number;
  /** scores[docIds[i]] += weight * tfs[i] * (k1 + 1) / (tfs[i] + k1) for i in [start, end). */
  bm25Accumulate(
    docIds: number,
    tfs: number,
    start: number,
    end: number,
    weight: number,
    k1: number,
    scores: number,
  ): void;
  /** out[r] = dot(row r of the row-major f32 slab, query) for r in [0, rows). */
  dotBatch(slab: number, rows: number, dims: number, query: number, out: number): void;
  /**
   * out[r] = scales[r] * queryScale * dot(int8 row r, i16 query) for r in [0, rows), the dot summed
   * exactly in integers. Row r starts at slab + r * stride; `stride` is a multiple of 16 bytes, rows
   * are zero-padded up to it and the query holds `stride` i16 values (zero beyond the real
   * dimensions). `scales` and `out` are f32[].
   */
  dotBatchI8I16(
    slab: number,
    scales: number,
    rows: number,
    stride: number,
    query: number,
    queryScale: number,
    out: number,
  ): void;
  /**
   * Rescores the int8 rows ids[0..count) (u32[]) with their 4-bit residuals (stride / 2 bytes a row): value d
   * is scale * (32 * row[d] + 2 * nibble - 15) / 32. Writes out[id] = scales[id] * queryScale * dot(row, i16 query).
   */
  rescoreI8I4(
    slab: number,
    residuals: number,
    scales: number,
    ids: number,
    count: number,
    stride: number,
    query: number,
    queryScale: number,
    out: number,
  ): void;
  poolRowsI8(
    slab: number,
    scales: number,
    stride: number,
    ids: number,
    weights: number,
    count: number,
    dims: number,
    out: number,
  ): void;
  /** Best k of scores[0..n) above minScore, best first, ties by lower index; returns the count written. */
  topK(scores: number, n: number, k: number, minScore: number, outIds: number, outScores: number): number;
}

const requiredFunctions = [
  "heapBase",
  "bm25Accumulate",
  "dotBatch",
  "dotBatchI8I16",
  "rescoreI8I4",
  "poolRowsI8",
  "topK",
] as const;

/** The runtime's default core, compiled once per process; a failure is not kept (the environment may be fixed). */
const defaultModule = memoizeUntilFailure(() => compileSource(defaultWasm()));

/**
 * Compiles the scoring core. Without `source`, uses the build that fits the runtime
 * (inlined bytes on Node and browsers, a precompiled Module on workerd and Edge) and
 * caches it, so the process compiles at most once. An explicit `source` is not cached.
 */
export async function loadWasm(source?: WasmSource): Promise<WebAssembly.Module> {
  return source === undefined ? defaultModule() : compileSource(source);
}

/**
 * Instantiates the core synchronously. Each call gets its own Instance and therefore its
 * own memory, so two indexes never see each other's slabs.
 */
export function instantiateCore(module: WebAssembly.Module): CoreExports {
  let instance: WebAssembly.Instance;
  try {
    // The core is built with --noAssert and the stub runtime, so it imports nothing (not even env.abort).
    instance = new WebAssembly.Instance(module, {});
  } catch (error) {
    throw new ToolsiftError(
      "WASM_LOAD_FAILED",
      `Could not instantiate the scoring core: ${errorMessage(error)}. Expected the module built from assembly/index.ts.`,
      {},
      { cause: error },
    );
  }
  const exports = instance.exports as Record<string, unknown>;
  const missing: string[] = requiredFunctions.filter((name) => typeof exports[name] !== "function");
  if (!isMemory(exports.memory)) missing.push("memory");
  if (missing.length > 0) {
    throw new ToolsiftError(
      "WASM_LOAD_FAILED",
      `The wasm module is not toolsift's scoring core: it lacks the export(s) ${missing.join(", ")}.`,
      { missing },
    );
  }
  return exports as unknown as CoreExports;
}

async function compileSource(source: WasmSource): Promise<WebAssembly.Module> {
  // The checks return plain booleans, not type guards: WebAssembly.Module is structurally
  // empty, so a guard for it would narrow every other object type away.
  if (isModule(source)) return source as WebAssembly.Module;
  if (isObject(source) && "default" in source) {
    const inner: unknown = source.default;
    if (isModule(inner)) return inner as WebAssembly.Module;
    throw invalidSource(inner, "an object whose `default` is a WebAssembly.Module");
  }
  if (isBytes(source)) return compileBytes(source as ArrayBuffer | ArrayBufferView);
  if (isResponse(source)) return compileResponse(source as Response);
  if (isObject(source) && typeof (source as PromiseLike<unknown>).then === "function") {
    const settled: unknown = await source;
    if (isResponse(settled)) return compileResponse(settled as Response);
    throw invalidSource(settled, "a promise that resolves to a Response");
  }
  throw invalidSource(
    source,
    "a WebAssembly.Module, { default: Module }, a Response, a promise of one, an ArrayBuffer or an ArrayBufferView",
  );
}

async function compileResponse(response: Response): Promise<WebAssembly.Module> {
  if (!response.ok) {
    throw new ToolsiftError(
      "WASM_LOAD_FAILED",
      `Fetching the scoring core failed with HTTP ${response.status}${response.url ? ` for ${response.url}` : ""}; expected a 2xx response carrying core.wasm.`,
      { status: response.status, url: response.url },
    );
  }
  const contentType = response.headers.get("content-type")?.trim().toLowerCase();
  // compileStreaming insists on exactly application/wasm and, in Node, on the global
  // Response class (one from another realm or polyfill is rejected), so check both first.
  if (
    contentType === "application/wasm" &&
    typeof WebAssembly.compileStreaming === "function" &&
    typeof Response === "function" &&
    response instanceof Response
  ) {
    try {
      return await WebAssembly.compileStreaming(response);
    } catch (error) {
      throw compileFailed(error);
    }
  }
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch (error) {
    throw new ToolsiftError(
      "WASM_LOAD_FAILED",
      `Reading the scoring core's response body failed: ${errorMessage(error)}.`,
      {},
      { cause: error },
    );
  }
  return compileBytes(bytes);
}

async function compileBytes(bytes: ArrayBuffer | ArrayBufferView): Promise<WebAssembly.Module> {
  // V8 takes an ArrayBuffer or a typed array but rejects a DataView, so pass every view as bytes.
  const source = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : bytes;
  try {
    return await WebAssembly.compile(source as BufferSource);
  } catch (error) {
    throw compileFailed(error);
  }
}

function compileFailed(error: unknown): ToolsiftError {
  return new ToolsiftError(
    "WASM_LOAD_FAILED",
    `Compiling the scoring core failed: ${errorMessage(error)}. On Workers or Vercel Edge, where compiling from bytes is disallowed, pass the imported Module to loadWasm().`,
    {},
    { cause: error },
  );
}

function invalidSource(value: unknown, expected: string): ToolsiftError {
  const received = value === null ? "null" : Object.prototype.toString.call(value);
  return new ToolsiftError("INVALID_WASM_SOURCE", `loadWasm() expected ${expected}; received ${received}.`, {
    received,
  });
}

// Tag checks instead of instanceof: a Module or buffer made in another realm (an iframe,
// @edge-runtime/vm, a test's vm context) fails instanceof against this realm's constructors.
function isModule(value: unknown): boolean {
  return Object.prototype.toString.call(value) === "[object WebAssembly.Module]";
}

function isMemory(value: unknown): boolean {
  return Object.prototype.toString.call(value) === "[object WebAssembly.Memory]";
}

function isBytes(value: unknown): boolean {
  return ArrayBuffer.isView(value) || Object.prototype.toString.call(value) === "[object ArrayBuffer]";
}

function isResponse(value: unknown): boolean {
  if (!isObject(value)) return false;
  const candidate = value as Partial<Response>;
  return (
    typeof candidate.arrayBuffer === "function" &&
    typeof candidate.headers?.get === "function" &&
    typeof candidate.status === "number"
  );
}

function isObject(value: unknown): value is object {
  return (typeof value === "object" || typeof value === "function") && value !== null;
}
