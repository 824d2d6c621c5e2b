// The catalog id rule, shared by the path check (validation.ts) and the settings that name a catalog (config.ts).

/** A catalog id: 1–64 characters of A–Z a–z 0–9 _ -, starting with a letter or digit (it becomes part of KV keys). */
export const CATALOG_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
