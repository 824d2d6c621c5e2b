// The service's side of the usage objects: learn and read calls to a catalog's ToolsiftUsage, bounded in time.

import { withDeadline } from "../../support/bounded-calls.js";
import type { DurableObjectNamespaceLike } from "../http/env.js";
import { ERROR_STATUS, ServiceError, storageUnavailable, type ServiceErrorCode } from "../http/errors.js";
import type { CatalogVersionRef, EraseAnswer, LearnAnswer, LearnCatalog, UsageAnswer } from "./usage-object.js";

function unavailable(what: string, error: unknown): ServiceError {
  return storageUnavailable(`The usage object of catalog ${what} failed`, error);
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
  readUsage(id: string, known?: number): Promise<UsageAnswer> {
    const query = known === undefined ? "" : `?known=${known}`;
    return this.call(id, "read", new Request(`https://usage/snapshot${query}`));
  }
}
