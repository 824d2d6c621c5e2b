// Usage graphs as versioned JSON snapshots: written by `index.usage()`, read by `createToolIndex(tools, { usage })`,
// added together by `mergeUsage`. Only tool names, counts and hashed term ids are stored.

import { ToolsiftError } from "../errors.js";
import { describeValue } from "../support/describe-value.js";
import { addLink, DEFAULT_USAGE_LIMITS, linkList, pruneTerms, UsageGraph, type LinkList } from "./usage-graph.js";
import { decodeRow, encodeRow, type Row, type SnapshotRows, TERM_DIGITS, toolDigits } from "./snapshot-rows.js";

export const USAGE_FORMAT = "toolsift-usage";
/** The version `index.usage()` writes; version 1 snapshots are still read. */
export const USAGE_VERSION = 2;

/**
 * A usage graph as JSON, as `index.usage()` writes it (version 2). Each link list is one string: its total in
 * decimal, ":", then fixed-width base-64 digits (`A–Z a–z 0–9 - _`): the key (a tool's position in `tools`, as many
 * digits as the tool count needs; a term's 32-bit hash in 6), then per link the target tool's position and its
 * share in thousandths of the total (2 digits). `total` is the list's weight in units of one observation at the
 * time of the snapshot (older ones have decayed). Lists hold at most the caps' strongest links.
 */
export interface CompactUsageSnapshot {
  readonly format: typeof USAGE_FORMAT;
  readonly version: 2;
  /** Conversations learnt. */
  readonly conversations: number;
  /** Tool names; every other field refers to them by position. */
  readonly tools: readonly string[];
  /** How often each tool started a turn (no key). */
  readonly starts: string;
  /** Per tool, the tools that followed it. */
  readonly next: readonly string[];
  /** Per tool, the tools used in the same turn. */
  readonly together: readonly string[];
  /** Per hashed query term, the tools its turns called. */
  readonly terms: readonly string[];
}

/** A usage snapshot as index.usage() wrote it: version 2, or version 1 (before 0.x; still read, never written). */
export type UsageSnapshot = CompactUsageSnapshot | UsageSnapshotV1;

/**
 * Version 1: links as flat arrays of decimal numbers, `[key, total, to, share, to, share, ...]` (the same numbers
 * version 2 writes as digits).
 */
export interface UsageSnapshotV1 {
  readonly format: typeof USAGE_FORMAT;
  readonly version: 1;
  /** Conversations learnt. */
  readonly conversations: number;
  /** Tool names; every other field refers to them by position. */
  readonly tools: readonly string[];
  /** `[total, tool, weight, tool, weight, ...]`: how often each tool started a turn. */
  readonly starts: readonly number[];
  /** Per tool, the tools that followed it: `[tool, total, to, weight, ...]`. */
  readonly next: readonly (readonly number[])[];
  /** Per tool, the tools used in the same turn. */
  readonly together: readonly (readonly number[])[];
  /** Per hashed query term, the tools its turns called: `[term, total, tool, weight, ...]`. */
  readonly terms: readonly (readonly number[])[];
}

/** A total with 4 significant digits (what probabilities need), as a short JSON number. */
const total4 = (value: number) => Number(value.toPrecision(4));

/**
 * The graph as a snapshot (in today's units: every weight divided by the current observation weight). `where` names
 * the caller in the error when a value is out of bounds.
 */
