// Types for tool-results.mjs (the tests import it too).

export const RESULT_TOKENS: Readonly<{ min: number; max: number }>;

/** The result text of calling `name` with `input`: the same for the same call, 120–300 tokens long. */
export function toolResultText(name: string, input: unknown): string;
