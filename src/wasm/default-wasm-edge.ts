// The default core on Vercel Edge ("edge-light"): a `.wasm?module` import, which Next.js (Turbopack and webpack)
// and Vercel's edge builder turn into a precompiled WebAssembly.Module.
import coreModule from "./generated/core.wasm?module";

/** The scoring core as a precompiled Module, provided by the platform's `.wasm?module` import. */
export function defaultWasm(): Uint8Array<ArrayBuffer> | WebAssembly.Module {
  return coreModule;
}
