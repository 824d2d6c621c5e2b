// Reads an uploaded catalog once and enforces the configured limits on it; each breach is a 413 naming the limit.

import { readCatalog, type CatalogTool, type CatalogWarning } from "../core/catalog.js";
import type { ServiceLimits } from "./config.js";
import { ServiceError } from "./errors.js";

/**
 * Reads the catalog as toolsift does (throwing its 400 errors for a bad catalog) and checks the tool
 * count and each description and title against the limits. Returns what it read, for the index.
 */
export function readCatalogWithinLimits(
  catalog: unknown,
  limits: ServiceLimits,
): { tools: CatalogTool[]; warnings: CatalogWarning[] } {
  const read = readCatalog(catalog);
  const count = read.tools.length;
  if (count > limits.maxTools) {
    const message = `The catalog has ${count} tools; the limit is ${limits.maxTools} (TOOLSIFT_MAX_TOOLS).`;
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
