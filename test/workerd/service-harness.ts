// Drives the selection service in-process inside workerd: one `createService()` per simulated isolate, real KV.

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import type { DurableObjectNamespaceLike, KvNamespaceWithList, ServiceEnv } from "../../src/worker/http/env.js";
import { createService, type ServiceOptions } from "../../src/worker/index.js";
import type { KvOperation } from "./kv-interceptor.js";
// The service's README, whose "Errors" table is the oracle for statuses (not the code's ERROR_STATUS).
import serviceReadme from "../../src/worker/README.md?raw";

declare module "cloudflare:workers" {
  /** The `main` Worker of wrangler.toml (src/worker/index.ts), called in-process. */
  export const exports: { readonly default: { fetch(request: Request): Promise<Response> } };
}

/** The service's KV namespace (wrangler.toml binds TOOLSIFT_KV). */
export const serviceKv = (env as unknown as { TOOLSIFT_KV: KvNamespaceWithList }).TOOLSIFT_KV;

/** The usage objects' namespace (wrangler.toml binds TOOLSIFT_USAGE to the ToolsiftUsage Durable Object). */
export const usageNamespace = (env as unknown as { TOOLSIFT_USAGE: DurableObjectNamespaceLike }).TOOLSIFT_USAGE;

export const ADMIN_TOKEN = "test-admin-token";
export const READ_TOKEN = "test-read-token";
export const LEARN_TOKEN = "test-learn-token";

let ids = 0;
/** A catalog id of its own for each test (KV is shared by the tests of a file). */
export const freshId = (label = "c") => `${label}-${ids++}-${crypto.randomUUID().slice(0, 8)}`;

/** An env for the service: the real KV, an admin token, the pointer re-read on every request; `overrides` on top. */
export function serviceEnv(overrides: Partial<Record<keyof ServiceEnv, unknown>> = {}): ServiceEnv {
  return {
    TOOLSIFT_KV: serviceKv,
    TOOLSIFT_ADMIN_TOKEN: ADMIN_TOKEN,
    TOOLSIFT_RECHECK_SECONDS: "0",
    ...overrides,
  } as ServiceEnv;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  /** The parsed JSON body (undefined for an empty body). */
  readonly body: any;
  readonly text: string;
}

export interface RequestOptions {
  /** A JSON value (stringified) or raw text/bytes. */
  body?: unknown;
  raw?: BodyInit;
  token?: string | null;
  headers?: Record<string, string>;
  /** Default `application/json` when there is a body. */
  contentType?: string | null;
}

/** `serviceEnv` with learning on: the usage objects bound and a learn token set. */
export function learnEnv(overrides: Partial<Record<keyof ServiceEnv, unknown>> = {}): ServiceEnv {
  return serviceEnv({ TOOLSIFT_USAGE: usageNamespace, TOOLSIFT_LEARN_TOKEN: LEARN_TOKEN, ...overrides });
}

/** `learnEnv` with reads closed (a read token set): the setting in which tenants' catalogs are isolated. */
export function closedEnv(overrides: Partial<Record<keyof ServiceEnv, unknown>> = {}): ServiceEnv {
  return learnEnv({ TOOLSIFT_READ_TOKEN: READ_TOKEN, ...overrides });
}

/** One simulated isolate: its own service state (warm indexes), sharing KV with every other. */
export class Isolate {
  readonly service;
  /** Work the service handed to `ctx.waitUntil`, awaited by `settle()`. */
  private readonly pending: Promise<unknown>[] = [];

  constructor(
    public env: ServiceEnv = serviceEnv(),
    options: ServiceOptions = {},
  ) {
    this.service = createService(options);
  }

