// Reads and checks the everyday benchmark's data (bench/everyday/catalogs/*.json and requests/*.json, in the format of
// issue 37): every problem is named by file, catalog, conversation and turn, so a bad file is found before it is
// measured. Shared by bench/everyday.mjs and test/everyday/everyday-data.test.ts, hence here.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";

/** The turn kinds the format defines. */
export const TURN_KINDS = Object.freeze([
  "paraphrase",
  "fragment",
  "slang",
  "typo",
  "product",
  "id",
  "multi-step",
  "follow-up",
  "new-task",
  "off-topic",
  "chit-chat",
]);

/** Kinds of a turn that needs no tool; a turn with steps must have neither, a turn without must have one. */
export const NO_TOOL_KINDS = Object.freeze(["off-topic", "chit-chat"]);

const SOURCES = ["written", "mcp"];
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_TURNS = 6;

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const nonEmptyString = (value) => typeof value === "string" && value.trim().length > 0;

/** The problems of one catalog (`file`: its file name, for the messages), as strings. */
export function catalogProblems(catalog, file) {
  const problems = [];
  const where = `${file}`;
  if (!isObject(catalog)) return [`${where}: expected a JSON object`];
  const expectedId = basename(file, ".json");
  if (!nonEmptyString(catalog.id) || !KEBAB.test(catalog.id))
    problems.push(`${where}: id ${JSON.stringify(catalog.id)} is not a kebab-case string`);
  else if (catalog.id !== expectedId) problems.push(`${where}: id "${catalog.id}" differs from its file name`);
  if (!SOURCES.includes(catalog.source))
    problems.push(`${where}: source ${JSON.stringify(catalog.source)}; expected "written" or "mcp"`);
  if (catalog.source === "mcp" && (!Array.isArray(catalog.servers) || catalog.servers.length === 0))
    problems.push(`${where}: an "mcp" catalog names its servers (servers: [{ package, version, prefix }])`);
  if (!nonEmptyString(catalog.description)) problems.push(`${where}: description is missing`);
  if (!Array.isArray(catalog.tools) || catalog.tools.length === 0) {
    problems.push(`${where}: tools must be a non-empty array`);
    return problems;
  }
  const seen = new Set();
  catalog.tools.forEach((tool, position) => {
    const name = isObject(tool) && nonEmptyString(tool.name) ? tool.name : undefined;
    const at = `${where}: tool ${name === undefined ? `#${position}` : `"${name}"`}`;
    if (name === undefined) {
      problems.push(`${at}: name is missing`);
      return;
    }
    if (seen.has(name)) problems.push(`${at}: duplicate name`);
    seen.add(name);
    if (typeof tool.description !== "string") problems.push(`${at}: description is not a string`);
    if (!isObject(tool.inputSchema)) problems.push(`${at}: inputSchema is not a JSON Schema object`);
    if (!nonEmptyString(tool.family)) problems.push(`${at}: family is missing`);
  });
  return problems;
}

/** The problems of one requests file against its catalog (undefined when no catalog of that id was read). */
export function requestProblems(requests, file, catalog) {
  const where = `${file}`;
  if (!isObject(requests)) return [`${where}: expected a JSON object`];
  const problems = [];
  const expectedId = basename(file, ".json");
  if (requests.catalog !== expectedId)
    problems.push(`${where}: catalog ${JSON.stringify(requests.catalog)} differs from its file name`);
  if (catalog === undefined) problems.push(`${where}: no catalog "${expectedId}" in catalogs/`);
  if (!nonEmptyString(requests.written)) problems.push(`${where}: "written" (who wrote it and how) is missing`);
  if (!Array.isArray(requests.conversations) || requests.conversations.length === 0) {
    problems.push(`${where}: conversations must be a non-empty array`);
    return problems;
  }
  const names = new Set((catalog?.tools ?? []).map((tool) => tool?.name));
  const ids = new Set();
  requests.conversations.forEach((conversation, position) => {
    const id = isObject(conversation) && nonEmptyString(conversation.id) ? conversation.id : `#${position}`;
    const at = `${where}: conversation ${id}`;
    if (ids.has(id)) problems.push(`${at}: duplicate id`);
    ids.add(id);
    const turns = isObject(conversation) ? conversation.turns : undefined;
    if (!Array.isArray(turns) || turns.length === 0 || turns.length > MAX_TURNS) {
      problems.push(`${at}: turns must be an array of 1 to ${MAX_TURNS} turns`);
      return;
    }
    turns.forEach((turn, t) => problems.push(...turnProblems(turn, `${at}, turn ${t + 1}`, names, catalog)));
  });
  return problems;
}

