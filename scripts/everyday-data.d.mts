// Types for everyday-data.mjs (the tests import it too).

export const TURN_KINDS: readonly string[];
export const NO_TOOL_KINDS: readonly string[];

export interface EverydayTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  family: string;
}

export interface EverydayTurn {
  text: string;
  kinds: string[];
  steps: string[][];
  families?: string[];
}

export interface EverydayCatalog {
  id: string;
  source: "written" | "mcp";
  description: string;
  tools: EverydayTool[];
  written: string;
  conversations: { id: string; turns: EverydayTurn[] }[];
}

/** The problems of one catalog, each naming the file and tool. */
export function catalogProblems(catalog: unknown, file: string): string[];

/** The problems of one requests file against its catalog, each naming the file, conversation and turn. */
export function requestProblems(requests: unknown, file: string, catalog: unknown): string[];

/** Reads `dir`'s `catalogs/` and `requests/`; nothing is thrown. */
export function readEverydayData(dir: string): { catalogs: EverydayCatalog[]; problems: string[] };

/** Throws one error listing every problem. */
export function assertValid(problems: readonly string[], dir: string): void;
