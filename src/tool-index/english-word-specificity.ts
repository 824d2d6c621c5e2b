// The root's general-English word specificity (2,000 commonest words, generated from the local model's vocabulary):
// passed to the index with the model stages, so that `toolsift/core` does not bundle the list.

import { wordSpecificityFromLevels } from "../core/word-specificity.js";
import { ENGLISH_WORD_LEVELS } from "./english-word-levels.js";

export const englishWordSpecificity = wordSpecificityFromLevels(ENGLISH_WORD_LEVELS);
