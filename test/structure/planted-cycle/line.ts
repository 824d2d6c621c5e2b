// The other half of the planted cycle (see order.ts).

import type { Order } from "./order.js";

export interface Line {
  readonly order: Order;
}
