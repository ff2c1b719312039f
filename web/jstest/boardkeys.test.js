import { test } from 'node:test';
import assert from 'node:assert/strict';
import { entryOf, toward } from '../static/boardkeys.js';

// A board with the keyboard, as the keyboard audit's person played them:
// one Tab stop, the arrows by rows.

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
