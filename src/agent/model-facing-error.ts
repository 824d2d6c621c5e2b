// Errors a model reads: the AI SDK hands a failed tool's `error.toString()` to the model, which for a ToolsiftError
// began "ToolsiftError: " before what went wrong. The model should read the message alone.

import { ToolsiftError, type ToolsiftErrorCode } from "../errors.js";

/** A ToolsiftError (same name, code and details) whose text is its message. */
class ModelFacingError extends ToolsiftError {
  override toString(): string {
    return this.message;
  }
}

/** A ToolsiftError that a tool of ours throws to the model (a refusal): its text is its message. */
export function modelFacingError(
  code: ToolsiftErrorCode,
  message: string,
  details: Record<string, unknown>,
): ToolsiftError {
  return new ModelFacingError(code, message, details);
}

/**
 * `run`'s result; a ToolsiftError it throws is thrown as the model should read it (its message alone), any other
 * error as it is. For the `execute` of a tool of ours.
 */
export async function readByTheModel<T>(run: () => T | PromiseLike<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Not `instanceof ModelFacingError`: ToolsiftError's `Symbol.hasInstance` makes that true of every ToolsiftError.
    if (!ToolsiftError.isInstance(error) || Object.getPrototypeOf(error) === ModelFacingError.prototype) throw error;
    throw new ModelFacingError(error.code, error.message, error.details, { cause: error });
  }
}
