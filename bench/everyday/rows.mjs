// The everyday bench's rows (each a delivery or a library as a user would set it up) and how one conversation is run
// through real AI SDK `generateText` loops with the scripted model, turn by turn; plus the `select` row, first step
// only.
import { generateText, isStepCount, jsonSchema, tool } from "ai";
import { plainBm25PrepareStep } from "./plain-bm25.mjs";
import { createEverydayModel } from "./scripted-model.mjs";

/** Row keys in report order. `ranked`: the prepareStep's activeTools come in ranked order (absurd top-1 is read). */
export const ROWS = Object.freeze([
  { key: "default", label: "toolsift `prepareStep()` (default)", toolsift: true, loop: true, ranked: false },
  {
    key: "per-step",
    label: "toolsift `prepareStep({ stableTools: false })`",
    toolsift: true,
    loop: true,
    ranked: true,
  },
  { key: "in-conversation", label: "toolsift `inConversation(tools)`", toolsift: true, loop: true, ranked: false },
  {
    key: "deferred",
    label: 'toolsift `deferredTools(tools, { provider: "anthropic" })`',
    toolsift: true,
    loop: true,
    ranked: false,
  },
  {
    key: "select",
    label: "toolsift `select(text, { messages })` (first step)",
    toolsift: true,
    loop: false,
    ranked: true,
  },
  { key: "toolpick", label: "toolpick 0.4.0 `prepareStep()`", toolsift: false, loop: true, ranked: true },
  { key: "bm25", label: "plain BM25 top 5 `prepareStep`", toolsift: false, loop: true, ranked: true },
  { key: "all", label: "all tools", toolsift: false, loop: true, ranked: false },
]);

/** What a tool returns: small, deterministic JSON. */
const toolResult = (name, input) => ({ ok: true, tool: name, id: `r-${JSON.stringify(input ?? {}).length}` });

/** The catalog as an AI SDK ToolSet (JSON Schemas through `jsonSchema`, each tool executing). */
export function toToolSet(catalog) {
  const tools = {};
  for (const entry of catalog.tools)
    tools[entry.name] = tool({
      description: entry.description,
      inputSchema: jsonSchema(entry.inputSchema),
      execute: async (input) => toolResult(entry.name, input),
    });
  return tools;
}

/** Wraps a prepareStep so the scripted model learns the order of the activeTools it returned (ranked rows). */
function recordingOrder(prepareStep, model, ranked) {
  return async (options) => {
    const result = await prepareStep(options);
    model.setOrder(ranked ? result?.activeTools : undefined);
    return result;
  };
}

/**
 * What a loop row spreads into generateText: `{ tools, prepareStep? }`, or a string saying why the row does not
 * apply to this build. `setup`: `{ toolsift, toolpick, index, toolSet, catalog }`.
 */
export function deliveryOf(row, setup) {
  const { index, toolSet, catalog } = setup;
  switch (row.key) {
    case "default":
      return { tools: toolSet, prepareStep: index.prepareStep() };
    case "per-step":
      return { tools: toolSet, prepareStep: index.prepareStep({ stableTools: false }) };
    case "in-conversation":
      if (typeof index.inConversation !== "function") return "n/a (no inConversation in this build)";
      return index.inConversation(toolSet);
    case "deferred":
      if (typeof index.deferredTools !== "function") return "n/a (no deferredTools in this build)";
      return index.deferredTools(toolSet, { provider: "anthropic" });
    case "toolpick":
      return { tools: toolSet, prepareStep: setup.toolpickIndex.prepareStep() };
    case "bm25":
      return { tools: toolSet, prepareStep: plainBm25PrepareStep(catalog.tools) };
    case "all":
      return { tools: toolSet };
    default:
      throw new Error(`everyday: no delivery for row "${row.key}"`);
  }
}

/** Checks that every call the SDK ran was of a tool its request offered (or a meta-tool): a second guard. */
function assertCallsOffered(result, requests, where) {
  result.steps.forEach((step, s) => {
    const offered = new Set(requests[s]?.offered ?? []);
    for (const call of step.toolCalls)
      if (call.toolName !== "call_tool" && call.toolName !== "search_tools" && !offered.has(call.toolName))
        throw new Error(`everyday: ${where}: the model called "${call.toolName}", which step ${s + 1} did not offer`);
  });
}

/**
 * Runs one conversation through `delivery` (generateText per user turn, earlier turns' messages carried): per turn
 * `{ requests, steps }` as the scripted model recorded them.
 */
export async function runConversation(conversation, catalog, delivery, row) {
  const model = createEverydayModel(catalog.tools);
  const prepareStep =
    delivery.prepareStep === undefined ? undefined : recordingOrder(delivery.prepareStep, model, row.ranked);
  const messages = [];
  const turns = [];
  for (const [t, turn] of conversation.turns.entries()) {
    messages.push({ role: "user", content: turn.text });
    model.startTurn(turn);
    const result = await generateText({
      model: model.model,
      tools: delivery.tools,
      ...(prepareStep === undefined ? {} : { prepareStep }),
      messages,
      stopWhen: isStepCount(turn.steps.length * 2 + 3),
      maxRetries: 0,
    });
    const record = model.finishTurn();
    // Tool calls that failed (a refused call_tool, an input the tool's schema rejects): counted, not hidden.
    record.toolErrors = result.steps.flatMap((step) =>
      step.content.filter((part) => part.type === "tool-error"),
    ).length;
    assertCallsOffered(result, record.requests, `${row.key}, ${conversation.id} turn ${t + 1}`);
    turns.push(record);
    messages.push(...result.responseMessages);
  }
  return turns;
}

/** The conversation as if every expected call was made: AI SDK messages per turn (for the `select` row). */
function expectedHistory(turn, t) {
  const messages = [];
  turn.steps.forEach((step, s) => {
    const toolCallId = `call_${t}_${s}`;
    const toolName = step[0];
    messages.push(
      { role: "assistant", content: [{ type: "tool-call", toolCallId, toolName, input: {} }] },
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId, toolName, output: { type: "json", value: toolResult(toolName, {}) } },
        ],
      },
    );
  });
  messages.push({
    role: "assistant",
    content: [{ type: "text", text: turn.steps.length > 0 ? "Done." : "Happy to help." }],
  });
  return messages;
}

/** The `select` row: per turn, `select(text, { messages })` over the expected history; first step only. */
export async function runSelect(conversation, index) {
  const messages = [];
  const turns = [];
  for (const [t, turn] of conversation.turns.entries()) {
    messages.push({ role: "user", content: turn.text });
    const names = await index.select(turn.text, { messages });
    const first = turn.steps[0];
    turns.push({
      requests: [{ offered: names, order: names, search: false, step: 0 }],
      steps: first === undefined ? [] : [{ offered: first.some((name) => names.includes(name)), tools: names }],
    });
    messages.push(...expectedHistory(turn, t));
  }
  return turns;
}
