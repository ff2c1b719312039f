import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lanesOf } from '../static/boards/numbers.js';

// room is the least distance between two marks' centres in one lane: half of each one's width and 2 px between.
const room = (v, w) => (v + w) / 2 + 2;

test('marks far enough apart stay on the line', () => {
  assert.deepEqual(lanesOf([0, 20, 40, 60], [16, 16, 16, 16]), [0, 0, 0, 0]);
  assert.deepEqual(lanesOf([0, 14], [12, 12]), [0, 0]); // two free numbers' dots, 12 px wide, 2 px apart
  assert.deepEqual(lanesOf([], []), []);
});

test('23, 24 and 26 of 5..96 on a phone’s line (254 px) hang in three lanes, and the next number far enough is on the line again', () => {
  const px = (n) => ((n - 5) * 254) / (96 - 5);
  assert.deepEqual(lanesOf([23, 24, 26, 49].map(px), [12, 12, 12, 12]), [0, 1, 2, 0]);
  // On a desktop's line (784 px) 93, 95 and 96 take two lanes: 93 and 95 are 17 px apart.
  const wide = (n) => ((n - 5) * 784) / (96 - 5);
  assert.deepEqual(lanesOf([93, 95, 96].map(wide), [12, 12, 12]), [0, 0, 1]);
});

test('a wider mark (a red circle, 16 px) needs more room than a free number’s dot', () => {
  assert.deepEqual(lanesOf([0, 15], [12, 12]), [0, 0]);
  assert.deepEqual(lanesOf([0, 15], [16, 16]), [0, 1]);
});

test('lanes: in each lane the marks leave room between them, and each mark is in the first lane with room for it', () => {
  let seed = 7;
  const rand = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  for (let run = 0; run < 200; run++) {
    const n = 2 + Math.floor(rand() * 40);
    const xs = Array.from({ length: n }, () => rand() * 300).sort((a, b) => a - b);
    const sizes = xs.map(() => [12, 13, 14, 16][Math.floor(rand() * 4)]);
    const lanes = lanesOf(xs, sizes);
    const last = []; // each lane's last mark index so far
    lanes.forEach((l, i) => {
      for (let k = 0; k < l; k++) {
        const j = last[k];
        assert.ok(j !== undefined && xs[i] - xs[j] < room(sizes[j], sizes[i]), `run ${run}: mark ${i} in lane ${l}, though lane ${k} had room`);
      }
      if (last[l] !== undefined) assert.ok(xs[i] - xs[last[l]] >= room(sizes[last[l]], sizes[i]) - 1e-9, `run ${run}: marks ${last[l]} and ${i} too close in lane ${l}`);
      else assert.equal(l, last.length, `run ${run}: lane ${l} opened before lane ${last.length}`);
      last[l] = i;
    });
  }
});
