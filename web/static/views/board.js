// One board for a position, whatever its kind: the context every board
// module gets (legal moves, selection, analysis marks, the last move) and
// the module that draws it.

import { html } from '../html.js';
import { keysOf, picksOf, pickKey, heapOptions, resolve } from '../moves.js';
import { parseGameString } from '../catalog.js';
import { progressions } from '../rules.js';
import { HeapsBoard } from '../boards/heaps.js';
import { GridBoard } from '../boards/grid.js';
import { WordBoard } from '../boards/word.js';
import { NumbersBoard } from '../boards/numbers.js';

const BOARDS = { heaps: HeapsBoard, grid: GridBoard, word: WordBoard, numbers: NumbersBoard };

let apCache = { key: '', aps: null };

/**
 * boardContext gathers what a board needs. pos: {game, view, legal_moves,
 * legal_moves_truncated, position}; opts: {live, sel, preview, ranked,
 * last, pLayer, onPick, onPreview, onError, painterPoints}.
 */
export function boardContext(pos, opts) {
  const { name, args } = parseGameString(pos.game);
  const legal = (opts.live ? pos.legal_moves || [] : []).map((lm) => ({ ...lm, keys: keysOf(lm.parts) }));
  const legalKeys = new Set();
  for (const lm of legal) for (const k of lm.keys) legalKeys.add(k.split('|')[0]);
  const good = new Set();
  const goodParts = new Set();
  const values = new Map();
  if (opts.ranked) {
    for (const r of opts.ranked.rows) {
      const picks = picksOf(r.parts || (legal.find((lm) => lm.move === r.move) || {}).parts || []);
      if (picks.length > 1) {
        // A winning move of several picks (Wythoff's two heaps, Index-k Nim): each pick is marked as part of it.
        if (r.good) for (const pk of picks) goodParts.add(pickKey(pk));
        continue;
      }
      if (picks.length !== 1) continue;
      const k = pickKey(picks[0]);
      const first = k.split('|')[0];
      if (r.good) { good.add(k); good.add(first); }
      if (!values.has(first) && (r.label && r.label !== 'wins' && r.label !== 'loses')) values.set(first, r.label);
    }
  }
  let aps = null;
  if (name === 'ap' && pos.view && pos.view.numbers) {
    const key = pos.game;
    if (apCache.key !== key) apCache = { key, aps: progressions(pos.view.numbers.map((n) => n.n), Number(args.k || 3)) };
    aps = apCache.aps;
  }
  const truncated = !!pos.legal_moves_truncated;
  const rs = resolve(opts.sel || [], legal, truncated);
  const start = parseGameString(pos.game).args.piles;
  return {
    gameName: name,
    args,
    a: Number(args.a || 1),
    k: Number(args.k || 3),
    rule: args.rule === 'overlap' ? 'overlap' : 'square',
    startXY: name === 'wythoff' && start ? start.split(';').map(Number) : null,
    position: pos.position,
    live: !!opts.live,
    legal,
    legalKeys,
    truncated,
    options: heapOptions(legal),
    kind: null,
    sel: opts.sel || [],
    preview: opts.preview || null,
    complete: !!rs.complete,
    good,
    goodParts,
    values,
    last: opts.last || null,
    pLayer: !!opts.pLayer,
    // The server's P-positions when its analysis sends them (extra.p_positions), else the page computes them.
    pPositions: opts.pPositions ? new Set(opts.pPositions.flatMap(([a, b]) => [`${a},${b}`, `${b},${a}`])) : null,
    aps,
    painterPoints: opts.painterPoints ?? null,
    onPick: opts.onPick,
    onPreview: opts.onPreview || (() => {}),
    onError: opts.onError || (() => {}),
  };
}

/** Board draws pos.view with its kind's module, into the one #board element. */
export function Board({ pos, ctx, big }) {
  const view = pos.view;
  const B = view && BOARDS[view.kind];
  return html`<div id="board" class=${`board board-${view ? view.kind : 'none'}${big ? ' big' : ''}`} data-kind=${view ? view.kind : ''}>
    ${B ? B({ view, ctx }) : html`<pre class="position">${pos.position || ''}</pre>`}
  </div>`;
}
