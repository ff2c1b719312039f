import { test } from 'node:test';
import assert from 'node:assert/strict';
import { xorTable, wythoffP, isWythoffP, repetition, insertEnds, progressions, raceStatus, monoProgression } from '../static/rules.js';

test("Bouton's table for 3;4;5: XOR 2, take 2 from heap 1", () => {
  const t = xorTable([3, 4, 5]);
  assert.equal(t.sum, '2');
  assert.deepEqual(t.rows.map((r) => r.bits), ['011', '100', '101']);
  assert.deepEqual(t.moves, [{ heap: 0, from: '3', to: '1', take: '2' }]);
  assert.equal(xorTable([1, 2, 3]).sum, '0');
  assert.deepEqual(xorTable([1, 2, 3]).moves, []);
  assert.equal(xorTable(['1000000000000000000001', 1]).sum, '1000000000000000000000'); // exact beyond 2^53
});

test("Wythoff's P-positions for a = 1 and a = 2 (the thesis' Table 2)", () => {
  assert.deepEqual(wythoffP(1, 10), [[0, 0], [1, 2], [3, 5], [4, 7], [6, 10], [8, 13], [9, 15]]);
  assert.deepEqual(wythoffP(2, 8).slice(0, 5), [[0, 0], [1, 3], [2, 6], [4, 10], [5, 13]]);
  assert.equal(isWythoffP(1, 5, 3), true);
  assert.equal(isWythoffP(1, 5, 8), false);
});

test('squares and overlaps', () => {
  assert.deepEqual(repetition([0, 1, 0, 1], 'square'), { start: 0, length: 4, period: 2 });
  assert.equal(repetition([0, 1, 2, 0, 2, 1], 'square'), null);
  assert.equal(repetition([0, 1, 0, 1], 'overlap'), null);
  assert.deepEqual(repetition([0, 1, 0, 1, 0], 'overlap'), { start: 0, length: 5, period: 2 });
  assert.deepEqual(repetition([1, 1, 1], 'overlap'), { start: 0, length: 3, period: 1 });
  // inserting 1 between 0 and 0 of 0·0 is fine; 0 makes 000 (a square 00)
  assert.deepEqual(insertEnds([0, 1, 0], 3, 1, 'square'), { start: 0, length: 4, period: 2 });
  assert.equal(insertEnds([0, 1, 0], 3, 2, 'square'), null);
});

test('progressions inside a set and who can still complete them', () => {
  const aps = progressions([1, 2, 3, 5, 7], 3);
  assert.deepEqual(aps, [[1, 2, 3], [1, 3, 5], [3, 5, 7]]);
  const race = raceStatus(aps, new Map([[1, 0], [3, 0], [5, 1]]));
  assert.deepEqual(race.live[0].map((x) => x.ap), [[1, 2, 3]]);
  assert.deepEqual([...race.threats[0].keys()], [2]);
  assert.deepEqual(race.live[1], []);
});

test('a colour that completes a progression of one colour', () => {
  const colours = new Map([[1, 0], [5, 0], [2, 1]]);
  assert.deepEqual(monoProgression(colours, 9, 3, 3, 0), [1, 3, 5]);
  assert.equal(monoProgression(colours, 9, 3, 3, 1), null);
  assert.deepEqual(monoProgression(new Map([[7, 2], [8, 2]]), 9, 3, 9, 2), [7, 8, 9]);
});
