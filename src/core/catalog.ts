// Reads every accepted tool shape (AI SDK ToolSet, MCP, OpenAI, Anthropic, plain) into one validated list.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { AI_SCHEMA } from "./ai-schema.js";
import { DEFAULT_CATALOG_LIMITS, type CatalogLimits } from "./catalog-limits.js";
import { resolveSchema, type CatalogWarning } from "./catalog-schema.js";
import { readServer, rejectServerRecord, type ToolServer } from "./tool-server.js";
import { checkName, checkNameText } from "./tool-names.js";

export type { CatalogWarning } from "./catalog-schema.js";
export type { ToolServer } from "./tool-server.js";

/** A tool definition in one of the array shapes toolsift accepts. */
export type ToolDefinition =
  /**
   * MCP `tools/list`: `{ name, title?, description, inputSchema, outputSchema?, annotations? }`; `server` is toolsift's
   * own (set by `toolsift/mcp`): the tool's server, indexed as a field of its own, and its name on that server, whose
   * words are the name field's (a namespaced `gitlab__create_issue` then does not make "gitlab" a word of its name).
   */
  | {
      name: string;
      title?: string;
      description?: string;
      inputSchema?: unknown;
      outputSchema?: unknown;
      annotations?: unknown;
      server?: ToolServer;
    }
  /** OpenAI Chat Completions: `{ type: "function", function: { name, description, parameters } }`. */
  | { type: "function"; function: { name: string; description?: string; parameters?: unknown } }
  /** OpenAI Responses API / plain: `{ name, description, parameters }`. */
  | { type?: "function"; name: string; description?: string; parameters?: unknown }
  /** Anthropic: `{ name, description, input_schema }`; server tools carry another `type` and no schema. */
  | { type?: string; name: string; description?: string; input_schema?: unknown };

/** Anything with the shape of an AI SDK tool (ai@5–7): `{ description?, inputSchema?, type? }`. */
export interface ToolSetEntry {
  type?: string;
  description?: string | ((options: { context: unknown }) => string);
  inputSchema?: unknown;
  parameters?: unknown;
  [key: string]: unknown;
}

/** What `createToolIndex` accepts: an AI SDK `ToolSet`, an array of definitions, or `{ tools: [...] }`. */
export type ToolCatalog =
  | Readonly<Record<string, ToolSetEntry | object>>
  | readonly ToolDefinition[]
  | { readonly tools: readonly ToolDefinition[] };

/** One tool as toolsift sees it. */
export interface CatalogTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The input schema as JSON Schema, when it could be read without waiting. */
  readonly schema: unknown;
  /** A schema that is only available asynchronously (AI SDK `jsonSchema` returning a Promise). */
  readonly pendingSchema: PromiseLike<unknown> | undefined;
  /** Provider-defined / server tools (no description, `type: "provider"`): never hidden. */
  readonly provider: boolean;
  /** Its server, for a tool read from MCP with `server` set (`toolsift/mcp`); else `undefined`. */
  readonly server?: ToolServer;
  /** An MCP tool's `outputSchema`: its property names and descriptions are indexed with the parameter prose. */
  readonly outputSchema?: unknown;
}

function isObject(value: unknown): value is Record<string | symbol, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readDescription(tool: string, value: unknown, context: unknown, warnings: CatalogWarning[]): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "function") {
    try {
      const produced = (value as (options: { context: unknown }) => unknown)({ context });
      if (typeof produced === "string") return produced;
      warnings.push({
        tool,
        field: "description",
        message: `the description function of tool "${tool}" returned ${describeValue(produced)}, not a string; indexed without description`,
      });
    } catch (cause) {
      warnings.push({
        tool,
        field: "description",
        message: `the description function of tool "${tool}" threw; indexed without description`,
        cause,
      });
    }
    return "";
  }
  throw new ToolsiftError(
    "INVALID_TOOL",
    `Tool "${tool}": field "description" must be a string or a function, got ${describeValue(value)}.`,
    { tool, field: "description" },
  );
}

function readTitle(tool: string, value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  throw new ToolsiftError(
    "INVALID_TOOL",
    `Tool "${tool}": field "title" must be a string, got ${describeValue(value)}.`,
    { tool, field: "title" },
  );
}

function fromToolSetEntry(name: string, entry: unknown, context: unknown, warnings: CatalogWarning[]): CatalogTool {
  if (!isObject(entry)) {
    throw new ToolsiftError(
      "INVALID_TOOL",
      `Tool "${name}" must be an object (an AI SDK tool), got ${describeValue(entry)}.`,
      { tool: name },
    );
  }
  const type = entry.type;
  const provider = type === "provider" || type === "provider-defined" || type === "provider-executed";
  const description = readDescription(name, entry.description, context, warnings);
  const field = "inputSchema" in entry ? "inputSchema" : "parameters";
  const { schema, pending } = provider
    ? { schema: undefined, pending: undefined }
    : resolveSchema(name, field, entry[field], warnings);
  return { name, title: readTitle(name, entry.title), description, schema, pendingSchema: pending, provider };
}

