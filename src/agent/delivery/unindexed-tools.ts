// A delivery's refusal of tools the index does not know: no search or turn could ever deliver them.

import { ToolsiftError } from "../../errors.js";

/** How many missing tools the message names before "and N more". */
const LISTED = 10;

/**
 * Throws `UNKNOWN_TOOL` naming the tools of `names` that are neither in the index (`indexed`) nor sent in full
 * (`sentInFull`: `alwaysActive`, provider tools): a search could never load them, and a call to one through the
 * delivery's dispatcher would fail with "there is no tool named …".
 */
export function refuseUnindexedTools(
  where: string,
  indexed: readonly string[],
  names: readonly string[],
  sentInFull: (name: string) => boolean,
): void {
  const known = new Set(indexed);
  const missing = names.filter((name) => !known.has(name) && !sentInFull(name));
  if (missing.length === 0) return;
  const listed = missing.slice(0, LISTED).map((name) => JSON.stringify(name));
  const more = missing.length > LISTED ? ` and ${missing.length - LISTED} more` : "";
  const them = missing.length === 1 ? "it" : "them";
  throw new ToolsiftError(
    "UNKNOWN_TOOL",
    `${where}: tools has ${listed.join(", ")}${more}, which the index does not know, so no search could ever load ` +
      `${them}: index ${them} (createToolIndex(tools), index.add) or send ${them} in full with alwaysActive.`,
    { tool: missing[0], tools: missing },
  );
}
