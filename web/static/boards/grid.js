// The grid board: the 2D Nim palette (an N×N grid, the diagonal marked,
// colours R and G with their letters) and Wythoff's queen board (a board
// with coordinates, the queen, its directions and the corner to reach, and
// with the analysis on the P-positions the server's analysis lists).
// Columns are set through the CSSOM (a custom property), never inline CSS.

import { html } from '../html.js';
import { pickKey, reachable, gridReason } from '../moves.js';
import { queenXY } from '../format.js';

export function GridBoard({ view, ctx }) {
  return ctx.gameName === 'wythoff' ? QueenBoard({ view, ctx }) : Palette({ view, ctx });
}

function Palette({ view, ctx }) {
  const g = view.grid;
  const n = g.cols;
  const chosen = new Set(ctx.sel.map((p) => p[0].value));
  const owned = new Set();
  g.cells.forEach((c, i) => { if (c.owner >= 0 || c.blocked) owned.add(i); });
  const open = ctx.live ? reachable(ctx.sel, ctx.legal, 'cell') : new Set();
  const seats = (view.status && view.status.seats) || ['R', 'G'];
  const lit = new Set((view.status.highlight || []).map(Number));
  const cells = g.cells.map((c, i) => {
    const r = Math.floor(i / n);
    const col = i % n;
    const diag = r === col && g.rows === g.cols;
    const letter = c.owner >= 0 ? (seats[c.owner] || c.label || '') : '';
    const isChosen = chosen.has(i);
    const good = ctx.good.has(`cell:${i}`);
    const goodPart = !good && ctx.goodParts.has(`cell:${i}`);
    const last = ctx.last && ctx.last.cells.has(i);
    const canTap = ctx.live && c.owner < 0 && !c.blocked;
    const desc = `Cell ${i + 1}, row ${r + 1}, column ${col + 1}${diag ? ', on the diagonal' : ''}, ${c.owner >= 0 ? `coloured ${letter}` : 'empty'}${isChosen ? ', chosen' : ''}${last ? ', the last move' : ''}${good ? `, ${ctx.goodWords}` : goodPart ? ', part of a winning move of several cells' : ''}`;
    return html`<button type="button" data-cell=${i} aria-label=${desc} aria-pressed=${isChosen ? 'true' : 'false'}
      class=${['cell', c.owner >= 0 ? `own${c.owner} col-${letter}` : 'free', diag ? 'diag' : '', isChosen ? 'chosen' : '', good ? 'good' : '', goodPart ? 'good-part' : '',
        last ? 'last' : '', lit.has(i) ? 'lit' : '', ctx.live && c.owner < 0 && ctx.sel.length && !isChosen && !open.has(i) ? 'blocked' : ''].join(' ')}
      disabled=${!canTap} onClick=${() => ctx.onPick([{ kind: 'cell', value: i }], false)}>
      <span class="cell-text">${c.owner >= 0 ? letter : c.label || i + 1}</span></button>`;
  });
  // Why the cells chosen are no move yet, while another cell can still make one of them (cells 2 and 4: 3 between them);
  // a choice no cell completes is said in the move bar, with its reason (whyNoMove).
  const reason = ctx.sel.length && open.size > 0 ? gridReason(ctx.sel.map((p) => p[0].value), n, owned) : '';
  const used = view.status.counter ?? owned.size;
  return html`<div class="palette-wrap">
    ${PaletteFrame(n, html`<div class=${`grid palette n${n}`} data-cols=${n} role="group" aria-label=${`${n} by ${n} palette`} ref=${cols(n)}>${cells}</div>`)}
    <p class="counter" title="The COUNTER of the assignment the game comes from">Cells used: <strong>${used}</strong> of ${n * n}</p>
    ${reason ? html`<p class="reason" role="alert">Not a move: ${reason}.</p>` : null}
  </div>`;
}

