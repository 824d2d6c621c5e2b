// Types for free-port.mjs (imported by the tests that start a local server).

/** Resolves with a port on 127.0.0.1 that was free when asked (the OS picks it). */
export function freePort(): Promise<number>;