  async fetch(request: Request, withEnv: ServiceEnv = this.env): Promise<Answer> {
    const response = await this.service.fetch(request, withEnv, {
      waitUntil: (promise) => void this.pending.push(promise),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text.length > 0 ? JSON.parse(text) : undefined,
      text,
    };
  }

  request(method: string, path: string, options: RequestOptions = {}, withEnv?: ServiceEnv): Promise<Answer> {
    const headers = new Headers(options.headers);
    const token = options.token === undefined ? ADMIN_TOKEN : options.token;
    if (token !== null) headers.set("Authorization", `Bearer ${token}`);
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const contentType =
      options.contentType === undefined ? (body === undefined ? null : "application/json") : options.contentType;
    if (contentType !== null) headers.set("Content-Type", contentType);
    return this.fetch(new Request(`http://toolsift.test${path}`, { method, headers, body }), withEnv);
  }

  put(id: string, catalog: unknown, options: RequestOptions = {}): Promise<Answer> {
    return this.request("PUT", `/v1/catalogs/${id}`, { body: catalog, ...options });
  }

  select(id: string, body: unknown, options: RequestOptions = {}, withEnv?: ServiceEnv): Promise<Answer> {
    return this.request("POST", `/v1/catalogs/${id}/select`, { body, ...options }, withEnv);
  }

  get(id: string, options: RequestOptions = {}, withEnv?: ServiceEnv): Promise<Answer> {
    return this.request("GET", `/v1/catalogs/${id}`, options, withEnv);
  }

  learn(id: string, body: unknown, options: RequestOptions = {}, withEnv?: ServiceEnv): Promise<Answer> {
    return this.request("POST", `/v1/catalogs/${id}/learn`, { body, ...options }, withEnv);
  }

  usage(id: string, options: RequestOptions = {}, withEnv?: ServiceEnv): Promise<Answer> {
    return this.request("GET", `/v1/catalogs/${id}/usage`, options, withEnv);
  }

  /** Waits for the work handed to `waitUntil` (clean-up of retired versions). */
  async settle(): Promise<void> {
    while (this.pending.length > 0) await Promise.allSettled(this.pending.splice(0));
  }
}

/**
 * The status of each error code as src/worker/README.md documents it: the rows of the table under
 * "## Errors", `| <status> | \`CODE\` (note), \`CODE\`, … |`.
 */
export function documentedStatuses(readme: string = serviceReadme): ReadonlyMap<string, number> {
  const section = readme.split(/^## Errors$/m)[1]?.split(/^## /m)[0] ?? "";
  const statuses = new Map<string, number>();
  for (const row of section.matchAll(/^\| (\d{3}) \| (.+) \|$/gm)) {
    for (const [, code] of row[2].matchAll(/`([A-Z_]+)`/g)) statuses.set(code, Number(row[1]));
  }
  return statuses;
}

/** Error codes → documented status, read once from the README. */
export const DOCUMENTED_STATUS = documentedStatuses();

/**
 * Asserts `answer` is the documented error `code` (its README status, only `{ error: { code, message } }`) and that
 * its message holds each of `parts`.
 */
export function expectError(answer: Answer, code: string, ...parts: string[]): void {
  expect(answer.body?.error?.code, answer.text.slice(0, 500)).toBe(code);
  const documented = DOCUMENTED_STATUS.get(code);
  expect(documented, `${code} is in the README's error table`).toEqual(expect.any(Number));
  expect(answer.status).toBe(documented);
  expect(isDocumentedError(answer)).toBe(true);
  for (const part of parts) expect(answer.body.error.message).toContain(part);
}

/** An error answer as documented: only `{ error: { code, message } }`, with the README's status for its code. */
export function isDocumentedError(answer: Answer): boolean {
  const error = answer.body?.error;
  if (
    typeof error !== "object" ||
    error === null ||
    typeof error.code !== "string" ||
    typeof error.message !== "string"
  )
    return false;
  return (
    DOCUMENTED_STATUS.get(error.code) === answer.status &&
    Object.keys(answer.body).length === 1 &&
    Object.keys(error).length === 2
  );
}

/** Decides what happens to one KV call: undefined lets it through. */
export type KvFault = (operation: KvOperation | "list", key: string) => Promise<void> | "throw" | "hang" | undefined;

/** A KV binding (with `list`) whose calls pass through `fault` first: injected failures over the real KV. */
export function faultyKv(fault: KvFault, kv: KvNamespaceWithList = serviceKv): KvNamespaceWithList {
  const run = async <T>(operation: KvOperation | "list", key: string, proceed: () => Promise<T>): Promise<T> => {
    const decision = await fault(operation, key);
    if (decision === "throw") throw new Error(`KV ${operation} ${key} failed (injected)`);
    if (decision === "hang") return new Promise<never>(() => undefined);
    return proceed();
  };
  return {
    get: ((key: string, type: "text" | "arrayBuffer") =>
      run("get", key, () => kv.get(key, type as "text"))) as KvNamespaceWithList["get"],
    put: (key, value, options) => run("put", key, () => kv.put(key, value, options)),
    delete: (key) => run("delete", key, () => kv.delete(key)),
    list: (options) => run("list", options?.prefix ?? "", () => kv.list(options)),
  };
}

/** A small MCP-shaped catalog: `names` with descriptions that make each one easy to find. */
export function catalogOf(
  entries: Record<string, string>,
): { name: string; description: string; inputSchema: object }[] {
  return Object.entries(entries).map(([name, description]) => ({
    name,
    description,
    inputSchema: { type: "object", properties: {} },
  }));
}

export const BILLING = catalogOf({
  stripe_create_refund: "Refund a Stripe charge or payment, fully or partly.",
  stripe_create_invoice: "Draft and send a Stripe invoice to a customer.",
  stripe_list_subscriptions: "List a customer's active subscriptions and billing plans.",
});

export const MESSAGING = catalogOf({
  slack_post_message: "Post a message to a Slack channel or thread.",
  gmail_send_email: "Send an email from the connected Gmail account.",
  zoom_create_meeting: "Create a Zoom video call link.",
  weather_forecast: "Get the weather forecast for a city.",
});

/** A tenant token made with the admin token through `isolate` (`POST /v1/tokens`); throws unless it is created. */
export async function tokenFor(
  isolate: Isolate,
  catalogs: string[],
  access: "read" | "learn" | "write",
): Promise<{ id: string; token: string }> {
  const created = await isolate.request("POST", "/v1/tokens", { body: { catalogs, access } });
  if (created.status !== 201) throw new Error(`POST /v1/tokens answered ${created.status}: ${created.text}`);
  return { id: created.body.id, token: created.body.token };
}
