// Pinned tools (alwaysActive, provider tools) and the documents a selection must not rank.

import type { ToolsiftEvent } from "../events.js";
import { closest } from "../support/validate-options.js";
import type { BuiltIndex } from "./built-index.js";
import type { PinReason } from "./types.js";

export interface Pin {
  readonly name: string;
  readonly reason: PinReason;
}

/** `alwaysActive` names first (each once), then provider tools not already named. */
export function pinnedTools(alwaysActive: readonly string[], providerPins: readonly Pin[]): readonly Pin[] {
  if (alwaysActive.length === 0) return providerPins;
  const pinned = new Map<string, PinReason>();
  for (const name of alwaysActive) if (!pinned.has(name)) pinned.set(name, "alwaysActive");
  for (const { name } of providerPins) if (!pinned.has(name)) pinned.set(name, "provider");
  return [...pinned].map(([name, reason]) => ({ name, reason }));
}

/**
 * Documents that must not rank: pinned tools (they are returned anyway) and tools outside `allowed`;
 * `keep` (explain's tool) is never excluded.
 */
export function excludedDocs(
  index: BuiltIndex,
  pinned: readonly Pin[],
  allowed: ReadonlySet<string> | undefined,
  keep?: number,
): number[] {
  const excluded: number[] = [];
  for (const { name } of pinned) {
    const doc = index.docOf.get(name);
    if (doc !== undefined && doc !== keep) excluded.push(doc);
  }
  if (allowed !== undefined) {
    index.docTools.forEach((tool, doc) => {
      if (!allowed.has(tool.name) && doc !== keep) excluded.push(doc);
    });
  }
  return excluded;
}

/** Per catalog version (its name set): the nearest catalog name of each outside name asked about (`""`: none near). */
const nearestOutside = new WeakMap<ReadonlySet<string>, Map<string, string>>();

/**
 * Reports `alwaysActive` names the catalog lacks that look like a misspelling of one of its tools, as
 * `unknown-tool-names` naming that tool; the selection leaves them out either way (toolpick's rule). A name far from
 * every tool (the search tool, a provider or framework tool an adapter pins) is left out without a report. Each
 * outside name is compared with the catalog once per catalog version (at most 256 names remembered, then forgotten
 * together).
 */
export function reportMisspeltPins(
  emit: (event: ToolsiftEvent) => void,
  query: string,
  alwaysActive: readonly string[],
  names: ReadonlySet<string>,
  toolNames: readonly string[],
): void {
  let nearest = nearestOutside.get(names);
  if (nearest === undefined || nearest.size > 256) nearestOutside.set(names, (nearest = new Map()));
  const misspelt: [string, string][] = [];
  for (const name of alwaysActive) {
    if (names.has(name)) continue;
    let suggestion = nearest.get(name);
    if (suggestion === undefined) nearest.set(name, (suggestion = closest(name, toolNames) ?? ""));
    if (suggestion !== "") misspelt.push([name, suggestion]);
  }
  if (misspelt.length === 0) return;
  emit({
    type: "unknown-tool-names",
    option: "alwaysActive",
    query,
    names: misspelt.map(([name]) => name),
    message:
      `alwaysActive names ${misspelt.map(([name, near]) => `"${name}" (did you mean "${near}"?)`).join(", ")}, ` +
      `which no tool of the catalog is called; left out`,
  });
}
