// The indexed fields of a tool and their BM25F weights: each field is scored on its own, never repeated.

import type { CatalogTool } from "./catalog.js";
import type { CatalogLimits } from "./catalog-limits.js";
import { collectSchemaText } from "./schema-text.js";

export const FIELD_NAMES = [
  "name",
  "description",
  "parameterNames",
  "parameterDescriptions",
  "enumValues",
  "server",
] as const;

/** A field of a tool's indexed text. */
export type FieldName = (typeof FIELD_NAMES)[number];

/** How much one field counts (BM25F). */
export interface FieldWeight {
  /** Multiplies the field's term frequency. Default per field below; range ≥ 0 (0 ignores the field). */
  weight: number;
  /** Length normalisation, 0 (none) to 1 (full). */
  b: number;
}

/**
 * Defaults: a tool's name says most about it, then its parameter names, then its description; the
 * long tail of parameter prose and enum values helps but is noisy.
 */
export const DEFAULT_FIELD_WEIGHTS: Readonly<Record<FieldName, FieldWeight>> = {
  name: { weight: 3, b: 0.5 },
  description: { weight: 1, b: 0.75 },
  parameterNames: { weight: 1.5, b: 0.5 },
  parameterDescriptions: { weight: 0.5, b: 0.75 },
  enumValues: { weight: 0.5, b: 0.5 },
  // The MCP server's name and title (toolsift/mcp): "gitlab" finds gitlab's tools without being a word of their names.
  server: { weight: 1, b: 0 },
};

/** The text of each field of one tool (`server` only for tools with a server: absent reads as empty). */
export type ToolFields = Record<Exclude<FieldName, "server">, string> & { server?: string };

/**
 * Splits a catalog tool into the text of each indexed field (a schema over `limits` is refused: LIMIT_EXCEEDED).
 * `onSubschema` sees each subschema of the input schema, with where it is (`collectSchemaText`).
 */
export function toolFields(
  tool: CatalogTool,
  schema: unknown,
  limits?: CatalogLimits,
  onSubschema?: (subschema: Record<string, unknown>, where: () => string) => void,
): ToolFields {
  const text = collectSchemaText(schema, tool.name, limits, onSubschema);
  // An MCP tool's output schema: what it returns, with the parameter prose (its names are not things to pass).
  const output = tool.outputSchema === undefined ? undefined : collectSchemaText(tool.outputSchema, tool.name, limits);
  const prose =
    output === undefined
      ? text.parameterDescriptions
      : [...text.parameterDescriptions, ...output.parameterNames, ...output.parameterDescriptions];
  const server = tool.server;
  return {
    name: server === undefined ? tool.name : server.toolName,
    description: tool.title.length > 0 ? `${tool.title}\n${tool.description}` : tool.description,
    parameterNames: text.parameterNames.join(" "),
    parameterDescriptions: prose.join("\n"),
    enumValues: text.enumValues.join(" "),
    server: server === undefined ? "" : server.title === undefined ? server.name : `${server.name}\n${server.title}`,
  };
}
