// createService(): the selection service as a Worker `fetch` handler — routing, CORS, error answers, and the isolate's state.

import { CatalogStore } from "./catalog-store.js";
import { writeContext } from "./catalog-routes.js";
import { readConfig, type ServiceConfig } from "./config.js";
import { preflightResponse, withCors } from "./cors.js";
import { seedDemoCatalog } from "./demo-seed.js";
import { embeddingModelFor, type EmbeddingModelChoice } from "./embedding.js";
import type { ExecutionContextLike, ServiceEnv } from "./env.js";
import { ServiceError, responseForThrown } from "./errors.js";
import type { RouteContext } from "./route-context.js";
import { createRouter } from "./routes.js";
import { WarmCatalogs } from "./warm-catalogs.js";

/** Options of `createService`. */
export interface ServiceOptions {
  /**
   * The embedding model catalogs are ranked with, chosen per env. Default: TOOLSIFT_EMBEDDING — the
   * offline local model (`local`, the default) or none (`none`, keyword ranking). Any AI SDK embedding
   * model works, e.g. `(env) => createOpenAI({ apiKey: env.OPENAI_API_KEY }).embedding("text-embedding-3-small")`.
   */
  embeddingModel?: EmbeddingModelChoice;
}

/** A Worker's default export. */
export interface SelectionService {
  fetch(request: Request, env: ServiceEnv, ctx: ExecutionContextLike): Promise<Response>;
}

/**
 * The selection service. Each call makes one isolate's worth of state (warm indexes, the demo
 * seed), so `export default createService()` is the Worker, and tests make one per simulated isolate.
 */
export function createService(options: ServiceOptions = {}): SelectionService {
  const router = createRouter();
  let warm: WarmCatalogs | undefined;
  const seeding = new Map<string, Promise<void>>();

  /** Seeds the demo catalog once per isolate (TOOLSIFT_SEED_DEMO); a failure is logged and retried by the next request. */
  function seedOnce(context: RouteContext, id: string): Promise<void> {
    let pending = seeding.get(id);
    if (pending === undefined) {
      pending = seedDemoCatalog(writeContext(context), id).catch((error: unknown) => {
        seeding.delete(id);
        console.error("[toolsift service] seeding the demo catalog failed; the next request tries again", error);
      });
      seeding.set(id, pending);
    }
    return pending;
  }

  async function handle(request: Request, env: ServiceEnv, ctx: ExecutionContextLike, config: ServiceConfig): Promise<Response> {
    if (typeof env.TOOLSIFT_KV !== "object" || env.TOOLSIFT_KV === null) {
      throw new ServiceError("INVALID_CONFIGURATION", "The Worker has no TOOLSIFT_KV binding: add a [[kv_namespaces]] entry with binding = \"TOOLSIFT_KV\" to wrangler.toml.");
    }
    const { pathname } = new URL(request.url);
    const match = router.match(request.method, pathname);
    if (match.kind === "not-found") throw new ServiceError("NOT_FOUND", `No route for ${pathname}; the API is under /v1/catalogs/:id (see GET /).`);
    // No route is registered for OPTIONS, so a known path always comes back as "method-not-allowed" with its methods.
    if (request.method === "OPTIONS" && match.kind === "method-not-allowed") return preflightResponse(request, config.corsOrigins, match.allowed);
    if (match.kind === "method-not-allowed") {
      throw new ServiceError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${pathname}; allowed: ${match.allowed.join(", ")}.`, { Allow: match.allowed.join(", ") });
    }
    warm ??= new WarmCatalogs(config.warmCatalogs);
    const context: RouteContext = {
      request,
      env,
      ctx,
      params: match.params,
      config,
      store: new CatalogStore(env.TOOLSIFT_KV, config.kvTimeoutMs),
      warm,
      model: embeddingModelFor(env, config, options.embeddingModel),
    };
    if (config.seedDemo !== undefined) await seedOnce(context, config.seedDemo);
    return match.handler(context);
  }

  return {
    async fetch(request, env, ctx) {
      let config: ServiceConfig;
      try {
        config = readConfig(env);
      } catch (error) {
        return responseForThrown(error, request);
      }
      let response: Response;
      try {
        response = await handle(request, env, ctx, config);
      } catch (error) {
        response = responseForThrown(error, request);
      }
      if (request.method === "HEAD") response = new Response(null, response);
      return withCors(response, request, config.corsOrigins);
    },
  };
}
