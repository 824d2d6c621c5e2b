// Tool names an option gives that are not among the known ones: refused, each with the known name it most likely meant.

import { ToolsiftError } from "../errors.js";
import { closest } from "./validate-options.js";

/** How many known names an unknown-name message lists when no known name is near the one given. */
const LISTED_NAMES = 8;

/**
 * Throws `UNKNOWN_TOOL` when some of `names` are not in `known`:
 * `<where>: option "<option>" names "email_sned" (did you mean "email_send"?), which is not <what>.` Each unknown name
 * gets its nearest known name; when none is near, the message lists a few known names rather than all of them.
 */
export function refuseUnknownNames(
  where: string,
  option: string,
  names: Iterable<string>,
  known: readonly string[],
  what: string,
): void {
  const knownSet = new Set(known);
  const unknown = [...new Set(names)].filter((name) => !knownSet.has(name));
  if (unknown.length === 0) return;
  const suggestions = unknown.map((name) => closest(name, known));
  const described = unknown.map((name, position) => {
    const suggestion = suggestions[position];
    return JSON.stringify(name) + (suggestion === undefined ? "" : ` (did you mean ${JSON.stringify(suggestion)}?)`);
  });
  const listed =
    suggestions.some((suggestion) => suggestion !== undefined) || known.length === 0
      ? ""
      : ` Known: ${known
          .slice(0, LISTED_NAMES)
          .map((name) => JSON.stringify(name))
          .join(", ")}${known.length > LISTED_NAMES ? ` and ${known.length - LISTED_NAMES} more` : ""}.`;
  throw new ToolsiftError(
    "UNKNOWN_TOOL",
    `${where}: option "${option}" names ${described.join(", ")}, which ${unknown.length === 1 ? "is" : "are"} ` +
      `not ${what}.${listed}`,
    {
      option,
      tool: unknown[0],
      tools: unknown,
      ...(suggestions[0] === undefined ? {} : { suggestion: suggestions[0] }),
    },
  );
}
