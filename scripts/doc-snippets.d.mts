// Types for doc-snippets.mjs (imported by test/docs/doc-snippets.test.ts).

/** What one snippet takes as given: its page, its prelude and the names it imports, and whether the test runs it. */
export interface SnippetEntry {
  /** The page that holds the snippet, relative to the repository: `README.md` or `docs/<page>.md`. */
  readonly page: string;
  /** The snippet's first line, trimmed: how the entry finds its snippet in its page. */
  readonly first: string;
  /** The module under test/docs/preludes/ that declares what the snippet takes as given. */
  readonly prelude: string;
  readonly names: readonly string[];
  /** `true` when the test runs the snippet; otherwise why it is only type-checked. */
  readonly run: true | string;
  /** What the test's run replaces (a model that needs a key, a binding), and why. */
  readonly standIn?: string;
}

export interface GeneratedSnippet {
  /** The page the snippet comes from. */
  readonly page: string;
  readonly file: string;
  /** Line of the snippet's first line in its page. */
  readonly line: number;
  readonly entry: SnippetEntry | undefined;
  readonly text: string;
}

export const ROOT: string;
export const GENERATED: string;
export const SNIPPETS: readonly SnippetEntry[];
export function pages(): string[];
export function readPages(): Record<string, string>;
export function tsBlocks(markdown: string): Array<{ line: number; code: string }>;
export function uncheckedCodeBlocks(markdown: string): Array<{ line: number; fence: string }>;
export function snippetFile(page: string, position: number): string;
export function generatedSnippets(texts?: Record<string, string>): Promise<GeneratedSnippet[]>;
export function staleSnippets(): Promise<GeneratedSnippet[]>;
