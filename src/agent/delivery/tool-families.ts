// Tool families: tools of one MCP server, or tools whose descriptions open with the same sentence (one API's tools).

import type { CatalogTool } from "../../core/catalog.js";
import { descriptionOpening } from "./definition-text.js";

const families = new WeakMap<readonly CatalogTool[], ReadonlyMap<string, readonly string[]>>();

/**
 * The most tools a family may have: a larger group (a 90-tool MCP server) is too broad to join a request whole, so its
 * tools have no family and join one by one as they rank. 24, the stable set's cap before families (a family never
 * outgrows what one set used to hold).
 */
export const MAX_FAMILY_SIZE = 24;

/**
 * A family is also at most this share of the catalog: in a catalog of two 10-tool servers, joining one whole would be
 * half of every tool, no selection at all.
 */
const MAX_FAMILY_SHARE = 1 / 4;

/**
 * Each tool's family, in catalog order, for the tools that have one: the tools of its MCP server (`server.name`), or
 * else the tools whose descriptions share its opening sentence (`descriptionOpening`). A family has at least two tools
 * and at most `MAX_FAMILY_SIZE` and a quarter of the catalog; a tool in none is absent from the map. Made once per
 * catalog.
 */
export function toolFamilies(catalog: readonly CatalogTool[]): ReadonlyMap<string, readonly string[]> {
  let byTool = families.get(catalog);
  if (byTool !== undefined) return byTool;
  const byKey = new Map<string, string[]>();
  for (const tool of catalog) {
    const opening = tool.server === undefined ? descriptionOpening(tool.description) : undefined;
    const key = tool.server !== undefined ? `server\u0000${tool.server.name}` : opening && `opening\u0000${opening}`;
    if (key === undefined) continue;
    const members = byKey.get(key);
    if (members === undefined) byKey.set(key, [tool.name]);
    else members.push(tool.name);
  }
  const result = new Map<string, readonly string[]>();
  const largest = Math.min(MAX_FAMILY_SIZE, Math.floor(catalog.length * MAX_FAMILY_SHARE));
  for (const members of byKey.values()) {
    if (members.length < 2 || members.length > largest) continue;
    for (const name of members) result.set(name, members);
  }
  byTool = result;
  families.set(catalog, byTool);
  return byTool;
}
