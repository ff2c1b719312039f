// What the last move changed, to mark it on the board: from the server's
// last_move parts when it sends them, else read from the move text of the
// record (each game's notation). Pure.

import { parseGameString } from './catalog.js';

/**
 * lastMove describes move number `at` (1-based; the move that led to the
 * shown position) as marks for the board:
 *   {player, heaps: Map heap → {took, split, placed, splitOff}, cells: Set,
 *   index (word symbol inserted), gap, numbers: Set, from: {x, y} (the
 *   queen's square), renumberedFrom (Grundy: the first heap a split numbered
 *   one higher), note (the server's words on what the move did: a split's
 *   heaps renumbered), forced (the server played it for a person: it was
 *   the only move)}.
 * It returns null before the first move.
 */
export function lastMove(m, at) {
  const moves = m.moves || [];
  const n = at === null || at === undefined ? moves.length : at;
  let i = n - 1;
  while (i >= 0 && moves[i].player === -1) i--; // a chance draw is shown with the status
  if (i < 0) return null;
  const mv = moves[i];
  const out = { player: mv.player, index: i + 1, text: mv.move, heaps: new Map(), cells: new Set(), numbers: new Set(), word: -1, gap: -1, from: null };
  const { name } = parseGameString(m.game);
  const lm = m.last_move && m.last_move.index === i + 1 ? m.last_move : null;
  const t = String(mv.move).trim();
  out.parts = lm && lm.parts && lm.parts.length ? lm.parts : null;
  out.note = (lm && lm.note) || '';
  out.forced = (m.forced_moves || []).includes(i + 1);
  switch (name) {
    case 'nim': case 'greedynim': case 'nimk': case 'buildingnim': {
      if (lm && lm.parts) { fromParts(out, lm.parts); break; }
      for (const part of t.split('+')) {
        let mm = part.match(/^(\d+):(\d+)$/);
        if (mm) out.heaps.set(Number(mm[1]) - 1, { took: Number(mm[2]) });
        mm = part.match(/^\+?(\d+)$/);
        if (mm && t.startsWith('+')) out.heaps.set(Number(mm[1]) - 1, { placed: true });
      }
      break;
    }
    case 'grundy': {
      const mm = t.match(/^(\d+)=(\d+)\+(\d+)$/);
      if (mm) {
        // The smaller part follows the heap split as a new heap: the heaps after it are numbered one higher.
        const h = Number(mm[1]) - 1;
        out.heaps.set(h, { split: [Number(mm[2]), Number(mm[3])] });
        out.heaps.set(h + 1, { splitOff: h });
        out.renumberedFrom = h + 2;
      }
      break;
    }
    case 'wythoff': {
      const mm = t.match(/^(\d+),(\d+)$/);
      if (mm) {
        const k = Number(mm[1]);
        const l = Number(mm[2]);
        if (k > 0) out.heaps.set(0, { took: k });
        if (l > 0) out.heaps.set(1, { took: l });
        out.took = [k, l];
      }
      break;
    }
    case 'nim2d': {
      if (lm && lm.parts) { fromParts(out, lm.parts); break; }
      for (const c of t.split(/[ ,]+/)) if (/^\d+$/.test(c)) out.cells.add(Number(c) - 1);
      break;
    }
    case 'thue': {
      if (mv.player === 0) out.gap = Number(t);
      else {
        let j = i - 1;
        while (j >= 0 && moves[j].player !== 0) j--;
        if (j >= 0) out.word = Number(moves[j].move);
      }
      break;
    }
    case 'ap': if (/^\d+$/.test(t)) out.numbers.add(Number(t)); break;
    case 'vdwlist': {
      if (/^\d+$/.test(t)) out.numbers.add(Number(t));
      else {
        let j = i - 1;
        while (j >= 0 && moves[j].player !== 0) j--;
        if (j >= 0) out.numbers.add(Number(moves[j].move));
        out.colour = t;
      }
      break;
    }
    default: if (lm && lm.parts) fromParts(out, lm.parts);
  }
  return out;
}

function fromParts(out, parts) {
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k];
    const q = parts[k + 1];
    if (p.kind === 'heap') {
      if (q && q.kind === 'amount') { out.heaps.set(p.value, { took: q.value }); k++; } else out.heaps.set(p.value, { placed: true });
    } else if (p.kind === 'cell') out.cells.add(p.value);
    else if (p.kind === 'number') out.numbers.add(p.value);
    else if (p.kind === 'gap') out.gap = p.value;
  }
}
