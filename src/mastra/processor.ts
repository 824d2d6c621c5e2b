// toolsiftProcessor: a Mastra input processor whose processInputStep gives each step of an agent's loop only the
// tools the conversation needs (`activeTools`), through the index's own prepareStep.

import type { PrepareStepOptions, StepLike } from "../agent/prepare-step.js";
import { adapterPrepareStep } from "../agent/index-methods.js";
import { toolSetFollower } from "../agent/tool-set-follower.js";
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

/** An MCP tool's `<server>__<tool>` name (toolsiftMcpTools keeps those in the index). */
const isMcpName = (name: string) => name.includes("__");

/**
 * A Mastra input processor for `new Agent({ inputProcessors: [toolsiftProcessor(index)] })`: before each model call
 * of the agent's loop it runs `index.prepareStep(options)` (the same delivery, options and defaults as in the AI SDK:
 * a cache-keeping set by default, `stableTools: false` for a new set each step) over the conversation Mastra holds,
 * and returns the selected tools as `activeTools`, and the step's tools in the delivery's order (`toolOrder`). The
 * index follows the step's tools first (tool-set-follower.ts: dynamic tools and toolsets join, a tool redefined since
 * the last step is indexed again, one gone leaves), and only they are ranked. Every tool is named too: the index's
 * tools (a step that hands no tools has none to name).
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
    const local = pinned.filter((name) => !isMcpName(name));
    refuseUnknownNames(WHERE, "alwaysActive", local, index.toolNames, "a tool of the index");
  }
  // The index follows the step's tools (the one rule of every adapter: tool-set-follower.ts). It is the user's, and may
  // hold tools the step does not hand; `<server>__<tool>` tools follow their server's listing (toolsiftMcpTools).
  const follower = toolSetFollower(index, { whole: false, skip: isMcpName });
  return {
    id: "toolsift",
    name: "toolsift tool selection",
    async processInputStep(args) {
      const tools = args.tools;
      if (tools !== undefined) {
        const local = pinned.filter((name) => !isMcpName(name));
        refuseUnknownNames(WHERE, "alwaysActive", local, Object.keys(tools), "one of the step's tools");
      }
      const { activeTools, toolOrder } = await prepareStep({
        steps: args.steps,
        messages: fromMastraMessages(args.messages),
        ...(tools === undefined
          ? {}
          : {
              prepare: async () => void (await follower.follow(tools as Record<string, object>)),
              available: () => Object.keys(tools),
            }),
      });
      // prepareStep names every tool it offers; its type still allows none.
      if (activeTools === undefined) return undefined;
      // Mastra offers active tools in its tools' key order: the step's tools, reordered, keep a cache-keeping set's
      // order (earlier tools first, new ones at the end), so each request's tools block extends the one before.
      const order = toolOrder ?? activeTools;
      const all = tools ?? {};
      return {
        activeTools,
        tools: Object.fromEntries(order.filter((name) => name in all).map((name) => [name, all[name]])),
      };
    },
  };
}
