// The Worker entry (wrangler.toml `main`): the selection service with its defaults; routes and settings in src/worker/README.md.

import { createService } from "./service.js";

export { createService, type SelectionService, type ServiceOptions } from "./service.js";
export type { ServiceEnv } from "./env.js";
export { ERROR_STATUS, type ServiceErrorCode } from "./errors.js";

export default createService();
