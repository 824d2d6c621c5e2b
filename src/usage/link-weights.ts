// The links of one usage list: keys in insertion order with unboxed float64 weights, searched linearly while short.

/** Lists longer than this also keep a Map from key to position (the starts list may hold every tool). */
const INDEX_FROM = 32;

/**
 * An insertion-ordered map from link target to weight, for the usage graph's many short lists (at most 1.5 × a
 * cap of 4 or 8 links between prunings). A Map boxes every non-integer weight it stores (learning replaces one on
 * each observation) and reallocates its table on every prune; here weights live in a Float64Array and a short
 * list is found by a linear scan. Iteration order is insertion order, as a Map's, so ties break the same way.
 */
export class LinkWeights<K> implements Iterable<[K, number]> {
  private keyList: K[] = [];
  private weights = new Float64Array(4);
  private index: Map<K, number> | undefined;

  get size(): number {
    return this.keyList.length;
  }

  private find(key: K): number {
    if (this.index !== undefined) return this.index.get(key) ?? -1;
    const keys = this.keyList;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return i;
    return -1;
  }

  get(key: K): number | undefined {
    const at = this.find(key);
    return at < 0 ? undefined : this.weights[at];
  }

  /** Adds `weight` to the link to `key` (a new link starts at 0); returns the number of links. */
  add(key: K, weight: number): number {
    const at = this.find(key);
    if (at >= 0) this.weights[at] += weight;
    else this.append(key, weight);
    return this.keyList.length;
  }

  set(key: K, weight: number): this {
    const at = this.find(key);
    if (at >= 0) this.weights[at] = weight;
    else this.append(key, weight);
    return this;
  }

  private append(key: K, weight: number): void {
    const at = this.keyList.length;
    if (at === this.weights.length) {
      const grown = new Float64Array(at * 2);
      grown.set(this.weights);
      this.weights = grown;
    }
    this.keyList.push(key);
    this.weights[at] = weight;
    if (this.index !== undefined) this.index.set(key, at);
    else if (at + 1 > INDEX_FROM) this.reindex();
  }

  private reindex(): void {
    this.index = this.keyList.length > INDEX_FROM ? new Map(this.keyList.map((key, at) => [key, at])) : undefined;
  }

  /** Keeps the links whose key `keep` accepts, in order: one pass, however many go. */
  retain(keep: (key: K) => boolean): void {
    const keys = this.keyList;
    let kept = 0;
    for (let i = 0; i < keys.length; i++) {
      if (!keep(keys[i])) continue;
      keys[kept] = keys[i];
      this.weights[kept] = this.weights[i];
      kept++;
    }
    if (kept === keys.length) return;
    keys.length = kept;
    this.reindex();
  }

  /** Multiplies every weight by `factor`. */
  scale(factor: number): void {
    for (let i = 0; i < this.keyList.length; i++) this.weights[i] *= factor;
  }

  keys(): IterableIterator<K> {
    return this.keyList.values();
  }

  *[Symbol.iterator](): IterableIterator<[K, number]> {
    const keys = this.keyList;
    for (let i = 0; i < keys.length; i++) yield [keys[i], this.weights[i]];
  }

  /**
   * Keeps the `cap` heaviest links, heaviest first, equal weights in their current order: what a stable sort by
   * weight cut to `cap` gives, done in place.
   */
  keepHeaviest(cap: number): void {
    const count = this.keyList.length;
    if (count <= cap) return;
    const keys = this.keyList;
    const weights = this.weights;
    // Insertion sort, strictly heavier moving first (stable); lists are short (at most 1.5 × the cap + 1).
    for (let i = 1; i < count; i++) {
      const key = keys[i];
      const weight = weights[i];
      let at = i;
      while (at > 0 && weights[at - 1] < weight) {
        keys[at] = keys[at - 1];
        weights[at] = weights[at - 1];
        at--;
      }
      keys[at] = key;
      weights[at] = weight;
    }
    keys.length = cap;
    this.reindex();
  }
}