export function toSnapshot(graph: UsageGraph, where = "usage()"): CompactUsageSnapshot {
  const scale = 1 / graph.unit;
  const { maxLinks, maxTermTools, maxTerms } = graph.limits;
  const tools: string[] = [];
  const ids = new Map<string, number>();
  const id = (name: string) => {
    let known = ids.get(name);
    if (known === undefined) {
      known = tools.length;
      tools.push(name);
      ids.set(name, known);
    }
    return known;
  };
  // Lists are cut to their caps here (in memory they may run to 1.5 × the cap between prunings), and each weight
  // is written in thousandths of its list's total: 1–4 digits instead of a float.
  const flat = (list: LinkList, key: number[], cap: number) => {
    const row = [...key, total4(list.total * scale)];
    const strongest = [...list.links].sort((a, b) => b[1] - a[1]).slice(0, cap);
    for (const [to, weight] of strongest) {
      row.push(id(to), Math.max(1, Math.round((weight / list.total) * 1000)));
    }
    return row;
  };
  const perTool = (map: Map<string, LinkList>) => [...map].map(([name, list]) => flat(list, [id(name)], maxLinks));
  const terms = [...graph.terms].sort((a, b) => b[1].total - a[1].total).slice(0, maxTerms);
  const starts = flat(graph.starts, [], Infinity);
  const next = perTool(graph.next);
  const together = perTool(graph.together);
  const termRows = terms.map(([term, list]) => flat(list, [term], maxTermTools));
  // Checked as a load checks them, so what is written can be read back (a merge can sum past the bounds).
  checkConversations(where, graph.conversations);
  checkRows(where, { starts, next, together, terms: termRows });
  // Encoded last: the digits per tool depend on how many tools the rows named.
  const digits = toolDigits(tools.length);
  const encode = (rows: Row[]) => rows.map((row) => encodeRow(row, digits, digits));
  return {
    format: USAGE_FORMAT,
    version: USAGE_VERSION,
    conversations: graph.conversations,
    tools,
    starts: encodeRow(starts, 0, digits),
    next: encode(next),
    together: encode(together),
    terms: termRows.map((row) => encodeRow(row, TERM_DIGITS, digits)),
  };
}

/**
 * The link lists of a snapshot of either version as version 1's number rows, or undefined when they are malformed
 * (rows of the wrong type or, in version 2, strings that are not rows).
 */
export function snapshotRows(snapshot: UsageSnapshot): SnapshotRows | undefined {
  const { tools, next, together, terms } = snapshot as Partial<UsageSnapshot>;
  if (!Array.isArray(tools) || !Array.isArray(next) || !Array.isArray(together) || !Array.isArray(terms)) {
    return undefined;
  }
  if (snapshot.version === 1) {
    const rows = [snapshot.starts, ...snapshot.next, ...snapshot.together, ...snapshot.terms];
    return rows.every((row) => Array.isArray(row)) ? (snapshot as unknown as SnapshotRows) : undefined;
  }
  const digits = toolDigits(tools.length);
  const decode = (list: readonly unknown[], keyDigits: number) => list.map((row) => decodeRow(row, keyDigits, digits));
  const starts = decodeRow(snapshot.starts, 0, digits);
  const decoded = { next: decode(next, digits), together: decode(together, digits), terms: decode(terms, TERM_DIGITS) };
  const complete = (rows: (Row | undefined)[]): rows is Row[] => rows.every((row) => row !== undefined);
  if (starts === undefined || !complete(decoded.next) || !complete(decoded.together) || !complete(decoded.terms)) {
    return undefined;
  }
  return { starts, next: decoded.next, together: decoded.together, terms: decoded.terms };
}

function invalid(where: string, message: string): never {
  throw new ToolsiftError("INVALID_USAGE", `${where}: ${message}`, {});
}

