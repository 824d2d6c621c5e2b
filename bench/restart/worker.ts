// The Worker bench/restart/workerd.mjs runs in Miniflare: builds and warms a tool index on kvCache(env.KV) and times
// it inside workerd.
//
// GET /build   a new kvCache instance + a new index + warmUp(), with a fresh counting hashing model;
//              answers the timings, how many tool texts the model embedded and the embeddings-ready
//              event. With ?check, also the top 5 for a few queries (after the timing), to check that
//              restored vectors rank like fresh ones.
// GET /clock   whether Date.now() advances during synchronous code here (on Cloudflare it does not).
// GET /noop    an empty answer: the cost of one request through Miniflare, seen from Node.
import { createToolIndex, type ToolsiftEvent } from "toolsift";
import { kvCache, type KvNamespaceLike } from "toolsift/storage";
import { hashingEmbeddingModel } from "toolsift/test";
import tools from "restart:catalog";

interface Env {
  readonly KV: KvNamespaceLike;
}

/** As in bench/restart.mjs (the Worker only reads what it wrote itself). */
const DIMENSIONS = 1536;
const CHECK_QUERIES = [
  "refund the last payment of a customer",
  "list the open support tickets",
  "schedule a meeting next week",
];

/** The hashing model with a count of the texts it was asked to embed. */
function countingModel() {
  const inner = hashingEmbeddingModel({ dimensions: DIMENSIONS });
  const counter = { calls: 0, values: 0 };
  const model: typeof inner = {
    ...inner,
    doEmbed(options) {
      counter.calls++;
      counter.values += options.values.length;
      return inner.doEmbed(options);
    },
  };
  return { model, counter };
}

/** Spins for `iterations` and reports how far each clock moved meanwhile. */
function clockCheck(iterations: number): { dateMs: number; performanceMs: number } {
  const date = Date.now();
  const performanceStart = performance.now();
  let sink = 0;
  for (let i = 0; i < iterations; i++) sink += Math.sqrt(i);
  if (sink < 0) throw new Error("unreachable");
  return { dateMs: Date.now() - date, performanceMs: performance.now() - performanceStart };
}

async function build(env: Env, check: boolean): Promise<Response> {
  const { model, counter } = countingModel();
  const events: ToolsiftEvent[] = [];
  const started = performance.now();
  const index = createToolIndex(tools, {
    embeddingModel: model,
    embedding: { cache: kvCache(env.KV) },
    onEvent: (event) => events.push(event),
  });
  const created = performance.now();
  await index.warmUp();
  const warmed = performance.now();
  const embedded = { calls: counter.calls, values: counter.values };
  const top: string[][] = [];
  if (check) for (const query of CHECK_QUERIES) top.push(await index.select(query, { maxTools: 5, adaptive: false }));
  return Response.json({
    createMs: created - started,
    warmUpMs: warmed - created,
    totalMs: warmed - started,
    embedded,
    ready: events.find((event) => event.type === "embeddings-ready") ?? null,
    problems: events
      .filter(
        (event) =>
          event.type === "embedding-cache-error" ||
          event.type === "embedding-failed" ||
          event.type === "embedding-cache-stale",
      )
      .map((event) => `${event.type}: ${"message" in event ? event.message : ""}`),
    top,
  });
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname === "/build") return build(env, url.searchParams.has("check"));
    if (pathname === "/clock") return Response.json(clockCheck(2_000_000));
    if (pathname === "/noop") return new Response("{}");
    return new Response("not found", { status: 404 });
  },
};
