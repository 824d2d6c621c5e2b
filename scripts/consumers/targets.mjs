// The consumer projects: for each target, what it installs, its files, how it builds and how it is run.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  browserMain,
  cloudflareAgentWorker,
  edgeBuild,
  edgeMain,
  indexHtml,
  mastraMain,
  mastraMcpMain,
  frameworkMcpServer,
  nextFiles,
  nodeMain,
  openaiAgentsMain,
  webpackBuild,
  workerMain,
} from "./templates.mjs";
import { fetchFromServer, measure, quietEnv, run, runInChromium, runWorker, serve } from "./support.mjs";

const nextEnv = { ...quietEnv, NEXT_TELEMETRY_DISABLED: "1" };

/** The JSON a Node program printed last. */
function lastJson(output) {
  const line = output
    .trim()
    .split("\n")
    .reverse()
    .find((text) => text.startsWith("{"));
  if (line === undefined) throw new Error(`no JSON result in the output:\n${output.slice(-2000)}`);
  return JSON.parse(line);
}

const bin = (dir, name) => join(dir, "node_modules", ".bin", name);

/** Imports toolsift/langchain where LangChain is not installed and prints what it threw. */
const missingLangChain = `try {
  await import("toolsift/langchain");
  console.log(JSON.stringify({ code: "IMPORTED" }));
} catch (error) {
  console.log(JSON.stringify({ code: error.code, message: error.message }));
}
`;

/**
 * Selects through toolsift/core (given the word list the root reads by default) and the root alike, and checks that
 * toolsift/core refuses a model option.
 */
const coreEntryCheck = `import { createToolIndex as createCoreIndex, ENGLISH_COMMON_WORDS } from "toolsift/core";
import { createToolIndex } from "toolsift";
const tools = [
  { name: "stripe_create_refund", description: "Refund a card charge." },
  { name: "send_email", description: "Send an email to an address." },
];
const query = "refund the card charge";
let refused = false;
try {
  createCoreIndex(tools, { rerankerModel: {}, keyword: { commonWords: false } });
} catch (error) {
  refused = error.code === "INVALID_OPTION" && error.message.includes('"rerankerModel"');
}
const core = await createCoreIndex(tools, { keyword: { commonWords: ENGLISH_COMMON_WORDS } }).select(query);
const root = await createToolIndex(tools).select(query);
console.log(JSON.stringify({ core, root, refused }));
`;

/**
 * A Worker target: `worker.js` (`source`) with the wrangler settings given, bundled by `wrangler deploy --dry-run`,
 * then run as emitted in local workerd and fetched once; its JSON judged as `expect` says.
 */
function workerTarget({ name, label, deps, source, settings, run: runName, expect }) {
  return {
    name,
    label,
    deps,
    files: { "worker.js": source, "wrangler.jsonc": JSON.stringify({ ...settings, main: "worker.js" }) },
    async build(dir) {
      const output = await run(bin(dir, "wrangler"), ["deploy", "--dry-run", "--outdir", "out"], { cwd: dir });
      const upload = output.match(/Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/);
      return {
        dir: join(dir, "out"),
        include: (file) => !file.endsWith(".map") && !file.endsWith("README.md"),
        note: upload ? `wrangler: ${upload[1]} / gzip ${upload[2]}` : undefined,
      };
    },
    async exercise(dir) {
      return [{ run: runName, expect, result: await runWorker(dir, bin(dir, "wrangler")) }];
    },
  };
}

