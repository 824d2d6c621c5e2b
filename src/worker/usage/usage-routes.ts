// POST /v1/catalogs/:id/learn and GET /v1/catalogs/:id/usage: learning from agents' conversations, and what was learnt.

import type { MessageLike } from "../../conversation/model-messages.js";
import { learnedTurns } from "../../usage/learn-turns.js";
import { catalogNotFound, ServiceError } from "../http/errors.js";
import { eventsOf, type ServiceContext } from "../http/service-context.js";
import type { UsageClient } from "./usage-client.js";
import { learnBodySchema, validate, validateMessages } from "../http/validation.js";
import type { ServiceWarning } from "../http/warnings.js";

/** The usage objects, or 500 INVALID_CONFIGURATION when the Worker has no TOOLSIFT_USAGE binding. */
function usageClient(c: ServiceContext): UsageClient {
  const client = c.var.state.usage;
  if (client === undefined) {
    throw new ServiceError(
      "INVALID_CONFIGURATION",
      "Learning is not configured: the Worker has no TOOLSIFT_USAGE binding; add a [[durable_objects.bindings]] entry " +
        'with name = "TOOLSIFT_USAGE" and class_name = "ToolsiftUsage" (and its migration) to wrangler.toml.',
    );
  }
  return client;
}

/**
 * Checks a conversation's tool calls before anything is learnt from it (its messages are checked before, by
 * `validateMessages`): all name tools of the catalog (400 UNKNOWN_TOOL, naming them). A refused conversation changes
 * nothing.
 */
function checkConversation(id: string, version: string, messages: MessageLike[], tools: readonly string[]): void {
  const known = new Set(tools);
  const unknown = new Set<string>();
  for (const turn of learnedTurns(messages)) for (const name of turn.calls) if (!known.has(name)) unknown.add(name);
  if (unknown.size === 0) return;
  const shown = [...unknown].slice(0, 5).map((name) => JSON.stringify(name.slice(0, 100)));
  const more = unknown.size > 5 ? ` (and ${unknown.size - 5} more)` : "";
  throw new ServiceError(
    "UNKNOWN_TOOL",
    `learn: the conversation calls ${unknown.size === 1 ? "a tool" : "tools"} that catalog "${id}" (version ` +
      `${version}) does not have: ${shown.join(", ")}${more}; nothing was learnt. Send conversations of this ` +
      "catalog's tools only.",
  );
}

/**
 * CALLS_SKIPPED: the usage object learnt over a newer version of the catalog than the one this isolate checked the
 * conversation against, and that version no longer has some of the tools called (`skipped`: one name per call).
 */
function skippedWarnings(id: string, version: string, skipped: readonly string[]): ServiceWarning[] {
  if (skipped.length === 0) return [];
  const names = [...new Set(skipped)];
  const shown = names.slice(0, 5).map((name) => JSON.stringify(name.slice(0, 100)));
  const more = names.length > 5 ? ` (and ${names.length - 5} more)` : "";
  const calls = skipped.length === 1 ? "1 call was" : `${skipped.length} calls were`;
  const message =
    `${calls} not learnt: a newer version of catalog "${id}" than ${version} (the one this request was checked ` +
    `against) no longer has ${names.length === 1 ? "the tool" : "the tools"} ${shown.join(", ")}${more}.`;
  return [{ code: "CALLS_SKIPPED", message }];
}

/**
 * `POST /v1/catalogs/:id/learn` with `{ messages }` (one finished conversation, AI SDK messages) →
 * `{ id, learnt: { turns, calls, skipped? }, totals: { conversations, turns, calls }, revision,
 * catalog: { id, version }, warnings? }` (`CATALOG_STALE`: checked against this isolate's copy of the catalog).
 * The conversation is checked against the catalog as this isolate's selections see it, then learnt by the
 * catalog's usage object; this isolate's next selection uses it.
 */
export async function learnRoute(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const client = usageClient(c);
  const { recheckMs } = c.var.config;
  const { store, warm, model, warmUsage } = c.var.state;
  const messages = validateMessages(validate(learnBodySchema, c.var.body.value, "learn request").messages, "learn");
  const { entry, warnings } = await warm.lookup(id, store, { recheckMs, model, onEvent: eventsOf(c, id) });
  const { version, updatedAt } = entry.pointer;
  checkConversation(id, version, messages, entry.index.toolNames);
  const answer = await client.learn(id, { version, updatedAt, tools: entry.index.toolNames }, messages);
  warmUsage.learntUpTo(id, answer.revision);
  const skipped = [...new Set(answer.learnt.skipped)];
  const all = [...warnings, ...skippedWarnings(id, version, answer.learnt.skipped)];
  return c.json({
    id,
    learnt: { turns: answer.learnt.turns, calls: answer.learnt.calls, ...(skipped.length > 0 ? { skipped } : {}) },
    totals: answer.totals,
    revision: answer.revision,
    catalog: { id, version },
    ...(all.length > 0 ? { warnings: all } : {}),
  });
}

/**
 * `GET /v1/catalogs/:id/usage` → `{ id, revision, totals: { conversations, turns, calls }, usage }`: the exact
 * counts of what was learnt and the snapshot selections use (`index.usage()` format), read from the usage object.
 */
export async function usageRoute(c: ServiceContext): Promise<Response> {
  const id = c.var.catalogId;
  const client = usageClient(c);
  const { store, warm } = c.var.state;
  // Read-your-writes, as GET and select: after this isolate's DELETE, 404 whatever a stale pointer says.
  const writes = warm.writesOf(id);
  if (warm.pointerToServe(id, await store.readPointer(id), writes) === null) throw catalogNotFound(id);
  const answer = await client.readUsage(id);
  return c.json({ id, revision: answer.revision, totals: answer.totals, usage: answer.usage });
}
