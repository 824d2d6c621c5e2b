// ESLint: the TypeScript recommended rules plus unused-code checks, over the source, tests, benchmarks and examples.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // assembly/ is AssemblyScript (decorators on functions), which neither ESLint nor Prettier parses.
  {
    ignores: ["dist/", "public/", "node_modules/", ".wrangler/", "src/wasm/generated/", "coverage/", "assembly/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        crypto: "readonly",
        fetch: "readonly",
        Response: "readonly",
        Request: "readonly",
        Headers: "readonly",
        TextEncoder: "readonly",
        TextDecoder: "readonly",
        WebAssembly: "readonly",
        AbortController: "readonly",
        AbortSignal: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        queueMicrotask: "readonly",
        performance: "readonly",
        structuredClone: "readonly",
        globalThis: "readonly",
        document: "readonly",
        window: "readonly",
        indexedDB: "readonly",
        navigator: "readonly",
        atob: "readonly",
        btoa: "readonly",
        Buffer: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
      "no-empty": ["error", { allowEmptyCatch: false }],
      "max-len": [
        "error",
        { code: 120, ignoreUrls: true, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true },
      ],
    },
  },
);
