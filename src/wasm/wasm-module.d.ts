// Lets TypeScript accept `import module from "./x.wasm"`, which wrangler and Vercel Edge turn into a compiled Module.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}

// Next.js and Vercel's edge builder turn `import module from "./x.wasm?module"` into a compiled Module.
declare module "*.wasm?module" {
  const module: WebAssembly.Module;
  export default module;
}
