import { test } from 'node:test';
import assert from 'node:assert/strict';
import { arrivedText, undoneText, openedText, lastMoveText } from '../static/announce.js';
import { lastMove } from '../static/lastmove.js';

const perfect = [{ bot: 'perfect', title: 'Perfect' }];
// A Nim match as the server sends it: the last move with its parts ("h:n" takes n tokens from heap h).
const nim = (moves, more = {}) => {
  const last = moves[moves.length - 1];
  const [h, n] = last ? last.move.split(':').map(Number) : [];
  return {
    id: 'ab', game: 'nim(piles=3;4;5)', game_name: 'nim', players: ['human', 'perfect'], roles: ['first', 'second'], moves,
    last_move: last ? { index: moves.length, player: last.player, move: last.move, parts: [{ kind: 'heap', value: h - 1 }, { kind: 'amount', value: n }] } : null,
    view: { kind: 'heaps', heaps: [1, 4, 4], status: {} }, ...more,
  };
};

test('the computer’s move is said in the words of the last move’s line', () => {
  const before = nim([]);
  const after = nim([{ player: 0, move: '1:2' }, { player: 1, move: '3:1' }]);
  const said = 'Last move: The computer (Perfect) played 3:1 (take 1 token from heap 3).';
  assert.equal(arrivedText(before, after, [true, false], perfect), said);
  assert.equal(lastMoveText(after, lastMove(after), after.view, [true, false], perfect), said);
  // The person's own move, come back from the server before the reply: nothing to say (they chose it).
  assert.equal(arrivedText(before, nim([{ player: 0, move: '1:2' }]), [true, false], perfect), '');
  // Then the reply alone.
  assert.equal(arrivedText(nim([{ player: 0, move: '1:2' }]), after, [true, false], perfect), said);
  // Nothing new, another match, a page that just opened, moves taken back: nothing.
  assert.equal(arrivedText(after, after, [true, false], perfect), '');
  assert.equal(arrivedText({ ...before, id: 'cd' }, after, [true, false], perfect), '');
  assert.equal(arrivedText(null, after, [true, false], perfect), '');
  assert.equal(arrivedText(after, before, [true, false], perfect), '');
  // Two people on this device: each sees the other's move made; nothing to say but the status.
  const hot = { ...after, players: ['human', 'human'] };
  assert.equal(arrivedText(before, hot, [true, true], perfect), '');
  // A friend on another device: their move, by them.
  assert.equal(arrivedText(before, hot, [true, false], perfect), 'Last move: Your friend played 3:1 (take 1 token from heap 3).');
});

test('the end is said with the move that made it: who won and why', () => {
  const before = nim([{ player: 0, move: '1:3' }], { view: { kind: 'heaps', heaps: [0, 0, 1], status: {} } });
  const won = nim([{ player: 0, move: '1:3' }, { player: 1, move: '3:1' }], { finished: true, winner: 1, view: { kind: 'heaps', heaps: [0, 0, 0], status: { over: true } } });
  assert.equal(arrivedText(before, won, [true, false], perfect),
    'Last move: The computer (Perfect) played 3:1 (take 1 token from heap 3). The computer (Perfect) won: the computer took the last token.');
  // The person's winning move: the end alone.
  const mine = nim([{ player: 0, move: '1:3' }, { player: 1, move: '3:1' }], { view: { kind: 'heaps', heaps: [0, 0, 1], status: {} } });
  const youWon = nim([...mine.moves, { player: 0, move: '3:1' }], { finished: true, winner: 0, view: { kind: 'heaps', heaps: [0, 0, 0], status: { over: true } } });
  assert.equal(arrivedText(mine, youWon, [true, false], perfect), 'You won: you took the last token.');
});

const vdw = (moves, more = {}) => ({
  id: 'ab', game: 'vdwlist(k=3,colors=3,list=2,s=7)', game_name: 'vdwlist', players: ['human', 'random'], roles: ['namer', 'colourer'], moves,
  view: { kind: 'numbers', colors: ['red', 'blue', 'green'], numbers: [], status: { phase: 'name' } }, ...more,
});

test('a chance draw is said, in order with the move after it', () => {
  const random = [{ bot: 'random', title: 'Random' }];
  const named = vdw([{ player: 0, move: '3' }]);
  const drawn = vdw([{ player: 0, move: '3' }, { player: -1, move: '{red, blue}' }]);
  const coloured = vdw([...drawn.moves, { player: 1, move: 'blue' }]);
  assert.equal(arrivedText(named, drawn, [true, false], random), 'Chance drew the colour list {red, blue}.');
  assert.equal(arrivedText(named, coloured, [true, false], random), 'Chance drew the colour list {red, blue}. Last move: The computer (Random) coloured 3 blue.');
  // As the colourer: the computer named a number, then the list was drawn for the person.
  const colourer = { players: ['random', 'human'] };
  assert.equal(arrivedText(vdw([], colourer), vdw(drawn.moves, colourer), [false, true], random),
    'Last move: The computer (Random) named 3. Chance drew the colour list {red, blue}.');
  // A list of one colour, played for the person: said as the page says it.
  const forced = vdw([{ player: 0, move: '3' }, { player: -1, move: '{red}' }, { player: 1, move: 'red' }], { ...colourer, forced_moves: [3] });
  assert.equal(arrivedText(vdw(drawn.moves.slice(0, 1), colourer), forced, [false, true], random),
    'Chance drew the colour list {red}. Only red was on the list: 3 was coloured red for you.');
});

