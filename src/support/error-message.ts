// The message of a thrown value, for error texts and events: `error.message` for Errors, else `String(value)`.

/** The message of anything thrown: an Error's `message`, otherwise the value as a string. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
