// The order of the tools an OpenAI Agents SDK agent sends to the model: a cache-keeping set's, not the agent's.

import type { Tool } from "@openai/agents";

/** What one model call's tools are matched to catalog names with. */
export interface SentTools<TContext> {
  /** The agent's own tools (function and hosted) as the clone holds them, with its function tools' catalog names. */
  readonly own: ReadonlyMap<Tool<TContext>, string | undefined>;
  /** Catalog names (`<server>__<tool>`) of the MCP tools the filters passed for this call, server by server. */
  readonly mcp: readonly string[];
}

/**
 * The tools of one model call (what the SDK's `getAllTools` returned: the MCP servers' tools, server by server in
 * `mcpServers` order, each server's in its listing order, then the agent's own enabled tools) in the order that keeps
 * the prompt cache: tools outside the set (hosted tools) first, as they came, then the set's tools in `order` (the
 * order they joined it), so a request's tools are the ones before, or extend them. Throws when the MCP tools returned
 * are not the ones the filters passed (an SDK whose `getAllTools` no longer works so).
 */
export function inSetOrder<TContext>(
  tools: readonly Tool<TContext>[],
  sent: SentTools<TContext>,
  order: readonly string[],
): Tool<TContext>[] {
  const fromServers = tools.filter((tool) => !sent.own.has(tool));
  if (fromServers.length !== sent.mcp.length || tools.slice(0, fromServers.length).some((tool) => sent.own.has(tool))) {
    throw new Error(
      `toolsiftAgent: the agent's getAllTools returned ${fromServers.length} MCP tools where the servers' filters passed ` +
        `${sent.mcp.length} (${sent.mcp.join(", ")}), so the tools cannot be put in the set's order`,
    );
  }
  const position = new Map(order.map((name, at) => [name, at]));
  const outside: Tool<TContext>[] = [];
  const inSet: { tool: Tool<TContext>; place: number }[] = [];
  tools.forEach((tool, at) => {
    const name = at < fromServers.length ? sent.mcp[at] : sent.own.get(tool);
    const place = name === undefined ? undefined : position.get(name);
    if (place === undefined) outside.push(tool);
    else inSet.push({ tool, place });
  });
  return [...outside, ...inSet.sort((a, b) => a.place - b.place).map((entry) => entry.tool)];
}
