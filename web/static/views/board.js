// One board for a position, whatever its kind: the context every board
// module gets (legal moves, selection, analysis marks, the last move) and
// the module that draws it.

import { html } from '../html.js';
import { keysOf, picksOf, pickKey, heapOptions, resolve, endingPicks } from '../moves.js';
import { parseGameString } from '../catalog.js';
import { undecidedWords } from '../analysis.js';
import { HeapsBoard } from '../boards/heaps.js';
import { GridBoard } from '../boards/grid.js';
import { WordBoard } from '../boards/word.js';
import { NumbersBoard } from '../boards/numbers.js';
import { rove } from '../boardkeys.js';

const BOARDS = { heaps: HeapsBoard, grid: GridBoard, word: WordBoard, numbers: NumbersBoard };

// Move labels the board does not repeat on its pieces: a win is its ✓. A loss is said ("loses"), as a draw is: a
// Szemerédi number that loses stood bare among numbers that said "draws", as if it were not valued.
const SILENT = new Set(['wins', undecidedWords(true), undecidedWords(false)]);

/**
 * boardContext gathers what a board needs. pos: {game, view, legal_moves,
 * legal_moves_truncated, position}; opts: {live, sel, preview, ranked,
 * last, pLayer, pPositions, onPick, onPreview, onError, showPoints (the rules' status.points beside the word),
 * you (the seat of the one person playing here against the computer or a friend elsewhere, else null),
 * onTapNote (says what to tap after a tap that made no move)}.
 * Every fact about the game comes from the server: the moves that end it
 * (legal_moves' ends), the lines of a numbers board (view.lines), the
 * P-positions (the analysis' extra.p_positions).
 */
export function boardContext(pos, opts) {
  const { name, args } = parseGameString(pos.game);
  // Every legal move of the position shown, live or not (a past position's too): where the analysis
  // marks its winning moves; legal: those a person here may make now.
  const all = (pos.legal_moves || []).map((lm) => ({ ...lm, keys: keysOf(lm.parts) }));
  const legal = opts.live ? all : [];
  const legalKeys = new Set();
  for (const lm of legal) for (const k of lm.keys) legalKeys.add(k.split('|')[0]);
  const good = new Set();
  const goodParts = new Set();
  const values = new Map();
  if (opts.ranked) {
    for (const r of opts.ranked.rows) {
      const picks = picksOf(r.parts || (all.find((lm) => lm.move === r.move) || {}).parts || []);
      if (picks.length > 1) {
        // A winning move of several picks (Wythoff's two heaps, Index-k Nim): each pick is marked as part of it.
        if (r.good) for (const pk of picks) goodParts.add(pickKey(pk));
        continue;
      }
      if (picks.length !== 1) continue;
      const k = pickKey(picks[0]);
      const first = k.split('|')[0];
      if (r.good) { good.add(k); good.add(first); }
      // A value on the board: a number, a length, a bound, "draws", "loses"; not "wins" (the ✓ says it) nor an undecided move's words (the
      // list says them once: twenty numbers each labelled "not decided" said nothing).
      if (!values.has(first) && r.label && !SILENT.has(r.label)) values.set(first, r.label);
    }
  }
  const truncated = !!pos.legal_moves_truncated;
  const rs = resolve(opts.sel || [], legal, truncated);
  // A marked move is said in one phrase on every board: "a winning move" where the analysis decides wins and
  // losses (heaps, cells, squares, the Szemerédi numbers), "the best move" where it values moves by a length or a
  // chance (the Thue game, the list-colouring game), whose best move need not win.
  const kind = opts.ranked && opts.ranked.measure ? opts.ranked.measure.kind : null;
  const byValue = kind ? kind === 'length' || kind === 'p1_win' : name === 'thue' || name === 'vdwlist';
  const mover = pos.view && pos.view.status ? pos.view.status.to_move : pos.to_move;
  return {
    gameName: name,
    args,
    k: Number(args.k || 3),
    a: Number(args.a || 1), // Wythoff's a: a move on both heaps takes amounts differing by less than a
    rule: args.rule === 'overlap' ? 'overlap' : 'square',
    startXY: name === 'wythoff' && args.piles ? String(args.piles).split(';').map(Number) : null, // the queen's start: the board of a game over
    position: pos.position,
    live: !!opts.live,
    legal,
    legalKeys,
    truncated,
    options: heapOptions(legal),
    // The heaps' moves of the position shown, for the analysis' marks (options only while live).
    markOptions: heapOptions(all),
    kind: null,
    sel: opts.sel || [],
    preview: opts.preview || null,
    complete: !!rs.complete,
    good,
    goodParts,
    goodWords: byValue ? 'the best move' : 'a winning move',
    values,
    // Whose chance a percentage on a piece is (the list-colouring game values each move from its mover's side).
    valueWords: kind === 'p1_win' || (!kind && name === 'vdwlist') ? (mover === 1 ? 'the colourer’s chance' : 'the namer’s chance') : '',
    last: opts.last || null,
    pLayer: !!opts.pLayer,
    // The P-positions the server's analysis sends (extra.p_positions), each "x,y"; none before it comes.
    pPositions: new Set((opts.pPositions || []).map(([x, y]) => `${x},${y}`)),
    // The one-pick moves that end the game at once, whatever the seat (shown while watching too).
    ends: endingPicks(pos.legal_moves),
    showPoints: !!opts.showPoints,
    you: opts.you === 0 || opts.you === 1 ? opts.you : null,
    onPick: opts.onPick,
    onPreview: opts.onPreview || (() => {}),
    onError: opts.onError || (() => {}),
    // A tap that makes no move says what to tap instead (act.tapNote: the move bar says it).
    onTapNote: opts.onTapNote || (() => {}),
  };
}

/** pPositionsOf returns the P-positions an analysis answer lists (extra.p_positions: [x, y] pairs), or null. */
export function pPositionsOf(entry) {
  const ps = entry && entry.status === 'ok' && entry.data.extra && entry.data.extra.p_positions;
  return Array.isArray(ps) ? ps.map(([a, b]) => [Number(a), Number(b)]) : null;
}

/**
 * Board draws pos.view with its kind's module, into the one #board
 * element: one Tab stop for its pieces (boardkeys.js' rove, after each
 * drawing), the arrows moving between them; a group named "Board" and
 * described by the status (whose move), as a screen reader says it when
 * the focus comes back to it after a move.
 */
export function Board({ pos, ctx, big }) {
  const view = pos.view;
  const B = view && BOARDS[view.kind];
  return html`<div id="board" tabindex="-1" role="group" aria-label="Board" aria-describedby="status" class=${`board board-${view ? view.kind : 'none'}${big ? ' big' : ''}`} data-kind=${view ? view.kind : ''} ref=${(el) => rove(el)}>
    ${B ? B({ view, ctx }) : html`<pre class="position">${pos.position || ''}</pre>`}
  </div>`;
}
