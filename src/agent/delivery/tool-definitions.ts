// The app's tools as the model reads them in the conversation (name, description, input JSON Schema), and their inputs
// checked against their own schemas as the AI SDK checks a tool call, without importing the SDK.

import { readCatalog, type CatalogTool } from "../../core/catalog.js";
import { errorMessage } from "../../support/error-message.js";
import { compactDefinitions, type DeliveredDefinition } from "./definition-text.js";

export type { DeliveredDefinition } from "./definition-text.js";

/** The AI SDK's schema marker (`jsonSchema()`, `zodSchema()`). */
const AI_SCHEMA = Symbol.for("vercel.ai.schema");

/** The definitions of a ToolSet's tools, read once each (a promised schema awaited on first need). */
export class ToolDefinitions {
  private readonly catalog: ReadonlyMap<string, CatalogTool>;
  private readonly definitions = new Map<string, Promise<DeliveredDefinition>>();
  private readonly lines = new Map<string, Promise<string>>();

  constructor(tools: object) {
    this.catalog = new Map(readCatalog(tools).tools.map((tool) => [tool.name, tool]));
  }

  has(name: string): boolean {
    return this.catalog.has(name);
  }

  /** The definition of `name` (a tool of the ToolSet): its description and input JSON Schema. */
  definition(name: string): Promise<DeliveredDefinition> {
    let definition = this.definitions.get(name);
    if (definition === undefined) {
      const tool = this.catalog.get(name)!;
      definition = Promise.resolve(tool.pendingSchema ?? tool.schema).then((schema) => ({
        name,
        description: tool.description,
        inputSchema: withoutSchemaKeyword(schema ?? { type: "object", properties: {} }),
      }));
      this.definitions.set(name, definition);
    }
    return definition;
  }

  /**
   * The definitions of `names` as text lines, the same bytes every time: compact (definition-text.ts) or one JSON
   * line per tool, `{"name":…,"description":…,"inputSchema":…}`.
   */
  async text(names: readonly string[], format: "compact" | "json"): Promise<string[]> {
    if (format === "json") return Promise.all(names.map((name) => this.line(name)));
    return compactDefinitions(await Promise.all(names.map((name) => this.definition(name))));
  }

  private line(name: string): Promise<string> {
    let line = this.lines.get(name);
    if (line === undefined) {
      line = this.definition(name).then((definition) => JSON.stringify(definition));
      this.lines.set(name, line);
    }
    return line;
  }
}

/** The `$schema` keyword says which draft; the model needs none of it, and it costs tokens on every tool. */
function withoutSchemaKeyword(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || !("$schema" in schema)) return schema;
  const { $schema: _draft, ...rest } = schema as Record<string, unknown>;
  return rest;
}

/** The result of checking a tool input: the (possibly transformed) value, or what was wrong. */
export type InputCheck =
  { readonly success: true; readonly value: unknown } | { readonly success: false; readonly message: string };

/**
 * Checks `value` against a tool's `inputSchema` as the AI SDK's `asSchema(schema).validate` does: an AI SDK schema's
 * own `validate` (none: accepted as is), a Standard Schema's `~standard.validate` (zod, valibot, arktype), a lazy
 * schema called first; no schema accepts anything, as the SDK's empty object schema does; a plain JSON Schema object
 * (not a valid AI SDK `inputSchema`) is accepted unchecked.
 */
export async function checkToolInput(schema: unknown, value: unknown): Promise<InputCheck> {
  if (typeof schema === "function") return checkToolInput((schema as () => unknown)(), value);
  if (typeof schema !== "object" || schema === null) return { success: true, value };
  const record = schema as Record<string | symbol, unknown>;
  if (record[AI_SCHEMA] === true) {
    const validate = record.validate as ((value: unknown) => unknown) | undefined;
    if (typeof validate !== "function") return { success: true, value };
    const result = (await validate.call(schema, value)) as { success: boolean; value?: unknown; error?: unknown };
    return result.success
      ? { success: true, value: result.value }
      : { success: false, message: errorMessage(result.error) };
  }
  const standard = record["~standard"] as { validate?: (value: unknown) => unknown } | undefined;
  if (typeof standard?.validate === "function") {
    const result = (await standard.validate(value)) as { value?: unknown; issues?: readonly StandardIssue[] };
    if (result.issues === undefined) return { success: true, value: result.value };
    return { success: false, message: result.issues.map(issueText).join("; ") };
  }
  return { success: true, value };
}

interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

function issueText(issue: StandardIssue): string {
  const path = (issue.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment));
  return path.length > 0 ? `${path.join(".")}: ${issue.message}` : issue.message;
}
