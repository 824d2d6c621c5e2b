// The example Worker: POST /agent (see agent.ts). `npx wrangler dev --local --cwd examples/worker-agent`.
import { createAgentWorker } from "./agent.js";

export default createAgentWorker();
