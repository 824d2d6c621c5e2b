// Next.js turns `import x from "*.wasm?module"` into a precompiled WebAssembly.Module on the Edge runtime.
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}
