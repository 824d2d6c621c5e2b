// The gateway's config file: the `mcpServers` JSON MCP clients use (stdio `command`/`args`/`env`, Streamable HTTP
// `url`), plus toolsift's own optional `toolsift` section.

import { readFile } from "node:fs/promises";
import { ToolsiftError } from "../../errors.js";
import { describeValue } from "../../support/describe-value.js";
import { errorMessage } from "../../support/error-message.js";
import { integerOption, rejectUnknownOptions } from "../../support/validate-options.js";
import { MAX_SESSION_TIMEOUT } from "./http-sessions.js";

/** A server started as a child process speaking MCP over stdio. */
export interface StdioServerEntry {
  readonly kind: "stdio";
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the gateway's own environment (the child inherits the rest, as MCP clients do). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | undefined;
}

/** A server reached over Streamable HTTP. */
export interface HttpServerEntry {
  readonly kind: "http";
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
}

export type ServerEntry = StdioServerEntry | HttpServerEntry;

/** A read config file. */
export interface GatewayConfig {
  readonly servers: ReadonlyMap<string, ServerEntry>;
  /** Catalog names (`server__tool`) listed as tools of their own next to search and call (`toolsift.pinned`). */
  readonly pinned: readonly string[];
  /** `toolsift.embedding`: the embedding model's name as `--embedding` takes it (checked by embedding-choice.ts). */
  readonly embedding: string | undefined;
  /** `toolsift.embeddingBaseURL`: an OpenAI-compatible server's base URL (checked by embedding-choice.ts). */
  readonly embeddingBaseURL: string | undefined;
  /**
   * `toolsift.sessionTimeout`: milliseconds an HTTP session may stay idle before it is closed, an integer in
   * [0, MAX_SESSION_TIMEOUT] (0: never), as `--session-timeout` (which wins); used with `--http` only.
   */
  readonly sessionTimeout: number | undefined;
  /**
   * `toolsift.inheritEnv`: start stdio servers with the gateway's whole environment under their own `env` (as
   * `--inherit-env`). Default false: a server gets the MCP SDK's short safe list (HOME, LOGNAME, PATH, SHELL, TERM,
   * USER) and its `env`, so keys the gateway holds (OPENAI_API_KEY for its embeddings) do not reach every server.
   */
  readonly inheritEnv: boolean;
}

/** The fields of the config's own `toolsift` section. */
const OWN_FIELDS = ["pinned", "embedding", "embeddingBaseURL", "sessionTimeout", "inheritEnv"];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function configError(path: string, field: string, expected: string, value: unknown): never {
  throw new ToolsiftError("INVALID_OPTION", `${path}: "${field}" must be ${expected}, got ${describeValue(value)}.`, {
    option: field,
    path,
  });
}

function stringRecord(path: string, field: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isObject(value) || Object.values(value).some((entry) => typeof entry !== "string")) {
    configError(path, field, "an object of strings", value);
  }
  return value as Record<string, string>;
}

function readEntry(path: string, name: string, value: unknown): ServerEntry {
  const field = `mcpServers.${name}`;
  if (!isObject(value)) configError(path, field, "an object with command or url", value);
  if (typeof value.url === "string") {
    let url: URL;
    try {
      url = new URL(value.url);
    } catch {
      // new URL throws only TypeError for an unparseable URL: say which entry holds it.
      configError(path, `${field}.url`, "an absolute http(s) URL", value.url);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      configError(path, `${field}.url`, "an absolute http(s) URL", value.url);
    }
    return { kind: "http", url, headers: stringRecord(path, `${field}.headers`, value.headers) };
  }
  if (typeof value.command !== "string" || value.command.length === 0) {
    configError(path, `${field}.command`, "a non-empty string (or give url)", value.command);
  }
  const args = value.args ?? [];
  if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string")) {
    configError(path, `${field}.args`, "an array of strings", value.args);
  }
  if (value.cwd !== undefined && typeof value.cwd !== "string")
    configError(path, `${field}.cwd`, "a string", value.cwd);
  return {
    kind: "stdio",
    command: value.command,
    args: args as string[],
    env: stringRecord(path, `${field}.env`, value.env),
    cwd: value.cwd as string | undefined,
  };
}

/** Parses a config's text; errors name the file and the field. */
export function parseGatewayConfig(text: string, path: string): GatewayConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ToolsiftError("INVALID_OPTION", `${path} is not JSON: ${errorMessage(error)}.`, { path });
  }
  if (!isObject(json) || !isObject(json.mcpServers)) {
    configError(
      path,
      "mcpServers",
      "an object of server name → { command, args, env } or { url }",
      (json as { mcpServers?: unknown })?.mcpServers,
    );
  }
  const servers = new Map<string, ServerEntry>();
  for (const [name, entry] of Object.entries(json.mcpServers)) {
    if ((entry as { disabled?: unknown })?.disabled === true) continue;
    servers.set(name, readEntry(path, name, entry));
  }
  const own = json.toolsift ?? {};
  if (!isObject(own)) configError(path, "toolsift", "an object", own);
  rejectUnknownOptions(path, own, OWN_FIELDS, "toolsift.");
  const pinned = own.pinned ?? [];
  if (!Array.isArray(pinned) || pinned.some((name) => typeof name !== "string")) {
    configError(path, "toolsift.pinned", "an array of tool names (server__tool)", own.pinned);
  }
  if (own.inheritEnv !== undefined && typeof own.inheritEnv !== "boolean") {
    configError(path, "toolsift.inheritEnv", "true or false", own.inheritEnv);
  }
  for (const field of ["embedding", "embeddingBaseURL"] as const) {
    if (own[field] !== undefined && typeof own[field] !== "string")
      configError(path, `toolsift.${field}`, "a string", own[field]);
  }
  return {
    servers,
    pinned: pinned as string[],
    embedding: own.embedding as string | undefined,
    embeddingBaseURL: own.embeddingBaseURL as string | undefined,
    sessionTimeout: integerOption(path, "toolsift.sessionTimeout", own.sessionTimeout, 0, MAX_SESSION_TIMEOUT),
    inheritEnv: own.inheritEnv === true,
  };
}

/** Reads and parses the config file at `path`. */
export async function readGatewayConfig(path: string): Promise<GatewayConfig> {
  return parseGatewayConfig(await readFile(path, "utf8"), path);
}
