// The one rule by which an adapter's index follows the tools its host hands it: a new tool joins, a tool no longer
// handed leaves, and a tool whose definition changed under the same name is indexed again (only it is re-embedded).

import { readCatalog, type ToolCatalog, type ToolDefinition } from "../core/catalog.js";
import type { CatalogLimits } from "../core/catalog-limits.js";
import { createSerialQueue } from "../support/serial-queue.js";
import type { CoreToolIndex } from "../tool-index/types.js";
import { canonicalJson } from "./delivery/prefix-hashes.js";

/** What following a tool set changed in the index (names; all empty when nothing did). */
export interface ToolSetChange {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

/** How an adapter's index follows its host's tools. */
export interface ToolSetFollowerOptions {
  /** The tools the index was made from, as the host handed them: the first comparison's baseline. Default: none. */
  readonly initial?: ToolCatalog;
  /**
   * Whether the host hands the whole catalog (the index is the adapter's own): then a change syncs the index to it
   * (`index.sync`, catalog order kept). Otherwise (an index the user made, which may hold tools the host does not
   * hand) only the tools that changed are removed and added, and a tool the index holds but the follower never saw is
   * taken as it is. Default `true`.
   */
  readonly whole?: boolean;
  /** Names followed by something else (an MCP client's own listing): never compared, added or removed here. */
  readonly skip?: (name: string) => boolean;
  readonly limits?: CatalogLimits;
}

/** The fields of a definition its fingerprint is read from, to reuse it while none of them changed. */
const FIELDS = ["title", "description", "inputSchema", "parameters", "input_schema", "function", "server", "type"];
const fingerprints = new WeakMap<object, { fields: unknown[]; print: Promise<string> }>();

/** A tool's definition as the index reads it (title, description, JSON Schema, server): equal iff unchanged. */
function fingerprint(
  name: string,
  entry: unknown,
  asArray: boolean,
  limits: CatalogLimits | undefined,
): Promise<string> {
  const source = entry as Record<string, unknown>;
  const fields = FIELDS.map((field) => source[field]);
  const known = fingerprints.get(source);
  if (known !== undefined && known.fields.every((value, at) => value === fields[at])) return known.print;
  // One tool read alone, in the shape the host handed it (a ToolSet entry or an array definition).
  const [tool] = readCatalog(asArray ? [entry] : { [name]: entry }, { limits }).tools;
  const print = (async () =>
    canonicalJson([
      tool.title,
      tool.description,
      tool.provider,
      tool.server ?? null,
      tool.pendingSchema === undefined ? tool.schema : await tool.pendingSchema,
      tool.outputSchema ?? null,
    ]))();
  fingerprints.set(source, { fields, print });
  return print;
}

/** The definitions of a catalog that is an array (or `{ tools: [...] }`); `undefined` for a ToolSet. */
function definitionList(catalog: ToolCatalog): readonly unknown[] | undefined {
  if (Array.isArray(catalog)) return catalog;
  const { tools } = catalog as { tools?: unknown };
  return Array.isArray(tools) ? tools : undefined;
}

/** A catalog's entries by name, in order: a ToolSet's keys, or each array definition's name. */
function entriesOf(catalog: ToolCatalog): [string, object][] {
  const list = definitionList(catalog);
  if (list === undefined) return Object.entries(catalog as Record<string, object>);
  return list.map((entry) => {
    const { name, function: fn } = entry as { name?: unknown; function?: { name?: unknown } };
    return [String(name ?? fn?.name), entry as object];
  });
}

/**
 * Follows the tools a host hands `index`, one change at a time: `follow(tools)` compares each tool's definition with
 * the one followed before (by name) and updates the index when a tool was added, removed or defined differently.
 */
export function toolSetFollower(
  index: Pick<CoreToolIndex, "toolNames" | "add" | "remove" | "sync">,
  options: ToolSetFollowerOptions = {},
) {
  const { whole = true, skip = () => false, limits } = options;
  const queue = createSerialQueue();
  let seen: Map<string, string> | undefined;

  async function prints(catalog: ToolCatalog): Promise<Map<string, string>> {
    const entries = entriesOf(catalog).filter(([name]) => !skip(name));
    const asArray = definitionList(catalog) !== undefined;
    const read = await Promise.all(entries.map(([name, entry]) => fingerprint(name, entry, asArray, limits)));
    return new Map(entries.map(([name], at) => [name, read[at]]));
  }
  const baseline = options.initial === undefined ? undefined : prints(options.initial);

  return {
    /** Brings the index to `tools` (a ToolSet or an array of definitions, as the host hands them). */
    follow(tools: ToolCatalog): Promise<ToolSetChange> {
      return queue.run(async () => {
        const now = await prints(tools);
        const before = seen ?? (await baseline);
        const inIndex = new Set(index.toolNames);
        // A tool the index holds that was never seen here is taken as it is (an index the user made from it).
        const previous = before ?? new Map([...now].filter(([name]) => inIndex.has(name)));
        const added = [...now.keys()].filter((name) => !previous.has(name) && !inIndex.has(name));
        const changed = [...now.keys()].filter((name) => previous.has(name) && previous.get(name) !== now.get(name));
        const removed = [...previous.keys()].filter((name) => !now.has(name) && inIndex.has(name));
        if (added.length + changed.length + removed.length > 0) {
          if (whole) await index.sync(tools);
          else {
            const leaving = [...removed, ...changed];
            if (leaving.length > 0) await index.remove(leaving);
            const joining = new Set([...added, ...changed]);
            const entries = entriesOf(tools).filter(([name]) => joining.has(name));
            if (entries.length > 0)
              await index.add(
                definitionList(tools) === undefined
                  ? Object.fromEntries(entries)
                  : (entries.map(([, entry]) => entry) as ToolDefinition[]),
              );
          }
        }
        seen = now;
        return { added, changed, removed };
      });
    },
  };
}
