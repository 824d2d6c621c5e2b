// Building an index over one catalog: resolved schemas, optional enrichment, the keyword index (lazily for
// semantic-only indexes), the query-expansion neighbours, and the tool vectors' owner (catalog-vectors.ts).

import type { PostingsIndex } from "../core/bm25f.js";
import type { CatalogTool } from "../core/catalog.js";
import { toolFields, type ToolFields } from "../core/fields.js";
import { KeywordEngine } from "../core/keyword-engine.js";
import type { SchemaTypeReporter } from "../core/schema-types.js";
import type { CatalogNeighbours } from "../core/word-neighbours.js";
import { WasmArena } from "../wasm/arena.js";
import { instantiateCore } from "../wasm/load-wasm.js";
import type { CatalogVectors } from "./catalog-vectors.js";
import type { IndexContext } from "./context.js";
import type { SemanticEngine } from "../semantic/semantic-engine.js";

/** llm/enrichment.ts's `enrichCatalog`, as the root entry's model stages carry it (model-stages.ts). */
export type CatalogEnrichment = (context: IndexContext, tools: readonly CatalogTool[]) => Promise<Map<string, string>>;

/** query-expansion.ts's `expansionNeighbours`, as the root entry's model stages carry it (model-stages.ts). */
export type ExpansionNeighbours = (
  context: IndexContext,
  postings: PostingsIndex,
  compiled: WebAssembly.Module,
) => Promise<CatalogNeighbours | undefined>;

/** catalog-vectors.ts's constructor, as the root entry's model stages carry it (model-stages.ts). */
export type VectorsOwner = (
  context: IndexContext,
  semantic: SemanticEngine,
  fields: readonly ToolFields[],
) => CatalogVectors;

declare module "./model-stages.js" {
  interface ModelStages {
    /** The owner of the catalog's tool vectors and their embedding state (catalog-vectors.ts). */
    readonly catalogVectors: VectorsOwner;
    /** Query expansion: the catalog's word-vector neighbours, at build (query-expansion.ts). */
    readonly expansionNeighbours: ExpansionNeighbours;
    /** The LLM's descriptions of the catalog's tools, at build (llm/enrichment.ts). */
    readonly enrichCatalog: CatalogEnrichment;
  }
}

export interface BuiltIndex {
  /** The keyword index (built on first use in `strategy: "semantic"`). */
  readonly engine: KeywordEngine;
  /** Whether the keyword index exists yet. */
  readonly hasKeywordIndex: boolean;
  /** Word-vector neighbours of the catalog's words (query expansion), when configured. */
  readonly neighbours: CatalogNeighbours | undefined;
  /** Ranked documents → catalog tools (provider tools are not ranked). */
  readonly docTools: readonly CatalogTool[];
  readonly docOf: ReadonlyMap<string, number>;
  /** The tool vectors and their embedding state (semantic strategies; `undefined` for keyword-only indexes). */
  readonly vectors: CatalogVectors | undefined;
}

/** Awaits promised schemas; one that fails is reported and its tool indexed without parameters. */
async function resolveSchemas(context: IndexContext, docTools: readonly CatalogTool[]): Promise<unknown[]> {
  return Promise.all(
    docTools.map(async (tool) => {
      if (tool.pendingSchema === undefined) return tool.schema;
      try {
        return await tool.pendingSchema;
      } catch (cause) {
        context.options.emit({
          type: "catalog-warning",
          tool: tool.name,
          field: "inputSchema",
          message: `the input schema of tool "${tool.name}" failed to resolve; indexed without parameters`,
          cause,
        });
        return undefined;
      }
    }),
  );
}

export async function buildIndex(context: IndexContext, catalog: readonly CatalogTool[]): Promise<BuiltIndex> {
  const { options } = context;
  const docTools = catalog.filter((tool) => !tool.provider);
  const schemas = await resolveSchemas(context, docTools);
  const compiled = await context.module();
  // Enrichment is a model stage (llm/enrichment.ts): `toolsift/core` has none and bundles none.
  const enriched =
    options.enrichmentModel === undefined
      ? new Map<string, string>()
      : await context.models!.enrichCatalog(context, docTools);
  // Schema types are reported on the first pass only (the lazy keyword index reads the schemas again); by the root.
  const fieldsOf = (types?: SchemaTypeReporter): ToolFields[] =>
    docTools.map((tool, position) => {
      const fields = toolFields(tool, schemas[position], options.limits, types?.(tool.name, options.emit));
      const text = enriched.get(tool.name);
      return text === undefined ? fields : { ...fields, description: `${fields.description}\n${text}` };
    });
  const fields = fieldsOf(context.models?.schemaTypes);
  const specificity = options.wordSpecificity;
  const everyday = options.everydayWords;
  const keywordIndex = () =>
    new KeywordEngine(fieldsOf(), options.keyword, new WasmArena(instantiateCore(compiled)), specificity, everyday);
  // A semantic index ranks by vectors; its keyword index serves only fallbacks and explain, so it is
  // built on first need (from the tools and their schemas, which the catalog holds anyway).
  const lazyKeywords = options.strategy === "semantic" && options.expansion === undefined;
  let engine = lazyKeywords
    ? undefined
    : new KeywordEngine(fields, options.keyword, new WasmArena(instantiateCore(compiled)), specificity, everyday);
  // Query expansion is a model stage (query-expansion.ts): `toolsift/core` has none and bundles none.
  const neighbours =
    options.expansion === undefined
      ? undefined
      : await context.models!.expansionNeighbours(context, engine!.postings, compiled);
  let docOf: Map<string, number> | undefined;
  return {
    get engine() {
      engine ??= keywordIndex();
      return engine;
    },
    get hasKeywordIndex() {
      return engine !== undefined;
    },
    neighbours,
    docTools,
    // Name → document, made on first need (pins, rules, explain): plain selects never look a name up.
    get docOf() {
      docOf ??= new Map(docTools.map((tool, position) => [tool.name, position]));
      return docOf;
    },
    vectors:
      context.semantic === undefined ? undefined : context.models!.catalogVectors(context, context.semantic, fields),
  };
}
