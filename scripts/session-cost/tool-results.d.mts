// Types for tool-results.mjs (the tests import it too).

export const RESULT_TOKENS: Readonly<{ min: number; max: number }>;

/** The result text of calling `name` with `input`: the same for the same call, `range` tokens long (120–300). */
export function toolResultText(name: string, input: unknown, range?: Readonly<{ min: number; max: number }>): string;

/** A system prompt of about `tokens` tokens, the same in every row and run ("" for 0). */
export function systemPromptText(tokens: number): string;
