// The default core in Workers (workerd), which forbid compiling wasm from bytes: a module wrangler imports
// precompiled (Vercel Edge has its own, default-wasm-edge.ts).
import coreModule from "./generated/core.wasm";

/** The scoring core as a precompiled Module, provided by wrangler's `.wasm` import. */
export function defaultWasm(): Uint8Array<ArrayBuffer> | WebAssembly.Module {
  return coreModule;
}
