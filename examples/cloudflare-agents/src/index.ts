// The example Worker: /agents/support-chat/<name> reaches the SupportChat agent of that name: the Agents SDK's chat
// client over a WebSocket (`useAgentChat` in React), or one turn by `POST { "message": "…" }`.
import { routeAgentRequest } from "agents";

export { SupportChat } from "./agent.js";

export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    return (
      (await routeAgentRequest(request, env)) ?? new Response("Not found: /agents/support-chat/<name>", { status: 404 })
    );
  },
};
