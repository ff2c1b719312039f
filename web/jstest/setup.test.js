import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cycleNumber, heapInput, setupProblem } from '../static/setup.js';

test('a tapped number cycles through the owners or the colours', () => {
  assert.deepEqual(cycleNumber('ap', { n: 3, owner: -1, color: -1 }, 2).owner, 0);
  assert.deepEqual(cycleNumber('ap', { n: 3, owner: 1, color: -1 }, 2).owner, -1);
  assert.deepEqual(cycleNumber('vdwlist', { n: 3, owner: -1, color: 2 }, 3).color, -1);
  assert.deepEqual(cycleNumber('vdwlist', { n: 3, owner: -1, color: 0 }, 3).color, 1);
  // A Szemerédi number's colour follows its owner (the view gives both; a stale colour showed the old owner).
  assert.deepEqual(cycleNumber('ap', { n: 1, owner: 0, color: 0 }, 2), { n: 1, owner: 1, color: 1 });
  assert.deepEqual(cycleNumber('ap', { n: 1, owner: 1, color: 1 }, 2), { n: 1, owner: -1, color: -1 });
});

test('a heap field keeps what was typed, and an empty or wrong one is named before it is sent', () => {
  assert.equal(heapInput('12'), 12);
  assert.equal(heapInput(' 0 '), 0);
  for (const t of ['', '-3', '2.5', '1e3', 'x', '99999999999999999999']) assert.equal(heapInput(t), t);
  const heaps = (...hs) => ({ kind: 'heaps', heaps: hs, status: { to_move: 0 } });
  assert.equal(setupProblem(heaps(3, 5)), '');
  assert.equal(setupProblem(heaps(3, '')), 'Heap 2 is empty: type its number of tokens (0 or more).');
  assert.match(setupProblem(heaps('-3', 5)), /^Heap 1: “-3” is not a number of tokens; type a whole number, 0 or more\.$/);
  assert.match(setupProblem(heaps(1, '2.5')), /^Heap 2: “2.5” is not a number of tokens/);
  assert.match(setupProblem(heaps('99999999999999999999')), /^Heap 1: 99999999999999999999 tokens is more than the set-up takes \(at most 9007199254740991\); for a larger heap, type the position string below\.$/);
  // Boards other than heaps have nothing typed to check here.
  assert.equal(setupProblem({ kind: 'word', word: { symbols: [], alphabet: 3 } }), '');
});
