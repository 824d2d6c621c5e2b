// MCP tool annotations (readOnlyHint, destructiveHint, idempotentHint, openWorldHint) and the filter that reads them.

import { booleanOption, knownOptions } from "../support/validate-options.js";

/** The hints an MCP server may set on a tool (`annotations`), as the server gave them. */
export interface McpToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
}

/**
 * Which tools to keep by their hints (`catalog.names(filter)`, then `select(query, { allowedTools })`). Each given
 * field must equal the tool's hint. A hint the server did not set counts as the MCP specification's default
 * (`readOnlyHint` false, `destructiveHint` true, `idempotentHint` false, `openWorldHint` true): a tool of a server that
 * sets no annotations is never taken for read-only or non-destructive. That is the policy for unannotated servers.
 */
export interface AnnotationFilter {
  /** Keep tools whose `readOnlyHint` is this (default when unset: false). */
  readonly readOnly?: boolean;
  /** Keep tools whose `destructiveHint` is this (default when unset: true; read-only tools are never destructive). */
  readonly destructive?: boolean;
  /** Keep tools whose `idempotentHint` is this (default when unset: false). */
  readonly idempotent?: boolean;
  /** Keep tools whose `openWorldHint` is this (default when unset: true). */
  readonly openWorld?: boolean;
}

const FILTER_KEYS = ["readOnly", "destructive", "idempotent", "openWorld"] as const;

/** Reads `annotations` from a tools/list entry: the boolean hints and the title, anything else dropped. */
export function readAnnotations(value: unknown): McpToolAnnotations | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const given = value as Record<string, unknown>;
  const read: Record<string, unknown> = {};
  if (typeof given.title === "string") read.title = given.title;
  for (const hint of ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]) {
    if (typeof given[hint] === "boolean") read[hint] = given[hint];
  }
  return read as McpToolAnnotations;
}

/** A tool's hints with the specification's defaults filled in (`destructiveHint` is meaningless when read-only). */
export function effectiveHints(annotations: McpToolAnnotations | undefined): Required<AnnotationFilter> {
  const readOnly = annotations?.readOnlyHint ?? false;
  return {
    readOnly,
    destructive: readOnly ? false : (annotations?.destructiveHint ?? true),
    idempotent: annotations?.idempotentHint ?? false,
    openWorld: annotations?.openWorldHint ?? true,
  };
}

/** Checks a filter given to `names`: an object of the four keys, each a boolean or absent. */
export function checkFilter(filter: unknown): AnnotationFilter {
  const given = knownOptions("names", filter, FILTER_KEYS, "filter") ?? {};
  for (const key of FILTER_KEYS) booleanOption("names", `filter.${key}`, given[key], false);
  return given as AnnotationFilter;
}

/** Whether a tool with `annotations` passes `filter`. */
export function matchesFilter(annotations: McpToolAnnotations | undefined, filter: AnnotationFilter): boolean {
  const hints = effectiveHints(annotations);
  return FILTER_KEYS.every((key) => filter[key] === undefined || filter[key] === hints[key]);
}
