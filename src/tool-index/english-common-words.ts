// The English word list (2,000 commonest words, generated from the local model's vocabulary): the root index's default
// `keyword.commonWords`, and data toolsift/core exports for its user to pass, so an app that does not is spared it
// (the decoder comes with the list: a bundler drops both when the export is unused).

import { wordSpecificityFromLevels } from "../core/word-specificity.js";
import type { CommonWords } from "../options.js";
import { ENGLISH_WORD_LEVELS } from "./english-word-levels.js";
import { EVERYDAY_WORDS } from "./everyday-words.js";
import { isChitChat } from "../conversation/small-talk.js";

/** General English, for `keyword.commonWords` (the root's default); decoded on first use, once per process. */
export const ENGLISH_COMMON_WORDS: CommonWords = {
  specificity: /* @__PURE__ */ wordSpecificityFromLevels(ENGLISH_WORD_LEVELS),
  everyday: EVERYDAY_WORDS,
  chat: isChitChat,
};
