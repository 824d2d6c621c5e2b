// The bounds on every text a catalog carries (names, parameter text, enum values, schema shape), with their defaults.

import { ToolsiftError } from "../errors.js";

/** Bounds on what one tool may carry; a tool over any of them is refused with `LIMIT_EXCEEDED`. */
export interface CatalogLimits {
  /** Characters of a tool's name. */
  readonly nameLength: number;
  /** Characters of one property name in an input schema. */
  readonly parameterNameLength: number;
  /** Characters of one `description` or `title` inside an input schema. */
  readonly parameterDescriptionLength: number;
  /** Characters of one `enum` or `const` value. */
  readonly enumValueLength: number;
  /** `enum` and `const` values in one tool's schema, all together. */
  readonly enumValues: number;
  /** Nesting of subschemas (properties, items, anyOf, a followed `$ref`...) below the root. */
  readonly schemaDepth: number;
  /** Subschemas walked in one tool's schema (each property, item, branch and followed `$ref` counts). */
  readonly schemaNodes: number;
  /** Characters of all the text one tool's schema gives the index: parameter names, descriptions, enum values. */
  readonly schemaTextLength: number;
}

/**
 * Defaults: far above real catalogs (MCP asks for names of at most 128 characters; large generated schemas have a few
 * hundred properties) and low enough that a hostile or broken catalog cannot cost more than it is worth to search.
 */
export const DEFAULT_CATALOG_LIMITS: CatalogLimits = {
  nameLength: 256,
  parameterNameLength: 256,
  parameterDescriptionLength: 16_384,
  enumValueLength: 1_024,
  enumValues: 10_000,
  schemaDepth: 32,
  schemaNodes: 10_000,
  schemaTextLength: 1_000_000,
};

/** The largest value each limit may be set to (the walk is recursive: depth stays well inside the stack). */
export const CATALOG_LIMIT_MAXIMUMS: CatalogLimits = {
  nameLength: 16 * 1024 * 1024,
  parameterNameLength: 16 * 1024 * 1024,
  parameterDescriptionLength: 16 * 1024 * 1024,
  enumValueLength: 16 * 1024 * 1024,
  enumValues: 10_000_000,
  schemaDepth: 1_000,
  schemaNodes: 10_000_000,
  schemaTextLength: 256 * 1024 * 1024,
};

export type CatalogLimitName = keyof CatalogLimits;

export const CATALOG_LIMIT_NAMES = Object.keys(DEFAULT_CATALOG_LIMITS) as CatalogLimitName[];

/** The field each limit applies to and the unit it counts in, for messages. */
const LIMIT_FIELD_AND_UNIT: Record<CatalogLimitName, { field: string; unit: string }> = {
  nameLength: { field: "name", unit: "characters" },
  parameterNameLength: { field: "parameter name", unit: "characters" },
  parameterDescriptionLength: { field: "parameter description", unit: "characters" },
  enumValueLength: { field: "enum value", unit: "characters" },
  enumValues: { field: "input schema", unit: "enum values" },
  schemaDepth: { field: "input schema", unit: "levels of nesting" },
  schemaNodes: { field: "input schema", unit: "subschemas" },
  schemaTextLength: { field: "input schema", unit: "characters of text" },
};

/** What a `LIMIT_EXCEEDED` error carries in `details`. */
export interface LimitExceededDetails {
  /** The tool's name (its first 100 characters), or its position when the name is what is too long. */
  readonly tool: string;
  /** The field over the limit: `name`, `parameter name`, `parameter description`, `enum value` or `input schema`. */
  readonly field: string;
  /** Where in the input schema (`properties.filters.items`), when the field is inside it. */
  readonly path: string | undefined;
  readonly limit: CatalogLimitName;
  readonly max: number;
  /** How much there was (at least; counting stops at the first value over the limit). */
  readonly actual: number;
}

/** The message for a breach; `setting` says where the limit is set (`createToolIndex option "catalog.limits.x"`). */
export function limitExceededMessage(details: LimitExceededDetails, setting: string): string {
  const { unit } = LIMIT_FIELD_AND_UNIT[details.limit];
  const where = details.path === undefined || details.path === "" ? "" : ` at ${details.path}`;
  return (
    `Tool ${details.tool}: its ${details.field}${where} has ${details.actual} ${unit}; ` +
    `the limit is ${details.max} (${setting}).`
  );
}

/** The tool as messages name it: its name, quoted and cut to 100 characters. */
export function quotedToolName(name: string): string {
  return JSON.stringify(name.length > 100 ? `${name.slice(0, 100)}…` : name);
}

/** Throws `LIMIT_EXCEEDED` naming the tool, the field and the `limits` option to raise. */
export function limitExceeded(
  tool: string,
  limit: CatalogLimitName,
  max: number,
  actual: number,
  path?: string,
  field: string = LIMIT_FIELD_AND_UNIT[limit].field,
): never {
  const details: LimitExceededDetails = { tool, field, path, limit, max, actual };
  throw new ToolsiftError(
    "LIMIT_EXCEEDED",
    limitExceededMessage(details, `createToolIndex option "catalog.limits.${limit}"`),
    details as unknown as Record<string, unknown>,
  );
}
