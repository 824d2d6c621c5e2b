// Bundles measure.ts and peak.ts (the service's memory figures in src/worker/README.md, "Memory") for Node:
//   npx node bench/service-memory/build.mjs
//   npx node --expose-gc bench/service-memory/out/measure.mjs <tools> <dims: 0 = keywords> <auto|float32|int8> <count>
//   npx node --expose-gc bench/service-memory/out/peak.mjs <tools> <dims>
import { build } from "esbuild";

const src = (path) => new URL(`../../src/${path}`, import.meta.url).pathname;
for (const name of ["measure", "peak"]) {
  await build({
    entryPoints: [new URL(`./${name}.ts`, import.meta.url).pathname],
    bundle: true,
    platform: "node",
    format: "esm",
    outfile: new URL(`./out/${name}.mjs`, import.meta.url).pathname,
    alias: {
      "#default-wasm": src("wasm/default-wasm-bytes.ts"),
      "#local-model-asset": src("local/default-asset-node.ts"),
    },
    external: ["ai", "@ai-sdk/*", "workers-ai-provider"],
    logLevel: "warning",
  });
}
