// The `toolsift` command line, run in-process through runCli (and once through the bin's entry module): select,
// explain and demo, their exit codes and output, and errors that name the bad input.

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/cli/index.js";
import { DEMO_QUERIES, DEMO_TOOLS } from "../../src/demo/demo-catalog.js";

/** A small MCP `tools/list` catalog: each query below has one obviously right tool. */
const catalog = [
  {
    name: "send_email",
    description: "Send an email to a recipient",
    inputSchema: { type: "object", properties: { to: { type: "string", description: "Recipient address" } } },
  },
  { name: "get_weather", description: "Weather forecast for a city" },
  { name: "create_invoice", description: "Create an invoice for a customer" },
];

let directory: string;
let jsonPath: string;
let jsonlPath: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "toolsift-cli-"));
  jsonPath = join(directory, "catalog.json");
  jsonlPath = join(directory, "catalog.jsonl");
  await writeFile(jsonPath, JSON.stringify(catalog));
  await writeFile(jsonlPath, catalog.map((tool) => JSON.stringify(tool)).join("\n") + "\n");
});
afterAll(() => rm(directory, { recursive: true, force: true }));

/** Runs the CLI with `args`, collecting what it writes. */
async function cli(...args: string[]): Promise<{ code: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n").split("\n"), err: err.join("\n") };
}

describe("toolsift select", () => {
  it("ranks the catalog for a query: exit 0, the best tool first with its matched terms", async () => {
    const { code, out, err } = await cli("select", "--tools", jsonPath, "send an email");
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out[0]).toBe("query: send an email");
    expect(out[1]).toMatch(/^ {3}1\. [█·]{20} \d\.\d\d {2}send_email {3}\(terms: send, email\)$/);
  });

  it("reads JSONL and answers --json with the selection, honouring --max", async () => {
    const { code, out } = await cli(
      "select",
      "--tools",
      jsonlPath,
      "--json",
      "--max",
      "1",
      "weather forecast for Paris",
    );
    expect(code).toBe(0);
    const selection = JSON.parse(out.join("\n")) as { tools: string[]; results: { name: string }[] };
    expect(selection.tools).toEqual(["get_weather"]);
    expect(selection.results.map((result) => result.name)).toEqual(["get_weather"]);
  });

  it("says so when no tool matches", async () => {
    const { code, out } = await cli("select", "--tools", jsonPath, "zzqx");
    expect(code).toBe(0);
    expect(out).toEqual(["query: zzqx", "  (no tool matched)"]);
  });
});

describe("toolsift explain", () => {
  it("explains one tool's rank, score and per-term contributions with their fields", async () => {
    const { code, out, err } = await cli("explain", "--tools", jsonPath, "send an email", "send_email");
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out[0]).toBe("tool: send_email");
    expect(out[1]).toBe("query: send an email");
    expect(out[2]).toMatch(/^rank: 1 {3}score: \d\.\d{3} {3}selected: yes$/);
    expect(out).toContain("matched terms:");
    // "send" and "email" each stand once in the name and once in the description of send_email.
    const terms = out.slice(out.indexOf("matched terms:") + 1);
    expect(terms).toHaveLength(2);
    expect(terms[0]).toMatch(/^ {2}send +exact +from "send" .*\[name×1 description×1\]$/);
    expect(terms[1]).toMatch(/^ {2}email +exact +from "email" .*\[name×1 description×1\]$/);
  });

  it("explains a tool that was not selected, listing the query words it lacks", async () => {
    const { code, out } = await cli("explain", "--tools", jsonPath, "send an email", "get_weather");
    expect(code).toBe(0);
    expect(out[2]).toMatch(/selected: no/);
    expect(out).toContain("  (none)");
    expect(out.at(-1)).toBe("query words not in this tool: send, email");
  });
});

describe("toolsift demo", () => {
  it("ranks the bundled catalog for every demo query; the obvious tools come first", async () => {
    const { code, out } = await cli("demo");
    expect(code).toBe(0);
    expect(out[0]).toBe(
      `toolsift demo: ${DEMO_TOOLS.length} bundled SaaS tools, keyword engine (BM25F + typos + abbreviations) in WebAssembly, offline.`,
    );
    expect(out.filter((line) => line.startsWith("query: "))).toEqual(DEMO_QUERIES.map((query) => `query: ${query}`));
    expect(out.at(-1)).toBe('Try your own: npx toolsift select --tools catalog.json "your query"');
  });

  it("--json gives each query's selection", async () => {
    const { code, out } = await cli("demo", "--json");
    expect(code).toBe(0);
    const runs = JSON.parse(out.slice(1).join("\n")) as { query: string; tools: string[] }[];
    expect(runs.map((run) => run.query)).toEqual(DEMO_QUERIES);
    const first = Object.fromEntries(runs.map((run) => [run.query, run.tools[0]]));
    expect(first["refund the customer's duplicate charge"]).toBe("stripe_create_refund");
    expect(first["open a pull request for my feature branch"]).toBe("github_create_pull_request");
    expect(first["sned an emial to the team about the outage"]).toBe("gmail_send_email");
    expect(first["merge the PR"]).toBe("github_merge_pr");
    expect(first["what's the weather in Lisbon tomorrow"]).toBe("weather_forecast");
  });
});

