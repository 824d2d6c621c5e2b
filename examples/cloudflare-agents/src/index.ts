// The example Worker: /agents/support-chat/<name> reaches the SupportChat agent of that name (a WebSocket from the
// Agents SDK's chat client, `useAgentChat` in React). `npx wrangler dev --local --cwd examples/cloudflare-agents`.
import { routeAgentRequest } from "agents";

export { SupportChat } from "./agent.js";

export default {
  async fetch(request: Request, env: Record<string, unknown>): Promise<Response> {
    return (
      (await routeAgentRequest(request, env)) ?? new Response("Not found: /agents/support-chat/<name>", { status: 404 })
    );
  },
};
