// The app's tools as the model reads them in the conversation (name, description, input JSON Schema).

import { readCatalog, type CatalogTool } from "../../core/catalog.js";
import { keyedMemoizeUntilFailure } from "../../support/memoize-until-failure.js";
import { compactDefinitions, familyOpenings, type DeliveredDefinition } from "./definition-text.js";

export type { DeliveredDefinition } from "./definition-text.js";

/**
 * The definitions of a ToolSet's tools, read once each (a promised schema awaited on first need). A schema that
 * fails to resolve is not kept: the next call reads the tool's schema again.
 */
export class ToolDefinitions {
  private readonly catalog: Map<string, CatalogTool>;
  /** The ToolSet's tools as the catalog reads them, in ToolSet order. */
  readonly tools: readonly CatalogTool[];
  private readonly definitions = keyedMemoizeUntilFailure((name: string) => this.read(name));
  private readonly lines = keyedMemoizeUntilFailure(async (name: string) =>
    JSON.stringify(await this.definitions.get(name)),
  );
  private openings: ReadonlyMap<string, string> | undefined;

  constructor(private readonly toolSet: object) {
    this.tools = readCatalog(toolSet).tools;
    this.catalog = new Map(this.tools.map((tool) => [tool.name, tool]));
  }

  has(name: string): boolean {
    return this.catalog.has(name);
  }

  /** The definition of `name` (a tool of the ToolSet): its description and input JSON Schema. */
  definition(name: string): Promise<DeliveredDefinition> {
    return this.definitions.get(name);
  }

  private async read(name: string): Promise<DeliveredDefinition> {
    const tool = this.catalog.get(name)!;
    let schema: unknown;
    try {
      schema = await (tool.pendingSchema ?? tool.schema);
    } catch (error) {
      // The failed promise is the tool's as read: read the tool again, so that a lazy schema (a function, a getter)
      // is asked anew by the next call.
      const again = readCatalog(this.toolSet).tools.find((candidate) => candidate.name === name);
      if (again !== undefined) {
        // Awaited by the next call; until then a rejection of it is not an unhandled one.
        again.pendingSchema?.then(undefined, () => undefined);
        this.catalog.set(name, again);
      }
      throw error;
    }
    return {
      name,
      description: tool.description,
      inputSchema: withoutSchemaKeyword(schema ?? { type: "object", properties: {} }),
    };
  }

  /**
   * The definitions of `names` as text lines, the same bytes every time for the same `stated`: compact
   * (definition-text.ts; the catalog's shared openings as headings, those in `stated` referred to) or one JSON line per
   * tool, `{"name":…,"description":…,"inputSchema":…}`.
   */
  async text(
    names: readonly string[],
    format: "compact" | "json",
    stated: ReadonlySet<string> = new Set(),
  ): Promise<string[]> {
    if (format === "json") return Promise.all(names.map((name) => this.lines.get(name)));
    this.openings ??= familyOpenings([...this.catalog.values()]);
    return compactDefinitions(await Promise.all(names.map((name) => this.definition(name))), {
      openings: this.openings,
      stated,
    });
  }
}

/** The `$schema` keyword says which draft; the model needs none of it, and it costs tokens on every tool. */
function withoutSchemaKeyword(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || !("$schema" in schema)) return schema;
  const { $schema: _draft, ...rest } = schema as Record<string, unknown>;
  return rest;
}
