// A storage call that failed (KV, IndexedDB, a file, a user's load/save) as the error toolsift's caches and usage
// stores throw: the code, what was being done and why it failed, the storage's own error as the cause.

import { ToolsiftError } from "../errors.js";
import { errorMessage } from "./error-message.js";

/**
 * `CACHE_READ_FAILED` or `CACHE_WRITE_FAILED` with the message `<doing>: <the cause's message>.` (`doing` names the
 * store and the key, file or namespace: `fileCache could not read /tmp/x`), `details`, and `cause` as its cause.
 */
export function storageFailure(
  code: "CACHE_READ_FAILED" | "CACHE_WRITE_FAILED",
  doing: string,
  details: Record<string, unknown>,
  cause: unknown,
): ToolsiftError {
  return new ToolsiftError(code, `${doing}: ${errorMessage(cause)}.`, details, { cause });
}
