// A small shop agent's tools (the ai-tool-set README's example), shared by the rules tests.
import { tool } from "ai";
import { z } from "zod";
import type { InferUIMessage } from "../../src/index.js";

export type Order = { orderId: string; status: "fulfilled" | "pending" };

export const orders: Order[] = [
  { orderId: "1000", status: "fulfilled" },
  { orderId: "1001", status: "pending" },
];

export const orderTools = {
  search: tool({
    description: "Search for products",
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => ({ products: [`${query} (blue)`, `${query} (red)`] }),
  }),
  list_orders: tool({
    description: "List orders for a customer",
    inputSchema: z.object({ customerId: z.string() }),
    execute: async () => ({ orders }),
  }),
  cancel_order: tool({
    description: "Cancel an order",
    inputSchema: z.object({ orderId: z.string() }),
    execute: async ({ orderId }) => ({ cancelled: orderId }),
  }),
  get_weather: tool({
    description: "Get the weather forecast for a city",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, forecast: "sunny" }),
  }),
};

/** The UI message typed by these tools: the default message type of `createToolSet({ tools: orderTools })`. */
export type OrderMessage = InferUIMessage<typeof orderTools>;

export const allNames = ["search", "list_orders", "cancel_order", "get_weather"];

/** UI messages in which list_orders returned a pending order. */
export const messagesWithPendingOrder: OrderMessage[] = [
  { id: "m1", role: "user", parts: [{ type: "text", text: "Show me my orders" }] },
  {
    id: "m2",
    role: "assistant",
    parts: [
      {
        type: "tool-list_orders",
        state: "output-available",
        toolCallId: "call-1",
        input: { customerId: "cust-123" },
        output: { orders },
      },
    ],
  },
];

/** True when a list_orders result in `messages` holds an order that is not fulfilled (the README's rule). */
export function hasUnfulfilledOrders(messages: OrderMessage[] | undefined): boolean | undefined {
  return messages?.some((message) =>
    message.parts.some(
      (part) =>
        part.type === "tool-list_orders" &&
        part.state === "output-available" &&
        part.output.orders.some((order) => order.status !== "fulfilled"),
    ),
  );
}
