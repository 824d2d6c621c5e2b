// Type helpers over tool sets (same names and results as ai-tool-set@2.3.0's).

import type { InferUITool } from "ai";
import type { ImmutableToolSet, MutableToolSet } from "./tool-set.js";
import type { ToolRecord } from "./tool-set-types.js";

/** Either kind of tool set, with any tools. */
export type AnyToolSet = ImmutableToolSet<any, any, any, any, any, any> | MutableToolSet<any, any, any, any>;

/** The tool record of a tool set; a tool record is returned as is. */
export type InferToolSet<TOOLSET extends ToolRecord | AnyToolSet> =
  TOOLSET extends ImmutableToolSet<infer TOOLS, any, any, any, any, any>
    ? TOOLS
    : TOOLSET extends MutableToolSet<infer TOOLS, any, any, any>
      ? TOOLS
      : TOOLSET;

/** The UI tool types (`{ input, output }` per tool) of a tool record or tool set, for `UIMessage<…, …, UI_TOOLS>`. */
export type InferUIToolSet<TOOLSET extends ToolRecord | AnyToolSet> = {
  [NAME in keyof InferToolSet<TOOLSET> & string]: InferUITool<InferToolSet<TOOLSET>[NAME]>;
};

export type { InferUIMessage } from "./tool-set-types.js";

/**
 * Names an immutable tool set starts with active: untouched tools, `activate`d and `deactivateWhen` tools,
 * minus `deactivate`d and `activateWhen` tools. `never` for a mutable set (not tracked at compile time).
 */
export type InferActiveTools<TOOLSET extends AnyToolSet> =
  TOOLSET extends ImmutableToolSet<any, any, any, any, infer ACTIVATED, any> ? ACTIVATED : never;

/**
 * Names an immutable tool set starts with inactive: `deactivate`d and `activateWhen` tools. `never` for a
 * mutable set.
 */
export type InferInactiveTools<TOOLSET extends AnyToolSet> =
  TOOLSET extends ImmutableToolSet<any, any, any, any, any, infer DEACTIVATED> ? DEACTIVATED : never;

/** Every tool name of a tool set, active or not (immutable or mutable). */
export type InferAllTools<TOOLSET extends AnyToolSet> = keyof InferToolSet<TOOLSET> & string;
