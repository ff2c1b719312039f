import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entryOf, toward } from '../static/boardkeys.js';
import { rank } from '../static/analysis.js';
import { Board, boardContext } from '../static/views/board.js';
import { listedMoveWords } from '../static/format.js';
import { lastMove } from '../static/lastmove.js';
import { vnodes, classOf } from './tree.js';

// A board with the keyboard and a screen reader, as the keyboard audit's
// person played them: one Tab stop, the arrows by rows, and each piece
// saying what it is in the same words on every board.

test('a board is one Tab stop: the piece focused, else chosen, else focused last, else the first', () => {
  const pieces = [{ key: 'a' }, { key: 'b', pressed: true }, { key: 'c' }];
  assert.equal(entryOf(pieces, 'c'), 1, 'the chosen piece');
  assert.equal(entryOf([{ key: 'a' }, { key: 'b' }, { key: 'c' }], 'c'), 2, 'the piece focused last');
  assert.equal(entryOf([{ key: 'a' }, { key: 'b' }], 'gone'), 0, 'the first, where the last one is no more');
  assert.equal(entryOf([{ key: 'a' }, { key: 'b', pressed: true }, { key: 'c', focused: true }]), 2, 'the focused piece keeps it');
  assert.equal(entryOf([]), -1);
});

test('the arrows: ← → the previous and next piece, ↑ ↓ the nearest in line in the next row that has one', () => {
  const box = (x, y, w = 40, h = 40) => ({ left: x, top: y, width: w, height: h });
  // Heaps: 3 tokens, then 4, then 5 (rows 60 px apart).
  const heaps = [...[0, 1, 2].map((j) => box(j * 46, 0)), ...[0, 1, 2, 3].map((j) => box(j * 46, 60)), ...[0, 1, 2, 3, 4].map((j) => box(j * 46, 120))];
  assert.equal(toward(heaps, 1, 'ArrowDown'), 4, 'heap 1 token 2 → heap 2 token 2');
  assert.equal(toward(heaps, 6, 'ArrowDown'), 10, 'heap 2 token 4 → heap 3 token 4');
  assert.equal(toward(heaps, 11, 'ArrowUp'), 6, 'heap 3 token 5 → heap 2 token 4, the nearest in line');
  assert.equal(toward(heaps, 1, 'ArrowUp'), -1, 'nothing above the first heap');
  assert.equal(toward(heaps, 2, 'ArrowRight'), 3, '→ goes on to the next heap');
  assert.equal(toward(heaps, 0, 'ArrowLeft'), -1);
  assert.equal(toward(heaps, 11, 'ArrowRight'), -1);
  // A queen board's reachable squares: the row of the queen, then one square below and the diagonal; the next row
  // down has no square below (0, 9): ↓ goes to the nearest one in that row.
  const sq = [box(0, 0), box(40, 0), box(80, 0), box(80, 40), box(120, 40)];
  assert.equal(toward(sq, 0, 'ArrowDown'), 3);
  assert.equal(toward(sq, 4, 'ArrowDown'), -1);
  assert.equal(toward(sq, 4, 'Home'), -1);
});

test('one phrase for a marked move on every board: a winning move, or the best one where moves are valued', () => {
  // Nim: the token's ✓ is "a winning move".
  const nim = { game: 'nim(piles=3)', position: '3', view: { kind: 'heaps', heaps: [3], status: { to_move: 0 } },
    legal_moves: [1, 2, 3].map((k) => ({ move: `1:${k}`, parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: k }] })) };
  const nimAn = { player: 0, measure: { kind: 'grundy' }, moves: nim.legal_moves.map((lm) => ({ ...lm, outcome: lm.move === '1:3' ? 'win' : 'loss', value: lm.move === '1:3' ? 0 : 1 })) };
  const label = (pos, ranked, cls) => vnodes(Board({ pos, ctx: boardContext(pos, { live: true, sel: [], ranked, onPick() {} }), big: true }))
    .filter((v) => v.type === 'button' && new RegExp(`\\b${cls}\\b`).test(classOf(v)) && /\bgood\b/.test(classOf(v))).map((v) => v.props['aria-label']);
  assert.deepEqual(label(nim, rank(nimAn, 'nim'), 'token'), ['Heap 1, token 1: take 3 tokens (this one and those to its right), a winning move']);
  // The list-colouring colourer: each colour's chance is the colourer's, and the best colour is "the best move".
  const vdw = { game: 'vdwlist(k=3,colors=3,list=2,s=5)', position: '.....:3:rg', view: { kind: 'numbers', colors: ['red', 'blue', 'green'],
    numbers: [1, 2, 3, 4, 5].map((n) => ({ n, owner: -1, color: -1 })), status: { to_move: 1, phase: 'colour', highlight: [3], draw: ['red', 'green'] } },
  legal_moves: [0, 2].map((c) => ({ move: ['red', 'blue', 'green'][c], parts: [{ kind: 'color', value: c }] })) };
  const vdwAn = { player: 1, measure: { kind: 'p1_win' }, moves: [{ move: 'red', parts: [{ kind: 'color', value: 0 }], outcome: 'chance', value: '1/4', best: true },
    { move: 'green', parts: [{ kind: 'color', value: 2 }], outcome: 'chance', value: '1/2', best: false }] };
  assert.deepEqual(label(vdw, rank(vdwAn, 'vdwlist'), 'swatch-btn'), ['red 75.0\u00a0% (the colourer’s chance): colour 3 red, the best move']);
});

