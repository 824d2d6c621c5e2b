// Types for free-port.mjs (imported by the tests that start a local server).

/** Resolves with a port on 127.0.0.1 that was free when asked, drawn below the OS's range for port 0. */
export function freePort(): Promise<number>;
