// Types for readme-snippets.mjs (imported by test/readme/readme-snippets.test.ts).

/** What one README snippet takes as given: its prelude and the names it imports, and whether the test runs it. */
export interface SnippetEntry {
  /** The snippet's first line, trimmed: how the entry finds its snippet. */
  readonly first: string;
  /** The module under test/readme/preludes/ that declares what the snippet takes as given. */
  readonly prelude: string;
  readonly names: readonly string[];
  /** `true` when the test runs the snippet; otherwise why it is only type-checked. */
  readonly run: true | string;
  /** What the test's run replaces (a model that needs a key, a binding), and why. */
  readonly standIn?: string;
}

export interface GeneratedSnippet {
  readonly file: string;
  /** README.md line of the snippet's first line. */
  readonly line: number;
  readonly entry: SnippetEntry | undefined;
  readonly text: string;
}

export const README: string;
export const GENERATED: string;
export const SNIPPETS: readonly SnippetEntry[];
export function tsBlocks(markdown: string): Array<{ line: number; code: string }>;
export function snippetFile(position: number): string;
export function generatedSnippets(markdown: string): Promise<GeneratedSnippet[]>;
export function staleSnippets(): Promise<GeneratedSnippet[]>;
