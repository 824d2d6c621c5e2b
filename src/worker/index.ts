// `toolsift/worker`: the selection service for your own Worker (`export default createService(options)`).
// Narrower types are reachable through these (`ServiceOptions["embedding"]`, `ServiceError["code"]`).

export { createService, type ServiceOptions } from "./service.js";
export type { ServiceEnv } from "./http/env.js";
export { ERROR_STATUS, ServiceError } from "./http/errors.js";
export { ToolsiftUsage } from "./usage/usage-object.js";
