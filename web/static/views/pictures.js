// Small drawn pictures of each game's board for the gallery: SVG made from
// the variant's game string, no image files.

import { html } from '../html.js';
import { parseGameString } from '../catalog.js';

const W = 160;
const H = 96;

export function Picture({ game, board }) {
  const { name, args } = parseGameString(game);
  let body;
  if (name === 'wythoff' && args.view === 'queen') body = queen(args);
  else if (board === 'heaps' || ['nim', 'nimk', 'greedynim', 'grundy', 'buildingnim', 'wythoff'].includes(name)) body = heaps(name, args);
  else if (name === 'nim2d' || board === 'grid') body = palette();
  else if (name === 'thue' || board === 'word') body = word(args);
  else if (name === 'vdwlist') body = listColouring();
  else body = race(Number(args.k || 3));
  return html`<svg class="picture" viewBox=${`0 0 ${W} ${H}`} role="img" aria-hidden="true" focusable="false">${body}</svg>`;
}

function heaps(name, args) {
  let sizes;
  if (name === 'grundy') sizes = [Math.min(Number(args.heap || 15), 15)];
  else if (name === 'buildingnim') sizes = Array.from({ length: Math.min(Number(args.heaps || 3), 5) }, (_, i) => [2, 1, 0, 1, 0][i]);
  else sizes = String(args.piles || '3;4;5').split(';').map((x) => Math.min(Number(x) || 0, 7)).slice(0, 5);
  const out = [];
  const col = W / (sizes.length + 1);
  sizes.forEach((n, h) => {
    const cx = col * (h + 1);
    if (name === 'grundy') {
      for (let j = 0; j < n; j++) out.push(html`<circle cx=${14 + j * 9} cy=${H / 2} r="4" class="pic-token"></circle>`);
      out.push(html`<line x1=${14 + 7.5 * 9 + 4.5} y1=${H / 2 - 14} x2=${14 + 7.5 * 9 + 4.5} y2=${H / 2 + 14} class="pic-cut"></line>`);
      return;
    }
    for (let j = 0; j < n; j++) out.push(html`<circle cx=${cx} cy=${H - 12 - j * 11} r="5" class=${name === 'greedynim' && n === Math.max(...sizes) ? 'pic-token hot' : 'pic-token'}></circle>`);
    if (name === 'buildingnim' && n === 0) out.push(html`<text x=${cx} y=${H - 8} class="pic-plus" text-anchor="middle">+</text>`);
    out.push(html`<line x1=${cx - 10} y1=${H - 5} x2=${cx + 10} y2=${H - 5} class="pic-base"></line>`);
  });
  return out;
}

function queen() {
  const n = 6;
  const s = 13;
  const x0 = (W - n * s) / 2;
  const out = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      out.push(html`<rect x=${x0 + c * s} y=${8 + r * s} width=${s} height=${s} class=${(r + c) % 2 ? 'pic-dark' : 'pic-light'}></rect>`);
    }
  }
  out.push(html`<text x=${x0 + 4 * s + s / 2} y=${8 + 1 * s + s - 3} class="pic-queen" text-anchor="middle">♛</text>`);
  out.push(html`<text x=${x0 + s / 2} y=${8 + n * s - 3} class="pic-star" text-anchor="middle">★</text>`);
  return out;
}

function palette() {
  const n = 5;
  const s = 15;
  const x0 = (W - n * s) / 2;
  const own = { 1: 'R', 2: 'R', 13: 'G', 21: 'G', 16: 'R' };
  const out = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n);
    const c = i % n;
    const o = own[i];
    out.push(html`<rect x=${x0 + c * s} y=${8 + r * s} width=${s - 1} height=${s - 1} class=${o ? `pic-${o}` : r === c ? 'pic-diag' : 'pic-cell'}></rect>`);
    if (o) out.push(html`<text x=${x0 + c * s + 7} y=${8 + r * s + 11} class="pic-letter" text-anchor="middle">${o}</text>`);
  }
  return out;
}

function word(args) {
  const k = Number(args.alphabet || 3);
  const w = args.rule === 'overlap' ? [0, 1, 1, 0, 1] : [0, 1, 2, 0, 1, 0, 1].map((x) => x % k);
  const s = 19;
  const x0 = (W - w.length * (s + 3)) / 2;
  return w.map((sym, i) => html`<g><rect x=${x0 + i * (s + 3)} y="34" width=${s} height="26" rx="4" class=${`pic-s${sym}`}></rect>
    <text x=${x0 + i * (s + 3) + s / 2} y="52" class="pic-letter" text-anchor="middle">${sym}</text></g>`);
}

// race draws the Szemerédi game's set with a progression of k of red's under an arc (k = 3: 8, 11, 14; k = 4:
// 3, 11, 19, 27), blue holding numbers between: the two cards show their own k.
function race(k) {
  const nums = [3, 8, 11, 14, 19, 22, 27];
  const red = k >= 4 ? [3, 11, 19, 27] : [8, 11, 14];
  const blue = k >= 4 ? [8, 22] : [19, 27];
  const x = (n) => 16 + nums.indexOf(n) * 21.5;
  const out = [html`<line x1="8" y1="50" x2=${W - 8} y2="50" class="pic-base"></line>`];
  for (const n of nums) {
    const o = red.includes(n) ? 0 : blue.includes(n) ? 1 : -1;
    out.push(html`<circle cx=${x(n)} cy="50" r="9" class=${o === 0 ? 'pic-R' : o === 1 ? 'pic-B' : 'pic-cell'} data-n=${n}></circle>`);
    out.push(html`<text x=${x(n)} y="54" class="pic-num" text-anchor="middle">${n}</text>`);
  }
  const a = x(red[0]);
  const b = x(red[red.length - 1]);
  out.push(html`<path d=${`M ${a} 36 Q ${(a + b) / 2} ${36 - (b - a) / 4} ${b} 36`} class="pic-arc"></path>`);
  return out;
}

function listColouring() {
  const col = ['pic-R', 'pic-B', 'pic-cell', 'pic-G', 'pic-R', 'pic-cell', 'pic-B', 'pic-cell'];
  const out = [];
  col.forEach((c, i) => {
    const x = 14 + i * 19;
    out.push(html`<circle cx=${x} cy="40" r="8" class=${c}></circle>`);
    out.push(html`<text x=${x} y="44" class="pic-num" text-anchor="middle">${i + 1}</text>`);
  });
  out.push(html`<rect x="44" y="64" width="28" height="18" rx="4" class="pic-R"></rect><rect x="80" y="64" width="28" height="18" rx="4" class="pic-G"></rect>`);
  return out;
}
