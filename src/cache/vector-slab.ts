// One namespace's vectors in a single Float32Array (row i belongs to hashes[i]): what the KV and file caches persist.

/** The vectors of one key namespace, rows of `dims` floats concatenated in `data`. */
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
   * A new slab holding these rows with `vectors` written over them (new hashes appended). When the
   * vectors have another length than this slab's (the model behind the namespace changed its
   * output), the old rows cannot sit beside them and are dropped.
   */
  with(dims: number, vectors: ReadonlyMap<string, Float32Array>): VectorSlab {
    if (dims !== this.dims) return VectorSlab.of(dims, vectors);
    const hashes = [...this.hashes];
    const rows: number[] = [];
    for (const hash of vectors.keys()) {
      const row = this.rowOf.get(hash);
      rows.push(row ?? hashes.length);
      if (row === undefined) hashes.push(hash);
    }
    const data = new Float32Array(hashes.length * dims);
    data.set(this.data);
    let index = 0;
    for (const vector of vectors.values()) data.set(vector, rows[index++] * dims);
    return new VectorSlab(dims, hashes, data);
  }

  /** A slab of exactly `vectors` (copied). */
  static of(dims: number, vectors: ReadonlyMap<string, Float32Array>): VectorSlab {
    const hashes = [...vectors.keys()];
    const data = new Float32Array(hashes.length * dims);
    let row = 0;
    for (const vector of vectors.values()) data.set(vector, row++ * dims);
    return new VectorSlab(dims, hashes, data);
  }
}
