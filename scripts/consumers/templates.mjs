// The files of the consumer projects: each target's entry point, page, build script or routes, as text.

export const nodeMain = `import { check } from "./check.js";\nconsole.log(JSON.stringify(await check()));\n`;
export const browserMain =
  `import { check } from "./check.js";\n` +
  `check().then((result) => { window.__result = result; }, ` +
  `(error) => { window.__result = { error: String(error?.stack ?? error) }; });\n`;
export const indexHtml = (script) =>
  `<!doctype html>\n<html><head><meta charset="utf-8"><title>toolsift consumer</title></head>\n` +
  `<body><script type="module" src="${script}"></script></body></html>\n`;
export const workerMain =
  `import { check } from "./check.js";\n` +
  `export default { async fetch() { return Response.json(await check()); } };\n`;
export const edgeMain = `import { check } from "./check.js";\nexport function run(asset) {\n  return check(asset);\n}\n`;
// Stands for the platform's wasm binding (Vercel hands a precompiled WebAssembly.Module to a `.wasm?module`
// import; runEdge in targets.mjs holds it in this global): the only build setting the edge-light bundle gets besides
// the condition. It is not a loader for toolsift's files: a `.bin` import would still fail the build.
export const edgeBuild = () =>
  `import { build } from "esbuild";\n` +
  `const wasmBinding = { name: "platform-wasm", setup(context) {\n` +
  `  context.onResolve({ filter: /\\.wasm(\\?module)?$/ }, (args) => ({ path: args.path, namespace: "wasm" }));\n` +
  `  context.onLoad({ filter: /.*/, namespace: "wasm" }, () => ({ contents: "export default globalThis.__coreWasm;" }));\n` +
  `} };\n` +
  `await build({ entryPoints: ["edge.js"], bundle: true, format: "iife", globalName: "edge", platform: "browser",\n` +
  `  conditions: ["edge-light"], outfile: "out/edge.js", logLevel: "warning", plugins: [wasmBinding] });\n`;

// webpack through its Node API (no webpack-cli): production build for browsers, the HTML page written beside it.
export const webpackBuild =
  `import webpack from "webpack";\n` +
  `import { writeFileSync } from "node:fs";\n` +
  `const compiler = webpack({ mode: "production", target: "web", entry: "./main.js",\n` +
  `  output: { path: new URL("./dist/", import.meta.url).pathname, filename: "app.js", clean: true },\n` +
  `  performance: { hints: false } });\n` +
  `const stats = await new Promise((resolve, reject) =>\n` +
  `  compiler.run((error, result) => (error ? reject(error) : compiler.close(() => resolve(result)))));\n` +
  `if (stats.hasErrors()) throw new Error(stats.toString("errors-only"));\n` +
  `writeFileSync("dist/index.html", ${JSON.stringify(indexHtml("/app.js"))});\n`;

// A Next.js app (App Router) with the check in an Edge route and in a Node.js route.
export const nextRoute = (runtime) =>
  `import { check } from "../../../check.js";\n` +
  (runtime === "edge" ? `export const runtime = "edge";\n` : "") +
  `export const dynamic = "force-dynamic";\n` +
  `export async function GET() {\n  return Response.json(await check());\n}\n`;
export const nextFiles = {
  "app/layout.js": `export default function RootLayout({ children }) {\n  return <html><body>{children}</body></html>;\n}\n`,
  "app/page.js": `export default function Page() {\n  return null;\n}\n`,
  "app/api/edge/route.js": nextRoute("edge"),
  "app/api/node/route.js": nextRoute("nodejs"),
};
