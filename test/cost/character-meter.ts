// Counts the characters the engine hands to built-ins that read a whole string (hashing a Map or Set key, a regex
// scan, slicing, case mapping, joining): the work workerd does in full where Node's V8 hashes a long string by its
// length only, which is how a quadratic compound split hid in Node (issue 13, D1).

type Method = (this: unknown, ...args: unknown[]) => unknown;

interface Patch {
  readonly target: object;
  readonly key: string;
  /** Characters one call reads. */
  readonly cost: (receiver: unknown, args: unknown[], result: unknown) => number;
}

const length = (value: unknown): number => (typeof value === "string" ? value.length : 1);

/** Characters a regex reads for one match: from where it starts to the end of the match, or to the end on a miss. */
function scanned(receiver: unknown, args: unknown[], result: unknown, start: number): number {
  const input = String(args[0]);
  if (result === null || result === false) return input.length - start;
  if (Array.isArray(result)) return (result as RegExpExecArray).index + result[0].length - start;
  // test() that matched: the regex's lastIndex says where it stopped when it is global; otherwise count it all.
  const regex = receiver as RegExp;
  return regex.global || regex.sticky ? regex.lastIndex - start : input.length - start;
}

const PATCHES: Patch[] = [
  ...(["get", "set", "has", "delete"] as const).map((key) => ({
    target: Map.prototype,
    key,
    cost: (_: unknown, args: unknown[]) => length(args[0]),
  })),
  ...(["add", "has", "delete"] as const).map((key) => ({
    target: Set.prototype,
    key,
    cost: (_: unknown, args: unknown[]) => length(args[0]),
  })),
  ...(["slice", "substring", "toLowerCase", "toUpperCase", "trim", "padStart", "repeat"] as const).map((key) => ({
    target: String.prototype,
    key,
    cost: (_: unknown, __: unknown[], result: unknown) => length(result),
  })),
  ...(["replace", "replaceAll", "split", "normalize", "match", "matchAll", "includes", "indexOf"] as const).map(
    (key) => ({ target: String.prototype, key, cost: (receiver: unknown) => length(String(receiver)) }),
  ),
  ...(["startsWith", "endsWith"] as const).map((key) => ({
    target: String.prototype,
    key,
    cost: (_: unknown, args: unknown[]) => length(args[0]),
  })),
  { target: Array.prototype, key: "join", cost: (_: unknown, __: unknown[], result: unknown) => length(result) },
];

/**
 * Starts counting; `stop()` restores the built-ins and returns the characters read. Calls made by a counted built-in
 * (String.prototype.replace calling RegExp.prototype.exec) are not counted again.
 */
export function startCharacterMeter(): { stop(): number } {
  let characters = 0;
  let depth = 0;
  const originals: { target: object; key: string; method: Method }[] = [];
  const wrap = (target: object, key: string, cost: Patch["cost"]) => {
    const method = (target as Record<string, Method>)[key];
    originals.push({ target, key, method });
    (target as Record<string, Method>)[key] = function (this: unknown, ...args: unknown[]) {
      depth++;
      let result: unknown;
      try {
        result = method.apply(this, args);
      } finally {
        depth--;
      }
      if (depth === 0) characters += cost(this, args, result);
      return result;
    };
  };
  for (const patch of PATCHES) wrap(patch.target, patch.key, patch.cost);
  for (const key of ["exec", "test"]) {
    const method = (RegExp.prototype as unknown as Record<string, Method>)[key];
    originals.push({ target: RegExp.prototype, key, method });
    (RegExp.prototype as unknown as Record<string, Method>)[key] = function (this: unknown, ...args: unknown[]) {
      const regex = this as RegExp;
      const start = regex.global || regex.sticky ? regex.lastIndex : 0;
      depth++;
      let result: unknown;
      try {
        result = method.apply(this, args);
      } finally {
        depth--;
      }
      if (depth === 0) characters += Math.max(1, scanned(this, args, result, start));
      return result;
    };
  }
  return {
    stop() {
      for (const { target, key, method } of originals.reverse()) (target as Record<string, Method>)[key] = method;
      return characters;
    },
  };
}
