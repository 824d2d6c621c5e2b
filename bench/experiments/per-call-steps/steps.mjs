// Why LangChain's per-call selection (toolsiftMiddleware({ stableTools: false })) served 72.4% of BFCL multi-turn calls
// where the AI SDK's per-step mode (prepareStep({ stableTools: false })) serves 75.1%: the AI SDK rows of
// bench/session-cost.mjs with each of prepareStep's step rules switched off, and with its steps read off the
// conversation as the framework adapters read a run (every assistant message after the latest user message).
//
//   npm run build && npx node bench/experiments/per-call-steps/steps.mjs
import { measureSessionCost, SIZES, STEP_OPTIONS } from "../../session-cost.mjs";
import { toolsiftLocation } from "../../libraries.mjs";
import { markdownTable, percent } from "../../lib/table.mjs";
import { loadSessionsFrom, sessionsLocation } from "../../sessions-data.mjs";

const { createToolIndex } = await import(toolsiftLocation);
const set = loadSessionsFrom(sessionsLocation);

/** The steps of a run read off its messages: one per assistant message after the latest user message. */
function runSteps(messages) {
  let lastUser = -1;
  messages.forEach((message, position) => {
    if (message.role === "user") lastUser = position;
  });
  return messages
    .slice(lastUser + 1)
    .filter((message) => message.role === "assistant")
    .map((message) => ({
      toolCalls: (Array.isArray(message.content) ? message.content : [])
        .filter((part) => part.type === "tool-call")
        .map((part) => ({ toolName: part.toolName })),
      toolResults: [],
    }));
}

/** Per row: prepareStep calls, and those whose last step made no tool call (what escalation pages on). */
const seen = new Map();
function row(name, steps, readRun = false) {
  seen.set(name, { calls: 0, afterMiss: 0 });
  return {
    name,
    mode: "activeTools",
    learned: false,
    library: "own",
    deliver: ({ tools }) => {
      const prepareStep = createToolIndex(set.tools).prepareStep({ ...STEP_OPTIONS, stableTools: false, steps });
      return {
        tools,
        prepareStep: (step) => {
          const input = readRun ? { ...step, steps: runSteps(step.messages) } : step;
          seen.get(name).calls++;
          if (input.steps.at(-1)?.toolCalls.length === 0) seen.get(name).afterMiss++;
          return prepareStep(input);
        },
      };
    },
  };
}

const rows = [
  row("prepareStep({ stableTools: false }) (the AI SDK loop's steps)", {}),
  row("the same, steps.escalate: false", { escalate: false }),
  row("the same, steps.keepRecent: false", { keepRecent: false }),
  row("steps read off the run (as LangChain's and the Agents SDK's adapters)", {}, true),
];
const result = await measureSessionCost({ set, rows, sizes: SIZES.today });
console.log(
  markdownTable(
    ["row", "calls served", "tools / request", "prepareStep calls", "after a step without a call"],
    result.rows.map((measured) => [
      measured.name,
      percent(measured.callsServed),
      measured.toolsPerRequest.toFixed(1),
      seen.get(measured.name).calls,
      seen.get(measured.name).afterMiss,
    ]),
  ),
);
