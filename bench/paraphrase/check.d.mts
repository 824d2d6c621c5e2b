// Types for check.mjs (imported by test/paraphrase-set.test.ts).

export interface ParaphraseTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: {
    readonly type: "object";
    readonly properties: Record<string, { readonly description?: string }>;
    readonly required?: readonly string[];
  };
}

export interface ParaphraseQuery {
  readonly query: string;
  readonly expected: string;
  readonly alternatives?: readonly string[];
}

export interface Violation {
  readonly kind:
    "catalog" | "duplicate-tool" | "query" | "missing-tool" | "duplicate-query" | "overlap" | "per-tool-cap";
  readonly message: string;
}

type Tokenize = (text: string) => ReadonlyArray<{ readonly term: string; readonly stop: boolean }>;

export const MAX_QUERIES_PER_TOOL: number;
export const MIN_QUERY_WORDS: number;
export const MAX_QUERY_WORDS: number;
export const MIN_PARAMETERS: number;
export const MAX_PARAMETERS: number;

export function contentTerms(text: string, tokenize: Tokenize): Set<string>;
export function toolText(tool: ParaphraseTool): string;
export function parameterText(tool: ParaphraseTool): string;
export function checkParaphraseSet(
  catalog: readonly ParaphraseTool[],
  queries: readonly ParaphraseQuery[],
  tokenize: Tokenize,
): Violation[];
export function parameterOverlaps(
  catalog: readonly ParaphraseTool[],
  queries: readonly ParaphraseQuery[],
  tokenize: Tokenize,
): { query: string; expected: string; shared: string[] }[];
