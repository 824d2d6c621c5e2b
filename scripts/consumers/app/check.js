// The check every consumer project runs: keyword selection, then the bundled local model on a paraphrase.
import { createToolIndex } from "toolsift";
import { localEmbeddingModel } from "toolsift/local";
import { fileCache, memoryCache } from "toolsift/storage";

// Descriptions share no word with the paraphrase below, so only the embeddings can rank the refund tool first.
const tools = [
  { name: "stripe_create_refund", description: "Refund a card charge." },
  { name: "slack_send_message", description: "Post a message to a Slack channel." },
  { name: "weather_forecast", description: "Get the weather forecast for a city." },
  { name: "github_create_issue", description: "Open an issue in a GitHub repository." },
  { name: "send_email", description: "Send an email to an address." },
  { name: "calendar_create_event", description: "Schedule a meeting in a calendar." },
];

export const PARAPHRASE = "give the customer their money back";

/**
 * Runs keyword selection and the local model; `asset` is passed to localEmbeddingModel when given.
 * Returns plain data (JSON-safe) for the harness to judge.
 */
export async function check(asset) {
  const keywordIndex = createToolIndex(tools);
  const keyword = await keywordIndex.select("refund the card charge", { maxTools: 3 });
  const keywordOnParaphrase = await keywordIndex.select(PARAPHRASE, { maxTools: 3, adaptive: false });
  const events = [];
  const model = localEmbeddingModel(asset === undefined ? {} : { asset });
  const index = createToolIndex(tools, {
    embeddingModel: model,
    embedding: { cache: memoryCache() },
    runtime: { warnings: false },
    onEvent: (event) =>
      events.push({
        type: event.type,
        code: event.error?.code,
        message: event.error?.message ?? event.message,
      }),
  });
  const {
    tools: paraphrase,
    strategy,
    fallback,
  } = await index.selectWithScores(PARAPHRASE, {
    maxTools: 3,
    adaptive: false,
  });
  return {
    keyword,
    keywordOnParaphrase,
    paraphrase,
    strategy,
    fallback: fallback ?? null,
    events,
    fileCache: fileStore(),
  };
}

/**
 * What toolsift/storage's fileCache is under this runtime's export conditions: a cache under "node", elsewhere (a
 * Worker, Edge, a browser) a MISSING_DEPENDENCY error that names the stores to use instead. Builds nothing on disk.
 */
function fileStore() {
  try {
    return typeof fileCache("toolsift-consumer-cache.bin").getMany === "function" ? "cache" : "no cache";
  } catch (error) {
    return error?.code ?? String(error);
  }
}
