// Reads an uploaded catalog once and enforces the configured limits on it; each breach is a 413 naming the limit.

import { readCatalog, type CatalogTool, type CatalogWarning } from "../../core/catalog.js";
import { limitExceededMessage, type LimitExceededDetails } from "../../core/catalog-limits.js";
import { collectSchemaText } from "../../core/schema-text.js";
import { ToolsiftError } from "../../errors.js";
import { CATALOG_LIMIT_SETTINGS, type ServiceLimits } from "../http/config.js";
import { ServiceError } from "../http/errors.js";

/** toolsift's LIMIT_EXCEEDED as the service's 413, naming the `TOOLSIFT_*` variable; other errors as they are. */
function asServiceError(error: unknown): unknown {
  if (!ToolsiftError.isInstance(error) || error.code !== "LIMIT_EXCEEDED") return error;
  const details = error.details as unknown as LimitExceededDetails;
  const variable = CATALOG_LIMIT_SETTINGS[details.limit].variable;
  return new ServiceError("LIMIT_EXCEEDED", limitExceededMessage(details, variable), {}, { cause: error });
}

/**
 * Reads the catalog as toolsift does (throwing its 400 errors for a bad catalog) and checks the tool
 * count, each description and title, each name and each input schema against the limits. Returns what
 * it read, for the index.
 */
export function readCatalogWithinLimits(
  catalog: unknown,
  limits: ServiceLimits,
): { tools: CatalogTool[]; warnings: CatalogWarning[] } {
  let read: { tools: CatalogTool[]; warnings: CatalogWarning[] };
  try {
    read = readCatalog(catalog, { limits: limits.catalog });
  } catch (error) {
    throw asServiceError(error);
  }
  const count = read.tools.length;
  if (count > limits.maxCatalogTools) {
    const message = `The catalog has ${count} tools; the limit is ${limits.maxCatalogTools} (TOOLSIFT_MAX_TOOLS).`;
    throw new ServiceError("TOO_MANY_TOOLS", message);
  }
  for (const tool of read.tools) {
    for (const [field, text] of [
      ["description", tool.description],
      ["title", tool.title],
    ] as const) {
      if (text.length > limits.maxDescriptionLength) {
        throw new ServiceError(
          "DESCRIPTION_TOO_LONG",
          `Tool ${JSON.stringify(tool.name.slice(0, 100))}: its ${field} has ${text.length} characters; ` +
            `the limit is ${limits.maxDescriptionLength} (TOOLSIFT_MAX_DESCRIPTION_LENGTH).`,
        );
      }
    }
    // An upload is JSON: every schema is there to read now, as the index will read it.
    if (tool.provider) continue;
    try {
      collectSchemaText(tool.schema, tool.name, limits.catalog);
    } catch (error) {
      throw asServiceError(error);
    }
  }
  return read;
}

/** Rejects a query longer than the limit (rather than ranking a cut version of it). */
export function checkQueryLength(query: string, limits: ServiceLimits): void {
  if (query.length > limits.maxQueryLength) {
    throw new ServiceError(
      "QUERY_TOO_LONG",
      `The query has ${query.length} characters; the limit is ${limits.maxQueryLength} (TOOLSIFT_MAX_QUERY_LENGTH).`,
    );
  }
}
