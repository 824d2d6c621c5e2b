// The models the gateway's index ranks with: the bundled local model (embedding and query expansion), or an API
// embedding model with its vectors kept in a file cache and the local model's query expansion beside it.

import { fileCache } from "../../cache/file-cache.js";
import { localEmbeddingModel, type LocalEmbeddingModel } from "../../local/local-embedding-model.js";
import type { ToolsiftEvent } from "../../events.js";
import type { ToolIndexOptions } from "../../options.js";
import { errorMessage } from "../../support/error-message.js";
import { environmentBaseUrl, openaiModel, withoutCredentials, type EmbeddingChoice } from "./embedding-choice.js";

/** What the gateway's models are chosen from (its flags). */
export interface ModelSettings {
  readonly embedding: EmbeddingChoice;
  /** Load the bundled local model at all (`--no-local`: no): for embedding (`local`) or query expansion (API model). */
  readonly local: boolean;
  /** Where an API model's tool vectors persist (`fileCache`); `undefined`: not kept between runs. */
  readonly embeddingCache: string | undefined;
}

/** The index options for `settings`' models; a local model that does not load is logged and left out. */
export async function gatewayModels(
  settings: ModelSettings,
  log: (line: string) => void,
): Promise<Pick<ToolIndexOptions, "embeddingModel" | "keyword" | "embedding">> {
  let local: LocalEmbeddingModel | undefined;
  if (settings.local && settings.embedding.kind !== "none") {
    const model = localEmbeddingModel();
    try {
      await model.load();
      local = model;
    } catch (error) {
      const without = settings.embedding.kind === "local" ? "searching by keywords only" : "no query expansion";
      log(`the local embedding model did not load (${errorMessage(error)}); ${without}`);
    }
  }
  const expansion = local === undefined ? {} : { keyword: { queryExpansion: local } };
  if (settings.embedding.kind !== "openai") return local === undefined ? {} : { embeddingModel: local, ...expansion };
  // Without a base URL (a gateway started in process; the command line reads the variable itself), OPENAI_BASE_URL
  // is read here, checked, rather than by the provider unchecked and outside the cache key.
  const choice = { ...settings.embedding, baseURL: settings.embedding.baseURL ?? environmentBaseUrl() };
  const { dimensions } = choice;
  const path = settings.embeddingCache;
  log(
    `embedding with openai:${choice.model}` +
      (path === undefined ? "" : `, tool vectors kept in ${path}`) +
      "; if it fails, search ranks by keywords" +
      (local === undefined ? "" : " and the local model's related words"),
  );
  return {
    embeddingModel: openaiModel(choice),
    ...expansion,
    embedding: {
      ...(dimensions === undefined ? {} : { dimensions }),
      ...(path === undefined
        ? {}
        : { cache: fileCache(path, { onEvent: (event) => log(`${event.type}: ${event.message}`) }) }),
    },
  };
}

/** Events logged beside every `mcp-*` and `embedding-*` one: the index's other fallbacks the gateway can meet. */
const LOGGED: ReadonlySet<ToolsiftEvent["type"]> = new Set(["catalog-warning", "query-expansion-failed"]);

/**
 * The gateway's log line for an index or catalog event; `undefined`: not logged. A URL's user and password are masked
 * (a fetch error names the URL it failed on).
 */
export function describeEvent(event: ToolsiftEvent): string | undefined {
  if (event.type === "embeddings-ready") {
    return (
      `embeddings-ready: ${event.tools} tools, ${event.embedded} embedded now, ${event.fromCache} from the cache, ` +
      `${event.reused} kept`
    );
  }
  // A search the model embeds as zero (none of its words known to the local model) ranks by keywords: no fault to log.
  if (event.type === "embedding-warning" && event.stage === "query") return undefined;
  if (event.type.startsWith("mcp-") || event.type.startsWith("embedding-") || LOGGED.has(event.type)) {
    // The cause is what the user can act on (a refused key, an unreachable host), unless the message already says it.
    const message = "message" in event ? event.message : "";
    const error = "error" in event && event.error !== undefined ? errorMessage(event.error) : "";
    const cause = error === "" || message.includes(error) ? "" : ` (${error})`;
    return withoutCredentials(`${event.type}: ${message}${cause}`);
  }
  return undefined;
}

/** Most distinct repeated lines `eventLogger` counts (a bound, so a flood of distinct errors cannot grow it). */
const MAX_COUNTED_LINES = 100;

/**
 * Logs `describeEvent`'s line of each event, an embedding failure's identical line once: while the API refuses the key
 * the index tries the catalog again at every search, so the same line comes back each time. A repeat is said again at
 * the 2nd, 4th, 8th, … time, with its count (`… (again: 4 times in all)`).
 */
export function eventLogger(log: (line: string) => void): (event: ToolsiftEvent) => void {
  const seen = new Map<string, number>();
  return (event) => {
    const line = describeEvent(event);
    if (line === undefined) return;
    if (!event.type.startsWith("embedding-")) return log(line);
    const count = (seen.get(line) ?? 0) + 1;
    if (count === 1 && seen.size >= MAX_COUNTED_LINES) seen.clear();
    seen.set(line, count);
    if (count === 1) log(line);
    else if ((count & (count - 1)) === 0) log(`${line} (again: ${count} times in all)`);
  };
}
