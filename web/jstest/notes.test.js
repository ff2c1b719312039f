import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastMoveWords } from '../static/format.js';
import { lastMove } from '../static/lastmove.js';

// What the server says a move did beyond its notation (last_move.note) goes with the last move, its own only.
test('a Grundy split: the note on the heaps renumbered, and which heaps they were', () => {
  const note = 'Heap 1 became heaps 1 (6 tokens) and 2 (4 tokens); old heap 2 is now heap 3.';
  const m = { game: 'grundy(heap=15)', moves: [{ player: 0, move: '1=10+5' }, { player: 1, move: '1=6+4' }],
    last_move: { index: 2, player: 1, move: '1=6+4', parts: [], note } };
  const last = lastMove(m);
  assert.equal(last.note, note);
  assert.equal(lastMoveWords(last, { heaps: [6, 4, 5] }, 'grundy'), 'split heap 1 into 6 and 4');
  // Heap 2 is the part split off heap 1; from heap 3 on, the heaps were numbered one lower before.
  assert.deepEqual(last.heaps.get(0), { split: [6, 4] });
  assert.deepEqual(last.heaps.get(1), { splitOff: 0 });
  assert.equal(last.renumberedFrom, 2);
  // An earlier move (a past position) has no note from the last move's.
  assert.equal(lastMove(m, 1).note, '');
  assert.equal(lastMove({ game: 'nim(piles=3)', moves: [{ player: 0, move: '1:2' }], last_move: { index: 1, player: 0, move: '1:2', parts: [] } }).note, '');
});
