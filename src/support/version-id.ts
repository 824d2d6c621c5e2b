// Version ids for published writes (KV cache slabs, service catalogs): time-ordered, then random.

/** A new version id: base-36 milliseconds, then 64 random bits, so two writes never share keys. */
export function newVersionId(): string {
  const random = crypto.getRandomValues(new Uint32Array(2));
  return `${Date.now().toString(36)}-${random[0].toString(36)}${random[1].toString(36)}`;
}
