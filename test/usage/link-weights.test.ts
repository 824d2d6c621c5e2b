// LinkWeights against a plain Map with a stable sort (what the usage graph used before): same links, weights and
// order after any sequence of additions, prunings, removals and scalings, short lists and indexed long ones alike.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LinkWeights } from "../../src/usage/link-weights.js";

type Operation =
  | { kind: "add"; key: string; weight: number }
  | { kind: "keep"; cap: number }
  | { kind: "drop"; keys: string[] }
  | { kind: "scale"; factor: number };

/** The reference: a Map, pruned by a stable sort by weight cut to the cap. */
function applyToMap(map: Map<string, number>, operation: Operation): void {
  if (operation.kind === "add") map.set(operation.key, (map.get(operation.key) ?? 0) + operation.weight);
  else if (operation.kind === "drop") for (const key of operation.keys) map.delete(key);
  else if (operation.kind === "scale") for (const [key, weight] of map) map.set(key, weight * operation.factor);
  else if (map.size > operation.cap) {
    const kept = [...map].sort((a, b) => b[1] - a[1]).slice(0, operation.cap);
    map.clear();
    for (const [key, weight] of kept) map.set(key, weight);
  }
}

function apply(links: LinkWeights<string>, operation: Operation): void {
  if (operation.kind === "add") links.add(operation.key, operation.weight);
  else if (operation.kind === "drop") links.retain((key) => !operation.keys.includes(key));
  else if (operation.kind === "scale") links.scale(operation.factor);
  else links.keepHeaviest(operation.cap);
}

describe("LinkWeights", () => {
  it("matches a Map with a stable sort on any sequence of operations", () => {
    // Few distinct weights force ties; up to 60 keys pass the length where a position index is kept.
    const key = (keys: number) => fc.integer({ min: 0, max: keys - 1 }).map((k) => `tool_${k}`);
    const operation = (keys: number): fc.Arbitrary<Operation> =>
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc.record({
            kind: fc.constant("add" as const),
            key: key(keys),
            weight: fc.constantFrom(1, 1.5, 2, 0.25),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant("keep" as const), cap: fc.integer({ min: 0, max: 40 }) }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant("drop" as const), keys: fc.array(key(keys), { maxLength: 20 }) }),
        },
        {
          weight: 1,
          arbitrary: fc.record({ kind: fc.constant("scale" as const), factor: fc.constantFrom(0.5, 0.25, 2) }),
        },
      );
    const sequence = fc.integer({ min: 3, max: 60 }).chain((keys) => fc.array(operation(keys), { maxLength: 300 }));
    fc.assert(
      fc.property(sequence, (operations) => {
        const map = new Map<string, number>();
        const links = new LinkWeights<string>();
        for (const step of operations) {
          applyToMap(map, step);
          apply(links, step);
          expect([...links]).toEqual([...map]);
          expect(links.size).toBe(map.size);
        }
        for (const [name, weight] of map) expect(links.get(name)).toBe(weight);
        expect(links.get("absent")).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it("finds each key at its new place after a retain that drops links from a long (indexed) list", () => {
    const links = new LinkWeights<string>();
    for (let i = 0; i < 40; i++) links.add(`tool_${i}`, i);
    links.retain((key) => Number(key.slice(5)) % 3 !== 0);
    links.add("tool_38", 100);
    expect(links.size).toBe(26);
    expect(links.get("tool_38")).toBe(138);
    expect(links.get("tool_37")).toBe(37);
    expect(links.get("tool_3")).toBeUndefined();
    expect([...links.keys()].slice(0, 3)).toEqual(["tool_1", "tool_2", "tool_4"]);
  });
});