/**
 * PaletteFrame holds an n×n palette (grid, the play board's or the set-up
 * editor's) in a frame that scrolls sideways where the palette is wider
 * than the screen (its cells keep 44 px: an 8×8 to 10×10 palette on a
 * phone), with a line above it that shows then only (a size container
 * query, style.css) and says so: a phone draws no scroll bar.
 */
export function PaletteFrame(n, grid) {
  return html`<div class="palette-box">
    <p class=${`scroll-cue n${n}`} id="scroll-cue">⇆ The palette is wider than the screen: slide it sideways to see all ${n} columns.</p>
    <div class="palette-frame">${grid}</div>
  </div>`;
}

/**
 * queenNote says what to tap after a tap on square xy ("x,y") of the
 * queen's board that is no move, the queen standing on queen ("x,y"): her
 * own square, or one she cannot reach (north or east of her, or off her
 * row, column and diagonal).
 */
export function queenNote(xy, queen) {
  const [x, y] = xy.split(',').map(Number);
  const [qx, qy] = queen.split(',').map(Number);
  const tap = 'tap a square marked ← ↓ or ↙';
  if (x === qx && y === qy) return `The queen stands on (${x}, ${y}): ${tap}.`;
  if (!Number.isInteger(x) || !Number.isInteger(y)) return `The queen cannot reach that square: ${tap}.`;
  return `The queen cannot reach (${x}, ${y}): ${tap}.`;
}

// cols sets the grid's column count through the CSSOM, which the page's CSP allows.
export function cols(n, rows = n) {
  return (el) => {
    if (!el) return;
    el.style.setProperty('--cols', String(n));
    el.style.setProperty('--rows', String(rows));
  };
}

// inFrame scrolls the board's frame sideways, when the board is wider than
// it (large heaps on a phone), so that el (the queen) is in view; the page
// itself does not move. It waits for the frame's layout (the grid's columns
// are set by a ref too).
function inFrame(el) {
  if (!el) return;
  requestAnimationFrame(() => {
    const frame = el.closest('.board');
    if (!frame || frame.scrollWidth <= frame.clientWidth) return;
    const r = el.getBoundingClientRect();
    const f = frame.getBoundingClientRect();
    if (r.left < f.left || r.right > f.right) frame.scrollLeft += r.left - f.left - (f.width - r.width) / 2;
  });
}

