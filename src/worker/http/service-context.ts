// What every route handler reads from Hono's context: the env's settings, the isolate's catalog state, the parsed body.

import type { Context } from "hono";
import type { CatalogStore } from "../catalogs/catalog-store.js";
import type { ServiceConfig } from "./config.js";
import type { ServiceEmbeddingModel } from "../embedding/embedding-model.js";
import type { ServiceEnv } from "./env.js";
import type { ToolsiftEvent } from "../../events.js";
import type { TenantTokenStore } from "../tenants/tenant-store.js";
import type { TenantTokens } from "../tenants/tenant-tokens.js";
import type { UsageClient } from "../usage/usage-client.js";
import type { WarmCatalogs } from "../catalogs/warm-catalogs.js";
import type { WarmUsage } from "../usage/warm-usage.js";

/** The isolate's catalog state as a route sees it (set by the `serviceState` middleware). */
export interface ServiceState {
  readonly store: CatalogStore;
  readonly warm: WarmCatalogs;
  /** The embedding model for this request's env (undefined: keyword ranking). */
  readonly model: ServiceEmbeddingModel | undefined;
  /** The usage objects (undefined: no TOOLSIFT_USAGE binding, learning off). */
  readonly usage: UsageClient | undefined;
  readonly warmUsage: WarmUsage;
  /** This isolate's checked tenant tokens, and where they are stored. */
  readonly tenants: TenantTokens;
  readonly tenantStore: TenantTokenStore;
  /** `createService({ onEvent })`: sees the events of the indexes this isolate builds. */
  readonly onEvent: ((event: ToolsiftEvent, catalog: { readonly id: string }) => void) | undefined;
}

/** A JSON request body as parsed once, and its text (kept so a catalog is stored exactly as sent). */
export interface JsonBody {
  readonly value: unknown;
  readonly text: string;
}

/** The Hono environment of the service app. */
export interface ServiceApp {
  Bindings: ServiceEnv;
  Variables: {
    /** The env's settings (read once per env object). */
    config: ServiceConfig;
    state: ServiceState;
    /** The checked catalog id of the path. */
    catalogId: string;
    body: JsonBody;
    /** The methods of the route a preflight asks about (for `Access-Control-Allow-Methods`). */
    allowedMethods: readonly string[];
  };
}

export type ServiceContext = Context<ServiceApp>;

/** `createService({ onEvent })` bound to catalog `id`, for the index a request builds (undefined without one). */
export function eventsOf(c: ServiceContext, id: string): ((event: ToolsiftEvent) => void) | undefined {
  const onEvent = c.var.state.onEvent;
  return onEvent === undefined ? undefined : (event) => onEvent(event, { id });
}
