// The `toolsift` command line (Node only): select and explain over a catalog file in any accepted shape.

import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { createToolIndex, type Explanation, type SelectionResult } from "../index.js";
import { ToolsiftError } from "../errors.js";
import { errorMessage } from "../support/error-message.js";
import { closest } from "../support/validate-options.js";
import { DEMO_QUERIES, DEMO_TOOLS } from "../demo/demo-catalog.js";

const USAGE = `toolsift — pick the few tools an AI agent needs

Usage:
  toolsift select  --tools <catalog.json|.jsonl> [options] "<query>"
  toolsift explain --tools <catalog.json|.jsonl> [options] "<query>" <toolName>
  toolsift demo    [--json]     rank the bundled demo catalog for a few queries
  toolsift mcp     --config <mcp.json>   an MCP gateway with tool search (toolsift mcp --help)

Options:
  --tools, -t <file>    catalog: a JSON array of tool definitions (MCP, OpenAI, Anthropic, plain),
                        { "tools": [...] }, an object of tools, or JSONL (one definition per line)
  --max, -k <n>         most tools to return (default 5)
  --min-relevance <0-1> least relevance a ranked tool needs (default 0.15; 0 turns it off)
  --no-adaptive         always return --max tools (no cut at the score elbow)
  --json                machine-readable output
  --help, -h            this text`;

/** Where the CLI writes; injectable for tests. */
export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIo: CliIo = {
  out: (line) => process.stdout.write(line + "\n"),
  err: (line) => process.stderr.write(line + "\n"),
};

/** Reads a catalog file: JSON (array, `{ tools }`, or an object of tools) or JSONL. */
export async function readCatalogFile(path: string): Promise<unknown> {
  const content = await readFile(path, "utf8");
  const trimmed = content.trim();
  try {
    return JSON.parse(trimmed);
  } catch (jsonError) {
    const lines = trimmed.split(/\r?\n/).filter((line) => line.trim().length > 0);
    if (lines.length < 2) {
      throw new ToolsiftError(
        "INVALID_CATALOG",
        `${path} is neither JSON nor JSONL: ${errorMessage(jsonError)}`,
        { path },
        { cause: jsonError },
      );
    }
    return lines.map((line, number) => {
      try {
        return JSON.parse(line);
      } catch (lineError) {
        throw new ToolsiftError(
          "INVALID_CATALOG",
          `${path}:${number + 1} is not valid JSON (read as JSONL): ${errorMessage(lineError)}`,
          { path, line: number + 1 },
          { cause: lineError },
        );
      }
    });
  }
}

function bar(score: number): string {
  const width = Math.round(score * 20);
  return "█".repeat(width) + "·".repeat(20 - width);
}

function printSelection(io: CliIo, query: string, selection: SelectionResult): void {
  io.out(`query: ${query}`);
  if (selection.results.length === 0) io.out("  (no tool matched)");
  selection.results.forEach((result, position) => {
    const notes = [
      result.pinned ? `pinned: ${result.pinned}` : `terms: ${result.matchedTerms.join(", ")}`,
      ...result.expansions.map((expansion) => `${expansion.kind} ${expansion.from}→${expansion.term}`),
    ];
    io.out(
      `  ${String(position + 1).padStart(2)}. ${bar(result.score)} ${result.score.toFixed(2)}  ${result.name}   (${notes.join("; ")})`,
    );
  });
}

function printExplanation(io: CliIo, explanation: Explanation): void {
  io.out(`tool: ${explanation.tool}`);
  io.out(`query: ${explanation.query}`);
  io.out(
    `rank: ${explanation.rank ?? "not ranked"}   score: ${explanation.score.toFixed(3)}   selected: ${explanation.selected ? "yes" : "no"}${explanation.pinned ? `   pinned: ${explanation.pinned}` : ""}`,
  );
  if (explanation.best) io.out(`best: ${explanation.best.tool} (${explanation.best.score.toFixed(3)})`);
  io.out("matched terms:");
  if (explanation.terms.length === 0) io.out("  (none)");
  for (const term of explanation.terms) {
    const fields = Object.entries(term.fields)
      .map(([field, count]) => `${field}×${count}`)
      .join(" ");
    io.out(
      `  ${term.term.padEnd(16)} ${term.kind.padEnd(12)} from "${term.from}"  idf ${term.idf.toFixed(2)}  tf ${term.tf.toFixed(2)}  +${term.contribution.toFixed(2)}  [${fields}]`,
    );
  }
  if (explanation.unmatched.length > 0) io.out(`query words not in this tool: ${explanation.unmatched.join(", ")}`);
}

