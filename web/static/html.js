// One template helper for every view: htm bound to Preact's h (vendored),
// with the page's typography (format.typeset) applied to the text it shows,
// its own words and the server's alike; code keeps its characters.
import { h, render } from './vendor/preact.module.js';
import htm from './vendor/htm.module.js';
import { typeset } from './format.js';

// Elements whose text is code or a person's input: shown as they are.
const VERBATIM = new Set(['code', 'pre', 'kbd', 'samp', 'textarea']);
// Attributes a person reads (a tooltip, a screen reader's name).
const READ = ['title', 'aria-label', 'alt', 'placeholder'];

const words = (c) => (typeof c === 'string' ? typeset(c) : Array.isArray(c) ? c.map(words) : c);

/** ht is h with typeset text: the element's string children and the attributes a person reads. */
export function ht(type, props, ...children) {
  if (typeof type !== 'string' || !VERBATIM.has(type)) {
    children = children.map(words);
    if (props) {
      for (const a of READ) {
        if (typeof props[a] === 'string' && props[a].includes("'")) props = { ...props, [a]: typeset(props[a]) };
      }
    }
  }
  return h(type, props, ...children);
}

export const html = htm.bind(ht);
export { h, render };
