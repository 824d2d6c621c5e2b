// Types of scripts/test.mjs (npm test: the static checks beside vitest), for the tests that read it.

/** The npm scripts run beside vitest: every one must pass. */
export const STATIC_CHECKS: readonly string[];

/** Runs the static checks and vitest (with `vitestArguments`) at once; resolves with the names of those that failed. */
export function runGate(vitestArguments: readonly string[]): Promise<string[]>;
