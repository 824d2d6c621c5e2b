// Events toolsift reports through `onEvent`: every fallback and recoverable problem, never silent.

/** Something the index noticed and worked around. */
export type ToolsiftEvent =
  | {
      /** A tool's description or schema could not be read; the tool is indexed without it. */
      readonly type: "catalog-warning";
      readonly tool: string;
      readonly field: string;
      readonly message: string;
      readonly cause?: unknown;
    }
  | {
      /** A query longer than 2,000 characters was cut. */
      readonly type: "query-truncated";
      readonly length: number;
      readonly keptLength: number;
    };
