// The state of one tool index in named fields: its catalog, the index built over it, and single-flight
// `ready()` / `replace()` so that a build started before a catalog change is never published after it.

import { readCatalog, type CatalogTool } from "../core/catalog.js";
import { buildIndex, type BuiltIndex } from "./built-index.js";
import type { IndexContext } from "./context.js";
import type { PinReason } from "./types.js";
import { UsageGraph } from "../usage/usage-graph.js";
import { addSnapshot } from "../usage/usage-snapshot.js";
import { catalogLinks, type CatalogLinks } from "../usage/catalog-links.js";

export class IndexState {
  /** The catalog in order, provider tools included. */
  catalog: readonly CatalogTool[] = [];
  toolNames: readonly string[] = [];
  /** The catalog's names, for membership checks. */
  private names: ReadonlySet<string> | undefined;
  /** Producer links read from the catalog, made on first need. */
  private linksOfCatalog: CatalogLinks | undefined;
  /** What this index has learnt from the agent's calls (`learn`, a `usage` snapshot). */
  usage = new UsageGraph();
  /** Provider tools: returned with every selection, never ranked. */
  providerPins: readonly { name: string; reason: PinReason }[] = [];
  /** The index over `catalog`, once built. */
  private built: BuiltIndex | undefined;
  /**
   * The index published last, kept across catalog changes until a newer one is published: what a replace carries
   * vectors and embedding failures over from, also when it overlaps one still building.
   */
  private published: BuiltIndex | undefined;
  /** While a replace waits to carry vectors over, the index it carries from (later replaces carry from it too). */
  private carrySource: BuiltIndex | undefined;
  /** The build in flight (or done) for the current catalog. */
  private building: Promise<BuiltIndex> | undefined;
  /** Bumped by every catalog change, so a build started before it is not published after it. */
  private generation = 0;

  /** The catalog's names, for membership checks; made on first need (a plain select never needs it). */
  get nameSet(): ReadonlySet<string> {
    this.names ??= new Set(this.toolNames);
    return this.names;
  }

  constructor(
    private readonly context: IndexContext,
    tools: unknown,
  ) {
    this.setCatalog(this.read(tools));
    const snapshot = context.options.usage;
    if (snapshot !== undefined) this.replaceUsage(snapshot, 'createToolIndex: option "usage"');
  }

  /** The catalog's producer links (computed once per catalog). */
  links(): CatalogLinks {
    this.linksOfCatalog ??= catalogLinks(this.catalog);
    return this.linksOfCatalog;
  }

  /** Replaces what was learnt with `snapshot` (tools outside the catalog dropped); `undefined` forgets it all. */
  replaceUsage(snapshot: unknown, where: string): void {
    const graph = new UsageGraph();
    if (snapshot !== undefined) addSnapshot(graph, snapshot, where, (name) => this.nameSet.has(name));
    this.usage = graph;
  }

  /** Reads and validates a catalog, reporting recoverable oddities. */
  read(input: unknown): CatalogTool[] {
    const { tools, warnings } = readCatalog(input, {
      context: this.context.options.context,
      limits: this.context.options.limits,
    });
    for (const warning of warnings) this.context.options.emit({ type: "catalog-warning", ...warning });
    return tools;
  }

  /** The built index, without an extra await once it exists. */
  current(): BuiltIndex | Promise<BuiltIndex> {
    return this.built ?? this.ready();
  }

  /** Builds the index for the current catalog once; a failed build is not kept, so the next call tries again. */
  ready(): Promise<BuiltIndex> {
    if (this.building === undefined) {
      const started = this.generation;
      this.building = buildIndex(this.context, this.catalog).then(
        (result) => {
          if (started === this.generation) this.built = this.published = result;
          return result;
        },
        (error: unknown) => {
          if (started === this.generation) this.building = undefined;
          throw error;
        },
      );
    }
    return this.building;
  }

  /**
   * Swaps in a new catalog: the index is rebuilt at once if one was built; vectors carry over by text hash from the
   * last published index. A replace overtaken by a newer one before its index is built stops there (the newer one
   * embeds), so overlapping `add`/`sync` calls embed only the latest catalog, and only its new tools.
   */
  async replace(next: CatalogTool[]): Promise<void> {
    // A replace still waiting to carry from its source leaves that source to the next one: its own index holds no
    // vectors yet, so carrying from it would embed the whole catalog again.
    const previous = this.carrySource ?? this.published;
    this.carrySource = previous;
    this.setCatalog(next);
    const generation = ++this.generation;
    this.building = undefined;
    this.built = undefined;
    if (previous === undefined) return;
    const index = await this.ready();
    // The previous index's embedding still in flight is waited for, so that its vectors carry over (a failure is
    // reported by the call that started it, and carried over as failures below).
    await previous.vectors?.settled();
    if (generation !== this.generation) return;
    this.carrySource = undefined;
    const carried = previous.vectors?.ready;
    if (carried !== undefined) await index.vectors?.embedOrReport(carried);
    else if (previous.vectors !== undefined) index.vectors?.inheritFailures(previous.vectors);
  }

  private setCatalog(read: CatalogTool[]): void {
    this.catalog = read;
    this.toolNames = read.map((tool) => tool.name);
    this.names = undefined;
    this.linksOfCatalog = undefined;
    // A tool removed from the catalog takes what was learnt about it along; renamed tools start afresh.
    if (this.usage !== undefined && !this.usage.empty) this.usage.retain(this.nameSet);
    this.providerPins = read.filter((tool) => tool.provider).map((tool) => ({ name: tool.name, reason: "provider" }));
  }
}
