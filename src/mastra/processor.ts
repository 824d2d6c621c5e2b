// toolsiftProcessor: a Mastra input processor whose processInputStep gives each step of an agent's loop only the
// tools the conversation needs (`activeTools`), through the index's own prepareStep.

import type { PrepareStepOptions, StepLike } from "../agent/prepare-step.js";
import { createSerialQueue } from "../support/serial-queue.js";
import { adapterPrepareStep } from "../agent/index-methods.js";
import { invalidOption } from "../support/validate-options.js";
import { refuseUnknownNames } from "../support/unknown-names.js";
import type { ToolIndex } from "../tool-index/types.js";
import { fromMastraMessages, type MastraMessageLike } from "./mastra-messages.js";

/** What toolsift reads of Mastra's `processInputStep` arguments (`ProcessInputStepArgs`). */
export interface MastraStepArgs {
  readonly messages: readonly MastraMessageLike[];
  readonly steps: readonly StepLike[];
  readonly stepNumber: number;
  /** The step's tools, by name (the agent's, its toolsets', its MCP clients'). */
  readonly tools?: Readonly<Record<string, unknown>>;
}

/** A Mastra `Processor` (for `new Agent({ inputProcessors: [...] })`) that selects each step's tools. */
export interface ToolsiftProcessor {
  readonly id: "toolsift";
  readonly name: string;
  processInputStep(
    args: MastraStepArgs,
  ): Promise<{ activeTools: string[]; tools: Record<string, unknown> } | undefined>;
}

const WHERE = "toolsiftProcessor";

/**
 * A Mastra input processor for `new Agent({ inputProcessors: [toolsiftProcessor(index)] })`: before each model call
 * of the agent's loop it runs `index.prepareStep(options)` (the same delivery, options and defaults as in the AI SDK:
 * a cache-keeping set by default, `stableTools: false` for a new set each step) over the conversation Mastra holds,
 * and returns the selected tools as `activeTools`, and the step's tools in the delivery's order (`toolOrder`). Tools
 * the step has that the index lacks (dynamic tools, toolsets, MCP tools added later) are indexed first, so they can be
 * selected. `undefined` (every tool) when prepareStep offers every tool.
 *
 * Throws `ToolsiftError` for invalid or unknown options at creation (each named `toolsiftProcessor: option …`), for an
 * `alwaysActive` name the index lacks at creation (when it has tools: index a tool that only a `toolsets` call brings
 * before pinning it), and at a step for an `alwaysActive` name the step's tools lack; an MCP tool's `<server>__<tool>`
 * is never refused (its server may be down for now: toolsiftMcpTools reports that through its events).
 */
export function toolsiftProcessor(index: ToolIndex, options: PrepareStepOptions = {}): ToolsiftProcessor {
  if (typeof index?.prepareStep !== "function")
    invalidOption(WHERE, "index", "a tool index from toolsift's createToolIndex", index);
  const prepareStep = adapterPrepareStep(index, options, { where: WHERE });
  const pinned = options.alwaysActive ?? [];
  // Refused now, as LangChain's middleware does, rather than at the first generate (where Mastra wraps the error).
  if (index.toolNames.length > 0) {
    const local = pinned.filter((name) => !name.includes("__"));
    refuseUnknownNames(WHERE, "alwaysActive", local, index.toolNames, "a tool of the index");
  }
  const catalogChanges = createSerialQueue();
  function indexNewTools(tools: Readonly<Record<string, unknown>>): Promise<void> {
    const known = new Set(index.toolNames);
    const fresh = Object.keys(tools).filter((name) => !known.has(name));
    if (fresh.length === 0) return Promise.resolve();
    return catalogChanges.run(async () => {
      const current = new Set(index.toolNames);
      const added = fresh.filter((name) => !current.has(name));
      if (added.length > 0) await index.add(Object.fromEntries(added.map((name) => [name, tools[name] as object])));
    });
  }
  return {
    id: "toolsift",
    name: "toolsift tool selection",
    async processInputStep(args) {
      if (args.tools !== undefined) {
        const names = args.tools;
        const local = pinned.filter((name) => !name.includes("__"));
        refuseUnknownNames(WHERE, "alwaysActive", local, Object.keys(names), "one of the step's tools");
        await indexNewTools(names);
      }
      const { activeTools, toolOrder } = await prepareStep({
        steps: args.steps,
        messages: fromMastraMessages(args.messages),
      });
      if (activeTools === undefined) return undefined;
      // Mastra offers active tools in its tools' key order: the step's tools, reordered, keep a cache-keeping set's
      // order (earlier tools first, new ones at the end), so each request's tools block extends the one before.
      const order = toolOrder ?? activeTools;
      const tools = args.tools ?? {};
      return {
        activeTools,
        tools: Object.fromEntries(order.filter((name) => name in tools).map((name) => [name, tools[name]])),
      };
    },
  };
}