describe("errors name the bad input", () => {
  it.each([
    [["select", "send an email"], 2, "toolsift select: --tools <file> is required"],
    [["frobnicate"], 2, 'toolsift: unknown command "frobnicate"'],
    [[], 2, "Usage:"],
    [["select", "--tools", "x.json"], 2, 'toolsift select: expected "<query>", got 0 argument(s)'],
    [
      ["explain", "--tools", "x.json", "send an email"],
      2,
      'toolsift explain: expected "<query>" <toolName>, got 1 argument(s)',
    ],
    [["select", "--tools", "x.json", "--max", "many", "q"], 2, 'toolsift select: --max must be a number, got "many"'],
    [["select", "--colour"], 2, "--colour"],
    [["select", "--tools", "x.json", "--mx", "3", "q"], 2, "toolsift: unknown option --mx; did you mean --max?"],
    [["select", "--tools", "x.json", "--min-relevanse", "0.2", "q"], 2, "did you mean --min-relevance?"],
  ])("%j exits %i: %s", async (args, code, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
    expect(result.out).toEqual([""]);
  });

  it("a missing catalog file exits 1 naming the path", async () => {
    const missing = join(directory, "nope.json");
    const { code, err } = await cli("select", "--tools", missing, "q");
    expect(code).toBe(1);
    expect(err).toBe(`toolsift: cannot read ${missing}: no such file`);
  });

  it("a catalog that is neither JSON nor JSONL exits 1 naming the file and the code", async () => {
    const broken = join(directory, "broken.json");
    await writeFile(broken, "{ not json");
    const { code, err } = await cli("select", "--tools", broken, "q");
    expect(code).toBe(1);
    expect(err).toMatch(
      new RegExp(
        `^toolsift: ${broken.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is neither JSON nor JSONL: .* \\[INVALID_CATALOG\\]$`,
      ),
    );
  });

  it("explaining a tool the catalog lacks exits 1 naming the tool", async () => {
    const { code, err } = await cli("explain", "--tools", jsonPath, "send an email", "send_emial");
    expect(code).toBe(1);
    expect(err).toContain('"send_emial"');
    expect(err).toMatch(/\[UNKNOWN_TOOL\]$/);
  });

  it("explaining a tool the catalog lacks names the nearest tool", async () => {
    const typo = await cli("explain", "--tools", jsonPath, "send an email", "send_emial");
    expect(typo.err).toContain('did you mean "send_email"?');
    // A name in other words: the tool those words describe.
    const words = await cli("explain", "--tools", jsonPath, "send an email", "github_send_mail");
    expect(words.code).toBe(1);
    expect(words.err).toMatch(/"github_send_mail".*did you mean "send_email"\?/);
  });

  it("an option value the index refuses exits 1 naming the option and the flag", async () => {
    const { code, err } = await cli("select", "--tools", jsonPath, "--min-relevance", "2", "q");
    expect(code).toBe(1);
    expect(err).toMatch(/"minRelevance".*got 2\. \(set by --min-relevance\) \[INVALID_OPTION\]$/);
    const max = await cli("select", "--tools", jsonPath, "--max", "0", "q");
    expect(max.code).toBe(1);
    expect(max.err).toMatch(/"maxTools".*got 0\. \(set by --max\) \[INVALID_OPTION\]$/);
  });
});

describe("the bin's entry module", () => {
  it("runs the CLI on process.argv and sets the exit code", async () => {
    const argv = process.argv;
    const exitCode = process.exitCode;
    const written: string[] = [];
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    try {
      process.argv = ["node", "toolsift", "--help"];
      await import("../../src/cli/main.js");
      expect(process.exitCode).toBe(0);
      expect(written.join("")).toContain("toolsift select  --tools <catalog.json|.jsonl>");
    } finally {
      write.mockRestore();
      process.argv = argv;
      process.exitCode = exitCode;
    }
  });
});