/** The flags of `select`, `explain` and `demo` (`toolsift mcp` parses its own). */
const FLAGS = {
  tools: { type: "string", short: "t" },
  max: { type: "string", short: "k" },
  "min-relevance": { type: "string" },
  "no-adaptive": { type: "boolean" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

/**
 * The first flag of `argv` that is not one of FLAGS, as a message with the nearest flag (`--mx` → did you mean
 * `--max`?); `undefined` when every flag is known (the error was about a value).
 */
function unknownFlag(argv: readonly string[]): string | undefined {
  const { tokens } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: false,
    tokens: true,
    options: FLAGS,
  });
  const unknown = tokens.find((token) => token.kind === "option" && !(token.name in FLAGS));
  if (unknown?.kind !== "option") return undefined;
  const nearest = closest(unknown.name, Object.keys(FLAGS));
  return `unknown option ${unknown.rawName}${nearest === undefined ? "" : `; did you mean --${nearest}?`}`;
}

/** The flag that sets each select option, for errors about its value. */
const FLAG_OF_OPTION: Readonly<Record<string, string>> = { maxTools: "--max", minRelevance: "--min-relevance" };

/** A numeric flag's value: `undefined` when absent, `NaN` when it is not a number. */
function numberFlag(value: string | undefined): number | undefined {
  return value === undefined ? undefined : value.trim() === "" ? Number.NaN : Number(value);
}

/**
 * Runs the CLI with the given arguments; returns the exit code: 0 done, 1 a bad catalog, file or option
 * value (a ToolsiftError, printed with its code), 2 a usage error (printed with the usage text).
 */
export async function runCli(argv: readonly string[], io: CliIo = defaultIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: FLAGS });
  } catch (error) {
    io.err(`toolsift: ${unknownFlag(argv) ?? errorMessage(error)}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    (values.help ? io.out : io.err)(USAGE);
    return values.help ? 0 : 2;
  }
  const maxTools = numberFlag(values.max);
  const minRelevance = numberFlag(values["min-relevance"]);
  if (Number.isNaN(maxTools) || Number.isNaN(minRelevance)) {
    const [flag, given] = Number.isNaN(maxTools) ? ["--max", values.max] : ["--min-relevance", values["min-relevance"]];
    io.err(`toolsift ${command}: ${flag} must be a number, got ${JSON.stringify(given)}\n\n${USAGE}`);
    return 2;
  }
  const selectOptions = { maxTools, minRelevance, adaptive: values["no-adaptive"] ? false : undefined };
  try {
    if (command === "demo") {
      const index = createToolIndex(DEMO_TOOLS);
      io.out(
        `toolsift demo: ${DEMO_TOOLS.length} bundled SaaS tools, keyword engine (BM25F + typos + abbreviations) in WebAssembly, offline.\n`,
      );
      const all = [];
      for (const query of DEMO_QUERIES) {
        const selection = await index.selectWithScores(query, selectOptions);
        if (values.json) all.push({ query, ...selection });
        else {
          printSelection(io, query, selection);
          io.out("");
        }
      }
      if (values.json) io.out(JSON.stringify(all, null, 2));
      else io.out(`Try your own: npx toolsift select --tools catalog.json "your query"`);
      return 0;
    }
    if (command !== "select" && command !== "explain") {
      io.err(`toolsift: unknown command "${command}"\n\n${USAGE}`);
      return 2;
    }
    if (values.tools === undefined) {
      io.err(`toolsift ${command}: --tools <file> is required\n\n${USAGE}`);
      return 2;
    }
    const expected = command === "select" ? 1 : 2;
    if (rest.length !== expected) {
      io.err(
        `toolsift ${command}: expected ${command === "select" ? '"<query>"' : '"<query>" <toolName>'}, got ${rest.length} argument(s)\n\n${USAGE}`,
      );
      return 2;
    }
    const index = createToolIndex((await readCatalogFile(values.tools)) as never);
    if (command === "select") {
      const selection = await index.selectWithScores(rest[0], selectOptions);
      if (values.json) io.out(JSON.stringify(selection, null, 2));
      else printSelection(io, rest[0], selection);
    } else {
      const explanation = await index.explain(rest[0], rest[1], selectOptions);
      if (values.json) io.out(JSON.stringify(explanation, null, 2));
      else printExplanation(io, explanation);
    }
    return 0;
  } catch (error) {
    if (ToolsiftError.isInstance(error)) {
      const flag = FLAG_OF_OPTION[String(error.details.option)];
      io.err(`toolsift: ${error.message}${flag === undefined ? "" : ` (set by ${flag})`} [${error.code}]`);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      io.err(`toolsift: cannot read ${values.tools}: no such file`);
      return 1;
    }
    throw error;
  }
}
