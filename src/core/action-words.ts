// The words that begin tool names as the action rather than the product (`get_weather`, `create_issue`), shared by
// the family reader, the relevance reading and the query's everyday readings.

import { stem } from "./stemmer.js";

/**
 * Words that begin names as the action, not the product (`get_weather`, `create_issue`): a leading word among them
 * is no family. General API usage.
 */
export const ACTION_WORDS: ReadonlySet<string> = new Set([
  "get",
  "list",
  "create",
  "update",
  "delete",
  "remove",
  "add",
  "set",
  "search",
  "find",
  "fetch",
  "read",
  "write",
  "send",
  "post",
  "put",
  "patch",
  "run",
  "execute",
  "start",
  "stop",
  "query",
  "check",
  "open",
  "close",
  "move",
  "copy",
  "rename",
  "upload",
  "download",
  "make",
  "new",
  "edit",
  "show",
  "view",
  "lookup",
  "look",
  "retrieve",
  "generate",
  "calculate",
  "convert",
  "cancel",
  "book",
  "schedule",
  "reply",
  "share",
  "invite",
  "assign",
  "merge",
  "save",
  "load",
  "is",
  "has",
  "can",
  "do",
  "api",
  "tool",
  "mcp",
]);

/** The terms (stems) of `ACTION_WORDS`, as catalog terms are written: create, get, send… */
export const ACTION_TERMS: ReadonlySet<string> = new Set([...ACTION_WORDS].map(stem));
