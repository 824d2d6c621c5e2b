// The Worker entry (wrangler.toml `main`): the selection service with its defaults (see README.md here).

import { createService } from "./service.js";

export { ToolsiftUsage } from "./usage/usage-object.js";
export default createService();
