// Building a move from what a person picks on the board. Pure functions of
// the legal moves (each {move, parts}) and the selection: no DOM, no server.
//
// A move's parts come in the order a person picks them (game.Part): a
// primary part (heap, cell, gap, number, symbol, color) and the parts that
// qualify it (a heap's amount or split). A "pick" is one primary part with
// its qualifiers; the selection is a list of picks.

export const PRIMARY = new Set(['heap', 'cell', 'gap', 'number', 'symbol', 'color']);

/** picksOf groups a move's parts into picks. */
export function picksOf(parts) {
  const picks = [];
  for (const p of parts || []) {
    if (PRIMARY.has(p.kind) || picks.length === 0) picks.push([p]);
    else picks[picks.length - 1].push(p);
  }
  return picks;
}

/** pickKey names a pick, e.g. "heap:0|amount:3". */
export const pickKey = (pick) => pick.map((p) => `${p.kind}:${p.value}`).join('|');

/** keysOf lists the pick keys of a move, sorted (the order of picks does not matter). */
export const keysOf = (parts) => picksOf(parts).map(pickKey).sort();

function containsAll(big, small) {
  const left = [...big];
  for (const k of small) {
    const i = left.indexOf(k);
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/**
 * matchSelection finds the legal moves that consist of the selection
 * (exact) and those that contain it and more (more).
 */
export function matchSelection(legal, sel) {
  const want = sel.map(pickKey).sort();
  const exact = [];
  const more = [];
  if (want.length === 0) return { exact, more };
  for (const lm of legal) {
    const keys = lm.keys || keysOf(lm.parts);
    if (!containsAll(keys, want)) continue;
    (keys.length === want.length ? exact : more).push(lm);
  }
  return { exact, more };
}

/** samePrimary reports whether two picks select the same thing (the same heap, cell, ...). */
const samePrimary = (a, b) => a[0].kind === b[0].kind && a[0].value === b[0].value;

/**
 * choose adds a pick to the selection: a pick on the same heap (or gap,
 * number, symbol, colour) replaces the earlier one; a cell toggles. When no
 * legal move holds the new selection, the pick alone starts a new one if
 * that is legal. With toggles (2D Nim's cells) a pick toggles unchecked. It returns {sel, error} where error says why nothing fits.
 * truncated: the legal list is cut (huge heaps), so it is not checked.
 */
export function choose(sel, pick, legal, truncated = false, toggles = false) {
  let next;
  const had = sel.findIndex((p) => pickKey(p) === pickKey(pick));
  if (toggles) {
    // Cells toggle and are not checked here: the page shows why a set of cells is no move.
    next = had >= 0 ? sel.filter((_, i) => i !== had) : [...sel, pick];
    return { sel: next, error: '' };
  }
  if (pick[0].kind === 'heap') next = [...sel.filter((p) => !samePrimary(p, pick)), pick];
  else next = [...sel.filter((p) => p[0].kind !== pick[0].kind), pick];
  if (truncated) return { sel: next, error: '' };
  const fits = (s) => { const m = matchSelection(legal, s); return m.exact.length + m.more.length > 0; };
  if (fits(next)) return { sel: next, error: '' };
  // The new pick alone is a move, not with the others: they are dropped (and said, see app.js).
  if (next.length > 1 && fits([pick])) return { sel: [pick], error: '', dropped: next.slice(0, -1) };
  return { sel, error: 'no legal move is made of that choice' };
}

/**
 * endingPicks maps the one-pick legal moves that end the game at once (the
 * server's ends flag, sent for lists of at most 256 moves) by pick key,
 * e.g. "symbol:1", to {winner, highlight}: the seat that then wins (null
 * for a draw) and what the final position lights up (the square made, the
 * progression completed).
 */
export function endingPicks(legal) {
  const out = new Map();
  for (const lm of legal || []) {
    if (!lm.ends) continue;
    const picks = picksOf(lm.parts);
    if (picks.length === 1) out.set(pickKey(picks[0]), { winner: lm.winner ?? null, highlight: (lm.highlight || []).map(Number) });
  }
  return out;
}

/**
 * resolve says what the selection makes: the one legal move it is
 * (complete), whether more can be added (extendable), and whether any legal
 * move holds it (valid). With a cut legal list the selection is sent as
 * parts and the server judges it.
 */
export function resolve(sel, legal, truncated = false) {
  if (sel.length === 0) return { complete: null, extendable: false, valid: true };
  const { exact, more } = matchSelection(legal, sel);
  if (exact.length === 1) return { complete: exact[0], extendable: more.length > 0, valid: true };
  if (truncated) return { complete: { move: null, parts: partsOf(sel) }, extendable: false, valid: true };
  return { complete: null, extendable: more.length > 0, valid: more.length > 0 };
}

/** partsOf flattens a selection into parts, heaps in order. */
export function partsOf(sel) {
  const picks = [...sel];
  if (picks.every((p) => p[0].kind === 'heap')) picks.sort((a, b) => a[0].value - b[0].value);
  return picks.flat();
}

/**
 * heapOptions summarises what the legal moves do to each heap: the amounts
 * that may be taken, the splits, and whether a token may be placed there.
 */
export function heapOptions(legal) {
  const by = new Map();
  const get = (h) => {
    if (!by.has(h)) by.set(h, { amounts: new Set(), splits: new Set(), place: false, multi: false });
    return by.get(h);
  };
  for (const lm of legal) {
    const picks = picksOf(lm.parts);
    for (const pk of picks) {
      if (pk[0].kind !== 'heap') continue;
      const o = get(pk[0].value);
      const q = pk[1];
      if (!q) o.place = true;
      else if (q.kind === 'amount') o.amounts.add(q.value);
      else if (q.kind === 'split') o.splits.add(q.value);
      if (picks.length > 1) o.multi = true;
    }
  }
  return by;
}

/**
 * tokenPick is the pick a click on token j (0 = leftmost) of heap h of size
 * n makes: take it and the tokens to its right (amount n−j), or split the
 * heap after it (Grundy's game: j+1 tokens on the left). kind says which
 * ("amount" or "split"; found from the legal moves when not given). It
 * returns null when the click makes no legal pick.
 */
export function tokenPick(options, h, j, n, kind, truncated = false) {
  const o = options.get(h);
  const k = kind || (o && o.splits.size > 0 ? 'split' : 'amount');
  if (k === 'split') {
    const left = j + 1;
    const right = n - left;
    if (left <= 0 || right <= 0 || left === right) return null;
    if (o && o.splits.has(right)) return [{ kind: 'heap', value: h }, { kind: 'split', value: right }];
    if (o && o.splits.has(left)) return [{ kind: 'heap', value: h }, { kind: 'split', value: left }];
    return truncated ? [{ kind: 'heap', value: h }, { kind: 'split', value: Math.min(left, right) }] : null;
  }
  const amount = n - j;
  if (amount < 1) return null;
  if ((o && o.amounts.has(amount)) || truncated) return [{ kind: 'heap', value: h }, { kind: 'amount', value: amount }];
  return null;
}

/**
 * splitMarkAt reports whether token j (0 = leftmost) of a heap of n tokens
 * carries the analysis' mark of the split after it. Token j and token
 * n−2−j make the same split (j+1 and n−j−1 tokens, in either order): the
 * mark sits on one of them, the one that leaves the larger part on the
 * left (the order the notation writes, 1=12+3), so that the board shows as
 * many ✓ as the analysis counts winning moves.
 */
export const splitMarkAt = (j, n) => j + 1 > n - j - 1;

/** takenFrom returns, for a heap pick, the amount it takes (0 for none). */
export function amountOf(pick) {
  const q = pick && pick[1];
  return q && q.kind === 'amount' ? q.value : 0;
}

/**
 * partners lists, for a selection holding one heap pick, the picks on other
 * heaps that complete a legal move with it (Wythoff's two-heap move,
 * Index-k Nim): a Map heap → Set of amounts.
 */
export function partners(sel, legal) {
  const out = new Map();
  if (sel.length === 0) return out;
  const { more } = matchSelection(legal, sel);
  const have = new Set(sel.map(pickKey));
  for (const lm of more) {
    for (const pk of picksOf(lm.parts)) {
      if (pk[0].kind !== 'heap' || have.has(pickKey(pk))) continue;
      if (sel.some((s) => samePrimary(s, pk))) continue;
      if (!out.has(pk[0].value)) out.set(pk[0].value, new Set());
      out.get(pk[0].value).add(amountOf(pk));
    }
  }
  return out;
}

/**
 * legalCells lists the grid cells that start or continue a legal move
 * with the selection.
 */
export function reachable(sel, legal, kind) {
  const out = new Set();
  const { exact, more } = sel.length ? matchSelection(legal, sel) : { exact: legal, more: [] };
  const have = new Set(sel.map(pickKey));
  for (const lm of sel.length ? more : exact) {
    for (const pk of picksOf(lm.parts)) {
      if (pk[0].kind === kind && !have.has(pickKey(pk))) out.add(pk[0].value);
    }
  }
  return out;
}

/**
 * whyNoMove says why a selection that no legal move holds is not a move,
 * where the page knows the game's words for it (2D Nim's cells: see
 * gridReason), else ''. view is the position's.
 */
export function whyNoMove(sel, view, gameName) {
  if (gameName !== 'nim2d' || !view || !view.grid || !sel.length) return '';
  const owned = new Set();
  view.grid.cells.forEach((c, i) => { if (c.owner >= 0 || c.blocked) owned.add(i); });
  return gridReason(sel.map((p) => p[0].value), view.grid.cols, owned);
}

/**
 * gridReason says why a set of cells is not a 2D Nim move on an n×n
 * palette (cells are 0-based indices; owned: a Set of used cells), in the
 * words the CLI uses, or '' when it is a legal move or a legal start.
 */
export function gridReason(cells, n, owned) {
  const num = (i) => i + 1;
  for (const i of cells) {
    if (owned.has(i)) return `cell ${num(i)} is not empty`;
  }
  if (cells.length > 3) return `a move takes 1 to 3 cells (${cells.length} chosen)`;
  if (cells.length < 2) return '';
  for (const i of cells) {
    if (Math.floor(i / n) === i % n) return `cell ${num(i)} is on the main diagonal: a diagonal cell is a move on its own, with no other cell`;
  }
  const rows = new Set(cells.map((i) => Math.floor(i / n)));
  const cols = new Set(cells.map((i) => i % n));
  if (rows.size > 1 && cols.size > 1) return 'the cells of a move must be in one row or one column';
  const line = (rows.size === 1 ? cells.map((i) => i % n) : cells.map((i) => Math.floor(i / n))).sort((a, b) => a - b);
  for (let k = 1; k < line.length; k++) {
    if (line[k] !== line[k - 1] + 1) return 'the cells of a move must be next to each other, with no gap';
  }
  return '';
}
