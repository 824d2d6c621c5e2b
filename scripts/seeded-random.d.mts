// Types for seeded-random.mjs (the tests import it too).

/** mulberry32: a tiny 32-bit PRNG; returns a function giving floats in [0, 1). */
export function mulberry32(seed: number): () => number;

/** An integer in [0, bound) from a PRNG made by mulberry32. */
export function randomInt(random: () => number, bound: number): number;
