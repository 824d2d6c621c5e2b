// How specific a word is in general English, whatever the catalog: common words ("first", "time", "number") are weak
// evidence that a query is about a tool whose prose happens to hold them.

/** A word's general specificity, 0 (among the commonest English words) to 1 (rare, or not known to the list). */
export type WordSpecificity = (surface: string) => number;

/** Every word equally specific: what relevance reads without a word list (`toolsift/core`). */
export const NO_WORD_SPECIFICITY: WordSpecificity = () => 1;

/**
 * A `WordSpecificity` from lists of words by level (`levels[i]` holds the words of specificity i / levels.length),
 * each list sorted and front-coded: per word a digit (how many leading letters it shares with the previous word) and
 * then the rest of it. Decoded on first use.
 */
export function wordSpecificityFromLevels(levels: readonly string[]): WordSpecificity {
  let specificity: Map<string, number> | undefined;
  const decode = (): Map<string, number> => {
    const map = new Map<string, number>();
    levels.forEach((coded, level) => {
      let previous = "";
      for (const entry of coded.match(/\d[a-z]+/g) ?? []) {
        previous = previous.slice(0, Number(entry[0])) + entry.slice(1);
        map.set(previous, level / levels.length);
      }
    });
    return map;
  };
  return (surface) => (specificity ??= decode()).get(surface) ?? 1;
}