test('the list-colouring number named and waiting for its list is said so, not "not named yet, in the one-colour progression"', () => {
  const pos = { game: 'vdwlist(k=3,colors=3,list=2,s=9)', position: 'rr.bb....:3', view: { kind: 'numbers', colors: ['red', 'blue', 'green'],
    numbers: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ n, owner: n <= 2 || n === 4 || n === 5 ? 1 : -1, color: n <= 2 ? 0 : n === 4 || n === 5 ? 1 : -1 })),
    status: { to_move: -1, phase: 'draw', highlight: [3] } }, legal_moves: [] };
  const nums = vnodes(Board({ pos, ctx: boardContext(pos, { live: false, sel: [], onPick() {} }), big: true })).filter((v) => v.type === 'button');
  const three = nums.find((v) => v.props['data-number'] === 3);
  assert.equal(three.props['aria-label'], '3, named, waiting for its colour list');
  assert.match(classOf(three), /\btarget\b/);
  assert.doesNotMatch(classOf(three), /\blit\b/);
  // At the end the progression of one colour is lit, and said.
  const over = { ...pos, view: { ...pos.view, status: { to_move: null, phase: 'over', over: true, highlight: [1, 2, 3] } } };
  const won = vnodes(Board({ pos: over, ctx: boardContext(over, { live: false, sel: [], onPick() {} }), big: true })).filter((v) => v.type === 'button' && /\blit\b/.test(classOf(v)));
  assert.equal(won.length, 3);
  assert.match(won[0].props['aria-label'], /, in the one-colour progression$/);
});

test('the Thue word of one symbol is one symbol', () => {
  const pos = { game: 'thue(alphabet=3)', position: '0', view: { kind: 'word', word: { symbols: [0], alphabet: 3 }, status: { to_move: 0 } }, legal_moves: [] };
  const group = vnodes(Board({ pos, ctx: boardContext(pos, { live: false, sel: [], onPick() {} }), big: true })).find((v) => /^word( |$)/.test(classOf(v)));
  assert.equal(group.props['aria-label'], 'The word, 1 symbol');
});

test('the move list says each move in words where its notation is terse', () => {
  const m = { game: 'nim(piles=3;4;5)', moves: [{ player: 0, move: '1:2' }, { player: 1, move: '3:1' }] };
  assert.equal(listedMoveWords(lastMove(m, 1), null, 'nim'), 'take 2 tokens from heap 1');
  const q = { game: 'wythoff(piles=7;9,view=queen)', moves: [{ player: 0, move: '1,1' }] };
  assert.equal(listedMoveWords(lastMove(q, 1), { grid: { rows: 9, cols: 7 } }, 'wythoff'), 'move the queen 1 square south-west');
  const p = { game: 'nim2d(n=4)', moves: [{ player: 0, move: '2,3' }] };
  assert.equal(listedMoveWords(lastMove(p, 1), null, 'nim2d'), 'colour cells 2 and 3');
  const ap = { game: 'ap(k=3,set=1;2;3)', moves: [{ player: 0, move: '2' }] };
  assert.equal(listedMoveWords(lastMove(ap, 1), null, 'ap'), '', 'a number says itself');
});