function turnProblems(turn, at, names, catalog) {
  if (!isObject(turn)) return [`${at}: expected an object`];
  const problems = [];
  if (!nonEmptyString(turn.text)) problems.push(`${at}: text is missing`);
  const kinds = Array.isArray(turn.kinds) ? turn.kinds : [];
  if (kinds.length === 0) problems.push(`${at}: kinds must be a non-empty array`);
  for (const kind of kinds)
    if (!TURN_KINDS.includes(kind)) problems.push(`${at}: unknown kind ${JSON.stringify(kind)}`);
  if (!Array.isArray(turn.steps)) {
    problems.push(`${at}: steps must be an array (of steps, each a list of tool names)`);
    return problems;
  }
  turn.steps.forEach((step, s) => {
    if (!Array.isArray(step) || step.length === 0) {
      problems.push(`${at}, step ${s + 1}: expected a non-empty list of tool names`);
      return;
    }
    for (const name of step)
      if (catalog !== undefined && !names.has(name))
        problems.push(`${at}, step ${s + 1}: unknown tool ${JSON.stringify(name)} (not in catalog "${catalog.id}")`);
  });
  const noTool = kinds.some((kind) => NO_TOOL_KINDS.includes(kind));
  if (turn.steps.length > 0 && noTool)
    problems.push(`${at}: kinds say ${NO_TOOL_KINDS.join("/")} but the turn has steps`);
  // A follow-up the conversation already answers ("which one has debug on?" after a file was read) needs no tool either.
  if (turn.steps.length === 0 && !noTool && !kinds.includes("follow-up"))
    problems.push(`${at}: no steps, but kinds name neither ${NO_TOOL_KINDS.join(" nor ")} nor follow-up`);
  if (turn.families !== undefined && (!Array.isArray(turn.families) || !turn.families.every(nonEmptyString)))
    problems.push(`${at}: families must be a list of strings when given`);
  return problems;
}

const readJson = (path, problems) => {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    problems.push(`${basename(path)}: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
};

const jsonFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((file) => file.endsWith(".json"))
        .sort()
    : [];

/**
 * Reads `dir` (holding `catalogs/` and `requests/`):
 * `{ catalogs: [{ ...catalog, conversations, written }], problems }`.
 * A catalog without a requests file is a problem too (it would be measured on nothing). Nothing is thrown: the
 * caller decides (`assertValid`).
 */
export function readEverydayData(dir) {
  const problems = [];
  const catalogs = new Map();
  for (const file of jsonFiles(join(dir, "catalogs"))) {
    const catalog = readJson(join(dir, "catalogs", file), problems);
    if (catalog === undefined) continue;
    const found = catalogProblems(catalog, `catalogs/${file}`);
    problems.push(...found);
    catalogs.set(basename(file, ".json"), { catalog, valid: found.length === 0 });
  }
  const result = [];
  const withRequests = new Set();
  for (const file of jsonFiles(join(dir, "requests"))) {
    const requests = readJson(join(dir, "requests", file), problems);
    if (requests === undefined) continue;
    const id = basename(file, ".json");
    const entry = catalogs.get(id);
    problems.push(...requestProblems(requests, `requests/${file}`, entry?.catalog));
    if (entry === undefined || !Array.isArray(requests.conversations)) continue;
    withRequests.add(id);
    result.push({ ...entry.catalog, written: requests.written, conversations: requests.conversations });
  }
  for (const id of catalogs.keys())
    if (!withRequests.has(id)) problems.push(`catalogs/${id}.json: no requests/${id}.json for it`);
  return { catalogs: result, problems };
}

/** Throws one error listing every problem (none: returns). */
export function assertValid(problems, dir) {
  if (problems.length === 0) return;
  const shown = problems.slice(0, 50);
  const more = problems.length > shown.length ? `\n  … and ${problems.length - shown.length} more` : "";
  throw new Error(`everyday data in ${dir}: ${problems.length} problem(s)\n  ${shown.join("\n  ")}${more}`);
}
