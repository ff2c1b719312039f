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

// A single letter, an underscore and a number or a letter is a subscript
// in the solvers' plain text (A_3, B_n, R_p(4), a_i): set as one on the page.
const SUB = /\b([A-Za-z])_([0-9]+|[a-z])\b/g;

/** subscripted splits s at its subscripts (see SUB) into strings and <sub> elements; s itself when it has none. */
export function subscripted(s) {
  if (!s.includes('_')) return s;
  const out = [];
  let last = 0;
  for (const m of s.matchAll(SUB)) {
    out.push(s.slice(last, m.index + 1), h('sub', null, m[2]));
    last = m.index + m[0].length;
  }
  if (out.length === 0) return s;
  out.push(s.slice(last));
  return out;
}

const words = (c) => (typeof c === 'string' ? subscripted(typeset(c)) : Array.isArray(c) ? c.map(words) : c);

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
