// The service's side of the usage objects: learn and read calls to a catalog's ToolsiftUsage, bounded in time.

import { withDeadline } from "../../support/bounded-calls.js";
import { errorMessage } from "../../support/error-message.js";
import type { DurableObjectNamespaceLike } from "../http/env.js";
import { ERROR_STATUS, ServiceError, type ServiceErrorCode } from "../http/errors.js";
import type { CatalogVersionRef, EraseAnswer, LearnAnswer, LearnCatalog, UsageAnswer } from "./usage-object.js";
import type { WarmUsage } from "./warm-usage.js";

function unavailable(what: string, error: unknown): ServiceError {
  const message = `The usage object of catalog ${what} failed (${errorMessage(error)}).`;
  return new ServiceError("STORAGE_UNAVAILABLE", message, {}, { cause: error });
}

/** Calls the usage object of a catalog id (`idFromName(id)`); every call is bounded by TOOLSIFT_KV_TIMEOUT_MS. */
export class UsageClient {
  constructor(
    private readonly namespace: DurableObjectNamespaceLike,
    private readonly timeoutMs: number,
  ) {}

  private async call<T>(id: string, what: string, request: Request): Promise<T> {
    const object = this.namespace.get(this.namespace.idFromName(id) as never);
    let response: Response;
    let body: unknown;
    try {
      response = await withDeadline(() => object.fetch(request), this.timeoutMs, `${what} "${id}"`);
      body = await response.json();
    } catch (error) {
      throw unavailable(`"${id}" (${what})`, error);
    }
    if (response.ok) return body as T;
    const failure = (body as { error?: { code?: string; message?: string } } | null)?.error;
    if (failure?.code !== undefined && failure.code in ERROR_STATUS && response.status < 500) {
      throw new ServiceError(failure.code as ServiceErrorCode, failure.message ?? failure.code);
    }
    throw unavailable(`"${id}" (${what})`, new Error(`${response.status} ${failure?.message ?? ""}`.trim()));
  }

  /** Learns one conversation, checked against `catalog`; answers with what was learnt and the new totals. */
  learn(id: string, catalog: LearnCatalog, messages: unknown): Promise<LearnAnswer> {
    const request = new Request("https://usage/learn", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ catalog, messages }),
    });
    return this.call(id, "learn", request);
  }

  /** Forgets everything learnt for `id` (its catalog version `deleted` was deleted); answers the new revision. */
  erase(id: string, deleted: CatalogVersionRef): Promise<EraseAnswer> {
    const request = new Request("https://usage/erase", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ catalog: { version: deleted.version, updatedAt: deleted.updatedAt } }),
    });
    return this.call(id, "erase", request);
  }

  /** The usage learnt for `id`; the snapshot is left out when `known` is its revision already. */
  read(id: string, known?: number): Promise<UsageAnswer> {
    const query = known === undefined ? "" : `?known=${known}`;
    return this.call(id, "read", new Request(`https://usage/snapshot${query}`));
  }
}

/** A DELETE's warning: the catalog is deleted, its learnt usage could not be erased. */
export interface UsageNotErased {
  readonly code: "USAGE_NOT_ERASED";
  readonly message: string;
}

/**
 * Erases what was learnt under `id` up to its `deleted` version (DELETE), and drops this isolate's copy of it; a
 * failure is answered as a warning (the catalog stays deleted). Nothing to do without the usage objects.
 */
export async function eraseLearntUsage(
  client: UsageClient | undefined,
  warmUsage: WarmUsage | undefined,
  id: string,
  deleted: CatalogVersionRef,
): Promise<UsageNotErased[]> {
  if (client === undefined) return [];
  try {
    const { revision } = await client.erase(id, deleted);
    warmUsage?.erased(id, revision);
    return [];
  } catch (error) {
    const message =
      `Catalog "${id}" was deleted, but its learnt usage could not be erased (${errorMessage(error)}); ` +
      "a catalog published again under this id starts from it.";
    return [{ code: "USAGE_NOT_ERASED", message }];
  }
}
