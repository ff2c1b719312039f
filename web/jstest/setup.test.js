import { test } from 'node:test';
import assert from 'node:assert/strict';
import { positionFromView, cycleNumber } from '../static/setup.js';

test('position strings from an edited board, as kombi solve --position reads them', () => {
  assert.equal(positionFromView('nim', { heaps: [1, 4, 5], status: { to_move: 1 } }), '1;4;5 P2');
  assert.equal(positionFromView('grundy', { heaps: [7], status: { to_move: 0 } }), '7');
  const cells = [0, -1, -1, -1, 1, -1, -1, -1, -1].map((owner) => ({ owner }));
  assert.equal(positionFromView('nim2d', { grid: { rows: 3, cols: 3, cells }, status: { to_move: 1, seats: ['R', 'G'] } }), 'R../.G./...:G');
  assert.equal(positionFromView('thue', { word: { symbols: [0, 1, 2, 0] }, status: {} }), '0120');
  assert.equal(positionFromView('thue', { word: { symbols: [10] }, status: {} }), null);
  const nums = [[6, 0], [13, 0], [16, -1], [24, 1]].map(([n, owner]) => ({ n, owner, color: -1 }));
  assert.equal(positionFromView('ap', { numbers: nums, status: {} }), '6 13 / 24');
  const cols = [[1, -1], [2, -1], [3, 0], [4, -1], [5, 1], [6, -1]].map(([n, color]) => ({ n, owner: -1, color }));
  assert.equal(positionFromView('vdwlist', { numbers: cols, colors: ['red', 'blue', 'green'], status: {} }), '..r.b.');
  assert.equal(positionFromView('buildingnim', { heaps: [1], status: {} }), null);
});

test('a tapped number cycles through the owners or the colours', () => {
  assert.deepEqual(cycleNumber('ap', { n: 3, owner: -1, color: -1 }, 2).owner, 0);
  assert.deepEqual(cycleNumber('ap', { n: 3, owner: 1, color: -1 }, 2).owner, -1);
  assert.deepEqual(cycleNumber('vdwlist', { n: 3, owner: -1, color: 2 }, 3).color, -1);
  assert.deepEqual(cycleNumber('vdwlist', { n: 3, owner: -1, color: 0 }, 3).color, 1);
});
