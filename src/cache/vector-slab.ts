// One namespace's vectors in a single Float32Array (row i belongs to hashes[i]): what the KV and file caches persist.

import type { NamespaceKeys } from "./cache-batch.js";

/** The vectors kvCache and fileCache keep unless told otherwise (`maxEntries`): a large catalog's, several times. */
export const DEFAULT_MAX_ENTRIES = 10_000;

/** The vectors of one key namespace, rows of `dims` floats concatenated in `data`, least recently used first. */
export class VectorSlab {
  private readonly rowOf = new Map<string, number>();

  /** `data.length` must be `hashes.length * dims`; the slab takes ownership of `data`. */
  constructor(
    readonly dims: number,
    readonly hashes: readonly string[],
    readonly data: Float32Array,
  ) {
    if (data.length !== hashes.length * dims) {
      throw new RangeError(
        `VectorSlab: ${hashes.length} rows of ${dims} need ${hashes.length * dims} floats, got ${data.length}`,
      );
    }
    hashes.forEach((hash, row) => this.rowOf.set(hash, row));
  }

  get count(): number {
    return this.hashes.length;
  }

  /** The bytes of `data`, without copying. */
  get bytes(): Uint8Array {
    return new Uint8Array(this.data.buffer, this.data.byteOffset, this.data.byteLength);
  }

  /** A copy of the vector stored for `hash`, so callers cannot change the slab. */
  get(hash: string): Float32Array | undefined {
    const row = this.rowOf.get(hash);
    return row === undefined ? undefined : this.data.slice(row * this.dims, (row + 1) * this.dims);
  }

  /**
   * A new slab: this slab's rows, those in `used` moved after the rest, then `vectors` written (over their old rows,
   * new hashes added), keeping the last `maxEntries` rows. Rows stay in order of last use, oldest first, so the rows
   * dropped are the least recently used. When the vectors have another length than this slab's (the model behind the
   * namespace changed its output), the old rows cannot sit beside them and are dropped.
   */
  with(
    dims: number,
    vectors: ReadonlyMap<string, Float32Array>,
    { used = new Set<string>(), maxEntries = Infinity }: { used?: ReadonlySet<string>; maxEntries?: number } = {},
  ): VectorSlab {
    const order: string[] = [];
    if (dims === this.dims) {
      const kept = this.hashes.filter((hash) => !vectors.has(hash));
      order.push(...kept.filter((hash) => !used.has(hash)), ...kept.filter((hash) => used.has(hash)));
    }
    order.push(...vectors.keys());
    const hashes = order.slice(Math.max(0, order.length - maxEntries));
    const data = new Float32Array(hashes.length * dims);
    hashes.forEach((hash, row) => {
      const vector = vectors.get(hash);
      if (vector !== undefined) data.set(vector, row * dims);
      else {
        const from = this.rowOf.get(hash)! * dims;
        data.set(this.data.subarray(from, from + dims), row * dims);
      }
    });
    return new VectorSlab(dims, hashes, data);
  }

  /** Copies the vectors of `group`'s hashes into `found` at their positions; adds the hashes found to `used`. */
  readInto(group: NamespaceKeys, found: (Float32Array | undefined)[], used: Map<string, Set<string>>): void {
    const hits = used.get(group.namespace) ?? new Set<string>();
    used.set(group.namespace, hits);
    group.hashes.forEach((hash, index) => {
      const vector = this.get(hash);
      found[group.positions[index]] = vector;
      if (vector !== undefined) hits.add(hash);
    });
  }

  /** A slab of no rows, to make a first one `with` vectors. */
  static readonly empty = new VectorSlab(0, [], new Float32Array(0));
}
