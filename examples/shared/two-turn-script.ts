// The script of the framework examples' stand-in model (examples/openai-agents, examples/mastra): for each model call
// in order, a tool to call (made only when the call offers it, as a real model would) or a text answer. Two user turns:
// a weather question, then a duplicate Stripe charge to refund.

export type ScriptedTurn = { call: string; input: Record<string, unknown> } | { text: string };

export const twoTurnScript: ScriptedTurn[] = [
  { call: "weather_forecast", input: { city: "Lisbon", days: 3 } },
  { text: "Lisbon: sunny, 24°C highs." },
  { call: "stripe_list_charges", input: { limit: 10 } },
  { call: "stripe_create_refund", input: { charge: "ch_2" } },
  { text: "Refunded the duplicate charge ch_2." },
];