// An ESM bundle for Node of CommonJS code that calls `require` (as Mastra's dependencies do) needs one defined.
const requireBanner = `import { createRequire as createRequireOfBundle } from "node:module"; const require = createRequireOfBundle(import.meta.url);`;

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The asset's path under `root` for the URL an INVALID_MODEL_ASSET message names ("…is not at <url> (…"). */
function assetPathFromMessage(result, origin, root) {
  const failed = result.events.find((event) => event.code === "INVALID_MODEL_ASSET");
  const url = failed?.message.match(/is not at (\S+) \(/)?.[1];
  if (url === undefined || !url.startsWith(origin)) return undefined;
  return join(root, new URL(url).pathname);
}

// examples/vercel-edge as a user copies it into app/api/agent/: its TypeScript files (README and tsconfig stay behind).
const vercelExample = join(import.meta.dirname, "../../examples/vercel-edge");
const vercelExampleFiles = () =>
  Object.fromEntries(
    readdirSync(vercelExample)
      .filter((name) => name.endsWith(".ts"))
      .map((name) => [name, readFileSync(join(vercelExample, name), "utf8")]),
  );

// examples/cloudflare-agents as a user copies it: every file but the README, with .dev.vars made from its example.
const cloudflareExample = join(import.meta.dirname, "../../examples/cloudflare-agents");
function cloudflareExampleFiles() {
  const files = { ".dev.vars": readFileSync(join(cloudflareExample, ".dev.vars.example"), "utf8") };
  for (const name of ["wrangler.toml", "tsconfig.json"])
    files[name] = readFileSync(join(cloudflareExample, name), "utf8");
  for (const name of readdirSync(join(cloudflareExample, "src"))) {
    files[`src/${name}`] = readFileSync(join(cloudflareExample, "src", name), "utf8");
  }
  return files;
}

/**
 * A Next.js 16 app built by `next build` with Turbopack (Next's default) or `--webpack`, then run by `next start`:
 * the check in an Edge and a Node.js route, an Edge route that imports `toolsift/core.wasm?module` itself, and
 * examples/vercel-edge's route as written (Edge) and on the Node.js runtime, each answering one prompt offline
 * (AGENT_MODEL=mock). A plain Next app: package.json without `"type": "module"`, which `next build --webpack`
 * cannot build Edge routes in (Next 16.4.6: "route_client-reference-manifest.js" not found).
 */
function nextTarget(bundler) {
  const flags = bundler === "webpack" ? ["--webpack"] : [];
  const agentTurn = { prompt: "refund the duplicate charge on pi_123" };
  return {
    name: bundler === "webpack" ? "next-webpack" : "next",
    label: `Next.js 16 app (next build${bundler === "webpack" ? " --webpack" : ", Turbopack"}): Edge and Node.js routes, the Vercel example route on both, next start`,
    deps: [
      "ai",
      "zod",
      "next@16.4.6",
      "react@19.3.1",
      "react-dom@19.3.1",
      "typescript",
      "@types/node",
      "@types/react@19.3.3",
    ],
    packageFields: { type: undefined },
    files: nextFiles(vercelExampleFiles()),
    async build(dir) {
      await run(process.execPath, [bin(dir, "next"), "build", ...flags], { cwd: dir, env: nextEnv });
      const server = (file) => /\.(m?js|wasm|bin)$/.test(file) && !/manifest|\.map$/.test(file);
      return { dir: join(dir, ".next/server"), include: server, note: "sizes: .next/server, every route" };
    },
    async exercise(dir) {
      const start = (port) => [bin(dir, "next"), "start", "-H", "127.0.0.1", "-p", String(port)];
      const paths = [
        "/api/edge",
        "/api/node",
        "/api/edge-module",
        { path: "/api/agent", body: agentTurn },
        { path: "/api/agent-node", body: agentTurn },
      ];
      const [edge, node, edgeModule, agent, agentNode] = await fetchFromServer(dir, process.execPath, start, paths, {
        env: { ...nextEnv, AGENT_MODEL: "mock" },
      });
      return [
        { run: "Edge route (runtime: edge)", expect: "works", result: edge },
        { run: "Node.js route", expect: "works", result: node },
        { run: "Edge route passing toolsift/core.wasm?module", expect: "selects-refund", result: edgeModule },
        { run: "examples/vercel-edge route (Edge), AGENT_MODEL=mock", expect: "agent-route", result: agent },
        { run: "examples/vercel-edge route on nodejs, AGENT_MODEL=mock", expect: "agent-route", result: agentNode },
      ];
    },
  };
}

/**
 * Each target: `deps` (packages besides the tarball, versions from the repo's devDependencies), `files`, `build`
 * (returns the folder to measure and a filter), and `exercise` (returns named runs: `expect: "works"` must rank
 * with the local model, `expect: "loud"` must fall back with an INVALID_MODEL_ASSET event that names the fix).
 */
export function targets({ compatibilityDate }) {
  return [
    {
      name: "node-esm",
      label: "Node ESM app (no bundler)",
      deps: ["ai"],
      files: { "main.js": nodeMain, "core.js": coreEntryCheck },
      async build() {
        return undefined;
      },
      async exercise(dir) {
        // toolsift/core from the tarball (a separate program: an app using both entries would ship the index twice).
        const core = lastJson(await run(process.execPath, ["core.js"], { cwd: dir }));
        if (core.core.length === 0 || JSON.stringify(core.core) !== JSON.stringify(core.root) || !core.refused) {
          throw new Error(`toolsift/core against the root: ${JSON.stringify(core)}`);
        }
        return [
          {
            run: "node main.js",
            expect: "works",
            result: lastJson(await run(process.execPath, ["main.js"], { cwd: dir })),
          },
        ];
      },
    },
    {
      // The oldest Node the package supports (engines ">=22"): the same app, run by Node 22.0.0 from the registry.
      name: "node-22.0",
      label: "Node ESM app on Node 22.0.0 (the oldest supported)",
      deps: ["ai", "node@22.0.0"],
      files: { "main.js": nodeMain, "langchain.js": missingLangChain },
      async build() {
        return undefined;
      },
      async exercise(dir) {
        const version = (await run(bin(dir, "node"), ["--version"], { cwd: dir })).trim();
        if (version !== "v22.0.0") throw new Error(`expected Node v22.0.0 in the project, got ${version}`);
        // LangChain is not installed here: toolsift/langchain must say what to install.
        const langchain = lastJson(await run(bin(dir, "node"), ["langchain.js"], { cwd: dir }));
        if (langchain.code !== "MISSING_DEPENDENCY" || !langchain.message.includes("npm install langchain")) {
          throw new Error(`toolsift/langchain without LangChain: ${JSON.stringify(langchain)}`);
        }
        return [
          {
            run: "node main.js (22.0.0)",
            expect: "works",
            result: lastJson(await run(bin(dir, "node"), ["main.js"], { cwd: dir })),
          },
        ];
      },
    },
    {
      name: "node-esbuild",
      label: "esbuild bundle for Node",
      deps: ["ai", "esbuild"],
      files: { "main.js": nodeMain },
      async build(dir) {
        await run(
          bin(dir, "esbuild"),
          ["main.js", "--bundle", "--platform=node", "--format=esm", "--outfile=out/main.mjs"],
          {
            cwd: dir,
          },
        );
        return { dir: join(dir, "out") };
      },
      async exercise(dir) {
        const beside = lastJson(await run(process.execPath, ["out/main.mjs"], { cwd: dir }));
        // The same bundle where no node_modules can be found: the asset is nowhere, which must be said.
        const alone = mkdtempSync(join(tmpdir(), "toolsift-standalone-"));
        try {
          copyFileSync(join(dir, "out/main.mjs"), join(alone, "main.mjs"));
          const result = lastJson(await run(process.execPath, ["main.mjs"], { cwd: alone }));
          return [
            { run: "bundle next to node_modules", expect: "works", result: beside },
            { run: "bundle alone (no node_modules)", expect: "loud", result },
          ];
        } finally {
          rmSync(alone, { recursive: true, force: true });
        }
      },
    },
    {
      name: "vite",
      label: "Vite build, in Chromium",
      deps: ["ai", "vite"],
      files: { "main.js": browserMain, "index.html": indexHtml("/main.js") },
      async build(dir) {
        await run(bin(dir, "vite"), ["build", "--logLevel", "warn"], { cwd: dir });
        return { dir: join(dir, "dist") };
      },
      async exercise(dir) {
        const server = await serve(join(dir, "dist"));
        try {
          const { result, console } = await runInChromium(`${server.origin}/`);
          return [{ run: "vite build, served", expect: "works", result, console }];
        } finally {
          await server.close();
        }
      },
    },
    {
      name: "esbuild-browser",
      label: "esbuild browser bundle, in Chromium",
      deps: ["ai", "esbuild"],
      files: { "main.js": browserMain },
      async build(dir) {
        await run(
          bin(dir, "esbuild"),
          ["main.js", "--bundle", "--platform=browser", "--format=esm", "--outfile=out/app.js"],
          {
            cwd: dir,
          },
        );
        writeFileSync(join(dir, "out/index.html"), indexHtml("/app.js"));
        return { dir: join(dir, "out") };
      },
      async exercise(dir) {
        const root = join(dir, "out");
        const server = await serve(root);
        try {
          const first = await runInChromium(`${server.origin}/`);
          const runs = [{ run: "as built (esbuild copies no asset)", expect: "loud", ...first }];
          // Follow the message: serve the package's asset at the URL it names, and load again.
          const target = first.result?.events ? assetPathFromMessage(first.result, server.origin, root) : undefined;
          if (target !== undefined) {
            mkdirSync(dirname(target), { recursive: true });
            copyFileSync(join(dir, "node_modules/toolsift/assets/local-model.bin"), target);
            runs.push({
              run: "asset copied where the message says",
              expect: "works",
              ...(await runInChromium(`${server.origin}/`)),
            });
            rmSync(target);
          } else {
            runs.push({
              run: "asset copied where the message says",
              expect: "works",
              result: { error: "no URL in the message" },
            });
          }
          return runs;
        } finally {
          await server.close();
        }
      },
    },
    {
      name: "webpack",
      label: "webpack 5 browser build, in Chromium",
      deps: ["ai", "webpack@5"],
      files: { "main.js": browserMain, "build.mjs": webpackBuild },
      async build(dir) {
        await run(process.execPath, ["build.mjs"], { cwd: dir });
        return { dir: join(dir, "dist"), include: (file) => !file.endsWith(".LICENSE.txt") };
      },
      async exercise(dir) {
        const server = await serve(join(dir, "dist"));
        try {
          const { result, console } = await runInChromium(`${server.origin}/`);
          return [{ run: "webpack build, served", expect: "works", result, console }];
        } finally {
          await server.close();
        }
      },
    },
    nextTarget("turbopack"),
    nextTarget("webpack"),
    workerTarget({
      name: "worker",
      label: "Cloudflare Worker (wrangler deploy --dry-run), in workerd",
      deps: ["ai", "wrangler"],
      source: workerMain,
      settings: { name: "toolsift-consumer", compatibility_date: compatibilityDate },
      run: "wrangler dev --no-bundle on out/worker.js",
      expect: "works",
    }),
    workerTarget({
      name: "cloudflare-agents",
      label:
        "Cloudflare Worker with an AIChatAgent using toolsift/cloudflare-agents (wrangler deploy --dry-run), in workerd",
      deps: ["ai", "agents", "@cloudflare/ai-chat", "wrangler"],
      source: cloudflareAgentWorker,
      settings: {
        name: "toolsift-consumer-agents",
        compatibility_date: compatibilityDate,
        compatibility_flags: ["nodejs_compat"],
        durable_objects: { bindings: [{ name: "CHAT", class_name: "Chat" }] },
        migrations: [{ tag: "v1", new_sqlite_classes: ["Chat"] }],
      },
      run: "a turn of the agent (generateText, prepare-step delivery)",
      expect: "refund-only",
    }),
    {
      name: "cloudflare-agents-example",
      label:
        "examples/cloudflare-agents copied alone into a project, .dev.vars from its example (AGENT_MODEL=mock), " +
        "wrangler dev --local, one chat turn by HTTP POST",
      deps: ["ai", "agents", "@cloudflare/ai-chat", "zod", "wrangler"],
      files: cloudflareExampleFiles(),
      async build() {
        return undefined;
      },
      async exercise(dir) {
        const args = (port) => [
          ...["dev", "--local", "--ip", "127.0.0.1", "--port", String(port)],
          ...["--show-interactive-dev-session=false", "--log-level", "warn"],
        ];
        const turn = { path: "/agents/support-chat/alice", body: { message: "refund the duplicate charge ch_2" } };
        const [result] = await fetchFromServer(dir, bin(dir, "wrangler"), args, [turn]);
        return [{ run: "POST a chat turn to wrangler dev --local", expect: "example-chat", result }];
      },
    },
    {
      // Both Node frameworks in one project (one install): each program run as written and as an esbuild bundle.
      name: "agent-frameworks",
      label:
        "Node app: OpenAI Agents SDK (toolsift/openai-agents) and Mastra (toolsift/mastra; and with an MCP server " +
        "through @mastra/mcp), each bundled by esbuild",
      deps: ["@openai/agents", "@mastra/core", "@mastra/mcp", "zod", "esbuild"],
      files: {
        "openai-agents.js": openaiAgentsMain,
        "mastra.js": mastraMain,
        "mastra-mcp.js": mastraMcpMain,
        "mcp-server.js": frameworkMcpServer,
      },
      async build(dir) {
        await run(
          bin(dir, "esbuild"),
          [
            "openai-agents.js",
            "mastra.js",
            "mastra-mcp.js",
            "--bundle",
            "--platform=node",
            "--format=esm",
            "--outdir=out",
            "--out-extension:.js=.mjs",
            `--banner:js=${requireBanner}`,
          ],
          { cwd: dir },
        );
        const sizes = measure(join(dir, "out")).files.map(
          (file) => `${file.file} ${kib(file.bytes)} (gzip ${kib(file.gzip)})`,
        );
        return { dir: join(dir, "out"), note: `per framework: ${sizes.join(", ")}` };
      },
      async exercise(dir) {
        const runs = [];
        for (const program of ["openai-agents", "mastra", "mastra-mcp"]) {
          for (const file of [`${program}.js`, `out/${program}.mjs`]) {
            const result = lastJson(await run(process.execPath, [file], { cwd: dir }));
            const refund = program === "mastra-mcp" ? "payments__stripe_create_refund" : undefined;
            runs.push({
              run: `node ${file}`,
              expect: "refund-only",
              ...(refund === undefined ? {} : { refund }),
              result,
            });
          }
        }
        return runs;
      },
    },
    {
      name: "edge-light",
      label: "esbuild edge-light bundle (Vercel Edge), in @edge-runtime/vm with wasm compilation banned",
      deps: ["ai", "esbuild"],
      files: { "edge.js": edgeMain, "build.mjs": edgeBuild() },
      async build(dir) {
        await run(process.execPath, ["build.mjs"], { cwd: dir });
        return { dir: join(dir, "out") };
      },
      async exercise(dir) {
        const asset = new Uint8Array(readFileSync(join(dir, "node_modules/toolsift/assets/local-model.bin")));
        return [
          { run: "default asset (no bundler rewrote its URL)", expect: "loud", result: await runEdge(dir, undefined) },
          { run: "localEmbeddingModel({ asset: bytes })", expect: "works", result: await runEdge(dir, asset) },
        ];
      },
    },
  ];
}

/** Runs the edge-light bundle in @edge-runtime/vm with wasm compilation banned (as Vercel Edge does). */
async function runEdge(dir, asset) {
  const { EdgeVM } = await import("@edge-runtime/vm");
  const vm = new EdgeVM({ codeGeneration: { strings: false, wasm: false } });
  const coreBytes = readFileSync(join(dir, "node_modules/toolsift/dist/wasm/generated/core.wasm"));
  vm.context.__coreWasm = await WebAssembly.compile(coreBytes);
  vm.evaluate(readFileSync(join(dir, "out/edge.js"), "utf8"));
  vm.context.__asset = asset;
  const result = await vm.evaluate("edge.run(globalThis.__asset)");
  return JSON.parse(JSON.stringify(result));
}

/**
 * Writes a target's project into `dir`: package.json (an ES module package, unless `target.packageFields` says
 * otherwise), the shared check and the target's files.
 */
export function writeProject(dir, target, checkSource) {
  mkdirSync(dir, { recursive: true });
  const manifest = { name: `consumer-${target.name}`, private: true, type: "module", ...target.packageFields };
  writeFileSync(join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  writeFileSync(join(dir, "check.js"), checkSource);
  for (const [path, text] of Object.entries(target.files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** Measures a build's output, when the target bundles. */
export function measureBuild(built) {
  if (built === undefined || !existsSync(built.dir)) return undefined;
  return { ...measure(built.dir, built.include), note: built.note };
}
