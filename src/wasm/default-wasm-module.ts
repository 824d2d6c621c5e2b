// The default core for runtimes that forbid compiling wasm from bytes (workerd, Vercel Edge): a module the bundler
// imports precompiled.
import coreModule from "./generated/core.wasm";

/** The scoring core as a precompiled Module, provided by wrangler's or Vercel's `.wasm` import. */
export function defaultWasm(): Uint8Array<ArrayBuffer> | WebAssembly.Module {
  return coreModule;
}
