import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitMarkAt } from '../static/moves.js';
import { rank } from '../static/analysis.js';
import { Board, boardContext } from '../static/views/board.js';
import { vnodes, classOf, textOf, panel } from './tree.js';

// The marks on the boards and the words of the moves and the analysis, as
// a student who played every game found them wanting.

test('Grundy’s game marks one token per winning split: as many ✓ as the analysis counts', () => {
  // One heap of 15: 12+3 and 9+6 win (G = 0 after them). Each split is made from both ends (tokens 3 and 12, 6
  // and 9): the board showed four ✓ where the analysis said "2 winning moves".
  const legal = [];
  for (let v = 1; v <= 7; v++) legal.push({ move: `1=${15 - v}+${v}`, parts: [{ kind: 'heap', value: 0 }, { kind: 'split', value: v }] });
  const pos = { game: 'grundy(heap=15)', position: '15', view: { kind: 'heaps', heaps: [15], status: { to_move: 0 } }, legal_moves: legal };
  const an = { player: 0, measure: { kind: 'grundy' }, moves: legal.map((lm) => ({ move: lm.move, parts: lm.parts, outcome: ['1=12+3', '1=9+6'].includes(lm.move) ? 'win' : 'loss', value: ['1=12+3', '1=9+6'].includes(lm.move) ? 0 : 1 })) };
  const ranked = rank(an, 'grundy');
  const ctx = boardContext(pos, { live: true, sel: [], ranked, onPick() {} });
  const tokens = vnodes(Board({ pos, ctx, big: true })).filter((v) => v.type === 'button' && /\btoken\b/.test(classOf(v)));
  assert.equal(tokens.length, 15);
  const marked = tokens.filter((v) => /\bgood\b/.test(classOf(v))).map((v) => v.props['data-token'] + 1);
  assert.deepEqual(marked, [9, 12], 'the ✓ on tokens 9 and 12 (9+6 and 12+3), one per winning split');
  // The other end of each split says where its mark is.
  const label = (n) => tokens[n - 1].props['aria-label'];
  assert.match(label(3), /a winning move, marked on token 12: the same split/);
  assert.match(label(6), /a winning move, marked on token 9: the same split/);
  assert.match(label(12), /, a winning move$/);
  // splitMarkAt: the token whose split leaves the larger part on its left; never both ends of one split.
  for (let n = 3; n <= 16; n++) {
    for (let j = 0; j < n - 1; j++) {
      if (j + 1 === n - j - 1) continue; // equal parts: no split
      assert.notEqual(splitMarkAt(j, n), splitMarkAt(n - 2 - j, n), `heap ${n}, tokens ${j + 1} and ${n - 1 - j}`);
    }
  }
});
test('2D Nim: the move bar says why the cells chosen are no move', async () => {
  const { whyNoMove } = await import('../static/moves.js');
  const { MoveBar } = await import('../static/views/match.js');
  // The student's audit: cells 2, 4 and 7 of a 5×5 palette, "Colour cells 2, 4 and 7: not a move." and no reason.
  const view = { kind: 'grid', grid: { rows: 5, cols: 5, cells: Array.from({ length: 25 }, () => ({ owner: -1 })) } };
  const C = (i) => [{ kind: 'cell', value: i }];
  const sel = [C(1), C(3), C(6)];
  const why = whyNoMove(sel, view, 'nim2d');
  assert.equal(why, 'cell 7 is on the main diagonal: a diagonal cell is a move on its own, with no other cell');
  const bar = MoveBar({ s: { sel, selNote: '', busy: false }, rs: { complete: null, valid: false }, words: 'colour cells 2, 4 and 7', act: {}, why });
  const words = vnodes(bar).find((v) => v.props && v.props.id === 'move-words');
  assert.equal(textOf(words), 'Colour cells 2, 4 and 7: not a move (cell 7 is on the main diagonal: a diagonal cell is a move on its own, with no other cell).');
  // Off the diagonal, not in one line; then cells apart in a row; other games have no reason here.
  assert.match(whyNoMove([C(1), C(7)], view, 'nim2d'), /one row or one column/);
  assert.match(whyNoMove([C(1), C(3), C(4), C(2)], view, 'nim2d'), /1 to 3 cells/);
  assert.equal(whyNoMove([C(1)], { kind: 'heaps', heaps: [3] }, 'nim'), '');
});
test('the Thue analysis leads each builder row with its gap, and names the square or the overlap', async () => {
  // The student's audit: rows read "1 insert between 1 and 2 (gap 1)", the bold 1 a gap's number that reads as a
  // symbol; and "repetition" where the rules say "square".
  const gaps = [0, 1, 2, 3];
  for (const rule of ['square', 'overlap']) {
    const pos = { game: `thue(alphabet=3,rule=${rule})`, position: '120', roles: ['builder', 'painter'], to_move: 0,
      view: { kind: 'word', word: { symbols: [1, 2, 0], alphabet: 3 }, status: { to_move: 0 } },
      legal_moves: gaps.map((g) => ({ move: String(g), parts: [{ kind: 'gap', value: g }] })) };
    const an = { player: 0, measure: { kind: 'length' }, complete: true, pending: false, nodes: 10, seconds: 0.01,
      moves: gaps.map((g) => ({ move: String(g), outcome: 'win', value: g === 1 ? 5 : 6, best: g === 1, parts: [{ kind: 'gap', value: g }] })) };
    const p = await panel(pos, an, rule);
    const rows = vnodes(p).filter((v) => v.type === 'button' && /\ban-row\b/.test(classOf(v)));
    const moves = rows.map((r) => textOf(vnodes(r).find((v) => /\ban-move\b/.test(classOf(v)))).replace(/\s+/g, ' ').trim());
    assert.deepEqual(moves, ['gap 1 insert between 1 and 2', 'gap 0 insert at the start', 'gap 2 insert between 2 and 0', 'gap 3 insert at the end']);
    assert.match(rows[0].props['aria-label'], /^gap 1 insert between 1 and 2 length 5/);
    const rep = rule === 'overlap' ? 'an overlap' : 'a square';
    const text = textOf(p);
    assert.ok(text.includes(`The builder can force ${rep} by length 5`), text);
    assert.ok(text.includes(`the length of the word at which the builder can force ${rep} after each move`), text);
    assert.ok(!/repetition/.test(text), text);
  }
});

