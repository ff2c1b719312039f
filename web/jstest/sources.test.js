import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sourcesSaid } from '../static/format.js';

// The keyboard audit, finding 11: the page that writes the sources document announced its whole state every
// second. Its live region says a short line that changes only when it matters.

const base = { written: false, can_write: true, running: false, quick: false, done: 0, total: 0, message: '', seconds: 0 };
const going = (done, message, more = {}) => sourcesSaid({ ...base, running: true, done, total: 100, message, seconds: done, ...more });

test('a run going is said by its share in steps of 10 % and the item it computes, not the counts that tick within it', () => {
  assert.equal(sourcesSaid({ ...base, running: true, message: 'starting' }), 'Writing the document: starting.');
  const item = 'Thue thesis, Table 3.3 (item 17 of 44)';
  assert.equal(going(3, `${item}: games of the level-1 builder: 7 of 11 played or read`), `Writing the document: under 10 % done — ${item}.`);
  // The same line while the games are counted, the seconds go by and the share stays in its ten.
  assert.equal(going(38, `${item}: games: 8 of 11 played or read`, { seconds: 99 }), going(31, `${item}: games: 2 of 11 played or read`));
  assert.equal(going(38, `${item}: x`), `Writing the document: at least 30 % done — ${item}.`);
  assert.notEqual(going(40, `${item}: x`), going(39, `${item}: x`));
  assert.equal(going(100, `${item}: x`), `Writing the document: at least 90 % done — ${item}.`);
  // The next item is said; a step without an item number by its words before a colon.
  assert.equal(going(38, 'Thue thesis, Table 3.4 (item 18 of 44): x'), 'Writing the document: at least 30 % done — Thue thesis, Table 3.4 (item 18 of 44).');
  assert.equal(going(97, 'drawing the figures: 3 of 23'), 'Writing the document: at least 90 % done — drawing the figures.');
  assert.equal(sourcesSaid({ ...base, running: true, quick: true, done: 1, total: 4, message: 'starting' }), 'Writing the quick document: at least 20 % done.');
});

test('a run cancelling, cancelled or stopped is said once; nothing when none runs', () => {
  assert.equal(going(35, 'x', { cancelling: true }), 'Cancelling the document: it stops at its next step.');
  assert.equal(sourcesSaid({ ...base, cancelled: true, done: 35, total: 100, message: 'kept: 1 of 2 items', seconds: 73 }),
    'Cancelled. The last run was cancelled after 1 min 13 s, at about 35 % done; kept: 1 of 2 items. Writing again goes on from there.');
  assert.equal(sourcesSaid({ ...base, error: 'disk full' }), 'The last run stopped: disk full.');
  assert.equal(sourcesSaid(base), '');
  assert.equal(sourcesSaid({ ...base, written: true }), '');
});
