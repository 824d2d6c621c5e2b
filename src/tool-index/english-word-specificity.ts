// How specific a word is in general English: the decoder of the word levels, once per process, that
// `ENGLISH_COMMON_WORDS` (english-common-words.ts) carries and the readers outside an index's options use (the
// no-match policy's test of whether a turn holds a specific word, agent/offer-policy.ts; the chat lexicon's reader,
// conversation/small-talk.ts, which `ENGLISH_COMMON_WORDS` carries too).

import { wordSpecificityFromLevels } from "../core/word-specificity.js";
import { ENGLISH_WORD_LEVELS } from "./english-word-levels.js";

export const englishWordSpecificity = /* @__PURE__ */ wordSpecificityFromLevels(ENGLISH_WORD_LEVELS);