/** Reads a snapshot into `graph` (adding to what it holds), keeping only tools `known` accepts. */
export function addSnapshot(graph: UsageGraph, value: unknown, where: string, known?: (name: string) => boolean): void {
  const snapshot = value as Partial<UsageSnapshot> | null;
  if (typeof snapshot !== "object" || snapshot === null || snapshot.format !== USAGE_FORMAT) {
    invalid(
      where,
      `expected a usage snapshot ({ format: "${USAGE_FORMAT}", ... } from index.usage()), got ${describeValue(value)}.`,
    );
  }
  if (snapshot.version !== USAGE_VERSION && snapshot.version !== 1) {
    invalid(
      where,
      `usage snapshot version ${String(snapshot.version)} is not supported (this toolsift reads versions 1 and ${USAGE_VERSION}).`,
    );
  }
  const tools = snapshot.tools;
  const decoded = snapshotRows(snapshot as UsageSnapshot);
  const rows = decoded === undefined ? [] : [decoded.starts, ...decoded.next, ...decoded.together, ...decoded.terms];
  if (
    decoded === undefined ||
    !Array.isArray(tools) ||
    tools.some((name) => typeof name !== "string") ||
    typeof snapshot.conversations !== "number" ||
    rows.some((row) => !Array.isArray(row) || row.some((n) => typeof n !== "number" || !Number.isFinite(n) || n < 0))
  ) {
    invalid(where, "the usage snapshot is malformed (fields tools, starts, next, together, terms, conversations).");
  }
  checkConversations(where, snapshot.conversations);
  checkRows(where, decoded);
  const name = (index: number) => {
    const tool = tools[index];
    if (tool === undefined)
      invalid(where, `the usage snapshot refers to tool #${index}, but lists ${tools.length} tools.`);
    return known === undefined || known(tool) ? tool : undefined;
  };
  const unit = graph.unit;
  const readInto = (list: LinkList, row: readonly number[], from: number, cap: number) => {
    const total = row[from] * unit;
    list.total += total;
    for (let i = from + 1; i + 1 < row.length; i += 2) {
      const to = name(row[i]);
      if (to !== undefined) addLink(list, to, (row[i + 1] / 1000) * total, cap);
    }
    list.links.keepHeaviest(cap);
  };
  const { maxLinks, maxTermTools, maxTerms } = graph.limits;
  readInto(graph.starts, decoded.starts, 0, Infinity);
  for (const [map, list] of [
    [graph.next, decoded.next],
    [graph.together, decoded.together],
  ] as const) {
    for (const row of list) {
      const from = name(row[0]);
      if (from !== undefined) readInto(linkList(map, from), row, 1, maxLinks);
    }
  }
  for (const row of decoded.terms) {
    const list = linkList(graph.terms, row[0]);
    readInto(list, row, 1, maxTermTools);
    if (list.links.size === 0) graph.terms.delete(row[0]);
  }
  if (graph.terms.size > maxTerms) pruneTerms(graph.terms, maxTerms);
  graph.conversations += snapshot.conversations!;
}

/**
 * Adds usage snapshots together (from several processes, workers or days) into one: counts summed, each link list
 * cut to the strongest again. Each snapshot's weights are in its own "today" units; merging treats them as equal.
 */
export function mergeUsage(...snapshots: readonly UsageSnapshot[]): CompactUsageSnapshot {
  const graph = new UsageGraph(DEFAULT_USAGE_LIMITS);
  snapshots.forEach((snapshot, position) => addSnapshot(graph, snapshot, `mergeUsage: snapshot ${position}`));
  return toSnapshot(graph, "mergeUsage");
}

// The values a usage snapshot may hold, checked when one is read and before one is written, so that a hostile or
// overflowing snapshot is refused by name instead of being saved as something no later load can read.

/**
 * The largest total a link list may carry, in observations: far above any real usage (a million conversations a day
 * for a thousand years is under 10¹²), far below where sums lose precision or overflow.
 */
export const MAX_USAGE_TOTAL = 1e12;
/** A link's share of its list, in thousandths. */
const MAX_SHARE = 1000;

function refuse(where: string, field: string, expected: string, value: unknown): never {
  throw new ToolsiftError(
    "INVALID_USAGE",
    `${where}: the usage snapshot's "${field}" must be ${expected}, got ${describeValue(value)}.`,
    { field, value },
  );
}

/** `conversations`: an integer ≥ 0 (a count). */
export function checkConversations(where: string, value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    refuse(where, "conversations", "an integer ≥ 0", value);
  return value;
}

/** Each list's total (≤ MAX_USAGE_TOTAL) and each share (≤ 1000 thousandths) of decoded rows. */
export function checkRows(where: string, rows: SnapshotRows): void {
  const check = (field: string, row: Row, from: number) => {
    if (!(row[from] <= MAX_USAGE_TOTAL)) refuse(where, field, `a total ≤ ${MAX_USAGE_TOTAL}`, row[from]);
    for (let i = from + 2; i < row.length; i += 2) {
      if (row[i] > MAX_SHARE) refuse(where, field, `shares ≤ ${MAX_SHARE} (thousandths of the total)`, row[i]);
    }
  };
  check("starts", rows.starts, 0);
  for (const name of ["next", "together", "terms"] as const) {
    rows[name].forEach((row, position) => check(`${name}[${position}]`, row, 1));
  }
}
