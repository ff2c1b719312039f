import { test } from 'node:test';
import assert from 'node:assert/strict';
import { forcedWords, forcedTally, drawNoteWords, lastMoveWords } from '../static/format.js';
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

const vdw = (players, forced) => ({
  game: 'vdwlist(k=3,colors=3,list=1,s=9)', game_name: 'vdwlist', roles: ['namer', 'colourer'], players, forced_moves: forced,
  moves: [{ player: 0, move: '5' }, { player: -1, move: '{blue}' }, { player: 1, move: 'blue' }, { player: 0, move: '4' }, { player: -1, move: '{red}' }, { player: 1, move: 'red' }],
});

test('a list of one colour: the colour played for the person, said as for them', () => {
  const m = vdw(['perfect', 'human'], [3, 6]);
  const opp = [{ bot: 'perfect', title: 'Perfect' }];
  assert.equal(forcedWords(m, lastMove(m), [false, true], opp), 'Only red was on the list: 4 was coloured red for you.');
  assert.equal(forcedWords(m, lastMove(m, 3), [false, true], opp), 'Only blue was on the list: 5 was coloured blue for you.');
  const friends = { ...m, players: ['human', 'human'] };
  assert.equal(forcedWords(friends, lastMove(friends), [true, false], opp), 'Only red was on the list: 4 was coloured red for your friend.');
  assert.equal(forcedWords(friends, lastMove(friends), [true, true], opp), 'Only red was on the list: 4 was coloured red for the colourer.');
  // A colour chosen (lists of two) is no such move.
  const chosen = vdw(['perfect', 'human'], undefined);
  assert.equal(forcedWords(chosen, lastMove(chosen), [false, true], opp), '');
  assert.equal(lastMove(chosen).forced, false);
});

test('at the end: how many of the person’s colours were played for them', () => {
  const opp = [{ bot: 'perfect', title: 'Perfect' }];
  assert.equal(forcedTally(vdw(['perfect', 'human'], [3, 6]), [false, true], opp), 'Every list held only one colour: both colours were played for you, with no choice to make.');
  assert.equal(forcedTally(vdw(['human', 'human'], [3, 6]), [true, true], opp), 'Every list held only one colour: both colours were played for the colourer, with no choice to make.');
  assert.equal(forcedTally(vdw(['perfect', 'human'], [6]), [false, true], opp), '1 of your 2 colours was played for you: its list held only one colour.');
  assert.equal(forcedTally(vdw(['perfect', 'human'], []), [false, true], opp), '');
});

test('2D Nim: who the coin chose to start, from the page’s side', () => {
  const m = { game: 'nim2d(n=5,p1=R,first=p2)', roles: ['R', 'G'], players: ['human', 'perfect'], draw_note: 'first=p2: the coin chose G (P2) to start' };
  const opp = [{ bot: 'perfect', title: 'Perfect' }];
  assert.equal(drawNoteWords(m, [true, false], opp), 'The coin chose the computer (Perfect, green, player 2) to start.');
  assert.equal(drawNoteWords({ ...m, players: ['perfect', 'human'] }, [false, true], opp), 'The coin chose you (green, player 2) to start.');
  assert.equal(drawNoteWords({ ...m, players: ['human', 'human'] }, [true, true], opp), 'The coin chose Green (player 2) to start.');
  const g1 = { game: 'nim2d(n=3,p1=G,first=p1)', roles: ['G', 'R'], players: ['human', 'human'], draw_note: 'first=p1: the coin chose G (P1) to start' };
  assert.equal(drawNoteWords(g1, [true, false], opp), 'The coin chose you (green, player 1) to start.');
  assert.equal(drawNoteWords(g1, [false, true], opp), 'The coin chose your friend (green, player 1) to start.');
  // first= given: nothing drawn, nothing said.
  assert.equal(drawNoteWords({ ...m, draw_note: undefined }, [true, false], opp), '');
});