function fromDefinition(
  entry: unknown,
  position: number,
  context: unknown,
  warnings: CatalogWarning[],
  limits: CatalogLimits,
): CatalogTool {
  if (!isObject(entry)) {
    throw new ToolsiftError(
      "INVALID_TOOL",
      `Tool at index ${position} must be an object, got ${describeValue(entry)}.`,
      { index: position },
    );
  }
  // OpenAI Chat Completions nests the definition under `function`.
  if (entry.type === "function" && isObject(entry.function)) {
    const inner = entry.function;
    const name = checkName(inner.name, `Tool at index ${position} (function.name)`, position, limits);
    const description = readDescription(name, inner.description, context, warnings);
    const { schema, pending } = resolveSchema(name, "function.parameters", inner.parameters, warnings);
    return { name, title: "", description, schema, pendingSchema: pending, provider: false };
  }
  // OpenAI Responses built-in tools (`{ type: "web_search_preview" }`) have no name: they run on the
  // provider's side, are known by their type, and stay visible.
  if (
    entry.name === undefined &&
    typeof entry.type === "string" &&
    entry.type !== "function" &&
    entry.type.length > 0
  ) {
    checkNameText(entry.type, position, limits);
    return {
      name: entry.type,
      title: "",
      description: "",
      schema: undefined,
      pendingSchema: undefined,
      provider: true,
    };
  }
  const name = checkName(entry.name, `Tool at index ${position}`, position, limits);
  const description = readDescription(name, entry.description, context, warnings);
  const field = "inputSchema" in entry ? "inputSchema" : "input_schema" in entry ? "input_schema" : "parameters";
  const hasSchema = entry[field] !== undefined;
  // Anthropic server tools (`{ type: "web_search_20250305", name }`) and AI SDK provider tools run on
  // the provider's side: they have no schema of ours and must stay visible.
  const provider =
    entry.type === "provider" ||
    entry.type === "provider-defined" ||
    (typeof entry.type === "string" && entry.type !== "function" && entry.type !== "custom" && !hasSchema);
  const { schema, pending } = provider
    ? { schema: undefined, pending: undefined }
    : resolveSchema(name, field, entry[field], warnings);
  const server = readServer(name, entry.server);
  const outputSchema = isObject(entry.outputSchema) ? entry.outputSchema : undefined;
  return {
    name,
    title: readTitle(name, entry.title),
    description,
    schema,
    pendingSchema: pending,
    provider,
    ...(server === undefined ? {} : { server }),
    ...(outputSchema === undefined ? {} : { outputSchema }),
  };
}

/**
 * The keys that mark `catalog` as one AI SDK `tool()` rather than a ToolSet of them: a ToolSet's values are tool
 * objects, so a string or function `description`, a function `execute`, or a schema under `inputSchema` /
 * `parameters` (a tool's `type` is never `"object"`) can only be a tool's own fields.
 */
function singleToolKeys(catalog: Record<string | symbol, unknown>): string[] {
  const isSchema = (value: unknown) =>
    isObject(value) &&
    (value[AI_SCHEMA] === true || isObject(value["~standard"]) || value.type === "object" || "_def" in value);
  const keys: string[] = [];
  const description = catalog.description;
  if (typeof description === "string" || typeof description === "function") keys.push("description");
  if (typeof catalog.execute === "function") keys.push("execute");
  if (isSchema(catalog.inputSchema) || typeof catalog.inputSchema === "function") keys.push("inputSchema");
  if (isSchema(catalog.parameters)) keys.push("parameters");
  return keys;
}

/**
 * Validates a catalog and returns its tools in catalog order. Throws `ToolsiftError` naming the
 * offending tool and field; recoverable oddities (a description function that throws) become warnings.
 * Names are held to `limits.nameLength` here; schemas to the other limits when they are read (`collectSchemaText`).
 */
export function readCatalog(
  catalog: unknown,
  options: { context?: unknown; limits?: CatalogLimits } = {},
): { tools: CatalogTool[]; warnings: CatalogWarning[] } {
  const limits = options.limits ?? DEFAULT_CATALOG_LIMITS;
  const warnings: CatalogWarning[] = [];
  const tools: CatalogTool[] = [];
  // `{ tools: [...] }` is an MCP `tools/list` result; a ToolSet entry is an object, never an array.
  if (Array.isArray(catalog) || (isObject(catalog) && Array.isArray(catalog.tools))) {
    const list = (Array.isArray(catalog) ? catalog : (catalog as { tools: unknown[] }).tools) as unknown[];
    const seen = new Map<string, number>();
    list.forEach((entry, position) => {
      const tool = fromDefinition(entry, position, options.context, warnings, limits);
      const previous = seen.get(tool.name);
      if (previous !== undefined) {
        throw new ToolsiftError(
          "DUPLICATE_TOOL",
          `Tool "${tool.name}" appears twice, at index ${previous} and ${position}; tool names must be unique.`,
          { tool: tool.name, indexes: [previous, position] },
        );
      }
      seen.set(tool.name, position);
      tools.push(tool);
    });
    return { tools, warnings };
  }
  if (!isObject(catalog)) {
    throw new ToolsiftError(
      "INVALID_CATALOG",
      `The tool catalog must be an AI SDK ToolSet (an object of tools), an array of tool definitions or { tools: [...] }, got ${describeValue(catalog)}.`,
      { received: describeValue(catalog) },
    );
  }
  rejectServerRecord(catalog);
  const toolKeys = singleToolKeys(catalog);
  if (toolKeys.length > 0) {
    throw new ToolsiftError(
      "INVALID_CATALOG",
      `The tool catalog looks like a single tool (it has ${toolKeys.map((key) => `"${key}"`).join(", ")}), not a ` +
        `ToolSet: pass an object of named tools, { name: tool(...) }, e.g. { get_weather: tool({ ... }) }.`,
      { keys: toolKeys },
    );
  }
  let position = 0;
  for (const [name, entry] of Object.entries(catalog)) {
    if (name.trim().length === 0) {
      throw new ToolsiftError("INVALID_TOOL", `A tool in the ToolSet has an empty name.`, { field: "name" });
    }
    checkNameText(name, position++, limits);
    tools.push(fromToolSetEntry(name, entry, options.context, warnings));
  }
  return { tools, warnings };
}
