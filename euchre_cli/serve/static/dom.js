// Building the page: elements found and made, words counted, forms sent.  A string
// child is always a text node, so a name from the book is never read as markup.

export const $ = (selector, root = document) => root.querySelector(selector);

/** An element with attributes and children; a string child is always a text node. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return node;
}

export function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/** ``handler(form)`` on each submit, its submit button disabled until it is done (a
 *  second tap meanwhile sends nothing). */
export function onSubmit(form, handler) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const button = form.querySelector('[type="submit"]');
    button.disabled = true;
    try {
      await handler(form);
    } finally {
      button.disabled = false;
    }
  });
}
