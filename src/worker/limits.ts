// Enforces the configured limits on catalogs and queries; each breach is a 413 with its own code naming the limit.

import { readCatalog } from "../core/catalog.js";
import type { ServiceLimits } from "./config.js";
import { ServiceError } from "./errors.js";

/**
 * Reads the catalog as toolsift will (throwing its 400 errors for a bad catalog) and checks the tool
 * count and each description and title against the limits. Returns the number of tools.
 */
export function checkCatalogLimits(catalog: unknown, limits: ServiceLimits): number {
  const { tools } = readCatalog(catalog);
  if (tools.length > limits.maxTools) {
    throw new ServiceError("TOO_MANY_TOOLS", `The catalog has ${tools.length} tools; the limit is ${limits.maxTools} (TOOLSIFT_MAX_TOOLS).`);
  }
  for (const tool of tools) {
    for (const [field, text] of [["description", tool.description], ["title", tool.title]] as const) {
      if (text.length > limits.maxDescriptionLength) {
        throw new ServiceError(
          "DESCRIPTION_TOO_LONG",
          `Tool ${JSON.stringify(tool.name.slice(0, 100))}: its ${field} has ${text.length} characters; the limit is ${limits.maxDescriptionLength} (TOOLSIFT_MAX_DESCRIPTION_LENGTH).`,
        );
      }
    }
  }
  return tools.length;
}

/** Rejects a query longer than the limit (rather than ranking a cut version of it). */
export function checkQueryLength(query: string, limits: ServiceLimits): void {
  if (query.length > limits.maxQueryLength) {
    throw new ServiceError("QUERY_TOO_LONG", `The query has ${query.length} characters; the limit is ${limits.maxQueryLength} (TOOLSIFT_MAX_QUERY_LENGTH).`);
  }
}
