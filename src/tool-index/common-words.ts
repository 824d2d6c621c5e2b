// `keyword.commonWords`: the general-language word list relevance reads (how common a word is, whatever the catalog),
// resolved once per index. The root's default is English (english-common-words.ts); toolsift/core has no default, so
// that it never answers differently for want of the list: its user passes the list, which it exports as data, or false.

import type { EverydayWords } from "../core/everyday-readings.js";
import { NO_WORD_SPECIFICITY, type WordSpecificity } from "../core/word-specificity.js";
import type { CommonWords } from "../options.js";
import { invalidOption } from "../support/validate-options.js";

/**
 * `keyword.commonWords`: a word list (with its everyday words, when it has them), `false` (every word as specific as a
 * rare one, no everyday word read) or, unset, the entry's default.
 * Without a default (toolsift/core) it must be given: `INVALID_OPTION` says what to pass.
 */
export function resolveCommonWords(
  value: unknown,
  entryDefault: CommonWords | undefined,
): {
  specificity: WordSpecificity;
  everyday: EverydayWords | undefined;
  chat: ((text: string) => boolean) | undefined;
  remark: ((text: string) => boolean) | undefined;
} {
  if (value === false)
    return { specificity: NO_WORD_SPECIFICITY, everyday: undefined, chat: undefined, remark: undefined };
  const words = (value ?? entryDefault) as Partial<CommonWords> | null | undefined;
  const specificity = words?.specificity;
  const chat = words?.chat;
  if (chat !== undefined && typeof chat !== "function")
    invalidOption("createToolIndex", "keyword.commonWords.chat", "a function (text) => boolean", chat);
  const remark = words?.remark;
  if (remark !== undefined && typeof remark !== "function")
    invalidOption("createToolIndex", "keyword.commonWords.remark", "a function (text) => boolean", remark);
  return typeof specificity === "function"
    ? { specificity, everyday: words!.everyday, chat, remark }
    : invalidOption(
        "createToolIndex",
        "keyword.commonWords",
        'ENGLISH_COMMON_WORDS (import it from "toolsift/core" to select as "toolsift" does) or false (no word list)',
        value,
      );
}
