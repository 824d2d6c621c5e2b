// What every route handler receives: the request, its bindings and settings, and the isolate's catalog state.

import type { CatalogStore } from "./catalog-store.js";
import type { ServiceConfig } from "./config.js";
import type { ServiceEmbeddingModel } from "./embedding.js";
import type { ExecutionContextLike, ServiceEnv } from "./env.js";
import type { WarmCatalogs } from "./warm-catalogs.js";

export interface RouteContext {
  readonly request: Request;
  readonly env: ServiceEnv;
  readonly ctx: ExecutionContextLike;
  /** Path parameters (`:id`), as sent. */
  readonly params: Readonly<Record<string, string>>;
  readonly config: ServiceConfig;
  readonly store: CatalogStore;
  readonly warm: WarmCatalogs;
  /** The embedding model for this request's env (undefined: keyword ranking). */
  readonly model: ServiceEmbeddingModel | undefined;
}

export type RouteHandler = (context: RouteContext) => Promise<Response>;
