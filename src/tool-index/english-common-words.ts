// The English word list (2,000 commonest words, generated from the local model's vocabulary): the root index's default
// `keyword.commonWords`, and data toolsift/core exports for its user to pass, so an app that does not is spared it
// (the decoder comes with the list: a bundler drops both when the export is unused). With it, the everyday words and
// the chat lexicon's reader.

import type { CommonWords } from "../options.js";
import { isRemark } from "../conversation/remark.js";
import { isChitChat } from "../conversation/small-talk.js";
import { englishWordSpecificity } from "./english-word-specificity.js";
import { EVERYDAY_WORDS } from "./everyday-words.js";

/** General English, for `keyword.commonWords` (the root's default); decoded on first use, once per process. */
export const ENGLISH_COMMON_WORDS: CommonWords = {
  specificity: englishWordSpecificity,
  everyday: EVERYDAY_WORDS,
  chat: isChitChat,
  remark: isRemark,
};
