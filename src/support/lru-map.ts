// A bounded map that forgets the entry used least recently.

/** A bounded map that forgets the entry used least recently (a `Map` keeps insertion order: re-insert on use). */
export class LruMap<VALUE> {
  private readonly entries = new Map<string, VALUE>();

  constructor(private readonly capacity: number) {}

  get(key: string): VALUE | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: VALUE): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  get size(): number {
    return this.entries.size;
  }
}
