// createService(): the selection service as a Hono app behind a Worker `fetch` — settings, CORS, routes, error answers.

import type { Handler, MiddlewareHandler } from "hono";
import { HonoBase } from "hono/hono-base";
import { TrieRouter } from "hono/router/trie-router";
import { CatalogStore } from "./catalogs/catalog-store.js";
import { BoundedKv } from "./http/bounded-kv.js";
import { writeContext } from "./catalogs/catalog-routes.js";
import { putCatalog, type WriteContext } from "./catalogs/catalog-writes.js";
import { readConfig } from "./http/config.js";
import { corsHeaders, preflight } from "./http/cors.js";
import { DEMO_TOOLS } from "../demo/demo-catalog.js";
import { embeddingModelFor, type EmbeddingModelChoice } from "./embedding/embedding-model.js";
import type { ExecutionContextLike, ServiceEnv } from "./http/env.js";
import { answerError, ServiceError } from "./http/errors.js";
import { allowedMethods, ROUTES } from "./http/routes.js";
import type { ServiceApp } from "./http/service-context.js";
import type { ToolsiftEvent } from "../events.js";
import { functionOption, knownOptions } from "../support/validate-options.js";
import { rawPath } from "./http/validation.js";
import { TenantTokenStore } from "./tenants/tenant-store.js";
import { TenantTokens } from "./tenants/tenant-tokens.js";
import { UsageClient } from "./usage/usage-client.js";
import { WarmCatalogs } from "./catalogs/warm-catalogs.js";
import { WarmUsage } from "./usage/warm-usage.js";

/** Options of `createService`. */
export interface ServiceOptions {
  /**
   * The embedding model catalogs are ranked with, chosen per env. Default: TOOLSIFT_EMBEDDING — the
   * offline local model (`local`, the default) or none (`none`, keyword ranking). Any AI SDK embedding
   * model works, e.g. `(env) => createOpenAI({ apiKey: env.OPENAI_API_KEY }).embedding("text-embedding-3-small")`.
   */
  embeddingModel?: EmbeddingModelChoice;
  /**
   * Sees toolsift's events of every catalog index this isolate builds, with the catalog's id: each embedding pass
   * (`embeddings-ready`: tools embedded, cache hits, tokens), fallbacks (`embedding-failed`), cache errors.
   */
  onEvent?: ServiceEventHandler;
}

/** `createService({ onEvent })`: an index's event and the catalog it belongs to. */
export type ServiceEventHandler = (event: ToolsiftEvent, catalog: { readonly id: string }) => void;

/** A Worker's default export. */
export interface SelectionService {
  fetch(request: Request, env: ServiceEnv, ctx: ExecutionContextLike): Promise<Response>;
}

const OPTION_NAMES = ["embeddingModel", "onEvent"];

/** Reads the env's settings into `c.var.config` (500 INVALID_CONFIGURATION naming a bad variable). */
const settings: MiddlewareHandler<ServiceApp> = async (c, next) => {
  c.set("config", readConfig(c.env));
  if (typeof c.env.TOOLSIFT_KV !== "object" || c.env.TOOLSIFT_KV === null) {
    throw new ServiceError(
      "INVALID_CONFIGURATION",
      'The Worker has no TOOLSIFT_KV binding: add a [[kv_namespaces]] entry with binding = "TOOLSIFT_KV" to wrangler.toml.',
    );
  }
  await next();
};

/** `405 METHOD_NOT_ALLOWED` with `Allow`, for a method a route does not have. */
function methodNotAllowed(allowed: readonly string[]): Handler<ServiceApp> {
  const allow = allowed.join(", ");
  return (c) => {
    throw new ServiceError(
      "METHOD_NOT_ALLOWED",
      `${c.req.method} is not allowed on ${c.req.path}; allowed: ${allow}.`,
      {
        Allow: allow,
      },
    );
  };
}

// The bundled demo catalog (src/demo/demo-catalog.ts), published under TOOLSIFT_SEED_DEMO, once.

/**
 * Seeds `id` with the 24-tool demo catalog unless the seed marker (`seed/<id>`) is set, then sets
 * it: a catalog uploaded or deleted under `id` later is left as it is.
 */
