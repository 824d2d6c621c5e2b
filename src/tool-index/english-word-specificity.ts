// How specific a word is in general English (english-common-words.ts), for the readers outside an index's options:
// the no-match policy's test of whether a turn holds a specific word (agent/offer-policy.ts).

import { ENGLISH_COMMON_WORDS } from "./english-common-words.js";

// Read at call time: the chat reader of ENGLISH_COMMON_WORDS (small-talk.ts) imports this module.
export const englishWordSpecificity = (word: string): number => ENGLISH_COMMON_WORDS.specificity(word);