test('the Szemerédi board says every number’s value, a loss as a draw, and the heading speaks of draws', async () => {
  // The student's audit (seed 277250931587943, k = 3): at move 1, 5, 17, 72 and 90 (in no progression: they lose,
  // handing Blue the move) stood bare among numbers that said "draws"; the heading said "each move wins or loses".
  const nums = [1, 2, 5, 12, 17, 18];
  const out = { 5: 'loss', 12: 'win', 17: 'loss' };
  const pos = { game: 'ap(x=20,k=3,seed=277250931587943)', position: '/', roles: ['red', 'blue'], to_move: 0,
    view: { kind: 'numbers', numbers: nums.map((n) => ({ n, owner: -1, color: -1 })), status: { to_move: 0, seats: ['red', 'blue'] } },
    legal_moves: nums.map((n) => ({ move: String(n), parts: [{ kind: 'number', value: n }] })) };
  const an = { player: 0, measure: { kind: 'outcome', label: 'outcome' }, complete: true, pending: false, nodes: 10, seconds: 0.01,
    moves: nums.map((n) => ({ move: String(n), outcome: out[n] || 'draw', best: n === 12, parts: [{ kind: 'number', value: n }], ...(out[n] ? { win_in: 3 } : {}) })) };
  const ranked = rank(an, 'ap');
  const ctx = boardContext(pos, { live: true, sel: [], ranked, onPick() {} });
  const board = vnodes(Board({ pos, ctx, big: true })).filter((v) => v.type === 'button' && v.props['data-number'] !== undefined);
  const val = (n) => textOf(vnodes(board.find((b) => b.props['data-number'] === n)).find((v) => /\bnum-val\b/.test(classOf(v))) || null);
  assert.deepEqual(nums.map(val), ['draws', 'draws', 'loses', '', 'loses', 'draws'], 'every number valued on the board, 12 by its ✓');
  assert.match(textOf(await panel(pos, an)), /Shown: each move wins, draws or loses against perfect play\./);
  // A position without draws keeps the words it had.
  const won = { ...an, moves: an.moves.map((m) => ({ ...m, outcome: m.outcome === 'draw' ? 'loss' : m.outcome })) };
  assert.match(textOf(await panel(pos, won)), /Shown: each move wins or loses against perfect play\./);
});
