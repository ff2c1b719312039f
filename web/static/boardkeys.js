// A board with the keyboard: its pieces are one Tab stop (a roving
// tabindex: Tab reaches the piece chosen, else the one last focused, else
// the first, and the next Tab leaves the board for Play), and the arrows
// move between them: ← → to the previous and next piece, ↑ ↓ to the
// nearest piece in the row above or below (the next heap, the palette's
// or the queen board's next row, the next line of a wrapped word or row
// of numbers). Pure functions, and rove, which applies them to the page.

/** PIECES selects a board's pieces: what a move is chosen from (buttons; a queen board's squares off play are spans). */
export const PIECES = '.token, .place, .cell, .gap, .symbol-btn, .num, .swatch-btn';

/**
 * entryOf says which piece holds a board's one Tab stop, from the pieces
 * [{key, focused, pressed}] that can be chosen now: the one with the focus,
 * else the chosen one, else the one focused last (lastKey), else the
 * first; -1 when there is none.
 */
export function entryOf(pieces, lastKey = '') {
  if (!pieces.length) return -1;
  for (const want of [(p) => p.focused, (p) => p.pressed, (p) => lastKey !== '' && p.key === lastKey]) {
    const i = pieces.findIndex(want);
    if (i >= 0) return i;
  }
  return 0;
}

/**
 * toward says which piece an arrow key moves to from piece i, the pieces
 * being the boxes rects ({left, top, width, height}, in the page's order):
 * ← and → the previous and next one; ↑ and ↓ the nearest row above or
 * below that holds a piece (a box whose middle is at least half a piece
 * away), and in it the piece whose middle is nearest in line (the first
 * of two as near). -1: none that way (the key then does nothing, not even
 * scroll the page).
 */
export function toward(rects, i, key) {
  if (i < 0 || i >= rects.length) return -1;
  if (key === 'ArrowLeft') return i - 1;
  if (key === 'ArrowRight') return i + 1 < rects.length ? i + 1 : -1;
  if (key !== 'ArrowUp' && key !== 'ArrowDown') return -1;
  const mid = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const [x, y] = mid(rects[i]);
  const sign = key === 'ArrowDown' ? 1 : -1;
  const way = rects.map((r, j) => {
    const [qx, qy] = mid(r);
    return { j, dy: (qy - y) * sign, dx: Math.abs(qx - x), h: Math.min(r.height, rects[i].height) / 2 };
  }).filter((c) => c.j !== i && c.dy >= c.h);
  if (!way.length) return -1;
  const near = Math.min(...way.map((c) => c.dy));
  const row = way.filter((c) => c.dy - near < c.h);
  return row.reduce((a, c) => (c.dx < a.dx ? c : a)).j;
}

// keyOf names a piece across drawings: its kind and its place (heap and token, cell, gap, symbol, number, colour).
const keyOf = (el) => `${el.className.split(' ')[0]}:${['heap', 'token', 'cell', 'gap', 'symbol', 'number', 'color'].map((k) => el.dataset[k] ?? '').join(',')}`;

// The piece each board had the focus on last (its key), for the boards whose focus is followed.
const last = new WeakMap();

/**
 * rove gives a board (the #board element, after each drawing) its one Tab
 * stop: tabindex 0 on the piece entryOf picks, -1 on the others that can
 * be chosen (the arrows still reach them, and a click focuses them).
 */
export function rove(board) {
  if (!board) return;
  if (!last.has(board)) {
    last.set(board, '');
    board.addEventListener('focusin', (e) => {
      const piece = e.target.closest && e.target.closest(PIECES);
      if (piece && board.contains(piece)) {
        last.set(board, keyOf(piece));
        rove(board);
      }
    });
  }
  const pieces = [...board.querySelectorAll(PIECES)].filter((el) => el.tagName === 'BUTTON' && !el.disabled);
  const entry = entryOf(pieces.map((el) => ({ key: keyOf(el), focused: el === document.activeElement, pressed: el.getAttribute('aria-pressed') === 'true' })), last.get(board));
  pieces.forEach((el, i) => {
    const want = i === entry ? '0' : '-1';
    if (el.getAttribute('tabindex') !== want) el.setAttribute('tabindex', want);
  });
}
