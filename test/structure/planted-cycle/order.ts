// A type-only import cycle planted for test/structure/layout.test.ts: the detector must find it.

import type { Line } from "./line.js";

export interface Order {
  readonly lines: readonly Line[];
}
