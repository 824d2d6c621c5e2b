// Records real MCP servers' tools/list and writes the everyday benchmark's "mcp" catalogs from it.
//
//   node bench/everyday/record-mcp.mjs <scratch-dir> [--only a,b] [--raw DIR] [--from DIR] [--no-catalogs]
//   node bench/everyday/record-mcp.mjs --print-install     (the npm install line for the scratch folder)
//
// <scratch-dir> is a folder outside the repo where the packages of mcp-servers.json are npm-installed at their listed
// versions (`npm install --ignore-scripts <package>@<version> ...`, as --print-install prints it); the script refuses a
// package whose installed version differs. Servers marked "skip" (they cannot list tools offline) are not started
// unless named with --only. Each server is started with this Node (use the repo's Node 22: node_modules/.bin/node)
// over stdio in a new empty temporary directory (its cwd and HOME), given 20 s to connect and list its tools, then
// closed.
// --raw DIR keeps each server's recording as DIR/<name>.json; --from DIR builds the catalogs from such recordings
// without starting any server; --only records just the named servers. The catalogs (mcp-catalogs.json: which servers,
// prefixes and families) are then written to bench/everyday/catalogs/<id>.json with descriptions and inputSchema
// exactly as the servers published them. A catalog whose servers were not all recorded is left as it is.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { format, resolveConfig } from "prettier";

const here = dirname(fileURLToPath(import.meta.url));
const TIMEOUT_MS = 20_000;

function parseArgs(argv) {
  const options = { scratch: undefined, only: undefined, raw: undefined, from: undefined, catalogs: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--only") options.only = argv[++i].split(",");
    else if (a === "--raw") options.raw = resolve(argv[++i]);
    else if (a === "--from") options.from = resolve(argv[++i]);
    else if (a === "--no-catalogs") options.catalogs = false;
    else if (a === "--print-install") options.printInstall = true;
    else if (!options.scratch) options.scratch = resolve(a);
    else throw new Error(`unexpected argument ${a}`);
  }
  if (!options.scratch && !options.from && !options.printInstall)
    throw new Error("usage: record-mcp.mjs <scratch-dir> [--only a,b] [--raw DIR] [--from DIR] [--no-catalogs]");
  return options;
}