async function seedDemoCatalog(context: WriteContext, id: string): Promise<void> {
  if (await context.store.hasSeedMarker(id)) return;
  if ((await context.store.readPointer(id)) === null) {
    const text = JSON.stringify(DEMO_TOOLS);
    await putCatalog(context, id, JSON.parse(text), text);
  }
  await context.store.writeSeedMarker(id);
}

/**
 * The selection service. Each call makes one isolate's worth of state (warm indexes, the demo
 * seed), so `export default createService()` is the Worker, and tests make one per simulated isolate.
 */
export function createService(options: ServiceOptions = {}): SelectionService {
  knownOptions("createService", options, OPTION_NAMES);
  const chooseModel = functionOption<EmbeddingModelChoice>("createService", "embeddingModel", options.embeddingModel);
  const onEvent = functionOption<ServiceEventHandler>("createService", "onEvent", options.onEvent);
  let warm: WarmCatalogs | undefined;
  let warmUsage: WarmUsage | undefined;
  const tenants = new TenantTokens();
  const seeding = new Map<string, Promise<void>>();

  /**
   * The isolate's state for a matched route; on a route that reads storage, first seeds the demo catalog once
   * (TOOLSIFT_SEED_DEMO). `GET /health` and `GET /` touch no storage, so they never seed.
   */
  const serviceState =
    (seeds: boolean): MiddlewareHandler<ServiceApp> =>
    async (c, next) => {
      const { config } = c.var;
      warm ??= new WarmCatalogs({ catalogs: config.warmCatalogs, bytes: config.warmBytes });
      const catalogs = warm;
      warmUsage ??= new WarmUsage(config.warmCatalogs, (entry) => catalogs.refit(entry));
      const kv = new BoundedKv(c.env.TOOLSIFT_KV, config.kvTimeoutMs);
      const store = new CatalogStore(kv);
      const namespace = c.env.TOOLSIFT_USAGE;
      const usage = namespace === undefined ? undefined : new UsageClient(namespace, config.kvTimeoutMs);
      const tenantStore = new TenantTokenStore(kv);
      const model = embeddingModelFor(c.env, config, chooseModel);
      c.set("state", { store, warm, model, usage, warmUsage, tenants, tenantStore, onEvent });
      if (seeds && config.seedDemo !== undefined) await seedOnce(writeContext(c), config.seedDemo);
      await next();
    };

  /** Seeds once per isolate; a failure is logged and retried by the next request. */
  function seedOnce(context: WriteContext, id: string): Promise<void> {
    let pending = seeding.get(id);
    if (pending === undefined) {
      pending = seedDemoCatalog(context, id).catch((error: unknown) => {
        seeding.delete(id);
        console.error("[toolsift service] seeding the demo catalog failed; the next request tries again", error);
      });
      seeding.set(id, pending);
    }
    return pending;
  }

  // Hono's core with one router: TrieRouter is strict about trailing slashes (`/health/` is not `/health`) and
  // smaller than the default preset's two routers. Routing is on the path as sent: `/he%61lth` is not `/health`.
  const app = new HonoBase<ServiceApp>({ router: new TrieRouter(), getPath: rawPath });
  app.use("*", settings, corsHeaders);
  const [withSeed, withoutSeed] = [serviceState(true), serviceState(false)];
  for (const route of ROUTES) {
    const state = route.storage === false ? withoutSeed : withSeed;
    for (const [method, chain] of Object.entries(route.methods)) app.on(method, route.path, state, ...chain);
    app.options(route.path, preflight(allowedMethods(route)));
    app.all(route.path, methodNotAllowed(allowedMethods(route)));
  }
  app.notFound((c) => {
    const message = `No route for ${c.req.path}; the API is under /v1/catalogs/:id (see GET /).`;
    return new ServiceError("NOT_FOUND", message).getResponse();
  });
  app.onError(answerError);

  return {
    async fetch(request, env, ctx) {
      return app.fetch(request, env, ctx as Parameters<typeof app.fetch>[2]);
    },
  };
}
