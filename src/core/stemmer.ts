// A light English stemmer: folds plurals, -ing, -ed, -ation and a final -e so inflections meet.
// Deliberately conservative (no Porter step 2-5): over-stemming merges unrelated tool words.

const VOWEL = /[aeiouy]/;

function hasVowel(text: string): boolean {
  return VOWEL.test(text);
}

/** Undoubles a final consonant left by -ing/-ed ("stopp" → "stop"), keeping ll/ss/zz ("install", "pass"). */
function undouble(word: string): string {
  const n = word.length;
  if (n >= 3) {
    const last = word.charCodeAt(n - 1);
    if (last === word.charCodeAt(n - 2) && !"aeiouylsz".includes(word[n - 1])) return word.slice(0, -1);
  }
  return word;
}

// Words whose final -s is no plural: "news" is no "new", "alias" no "alia", "lens" no "len" (a length).
const NOT_PLURAL = new Set("news series species lens canvas alias atlas bias chaos cosmos".split(" "));

/**
 * Stems one lower-case word. Words under 4 letters and words with digits are returned as they are
 * (ids like "k8s", "v2", "ip" must survive intact).
 */
export function stem(word: string): string {
  const n = word.length;
  if (n < 4) return word;
  const last = word.charCodeAt(n - 1);
  if (last < 97 || last > 122) return word;
  // Any digit marks an id ("a11y", "html5s", "oauth2"): stemming would break it ("a11y" → "a11i").
  for (let i = 0; i < n - 1; i++) {
    const code = word.charCodeAt(i);
    if (code >= 48 && code <= 57) return word;
  }
  let w = word;
  // Plurals and third person.
  if (NOT_PLURAL.has(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes") || w.endsWith("zes")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is") && !w.endsWith("ys"))
    w = w.slice(0, -1);
  // Derivational endings meet their verb: "calculation"/"calculator"/"calculate" → "calculat",
  // "invention" → "invent", "conversion" → "convers", "discoverer" → "discover".
  if (w.endsWith("ation") && w.length > 7) w = w.slice(0, -3);
  else if (w.endsWith("ator") && w.length > 7) w = w.slice(0, -2);
  else if ((w.endsWith("tion") || w.endsWith("sion")) && w.length > 6) w = w.slice(0, -3);
  else if (w.endsWith("er") && w.length > 6 && !w.endsWith("eer")) w = w.slice(0, -2);
  // Inflections; the stem left must still hold a vowel so "thing" or "bed" stay whole.
  else if (w.endsWith("ing") && w.length > 5 && hasVowel(w.slice(0, -3))) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ied") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("ed") && !w.endsWith("eed") && w.length > 4 && hasVowel(w.slice(0, -2)))
    w = undouble(w.slice(0, -2));
  // A final consonant-y meets -ies/-ied ("query"/"queries" → "queri", "calorie"/"calories" → "calori").
  if (w.endsWith("y") && w.length > 3 && !"aeiou".includes(w[w.length - 2])) w = w.slice(0, -1) + "i";
  // A final silent e: "create"/"creating"/"created" all end as "creat", "save"/"saved" as "sav".
  if (w.endsWith("e") && !w.endsWith("ee") && w.length > 3) w = w.slice(0, -1);
  return w;
}
