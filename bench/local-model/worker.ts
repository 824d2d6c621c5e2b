// The Worker bench/local-model/workerd.mjs runs in Miniflare: loads the local model (its asset arrives as a Data
// module) and times it inside workerd.
//
// GET /load    a new localEmbeddingModel() object: load() timed, then one doEmbed of one query, then
//              EMBED_LOOP queries one by one (timed together: the clock has 1 ms resolution here).
// GET /clock   whether performance.now() advances during synchronous code (on Cloudflare it does not).
// GET /noop    an empty answer: the cost of one request through Miniflare, seen from Node.
import { localEmbeddingModel } from "toolsift/local";

const QUERY = "give the customer their money back";
const EMBED_LOOP = 1000;
const LOOP_QUERIES = [
  "ping the on-call folks",
  "ship it to prod",
  "log a bug: the login button does nothing on Safari",
  "put my edits up for code review",
];

async function load(): Promise<Response> {
  const model = localEmbeddingModel();
  const started = performance.now();
  await model.load();
  const loaded = performance.now();
  const { embeddings } = await model.doEmbed({ values: [QUERY] });
  const embedded = performance.now();
  for (let i = 0; i < EMBED_LOOP; i++) await model.doEmbed({ values: [LOOP_QUERIES[i % LOOP_QUERIES.length]] });
  const looped = performance.now();
  return Response.json({
    loadMs: loaded - started,
    firstEmbedMs: embedded - loaded,
    loopMs: looped - embedded,
    loopCount: EMBED_LOOP,
    dimensions: embeddings[0].length,
    info: model.info ?? null,
  });
}

function clockCheck(iterations: number): { performanceMs: number } {
  const started = performance.now();
  let sink = 0;
  for (let i = 0; i < iterations; i++) sink += Math.sqrt(i);
  if (sink < 0) throw new Error("unreachable");
  return { performanceMs: performance.now() - started };
}

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === "/load") return load();
    if (pathname === "/clock") return Response.json(clockCheck(2_000_000));
    if (pathname === "/noop") return new Response("{}");
    return new Response("not found", { status: 404 });
  },
};
