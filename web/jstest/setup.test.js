import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cycleNumber } from '../static/setup.js';

test('a tapped number cycles through the owners or the colours', () => {
  assert.deepEqual(cycleNumber('ap', { n: 3, owner: -1, color: -1 }, 2).owner, 0);
  assert.deepEqual(cycleNumber('ap', { n: 3, owner: 1, color: -1 }, 2).owner, -1);
  assert.deepEqual(cycleNumber('vdwlist', { n: 3, owner: -1, color: 2 }, 3).color, -1);
  assert.deepEqual(cycleNumber('vdwlist', { n: 3, owner: -1, color: 0 }, 3).color, 1);
  // A Szemerédi number's colour follows its owner (the view gives both; a stale colour showed the old owner).
  assert.deepEqual(cycleNumber('ap', { n: 1, owner: 0, color: 0 }, 2), { n: 1, owner: 1, color: 1 });
  assert.deepEqual(cycleNumber('ap', { n: 1, owner: 1, color: 1 }, 2), { n: 1, owner: -1, color: -1 });
});
