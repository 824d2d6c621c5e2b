// The KV layout of tenant tokens: one key per token (`token/<id>`) holding its hash and scope; every call bounded.

import type { BoundedKv } from "../http/bounded-kv.js";
import type { TokenRecord } from "./token-record.js";

/** KV keys of tenant tokens. */
export const TOKEN_KEYS = {
  prefix: "token/",
  token: (id: string) => `token/${id}`,
} as const;

/** Tokens `GET /v1/tokens` answers per page. */
export const TOKENS_PER_PAGE = 100;

/** Whether a format-1 record read as a token record has its hash and catalogs. */
function hasHashAndScope(record: TokenRecord): boolean {
  return typeof record.hash === "string" && Array.isArray(record.catalogs);
}

export class TenantTokenStore {
  /** `kv`: TOOLSIFT_KV, each call bounded by TOOLSIFT_KV_TIMEOUT_MS. */
  constructor(private readonly kv: BoundedKv) {}

  /** The record of token `id`, or null. */
  async readRecord(id: string): Promise<TokenRecord | null> {
    const key = TOKEN_KEYS.token(id);
    return this.kv.getRecord(key, hasHashAndScope, {
      notJson: `KV get "${key}" (not JSON) failed`,
      notValid: `The token record ${key} is not a format-1 token record.`,
    });
  }

  writeRecord(record: TokenRecord): Promise<void> {
    return this.kv.put(TOKEN_KEYS.token(record.id), JSON.stringify(record));
  }

  deleteRecord(id: string): Promise<void> {
    return this.kv.delete(TOKEN_KEYS.token(id));
  }

  /** One page of token records (listing is eventually consistent: a token created moments ago may be missing). */
  async listRecords(cursor: string | undefined): Promise<{ records: TokenRecord[]; cursor?: string }> {
    const prefix = TOKEN_KEYS.prefix;
    const page = await this.kv.list(prefix, { limit: TOKENS_PER_PAGE, ...(cursor === undefined ? {} : { cursor }) });
    const records = await Promise.all(page.keys.map(({ name }) => this.readRecord(name.slice(prefix.length))));
    return {
      records: records.filter((record): record is TokenRecord => record !== null),
      ...(page.list_complete || page.cursor === undefined ? {} : { cursor: page.cursor }),
    };
  }
}
