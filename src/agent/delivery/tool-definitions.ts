// The app's tools as the model reads them in the conversation (name, description, input JSON Schema).

import { readCatalog, type CatalogTool } from "../../core/catalog.js";
import { compactDefinitions, familyOpenings, type DeliveredDefinition } from "./definition-text.js";

export type { DeliveredDefinition } from "./definition-text.js";

/** The definitions of a ToolSet's tools, read once each (a promised schema awaited on first need). */
export class ToolDefinitions {
  private readonly catalog: ReadonlyMap<string, CatalogTool>;
  private readonly definitions = new Map<string, Promise<DeliveredDefinition>>();
  private readonly lines = new Map<string, Promise<string>>();
  private openings: ReadonlyMap<string, string> | undefined;

  constructor(tools: object) {
    this.catalog = new Map(readCatalog(tools).tools.map((tool) => [tool.name, tool]));
  }

  has(name: string): boolean {
    return this.catalog.has(name);
  }

  /** The definition of `name` (a tool of the ToolSet): its description and input JSON Schema. */
  definition(name: string): Promise<DeliveredDefinition> {
    let definition = this.definitions.get(name);
    if (definition === undefined) {
      const tool = this.catalog.get(name)!;
      definition = Promise.resolve(tool.pendingSchema ?? tool.schema).then((schema) => ({
        name,
        description: tool.description,
        inputSchema: withoutSchemaKeyword(schema ?? { type: "object", properties: {} }),
      }));
      this.definitions.set(name, definition);
    }
    return definition;
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
    if (format === "json") return Promise.all(names.map((name) => this.line(name)));
    this.openings ??= familyOpenings([...this.catalog.values()]);
    return compactDefinitions(await Promise.all(names.map((name) => this.definition(name))), {
      openings: this.openings,
      stated,
    });
  }

  private line(name: string): Promise<string> {
    let line = this.lines.get(name);
    if (line === undefined) {
      line = this.definition(name).then((definition) => JSON.stringify(definition));
      this.lines.set(name, line);
    }
    return line;
  }
}

/** The `$schema` keyword says which draft; the model needs none of it, and it costs tokens on every tool. */
function withoutSchemaKeyword(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || !("$schema" in schema)) return schema;
  const { $schema: _draft, ...rest } = schema as Record<string, unknown>;
  return rest;
}