test('an undo says what it took back', () => {
  const played = nim([{ player: 0, move: '1:2' }, { player: 1, move: '3:1' }]);
  assert.equal(undoneText(played, nim([]), [true, false], perfect), 'Took back your move 1:2 and the computer’s reply 3:1.');
  const over = nim([...played.moves, { player: 0, move: '1:1' }], { finished: true });
  assert.equal(undoneText(over, played, [true, false], perfect), 'Took back your move 1:1: the game goes on.');
  const hot = { players: ['human', 'human'] };
  assert.equal(undoneText(nim(played.moves, hot), nim(played.moves.slice(0, 1), hot), [true, true], perfect), 'Took back Player 2’s move 3:1.');
  const drawn = vdw([{ player: 0, move: '3' }, { player: -1, move: '{red, blue}' }, { player: 1, move: 'blue' }]);
  assert.equal(undoneText(drawn, vdw([]), [true, false], [{ bot: 'random', title: 'Random' }]), 'Took back your move 3, the draw {red, blue} and the computer’s reply blue.');
  assert.equal(undoneText(played, played, [true, false], perfect), '');
});

test('a match started here opens with what was drawn and the computer’s first move', () => {
  const m = { id: 'ab', game: 'nim2d(n=5,p1=R,first=p2)', game_name: 'nim2d', roles: ['R', 'G'], players: ['human', 'perfect'],
    draw_note: 'first=p2: the coin chose G (P2) to start', moves: [], view: { kind: 'grid', status: {} } };
  assert.equal(openedText(m, [true, false], perfect), 'The coin chose the computer (Perfect, green, player 2) to start.');
  assert.equal(openedText(nim([]), [true, false], perfect), '');
  const first = nim([{ player: 0, move: '2:4' }], { players: ['perfect', 'human'] });
  assert.equal(openedText(first, [false, true], perfect), 'Last move: The computer (Perfect) played 2:4 (take 4 tokens from heap 2).');
});

test('two computers playing on at their pace: the end alone is said; paused, each step', () => {
  const cvc = (moves, more = {}) => nim(moves, { players: ['random', 'perfect'], ...more });
  const one = cvc([{ player: 0, move: '1:2' }]);
  const two = cvc([{ player: 0, move: '1:2' }, { player: 1, move: '3:1' }]);
  assert.equal(arrivedText(one, two, [false, false], perfect), '');
  assert.equal(arrivedText({ ...one, paused: true }, { ...two, paused: true }, [false, false], perfect),
    'Last move: Player 2 (Perfect) played 3:1 (take 1 token from heap 3).');
  const end = cvc([...two.moves, { player: 0, move: '2:4' }], { finished: true, winner: 0, view: { kind: 'heaps', heaps: [0, 0, 0], status: { over: true } } });
  assert.match(arrivedText(two, end, [false, false], perfect), /won/);
});

test('the Szemerédi game: the threat the computer’s move made is said with it', () => {
  // The computer (red) took 5: it holds 1 and 5, and 3 would complete 1, 3, 5; the person (blue) to move.
  const own = { 1: 0, 2: 1, 5: 0 };
  const view = {
    kind: 'numbers', numbers: [1, 2, 3, 5, 7].map((n) => ({ n, owner: own[n] ?? -1 })), colors: ['red', 'blue'], status: { to_move: 1 },
    lines: [{ items: [1, 3, 5], held: [2, 0], open: [0], threat: true }, { items: [3, 5, 7], held: [1, 0], open: [0] }],
  };
  const ap = (moves) => ({
    id: 'ap1', game: 'ap(set=1;2;3;5;7)', game_name: 'ap', players: ['perfect', 'human'], roles: ['red', 'blue'], moves, to_move: 1,
    last_move: { index: moves.length, player: 0, move: '5', parts: [{ kind: 'number', value: 5 }] }, view,
  });
  const before = ap([{ player: 0, move: '1' }, { player: 1, move: '2' }]);
  const after = ap([...before.moves, { player: 0, move: '5' }]);
  const said = arrivedText(before, after, [false, true], perfect);
  assert.match(said, /^Last move: .* 5\. Threat: 3 would complete 1, 3, 5 — you must take 3 to block it\.$/);
});