/** The bin script of `server.package` installed in `scratch`, checked against the listed version. */
function entryOf(scratch, server) {
  const packageDir = join(scratch, "node_modules", ...server.package.split("/"));
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  if (manifest.version !== server.version)
    throw new Error(`${server.package} is ${manifest.version} in ${scratch}, mcp-servers.json lists ${server.version}`);
  const bin =
    typeof manifest.bin === "string" ? manifest.bin : manifest.bin[server.bin ?? Object.keys(manifest.bin)[0]];
  return join(packageDir, bin);
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise(
      (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms / 1000} s`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}

/** Starts one server, lists all its tools (following cursors), closes it: { tools } or { error, stderr }. */
async function record(scratch, server) {
  const dir = mkdtempSync(join(tmpdir(), `mcp-record-${server.name}-`));
  const fill = (s) => s.replaceAll("{dir}", dir);
  const env = { ...process.env, HOME: dir };
  for (const [k, v] of Object.entries(server.env ?? {})) env[k] = fill(v);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [entryOf(scratch, server), ...(server.args ?? []).map(fill)],
    env,
    cwd: dir,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  const client = new Client({ name: "toolsift-everyday-recorder", version: "1.0.0" });
  try {
    const tools = await withTimeout(
      (async () => {
        await client.connect(transport);
        const all = [];
        let cursor;
        do {
          const page = await client.listTools(cursor ? { cursor } : {});
          all.push(...page.tools);
          cursor = page.nextCursor;
        } while (cursor);
        return all;
      })(),
      TIMEOUT_MS,
      server.name,
    );
    return { tools, serverInfo: client.getServerVersion() };
  } catch (error) {
    return { error: String(error?.message ?? error), stderr };
  } finally {
    const pid = transport.pid;
    await client.close().catch(() => {});
    if (pid) {
      try {
        process.kill(pid, "SIGKILL"); // still running after close: end it
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The tool as published, keeping only what a catalog holds. */
function asPublished(tool) {
  return { name: tool.name, description: tool.description ?? "", inputSchema: tool.inputSchema };
}

/** `families` as written in mcp-catalogs.json (family → [tool names]) turned into tool name → family. */
function familyOfTool(definition, use) {
  const byTool = {};
  for (const [family, names] of Object.entries(use.families ?? {}))
    for (const name of names) {
      if (byTool[name]) throw new Error(`${definition.id}: ${use.name}/${name} is in two families`);
      byTool[name] = family;
    }
  return byTool;
}

function buildCatalog(definition, recordings, serversByName) {
  const pooled = definition.servers.length > 1;
  const tools = [];
  const missing = [];
  for (const use of definition.servers) {
    const recording = recordings[use.name];
    const byTool = familyOfTool(definition, use);
    const listed = new Set(recording.tools.map((t) => t.name));
    for (const name of Object.keys(byTool))
      if (!listed.has(name))
        throw new Error(`${definition.id}: family given for ${use.name}/${name}, which the server does not list`);
    for (const tool of recording.tools) {
      const family = use.family ?? byTool[tool.name];
      if (!family) missing.push(`${use.name}/${tool.name}`);
      tools.push({ ...asPublished(tool), name: pooled ? `${use.prefix}__${tool.name}` : tool.name, family });
    }
  }
  if (missing.length) throw new Error(`${definition.id}: no family for ${missing.join(", ")}`);
  const names = new Set();
  for (const t of tools) {
    if (names.has(t.name)) throw new Error(`${definition.id}: tool name ${t.name} twice`);
    names.add(t.name);
  }
  return {
    id: definition.id,
    source: "mcp",
    servers: definition.servers.map((use) => ({
      package: serversByName[use.name].package,
      version: recordings[use.name].version,
      prefix: pooled ? use.prefix : use.name,
    })),
    description: definition.description,
    tools,
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { servers } = JSON.parse(readFileSync(join(here, "mcp-servers.json"), "utf8"));
  const serversByName = Object.fromEntries(servers.map((s) => [s.name, s]));
  if (options.printInstall) {
    const specs = servers.filter((s) => !s.skip).map((s) => `${s.package}@${s.version}`);
    console.log(`npm install --ignore-scripts --no-audit --no-fund ${specs.join(" ")}`);
    return;
  }
  const recordings = {};
  if (options.from) {
    for (const s of servers) {
      const path = join(options.from, `${s.name}.json`);
      if (existsSync(path)) recordings[s.name] = JSON.parse(readFileSync(path, "utf8"));
    }
  } else {
    if (options.raw) mkdirSync(options.raw, { recursive: true });
    const chosen = options.only ? servers.filter((s) => options.only.includes(s.name)) : servers;
    for (const server of chosen) {
      if (server.skip && !options.only) {
        console.log(`skip ${server.name} (${server.package}@${server.version}): ${server.skip}`);
        continue;
      }
      let result;
      try {
        result = await record(options.scratch, server);
      } catch (error) {
        result = { error: String(error?.message ?? error), stderr: "" };
      }
      if (result.error) {
        const lastLine = result.stderr.trim().split("\n").filter(Boolean).slice(-3).join(" | ");
        console.log(
          `FAIL ${server.name} (${server.package}@${server.version}): ${result.error}${lastLine ? ` — stderr: ${lastLine.slice(0, 400)}` : ""}`,
        );
        continue;
      }
      const recording = {
        name: server.name,
        package: server.package,
        version: server.version,
        serverInfo: result.serverInfo,
        tools: result.tools,
      };
      recordings[server.name] = recording;
      console.log(`ok   ${server.name} (${server.package}@${server.version}): ${result.tools.length} tools`);
      if (options.raw)
        writeFileSync(join(options.raw, `${server.name}.json`), JSON.stringify(recording, null, 2) + "\n");
    }
  }
  if (!options.catalogs) return;
  const { catalogs } = JSON.parse(readFileSync(join(here, "mcp-catalogs.json"), "utf8"));
  mkdirSync(join(here, "catalogs"), { recursive: true });
  for (const definition of catalogs) {
    const absent = definition.servers.filter((use) => !recordings[use.name]).map((use) => use.name);
    if (absent.length) {
      console.log(`skip catalog ${definition.id}: not recorded: ${absent.join(", ")}`);
      continue;
    }
    const catalog = buildCatalog(definition, recordings, serversByName);
    const path = join(here, "catalogs", `${definition.id}.json`);
    const text = await format(JSON.stringify(catalog), { ...(await resolveConfig(path)), filepath: path });
    writeFileSync(path, text);
    console.log(`catalog ${definition.id}: ${catalog.tools.length} tools`);
  }
}

await main();
