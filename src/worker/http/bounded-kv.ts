// The service's KV calls, each bounded by TOOLSIFT_KV_TIMEOUT_MS; a failure or a timeout is 503 STORAGE_UNAVAILABLE.

import { withDeadline } from "../../support/bounded-calls.js";
import type { KvNamespaceWithList } from "./env.js";
import { ServiceError, storageUnavailable } from "./errors.js";

/** One page of a KV listing. */
export type KvPage = Awaited<ReturnType<KvNamespaceWithList["list"]>>;

/**
 * The KV namespace as the catalog and token stores call it: text values, one deadline per call, and every failure
 * rejected as STORAGE_UNAVAILABLE naming the call (`KV get "<key>" failed (…)`).
 */
export class BoundedKv {
  constructor(
    readonly namespace: KvNamespaceWithList,
    /** Milliseconds one KV call may take (TOOLSIFT_KV_TIMEOUT_MS). */
    readonly timeoutMs: number,
  ) {}

  private call<T>(what: string, action: () => Promise<T>): Promise<T> {
    return withDeadline(action, this.timeoutMs, what).catch((error: unknown) => {
      throw storageUnavailable(`KV ${what} failed`, error);
    });
  }

  /** The text under `key`, or null. */
  get(key: string): Promise<string | null> {
    return this.call(`get "${key}"`, () => this.namespace.get(key, "text"));
  }

  /**
   * The format-1 JSON record under `key` (the catalog pointer, a token record), or null. A value that is not JSON,
   * not `format: 1` or that `isValid` refuses is 503 STORAGE_UNAVAILABLE with the matching message of `invalid`.
   */
  async getRecord<T extends { readonly format: 1 }>(
    key: string,
    isValid: (record: T) => boolean,
    invalid: { readonly notJson: string; readonly notValid: string },
  ): Promise<T | null> {
    const text = await this.get(key);
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw storageUnavailable(invalid.notJson, error);
    }
    const record = value as T;
    if (typeof record !== "object" || record === null || record.format !== 1 || !isValid(record)) {
      throw new ServiceError("STORAGE_UNAVAILABLE", invalid.notValid);
    }
    return record;
  }

  put(key: string, value: string): Promise<void> {
    return this.call(`put "${key}"`, () => this.namespace.put(key, value));
  }

  delete(key: string): Promise<void> {
    return this.call(`delete "${key}"`, () => this.namespace.delete(key));
  }

  /** One page of the keys under `prefix` (eventually consistent: a key written moments ago may be missing). */
  list(prefix: string, options: { cursor?: string; limit?: number } = {}): Promise<KvPage> {
    return this.call(`list "${prefix}"`, () => this.namespace.list({ prefix, ...options }));
  }
}
