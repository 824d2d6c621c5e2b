// The KV layout of tenant tokens: one key per token (`token/<id>`) holding its hash and scope; every call bounded.

import { withDeadline } from "../../support/bounded-calls.js";
import type { KvNamespaceWithList } from "../http/env.js";
import { errorMessage } from "../../support/error-message.js";
import { ServiceError } from "../http/errors.js";
import type { TokenRecord } from "./token-record.js";

/** KV keys of tenant tokens. */
export const TOKEN_KEYS = {
  prefix: "token/",
  token: (id: string) => `token/${id}`,
} as const;

/** Tokens `GET /v1/tokens` answers per page. */
export const TOKENS_PER_PAGE = 100;

function unavailable(what: string, error: unknown): ServiceError {
  return new ServiceError("STORAGE_UNAVAILABLE", `KV ${what} failed (${errorMessage(error)}).`, {}, { cause: error });
}

function parseRecord(text: string, key: string): TokenRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw unavailable(`get "${key}" (not JSON)`, error);
  }
  const record = value as TokenRecord;
  if (
    typeof record !== "object" ||
    record === null ||
    record.format !== 1 ||
    typeof record.hash !== "string" ||
    !Array.isArray(record.catalogs)
  ) {
    throw new ServiceError("STORAGE_UNAVAILABLE", `The token record ${key} is not a format-1 token record.`);
  }
  return record;
}

export class TenantTokenStore {
  constructor(
    private readonly kv: KvNamespaceWithList,
    /** Milliseconds one KV call may take (TOOLSIFT_KV_TIMEOUT_MS). */
    private readonly timeoutMs: number,
  ) {}

  private call<T>(what: string, action: () => Promise<T>): Promise<T> {
    return withDeadline(action, this.timeoutMs, what).catch((error: unknown) => {
      throw unavailable(what, error);
    });
  }

  /** The record of token `id`, or null. */
  async read(id: string): Promise<TokenRecord | null> {
    const key = TOKEN_KEYS.token(id);
    const text = await this.call(`get "${key}"`, () => this.kv.get(key, "text"));
    return text === null ? null : parseRecord(text, key);
  }

  write(record: TokenRecord): Promise<void> {
    const key = TOKEN_KEYS.token(record.id);
    return this.call(`put "${key}"`, () => this.kv.put(key, JSON.stringify(record)));
  }

  delete(id: string): Promise<void> {
    const key = TOKEN_KEYS.token(id);
    return this.call(`delete "${key}"`, () => this.kv.delete(key));
  }

  /** One page of token records (listing is eventually consistent: a token created moments ago may be missing). */
  async list(cursor: string | undefined): Promise<{ records: TokenRecord[]; cursor?: string }> {
    const prefix = TOKEN_KEYS.prefix;
    const page = await this.call(`list "${prefix}"`, () =>
      this.kv.list({ prefix, limit: TOKENS_PER_PAGE, ...(cursor === undefined ? {} : { cursor }) }),
    );
    const records = await Promise.all(page.keys.map(({ name }) => this.read(name.slice(prefix.length))));
    return {
      records: records.filter((record): record is TokenRecord => record !== null),
      ...(page.list_complete || page.cursor === undefined ? {} : { cursor: page.cursor }),
    };
  }
}