function QueenBoard({ view, ctx }) {
  const g = view.grid;
  // The playable part is the current grid (x ≤ X, y ≤ Y). The queen never moves north or east, so the
  // board is drawn from (0, 0) to her square: the rows and columns past it, which no move reaches again,
  // would only push the goal and the squares to play off a short screen. The square she came from by the
  // last move is drawn (marked) where it is one square away; a longer move the Last move line says. Once
  // the game is over, the board it began on.
  const X = g.cols - 1;
  const Y = g.rows - 1;
  const took = ctx.last && ctx.last.took;
  const from = took && took[0] <= 1 && took[1] <= 1 ? { x: X + took[0], y: Y + took[1] } : null;
  // A game over has nothing left to play: its board is the whole board it began on (from (0, 0) to the
  // queen alone, a game won in the corner would show a board of one square).
  const whole = view.status && view.status.over && ctx.startXY && ctx.startXY.length === 2 ? ctx.startXY : null;
  const W = Math.max(from ? from.x : X, whole ? whole[0] : 0);
  const H = Math.max(from ? from.y : Y, whole ? whole[1] : 0);
  const targets = new Map();
  for (const lm of ctx.legal) {
    const p = lm.parts[0];
    if (p && p.kind === 'cell') targets.set(p.value, lm);
  }
  const chosen = ctx.sel.length ? ctx.sel[0][0].value : -1;
  const prev = ctx.preview ? ctx.preview[0].value : -1;
  const pLayer = ctx.pLayer;
  const cells = [];
  for (let y = H; y >= 0; y--) {
    cells.push(html`<span class="coord row-coord" aria-hidden="true">${y}</span>`);
    for (let x = 0; x <= W; x++) {
      const inPlay = x <= X && y <= Y;
      const i = inPlay ? (Y - y) * g.cols + x : -1;
      const queen = x === X && y === Y;
      const corner = x === 0 && y === 0;
      const target = inPlay && targets.has(i);
      const dir = target ? (y === Y ? 'west' : x === X ? 'south' : 'south-west') : '';
      const arrow = dir === 'west' ? '←' : dir === 'south' ? '↓' : dir ? '↙' : '';
      const isP = pLayer && ctx.pPositions.has(`${x},${y}`);
      const good = inPlay && ctx.good.has(`cell:${i}`);
      const isFrom = from && x === from.x && y === from.y;
      const isChosen = inPlay && i === chosen;
      const cls = ['cell', 'sq', (x + y) % 2 ? 'dark' : 'light', inPlay ? '' : 'out', queen ? 'queen' : '', corner ? 'corner' : '', target ? 'target' : '',
        isChosen ? 'chosen' : '', inPlay && i === prev && !queen ? 'preview' : '', isP ? 'ppos' : '', good ? 'good' : '', isFrom ? 'from last' : '', queen && from ? 'last' : ''].join(' ');
      const text = queen ? '♛' : corner ? '★' : isFrom ? '♛' : '';
      const label = `Square (${x}, ${y})${queen ? ': the queen' : ''}${corner ? ', the corner to reach' : ''}${target ? `: move the queen ${dir} here` : ''}${isChosen ? ', chosen' : ''}${isP ? ', a P-position' : ''}${good ? `, ${ctx.goodWords}` : ''}${isFrom ? ', where the queen was' : ''}`;
      if (!inPlay) {
        cells.push(html`<span class=${cls} data-xy=${`${x},${y}`} aria-hidden="true"><span class="cell-text">${text}</span></span>`);
        continue;
      }
      // A square the queen can reach is chosen and played as a token or a cell is (pressed once chosen); the others are no move.
      cells.push(html`<button type="button" class=${cls} data-cell=${i} data-xy=${`${x},${y}`} aria-label=${label} aria-pressed=${target ? String(isChosen) : undefined} disabled=${!ctx.live || !target} ref=${queen ? inFrame : null}
        onClick=${() => target && ctx.onPick([{ kind: 'cell', value: i }], i === chosen)}
        onPointerEnter=${() => target && ctx.onPreview([{ kind: 'cell', value: i }])} onPointerLeave=${() => ctx.onPreview(null)}>
        <span class="cell-text">${text || (target && ctx.live ? arrow : '')}</span>${isP ? html`<span class="p-mark" aria-hidden="true">P</span>` : null}</button>`);
    }
  }
  cells.push(html`<span class="coord" aria-hidden="true"></span>`);
  for (let x = 0; x <= W; x++) cells.push(html`<span class="coord col-coord" aria-hidden="true">${x}</span>`);
  const where = queenXY(g, X);
  // A square that is no move (disabled: a tap on it fires no click, but its pointer events come) says what to tap.
  const missed = (e) => {
    const sq = ctx.live && e.target.closest ? e.target.closest('.sq') : null;
    if (!sq || (sq.tagName === 'BUTTON' && !sq.disabled)) return;
    const xy = sq.dataset.xy || '';
    ctx.onTapNote(queenNote(xy, `${X},${Y}`));
  };
  return html`<div class="queen-wrap">
    <div class="grid queen-board" data-cols=${g.cols} role="group" aria-label=${`Wythoff board: the queen is at (${where.x}, ${Y})`} ref=${cols(W + 1, H + 2)}
      onPointerUp=${missed}>${cells}</div>
    <p class="legend"><span class="key-queen">♛</span> the queen at (${X}, ${Y}) = heaps ${X} and ${Y} ·
      columns x, rows y · it moves ← west, ↓ south or ↙ south-west · <span class="key-corner">★</span> whoever reaches (0, 0) wins${pLayer ? html` · <span class="p-key">P</span> P-positions: move there to win` : ''}</p>
  </div>`;
}
