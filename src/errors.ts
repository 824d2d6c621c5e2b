// The one error class toolsift throws: a stable `code` plus the offending tool, field or value.

const marker = Symbol.for("toolsift.error");

/** Every error code toolsift throws (a closed list). Each message names the offending tool, field or value. */
export type ToolsiftErrorCode =
  | "INVALID_CATALOG"
  | "INVALID_TOOL"
  | "DUPLICATE_TOOL"
  | "INVALID_SCHEMA"
  | "LIMIT_EXCEEDED"
  | "INVALID_OPTION"
  | "UNKNOWN_OPTION"
  | "INVALID_QUERY"
  | "INVALID_MESSAGES"
  | "INVALID_USAGE"
  | "UNKNOWN_TOOL"
  | "WASM_LOAD_FAILED"
  | "INVALID_WASM_SOURCE"
  | "WASM_MEMORY_EXHAUSTED"
  | "EMBEDDING_FAILED"
  | "MISSING_DEPENDENCY"
  | "INVALID_CACHE_ENTRY"
  | "CACHE_READ_FAILED"
  | "CACHE_WRITE_FAILED"
  | "INVALID_MODEL_ASSET"
  | "TOOL_CALL_REFUSED";

export class ToolsiftError extends Error {
  readonly [marker] = true;
  override readonly name = "ToolsiftError";
  readonly code: ToolsiftErrorCode;
  readonly details: Record<string, unknown>;

  constructor(
    code: ToolsiftErrorCode,
    message: string,
    details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
    this.details = details;
  }

  /** True for any ToolsiftError, also one created by another copy of the package. */
  static isInstance(error: unknown): error is ToolsiftError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[marker] === true;
  }

  /**
   * `instanceof ToolsiftError` as `isInstance`: true also for an error made by another copy of this module (the
   * package's runtime-specific asset loaders import dist/errors.js itself, the entry points a bundled copy).
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return ToolsiftError.isInstance(value);
  }
}
