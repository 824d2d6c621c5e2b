// Test projects: one per runtime. "node" runs the unit and kernel tests; workerd, edge-runtime and browser projects go beside it.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      // package.json "imports" points #default-wasm at dist/; tests run from source.
      "#default-wasm": fileURLToPath(new URL("./src/wasm/default-wasm-bytes.ts", import.meta.url)),
    },
  },
  test: {
    reporters: ["default", "./test/summary-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: ["test/**/*.test.ts", "src/**/*.test.ts"],
        },
      },
    ],
  },
});
