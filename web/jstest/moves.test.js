import { test } from 'node:test';
import assert from 'node:assert/strict';
import { picksOf, keysOf, matchSelection, choose, resolve, heapOptions, tokenPick, partners, gridReason, partsOf } from '../static/moves.js';

const H = (h, a) => [{ kind: 'heap', value: h }, { kind: 'amount', value: a }];
const lm = (move, ...picks) => ({ move, parts: picks.flat() });

// nim(piles=2;3)
const nim = [lm('1:1', H(0, 1)), lm('1:2', H(0, 2)), lm('2:1', H(1, 1)), lm('2:2', H(1, 2)), lm('2:3', H(1, 3))];
// wythoff(piles=2;2), a = 1: one heap, or the same from both
const wyt = [lm('0,1', H(1, 1)), lm('0,2', H(1, 2)), lm('1,0', H(0, 1)), lm('2,0', H(0, 2)), lm('1,1', H(0, 1), H(1, 1)), lm('2,2', H(0, 2), H(1, 2))];

test('picksOf groups a heap with its amount', () => {
  assert.deepEqual(picksOf([...H(0, 1), ...H(1, 2)]).length, 2);
  assert.deepEqual(keysOf([...H(1, 2), ...H(0, 1)]), ['heap:0|amount:1', 'heap:1|amount:2']);
});

test('a Nim token click takes it and the tokens to its right', () => {
  const o = heapOptions(nim);
  assert.deepEqual(tokenPick(o, 1, 0, 3), H(1, 3));
  assert.deepEqual(tokenPick(o, 1, 2, 3), H(1, 1));
  assert.equal(tokenPick(o, 1, 3, 3), null);
});

test('Grundy: a click splits the heap after the token; equal halves are no move', () => {
  const g = [lm('1=6+1', [{ kind: 'heap', value: 0 }, { kind: 'split', value: 1 }]), lm('1=5+2', [{ kind: 'heap', value: 0 }, { kind: 'split', value: 2 }]),
    lm('1=4+3', [{ kind: 'heap', value: 0 }, { kind: 'split', value: 3 }])];
  const o = heapOptions(g);
  assert.deepEqual(tokenPick(o, 0, 5, 7), [{ kind: 'heap', value: 0 }, { kind: 'split', value: 1 }]); // 6 + 1
  assert.deepEqual(tokenPick(o, 0, 1, 7), [{ kind: 'heap', value: 0 }, { kind: 'split', value: 2 }]); // 2 + 5
  assert.equal(tokenPick(o, 0, 6, 7), null); // 7 + 0
  const even = heapOptions([lm('1=3+1', [{ kind: 'heap', value: 0 }, { kind: 'split', value: 1 }])]);
  assert.equal(tokenPick(even, 0, 1, 4), null); // 2 + 2
});

test('a cut legal list (huge heaps) trusts the click', () => {
  assert.deepEqual(tokenPick(new Map(), 3, 0, 5, undefined, true), H(3, 5));
  const r = resolve([H(0, 999999)], [], true);
  assert.deepEqual(r.complete.parts, H(0, 999999));
});

test('choosing in Nim: a second heap replaces the first', () => {
  let r = choose([], H(0, 1), nim);
  assert.deepEqual(r.sel, [H(0, 1)]);
  assert.equal(resolve(r.sel, nim).complete.move, '1:1');
  r = choose(r.sel, H(1, 2), nim);
  assert.deepEqual(r.sel, [H(1, 2)]);
  assert.equal(resolve(r.sel, nim).complete.move, '2:2');
});

test("Wythoff's two-heap move: both picks make one move, partners say what fits", () => {
  let r = choose([], H(0, 2), wyt);
  let rs = resolve(r.sel, wyt);
  assert.equal(rs.complete.move, '2,0');
  assert.equal(rs.extendable, true);
  assert.deepEqual([...partners(r.sel, wyt).get(1)], [2]);
  r = choose(r.sel, H(1, 2), wyt);
  rs = resolve(r.sel, wyt);
  assert.equal(rs.complete.move, '2,2');
  assert.deepEqual(partsOf(r.sel), [...H(0, 2), ...H(1, 2)]);
  r = choose(r.sel, H(1, 1), wyt); // 2 from heap 1 and 1 from heap 2 is no move: start again
  assert.deepEqual(r.sel, [H(1, 1)]);
  assert.deepEqual(r.dropped, [H(0, 2)]); // the choice dropped, for the page to say
  assert.equal(choose([], H(0, 2), wyt).dropped, undefined);
});

test('matchSelection separates exact moves from longer ones', () => {
  const { exact, more } = matchSelection(wyt, [H(1, 1)]);
  assert.deepEqual(exact.map((m) => m.move), ['0,1']);
  assert.deepEqual(more.map((m) => m.move), ['1,1']);
});

test('2D Nim cells toggle and get a reason when they are no move', () => {
  const C = (i) => [{ kind: 'cell', value: i }];
  let r = choose([], C(1), [], false, true);
  r = choose(r.sel, C(3), [], false, true);
  assert.equal(r.sel.length, 2);
  assert.match(gridReason([1, 3], 5, new Set()), /next to each other/);
  r = choose(r.sel, C(3), [], false, true);
  assert.deepEqual(r.sel, [C(1)]);
  assert.match(gridReason([0, 1], 5, new Set()), /diagonal/);
  assert.match(gridReason([1, 7], 5, new Set()), /one row or one column/);
  assert.match(gridReason([1, 2], 5, new Set([2])), /not empty/);
  assert.match(gridReason([1, 2, 3, 4], 5, new Set()), /1 to 3 cells/);
  assert.equal(gridReason([3, 4], 5, new Set()), '');
  assert.equal(gridReason([5, 10, 15], 5, new Set()), '');
});

test('a pick that fits no move is refused with a reason', () => {
  const r = choose([], H(2, 1), nim);
  assert.equal(r.error, 'no legal move is made of that choice');
  assert.deepEqual(r.sel, []);
});
