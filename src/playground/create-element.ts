// A small DOM builder for the playground: text always goes in as text, never as HTML, so a pasted catalog cannot inject
// markup.

/** A child of an element: a node, text (numbers are printed), or nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Attribute values: `true` sets an empty attribute, `false` and `undefined` leave it out. */
export type Attributes = Record<string, string | number | boolean | undefined>;

export function element<TAG extends keyof HTMLElementTagNameMap>(
  tag: TAG,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[TAG] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** The element with this id, checked to be of the expected kind (the page's HTML and this code must agree). */
export function byId<TYPE extends HTMLElement>(id: string, kind: new () => TYPE): TYPE {
  const node = document.getElementById(id);
  if (!(node instanceof kind))
    throw new Error(
      `playground: expected #${id} to be a ${kind.name} in index.html, found ${node === null ? "nothing" : node.tagName}.`,
    );
  return node;
}
