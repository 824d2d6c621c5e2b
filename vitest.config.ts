// Test projects, one per runtime: "node" (unit, kernel and cache tests), "workerd" (the Worker, KV and Durable
// Objects in miniflare's workerd, via @cloudflare/vitest-plugin), "browser" (the IndexedDB cache and the playground in
// headless Chromium, driven from Node by playwright-core) and "edge" (the Vercel Edge example in @edge-runtime/vm,
// wasm compilation banned).
import "./test/workerd/wrangler-offline.ts";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      // package.json "imports" points #default-wasm at dist/; tests run from source.
      "#default-wasm": fileURLToPath(new URL("./src/wasm/default-wasm-bytes.ts", import.meta.url)),
      "#local-model-asset": fileURLToPath(new URL("./src/local/default-asset-node.ts", import.meta.url)),
    },
  },
  test: {
    reporters: ["default", "./test/summary-reporter.ts"],
    // Nothing in these tests is timed. vitest's 5 s default would still fail the heavier counted-cost tests on a
    // loaded 2-core machine (seen: test/cost/typo-variants at 5.06 s), for the load and not for what they check.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // vitest runs one worker fewer than the machine has cores: on the project's two-core machines, one, so the suite
    // ran file after file and every wait on a child process, a server or a timer (the mcp project's servers, workerd,
    // Chromium) left a core idle. Two workers at least. No project limits its own files to one at a time: vitest runs
    // such a project after all the others, alone (the mcp project did: a minute of waiting on servers at the end).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["test/**/*.test.ts", "src/**/*.test.ts"],
          exclude: [
            ...configDefaults.exclude,
            "test/workerd/**",
            "test/browser/**",
            "test/edge/**",
            "test/mcp/**",
            "test/cloudflare-agents/**",
          ],
        },
      },
      {
        extends: true,
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            // A KV namespace for tests only, so the deployable wrangler.toml carries no test binding.
            miniflare: { kvNamespaces: ["CACHE_TEST_KV"] },
          }),
        ],
        resolve: {
          // workerd forbids compiling wasm from bytes: the core and the local model come in as modules,
          // as the package's "workerd" import conditions select them.
          alias: {
            "#default-wasm": fileURLToPath(new URL("./src/wasm/default-wasm-module.ts", import.meta.url)),
            "#local-model-asset": fileURLToPath(new URL("./src/local/default-asset-module.ts", import.meta.url)),
            // examples/worker-agent imports the package by name (its dist/ through "exports"); tests run it from
            // source. Subpaths first: an alias also matches the names under it.
            "toolsift/storage": fileURLToPath(new URL("./src/storage/index.ts", import.meta.url)),
            "toolsift/local": fileURLToPath(new URL("./src/local/index.ts", import.meta.url)),
            toolsift: fileURLToPath(new URL("./src/index.ts", import.meta.url)),
          },
        },
        test: {
          name: "workerd",
          include: ["test/workerd/**/*.test.ts"],
        },
      },
      {
        // toolsift/cloudflare-agents: chat agents (AIChatAgent) and an MCP server (McpAgent) as Durable Objects of a
        // test Worker of their own (test/cloudflare-agents/wrangler.toml), run from source.
        extends: true,
        plugins: [cloudflareTest({ wrangler: { configPath: "./test/cloudflare-agents/wrangler.toml" } })],
        resolve: {
          alias: {
            "#default-wasm": fileURLToPath(new URL("./src/wasm/default-wasm-module.ts", import.meta.url)),
            "#local-model-asset": fileURLToPath(new URL("./src/local/default-asset-module.ts", import.meta.url)),
          },
        },
        test: { name: "cloudflare-agents", include: ["test/cloudflare-agents/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "browser",
          environment: "node",
          include: ["test/browser/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Real MCP servers from devDependencies over stdio (toolsift/mcp and the gateway): each file starts its own.
          name: "mcp",
          environment: "node",
          include: ["test/mcp/**/*.test.ts"],
          hookTimeout: 60_000,
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Vercel Edge: the example route bundled with "edge-light" conditions, run inside @edge-runtime/vm.
          name: "edge",
          environment: "node",
          include: ["test/edge/**/*.test.ts"],
        },
      },
    ],
  },
});
