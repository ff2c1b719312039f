import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endingPicks } from '../static/moves.js';
import { raceOf, doneOf, threatWords } from '../static/boards/numbers.js';
import { allBars, SMALL } from '../static/boards/heaps.js';
import { Teaching } from '../static/views/analysispanel.js';
import { boardContext, pPositionsOf } from '../static/views/board.js';

// The page draws what the server sends; these are the server's answers
// (web/api_test.go checks the same positions on the Go side).

// textOf collects the text of a Preact vnode tree.
const textOf = (v) => (v === null || v === undefined || typeof v === 'boolean' ? ''
  : typeof v === 'string' || typeof v === 'number' ? String(v)
    : Array.isArray(v) ? v.map(textOf).join('') : textOf(v.props && v.props.children));

test("the Thue painter's symbols that end the game, from the legal moves' ends", () => {
  // GET /api/study?game=thue(alphabet=3)&position=010@3
  const legal = [
    { move: '0', parts: [{ kind: 'symbol', value: 0 }], ends: true, winner: 0, highlight: [2, 3] },
    { move: '1', parts: [{ kind: 'symbol', value: 1 }], ends: true, winner: 0, highlight: [0, 1, 2, 3] },
    { move: '2', parts: [{ kind: 'symbol', value: 2 }] },
  ];
  const ends = endingPicks(legal);
  assert.deepEqual([...ends.keys()], ['symbol:0', 'symbol:1']);
  assert.deepEqual(ends.get('symbol:1'), { winner: 0, highlight: [0, 1, 2, 3] });
  // A draw has no winner; a move of two picks is left out.
  const d = endingPicks([{ move: 'x', parts: [{ kind: 'number', value: 4 }], ends: true },
    { move: '1,1', parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 1 }, { kind: 'heap', value: 1 }, { kind: 'amount', value: 1 }], ends: true, winner: 0 }]);
  assert.deepEqual([...d.entries()], [['number:4', { winner: null, highlight: [] }]]);
  // The board's context has them whether or not the seat may move (watching).
  const pos = { game: 'thue(alphabet=3)', view: { kind: 'word', word: { symbols: [0, 1, 0], alphabet: 3 }, status: { to_move: 1, gap: 3 } }, legal_moves: legal };
  assert.equal(boardContext(pos, { live: false }).ends.size, 2);
});

test('the Szemerédi lines per side: counts, the most advanced, the threats', () => {
  // ap(k=3,set=1;2;3;5;7;9;11) after red 1, blue 2, red 5 (games/apgame's TestViewLines)
  const own = { 1: 0, 2: 1, 5: 0 };
  const view = {
    kind: 'numbers', numbers: [1, 2, 3, 5, 7, 9, 11].map((n) => ({ n, owner: own[n] ?? -1, color: own[n] ?? -1 })),
    lines: [
      { items: [1, 3, 5], held: [2, 0], open: [0], threat: true },
      { items: [1, 5, 9], held: [2, 0], open: [0], threat: true },
      { items: [3, 5, 7], held: [1, 0], open: [0] },
      { items: [5, 7, 9], held: [1, 0], open: [0] },
      { items: [3, 7, 11], held: [0, 0], open: [0, 1] },
      { items: [7, 9, 11], held: [0, 0], open: [0, 1] },
    ],
    lines_open: [6, 2],
    status: { to_move: 1 },
  };
  const race = raceOf(view);
  assert.equal(race.sides[0].count, 6);
  assert.deepEqual(race.sides[0].best, [{ items: [1, 3, 5], held: 2 }, { items: [1, 5, 9], held: 2 }, { items: [3, 5, 7], held: 1 }, { items: [5, 7, 9], held: 1 }]);
  assert.deepEqual(race.sides[0].threats, [3, 9]);
  assert.equal(race.sides[1].count, 2);
  assert.deepEqual(race.sides[1].best, [{ items: [3, 7, 11], held: 0 }, { items: [7, 9, 11], held: 0 }]);
  assert.deepEqual(race.sides[1].threats, []);
  assert.deepEqual([...race.threat.entries()], [[3, [0]], [9, [0]]]);
  assert.deepEqual(race.sides[0].threatLines, [{ n: 3, lines: [[1, 3, 5]] }, { n: 9, lines: [[1, 5, 9]] }]);
  // The threats in words: what each completes, and what the side to move must do.
  const colours = ['red', 'blue'];
  assert.equal(threatWords(race, 0, colours, 1), 'Threats: 3 would complete 1, 3, 5; 9 would complete 1, 5, 9 — blue can block only one.');
  assert.equal(threatWords(race, 0, colours, 0), 'Threats: 3 would complete 1, 3, 5; 9 would complete 1, 5, 9 — red wins by taking any of them.');
  assert.equal(threatWords(race, 0, colours, null), 'Threats: 3 would complete 1, 3, 5; 9 would complete 1, 5, 9.');
  assert.equal(threatWords(race, 1, colours, 1), '');
  const one = raceOf({ ...view, lines: view.lines.filter((l) => l.items[2] !== 9) });
  assert.equal(threatWords(one, 0, colours, 1), 'Threat: 3 would complete 1, 3, 5 — blue must take 3 to block it.');
  assert.equal(threatWords(one, 0, colours, 0), 'Threat: 3 would complete 1, 3, 5 — red wins by taking it.');
  // The person's seat is "you".
  assert.equal(threatWords(one, 0, colours, 1, 1), 'Threat: 3 would complete 1, 3, 5 — you must take 3 to block it.');
  assert.equal(threatWords(one, 0, colours, 0, 0), 'Threat: 3 would complete 1, 3, 5 — you win by taking it.');
  assert.equal(threatWords(race, 0, colours, 1, 1), 'Threats: 3 would complete 1, 3, 5; 9 would complete 1, 5, 9 — you can block only one.');
  assert.equal(threatWords(one, 0, colours, 1, 0), 'Threat: 3 would complete 1, 3, 5 — blue must take 3 to block it.');
  // Blue threatens too: blue, to move, wins instead of blocking, so red's threat gets no advice.
  const both = raceOf({ ...view, lines: [...view.lines, { items: [2, 7, 12], held: [0, 2], open: [1], threat: true }], numbers: [...view.numbers, { n: 12, owner: 1 }] });
  assert.equal(threatWords(both, 0, colours, 1), 'Threats: 3 would complete 1, 3, 5; 9 would complete 1, 5, 9.');
  assert.equal(threatWords(both, 1, colours, 1), 'Threat: 7 would complete 2, 7, 12 — blue wins by taking it.');
  // One number completing two progressions names both.
  const two = raceOf({
    numbers: [[1, 0], [3, -1], [5, 0], [6, 0], [9, 0], [10, 1]].map(([n, owner]) => ({ n, owner, color: owner })),
    lines: [{ items: [1, 3, 5], held: [2, 0], open: [0], threat: true }, { items: [3, 6, 9], held: [2, 0], open: [0], threat: true }],
    lines_open: [2, 0], status: { to_move: 1 },
  });
  assert.equal(threatWords(two, 0, colours, 1), 'Threat: 3 would complete 1, 3, 5 and 3, 6, 9 — blue must take 3 to block it.');
  // More lines than listed: the count is the server's.
  assert.equal(raceOf({ ...view, lines_open: [900, 2] }).sides[0].count, 900);
  // A view without lines (a drawn end) has nothing to draw.
  assert.deepEqual(raceOf({ numbers: [], lines_open: [0, 0] }).sides[0], { count: 0, best: [], threats: [], threatLines: [] });
  // Over: the winner completed the lit progression, the other none; a drawn end lights nothing.
  const nums = [{ n: 30, owner: 1 }, { n: 43, owner: 1 }, { n: 56, owner: 1 }, { n: 5, owner: 0 }];
  assert.deepEqual(doneOf(nums, new Set([30, 43, 56]), 1), [30, 43, 56]);
  assert.deepEqual(doneOf(nums, new Set([30, 43, 56]), 0), []);
  assert.deepEqual(doneOf(nums, new Set(), 0), []);
});

test("Nim's XOR table and Wythoff's P-positions from the analysis' extra fields", () => {
  // GET /api/analysis?game=nim(piles=3;4;5)
  const nim = { status: 'ok', data: { explanation: 'Heaps 3, 4, 5 ...', extra: { misere: false, xor: {
    rows: [{ heap: 1, size: 3, binary: '011' }, { heap: 2, size: 4, binary: '100' }, { heap: 3, size: 5, binary: '101' }],
    nim_sum: 2, binary: '010', moves: [{ move: '1:2', heap: 1, from: 3, to: 1, take: 2 }] } } } };
  const t = textOf(Teaching({ entry: nim }));
  for (const want of ['Heap 1', '011', '100', '101', 'XOR', '010', 'take 2 from heap 1 (3 → 1, move 1:2) leaves XOR 0', 'How it works']) {
    assert.ok(t.includes(want), `the XOR table lacks ${want}: ${t}`);
  }
  const lost = { status: 'ok', data: { extra: { xor: { rows: [], nim_sum: 0, binary: '0', moves: [] } } } };
  assert.ok(textOf(Teaching({ entry: lost })).includes('the player to move loses'));
  // With the solver's reasoning, a nim-sum of 0 is said once, in its words.
  const why = 'The nim-sum is 0: every move changes exactly one heap';
  const told = textOf(Teaching({ entry: { status: 'ok', data: { extra: { reason: why, xor: lost.data.extra.xor } } } }));
  assert.ok(told.includes(why) && !told.includes('The XOR is 0'), told);
  // Misère 1;1;2: the move leaving XOR 0 (3:2) loses; the table does not
  // advise it where the solver says the XOR rule no longer applies.
  const endgame = { status: 'ok', data: { extra: { misere: true, reason: 'Misère play with a single heap of two or more tokens (heap 3, 2 tokens): the XOR rule no longer applies.', xor: {
    rows: [{ heap: 1, size: 1, binary: '01' }, { heap: 2, size: 1, binary: '01' }, { heap: 3, size: 2, binary: '10' }],
    nim_sum: 2, binary: '10', moves: [{ move: '3:2', heap: 3, from: 2, to: 0, take: 2 }], misere_endgame: true } } } };
  const e = textOf(Teaching({ entry: endgame }));
  assert.ok(e.includes('the XOR rule no longer applies') && !e.includes('leaves XOR 0'), e);
  endgame.data.extra.xor.misere_endgame = false; // two heaps of two or more: the XOR rule, then the misère ending
  delete endgame.data.extra.reason;
  assert.ok(textOf(Teaching({ entry: endgame })).includes('take 2 from heap 3 (2 → 0, move 3:2) leaves XOR 0. Misère:'));
  // With the solver's reasoning for the one winning move, the move is said once, in its words; the misère ending after it.
  const reason = 'Misère play follows the normal XOR rule while two or more heaps have at least two tokens. The nim-sum is 2 (10), not 0: the player to move wins.';
  endgame.data.extra.reason = reason;
  const once = textOf(Teaching({ entry: endgame }));
  assert.ok(once.includes(reason) && !once.includes('leaves XOR 0') && once.indexOf('Misère: play the same') > once.indexOf(reason), once);
  const normal = { status: 'ok', data: { extra: { misere: false, reason: 'The nim-sum is 2 (10), not 0: the player to move wins.', xor: nim.data.extra.xor } } };
  const one = textOf(Teaching({ entry: normal }));
  assert.ok(one.includes('The nim-sum is 2') && !one.includes('The XOR is 2'), one);
  // Several winning moves: the page lists them all beside the reasoning's one.
  normal.data.extra.xor = { ...nim.data.extra.xor, moves: [...nim.data.extra.xor.moves, { move: '2:1', heap: 2, from: 4, to: 3, take: 1 }] };
  assert.ok(textOf(Teaching({ entry: normal })).includes('The XOR is 2, not 0: take 2 from heap 1 (3 → 1, move 1:2) or take 1 from heap 2 (4 → 3, move 2:1) leaves XOR 0.'));
  // GET /api/analysis?game=wythoff(piles=5;8,view=queen): the pairs on the board, both ways.
  const ps = [[0, 0], [1, 2], [2, 1], [3, 5], [5, 3], [4, 7]];
  const wy = { status: 'ok', data: { extra: { a: 1, p_positions: ps } } };
  assert.ok(textOf(Teaching({ entry: wy })).includes('On this board: (0, 0) (1, 2) (3, 5) (4, 7)'));
  assert.deepEqual(pPositionsOf(wy), ps);
  const ctx = boardContext({ game: 'wythoff(piles=5;8,view=queen)', view: { kind: 'grid', grid: { rows: 9, cols: 6, cells: [] }, status: {} } }, { pPositions: pPositionsOf(wy) });
  assert.ok(ctx.pPositions.has('3,5') && ctx.pPositions.has('5,3') && !ctx.pPositions.has('6,10'));
  // Nothing before the answer comes.
  assert.equal(Teaching({ entry: { status: 'loading' } }), null);
  assert.equal(boardContext({ game: 'wythoff(piles=5;8,view=queen)', view: null }, {}).pPositions.size, 0);
});

test('heaps drawn as bars: every heap with tokens too large for them', () => {
  assert.equal(allBars([60]), true);
  assert.equal(allBars([60, 0]), true);
  assert.equal(allBars([60, 3]), false);
  assert.equal(allBars([SMALL]), false);
  assert.equal(allBars([0]), false);
  assert.equal(allBars(undefined), false);
});

test('a review is kept by the moves played: an undo after the end and another ending are reviewed anew', async () => {
  const { reviewKey } = await import('../static/analysis.js');
  // nim(piles=3;2): 1:3 then the computer's 2:2; taken back, 2:2 then the computer's 1:3.
  const first = { id: 'ab12', moves: [{ player: 0, move: '1:3' }, { player: 1, move: '2:2' }] };
  const again = { id: 'ab12', moves: [{ player: 0, move: '2:2' }, { player: 1, move: '1:3' }] };
  assert.notEqual(reviewKey(first), reviewKey(again));
  assert.equal(reviewKey(first), reviewKey({ ...first, version: 9, moves: first.moves.map((m) => ({ ...m })) }));
  assert.notEqual(reviewKey(first), reviewKey({ ...first, id: 'cd34' }));
  // The same notation by another seat (chance's list drawn, a person's) is another game too.
  assert.notEqual(reviewKey({ id: 'x', moves: [{ player: -1, move: 'red' }] }), reviewKey({ id: 'x', moves: [{ player: 1, move: 'red' }] }));
});

test('the seat the end reviews: the person’s where they lost, and in the Thue game without a target the builder’s too', async () => {
  const { reviewSeat, byLength } = await import('../static/analysis.js');
  const m = (game, winner, more = {}) => ({ game, winner, finished: true, ...more });
  assert.equal(reviewSeat(m('nim(piles=3;4;5)', 1), [true, false]), 0);
  assert.equal(reviewSeat(m('nim(piles=3;4;5)', 0), [true, false]), null);
  assert.equal(reviewSeat(m('nim(piles=3;4;5)', null), [true, false]), null);
  assert.equal(reviewSeat(m('nim(piles=3;4;5)', 1), [true, true]), null);
  assert.equal(reviewSeat(m('nim(piles=3;4;5)', 1), [false, false]), null);
  // The Thue game scored by length: the builder wins every game, and is reviewed; the painter as before.
  assert.equal(reviewSeat(m('thue(alphabet=3,rule=square,start=0)', 0), [true, false]), 0);
  assert.equal(reviewSeat(m('thue(alphabet=3,rule=square,start=0)', 0), [false, true]), 1);
  // With a target it is won or lost: the winner is not reviewed; nor is the solo mode.
  assert.equal(reviewSeat(m('thue(alphabet=2,rule=overlap,start=0,target=6)', 0), [true, false]), null);
  assert.equal(reviewSeat(m('thue(alphabet=2,rule=overlap,start=0,target=6)', 1), [true, false]), 0);
  assert.equal(byLength(m('thue(alphabet=3)', 0, { mode: 'solo' })), false);
  assert.equal(byLength(m('thue(alphabet=3,target=0)', 0)), true);
});

test('the review of a lost game: the last move that let a win go, and the moves that kept it', async () => {
  const { turningPoint } = await import('../static/analysis.js');
  const { Review } = await import('../static/views/match.js');
  // nim(piles=1;2), the person P1 lost to Perfect: 1:1 (a loss: 2:1 won), then 2:2 (P2 takes the last token).
  const moves = [{ player: 0, move: '1:1' }, { player: 1, move: '2:1' }, { player: 0, move: '2:1' }];
  // GET /api/matches/{id}/analysis?at=0
  const hp = (h, n) => [{ kind: 'heap', value: h }, { kind: 'amount', value: n }];
  const at0 = { moves: [{ move: '1:1', outcome: 'loss', parts: hp(0, 1) }, { move: '2:1', outcome: 'win', parts: hp(1, 1) }, { move: '2:2', outcome: 'loss', parts: hp(1, 2) }], measure: { kind: 'grundy' }, complete: true };
  const at2 = { moves: [{ move: '2:1', outcome: 'win' }], measure: { kind: 'grundy' }, complete: true };
  const tp = turningPoint(moves, 0, new Map([[0, at0], [2, at2]]));
  assert.deepEqual(tp, { at: 0, nth: 1, played: '1:1', playedParts: hp(0, 1), kept: 'win', better: ['2:1'], betterParts: hp(1, 1) });
  // A game with draws: a draw let go is where a lost game turned.
  const drawn = { moves: [{ move: '3', outcome: 'loss' }, { move: '7', outcome: 'draw' }, { move: '9', outcome: 'draw' }] };
  assert.deepEqual(turningPoint([{ player: 0, move: '3' }], 0, new Map([[0, drawn]])), { at: 0, nth: 1, played: '3', playedParts: [], kept: 'draw', better: ['7', '9'], betterParts: [] });
  assert.match(textOf(Review({ r: { status: 'found', tp: { at: 0, played: '3', playedParts: [], kept: 'draw', better: ['7'], betterParts: [] } }, act: {}, game: 'ap(x=20,k=3)' })),
    /you took 3 where you could still draw; 7 would have kept the draw\./);
  // A position with no winning move is no turning point; the move played must be proven not to win.
  const lost = { moves: [{ move: '1:1', outcome: 'loss' }], measure: { kind: 'grundy' } };
  assert.equal(turningPoint([{ player: 0, move: '1:1' }], 0, new Map([[0, lost]])), null);
  const open = { moves: [{ move: '1:1', outcome: 'unknown' }, { move: '2:1', outcome: 'win' }] };
  assert.equal(turningPoint([{ player: 0, move: '1:1' }], 0, new Map([[0, open]])), null);
  // Only the loser's moves count.
  assert.equal(turningPoint([{ player: 1, move: '1:1' }], 0, new Map([[0, at0]])), null);
  // Against an opponent who errs a win let go may come back: the game turned at the last win let go.
  // nim(piles=1;2;3): the person let the win go at move 1 (1:1), got it back from the opponent's 3:3, let it go again (2:1).
  const twice = [{ player: 0, move: '1:1' }, { player: 1, move: '3:3' }, { player: 0, move: '2:1' }, { player: 1, move: '2:1' }];
  const first = { moves: [{ move: '1:1', outcome: 'loss' }, { move: '3:3', outcome: 'win' }] };
  const again = { moves: [{ move: '2:1', outcome: 'loss', parts: hp(1, 1) }, { move: '2:2', outcome: 'win', parts: hp(1, 2) }] };
  assert.deepEqual(turningPoint(twice, 0, new Map([[0, first], [2, again]])), { at: 2, nth: 2, played: '2:1', playedParts: hp(1, 1), kept: 'win', better: ['2:2'], betterParts: hp(1, 2) });
  // The person's own count beside the match's: the 5th move of the match, the 3rd of the first player's.
  assert.match(textOf(Review({ r: { status: 'found', tp: { at: 4, nth: 3, played: '48', playedParts: [], kept: 'draw', better: ['20'], betterParts: [] } }, act: {}, game: 'ap(x=20,k=3)' })),
    /^Where it turned: at move 5 \(your 3rd move, round 3 in the move list\) you took 48 where you could still draw; 20 would have kept the draw\./);
  // A 2D Nim cell is said as one: 'you played 24 (colour cell 24)', not a bare 24.
  const cell = { at: 2, played: '24', playedParts: [{ kind: 'cell', value: 23 }], kept: 'win', better: ['2,3,4'], betterParts: [{ kind: 'cell', value: 1 }, { kind: 'cell', value: 2 }, { kind: 'cell', value: 3 }] };
  assert.match(textOf(Review({ r: { status: 'found', tp: cell }, act: {}, game: 'nim2d(n=5)' })),
    /at move 3 you played 24 \(colour cell 24\) where you could still win; 2,3,4 \(colour cells 2, 3 and 4\) would have kept the win\./);
  // On the queen's board the review says the queen's moves.
  const queen = { at: 0, played: '0,9', playedParts: [], kept: 'win', better: ['0,5', '2,2'], betterParts: [] };
  assert.match(textOf(Review({ r: { status: 'found', tp: queen }, act: {}, game: 'wythoff(piles=7;9,view=queen)' })),
    /you played 0,9 \(move the queen 9 squares south\) where you could still win; 2 moves would have kept it, such as 0,5 \(move the queen 5 squares south\)\./);
  const words = textOf(Review({ r: { status: 'found', tp }, act: {}, game: 'nim(piles=1;2)' }));
  assert.equal(words, 'Where it turned: at move 1 you played 1:1 (take 1 token from heap 1) where you could still win; 2:1 (take 1 token from heap 2) would have kept the win.See that position with the analysis');
  // The Szemerédi game's words only repeat the number: the number alone.
  const ap = { at: 0, played: '5', playedParts: [{ kind: 'number', value: 5 }], better: ['24', '9'], betterParts: [{ kind: 'number', value: 24 }] };
  assert.match(textOf(Review({ r: { status: 'found', tp: ap }, act: {}, game: 'ap(x=20,k=3)' })), /you took 5 where you could still win; 2 moves would have kept it, such as 24\./);
  // Grundy's split, its heap's size read from the notation.
  const split = (h, n) => [{ kind: 'heap', value: h }, { kind: 'split', value: n }];
  assert.match(textOf(Review({ r: { status: 'found', tp: { at: 0, played: '1=14+1', playedParts: split(0, 1), kept: 'win', better: ['1=12+3'], betterParts: split(0, 3) } }, act: {}, game: 'grundy(heap=15)' })),
    /you played 1=14\+1 \(split heap 1 into 14 and 1\) where you could still win; 1=12\+3 \(split heap 1 into 12 and 3\) would have kept the win\./);
  assert.match(textOf(Review({ r: { status: 'never' }, act: {} })), /lost from its start/);
  assert.equal(Review({ r: { status: 'off' }, act: {} }), null);
  assert.equal(Review({ r: undefined, act: {} }), null);
});

test('the review of a lost game of chance: the choice that cost the most, or every choice the best', async () => {
  const { costliestChoice } = await import('../static/analysis.js');
  const { Review } = await import('../static/views/match.js');
  const num = (n) => [{ kind: 'number', value: n }];
  const row = (move, value, parts = num(Number(move))) => ({ move, value, outcome: value === '0' || value === '1' ? (value === '1' ? 'win' : 'loss') : 'chance', parts });
  const flat = (v) => textOf(v).replace(/[ \t\n]+/g, ' ');
  const an = (rows, more = {}) => ({ measure: { kind: 'p1_win' }, complete: true, pending: false, moves: rows, ...more });
  // The namer (seat 0) named 5 (65/729) where 1 was worth 77/729, then 2, the best there; the draw and the colourer's move do not count.
  const moves = [{ player: 0, move: '5' }, { player: -1, move: '{red, blue}' }, { player: 1, move: 'red' }, { player: 0, move: '2' }];
  const cc = costliestChoice(moves, 0, new Map([[0, an([row('1', '77/729'), row('5', '65/729'), row('9', '77/729')])], [3, an([row('2', '1/3'), row('3', '1/3')])]]));
  assert.equal(cc.checked, 2);
  assert.equal(cc.undecided, 0);
  assert.equal(cc.start.text, '77/729');
  assert.deepEqual([cc.worst.at, cc.worst.played, cc.worst.chance.text, cc.worst.best.text, cc.worst.better], [0, '5', '65/729', '77/729', ['1', '9']]);
  assert.match(flat(Review({ r: { status: 'weighed', cc }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })),
    /^Your costliest choice: at move 1 you named 5, which left you a 8\.9\u00a0% chance where 2 moves, such as 1, kept 10\.6\u00a0%\.See that position/);
  // The larger loss is the costliest, not the first: 1/3 against 2/3 at move 4.
  const later = costliestChoice(moves, 0, new Map([[0, an([row('1', '77/729'), row('5', '65/729')])], [3, an([row('2', '1/3'), row('3', '2/3')])]]));
  assert.deepEqual([later.worst.at, later.worst.nth, later.worst.draws], [3, 2, true]);
  // After a draw the match's move number counts it; the person's own count is said beside it.
  assert.match(flat(Review({ r: { status: 'weighed', cc: later }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })), /at move 4 \(your 2nd move, round 2 in the move list\) you named 2, which left you a 33\.3\u00a0% chance where 3 kept 66\.7\u00a0%\./);
  // What the choices cost together: 12/729 and 1/3, 255/729 = 35.0 points.
  assert.equal(later.cost.num * 729n, 255n * later.cost.den);
  assert.match(flat(Review({ r: { status: 'weighed', cc: later }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })), /kept 66\.7\u00a0%\. In all your choices cost your chance 35\.0 percentage points, more than the 10\.6\u00a0% you had at your first choice: the draws or your opponent’s mistakes gave you more along the way\./);
  // A colourer who let 1/3 and then 2/3 go from a sure survival: 100 points, all there was.
  const twice = costliestChoice([{ player: 1, move: 'red' }, { player: 0, move: '4' }, { player: 1, move: 'blue' }], 1, new Map([
    [0, an([row('red', '1/3', [{ kind: 'color', value: 0 }]), row('green', '0', [{ kind: 'color', value: 2 }])])],
    [2, an([row('blue', '2/3', [{ kind: 'color', value: 1 }]), row('green', '0', [{ kind: 'color', value: 2 }])])]]));
  assert.match(flat(Review({ r: { status: 'weighed', cc: twice, seat: 1 }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })),
    /In all your choices cost your chance 100\.0 percentage points\./);
  // Luck: each draw's list against the lists' average, for the seat. The namer (seat 0): the draw at move 2 left
  // 1/81 where the lists averaged 83/243 (−80/243), the one at move 6 left 1/1 where they averaged 1/3 (+2/3).
  const { luckOf } = await import('../static/analysis.js');
  const draws = (value, rows) => ({ measure: { kind: 'p1_win' }, player: -1, complete: true, pending: false, value, moves: rows.map(([move, v]) => ({ move, value: v, outcome: 'chance', probability: '1/3' })) });
  const dm = [{ player: 0, move: '3' }, { player: -1, move: '{red, green}' }, { player: 1, move: 'green' }, { player: 0, move: '5' }, { player: -1, move: '{red, blue}' }, { player: 1, move: 'red' }];
  const da = new Map([[1, draws('83/243', [['{red, blue}', '1/1'], ['{red, green}', '1/81'], ['{blue, green}', '1/81']])],
    [4, draws('1/3', [['{red, blue}', '1/1'], ['{red, green}', '0/1'], ['{blue, green}', '0/1']])]]);
  const luck = luckOf(dm, 0, da);
  assert.deepEqual([luck.checked, luck.undecided, luck.worst.at, luck.worst.drawn, luck.worst.left.text, luck.worst.before.text, luck.best.at, luck.best.drawn], [2, 0, 1, '{red, green}', '1/81', '83/243', 4, '{red, blue}']);
  assert.equal(luck.total.num * 243n, 82n * luck.total.den); // −80/243 + 162/243
  assert.equal(flat(Review({ r: { status: 'weighed', cc: later, luck }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })).replace(/^.*See that position with the analysis/, ''),
    'Luck: the unluckiest draw was at move 2 (round 1 in the move list), where chance drew {red, green}: it left you 1.2\u00a0% where the lists averaged 34.2\u00a0%. The luckiest was at move 5 (round 2 in the move list), where chance drew {red, blue}: it left you 100\u00a0% where the lists averaged 33.3\u00a0%. '
    + 'The 2 draws valued gave your chance 33.7 percentage points in all.See that draw with the analysis');
  // The colourer (seat 1) sees the same draws the other way round; a draw not valued exactly is counted apart.
  const theirs = luckOf(dm, 1, new Map([...da, [1, { ...da.get(1), pending: true }]]));
  assert.deepEqual([theirs.checked, theirs.undecided, theirs.worst.drawn, theirs.best], [1, 1, '{red, blue}', null]);
  assert.match(flat(Review({ r: { status: 'weighed', cc: later, luck: theirs, seat: 1 }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })),
    /Luck: the unluckiest draw was at move 5 \(round 2 in the move list\), where chance drew \{red, blue\}: it left you 0\u00a0% where the lists averaged 66\.7\u00a0%\. The one draw valued took your chance 66\.7 percentage points away in all \(one draw was not valued in the analysis' time\)\./);
  // The colourer (seat 1) weighs 1 − P1's chance: green ended the game (P1 won: 1), red kept 2/3.
  const col = costliestChoice([{ player: 1, move: 'green' }], 1, new Map([[0, an([row('red', '1/3', [{ kind: 'color', value: 0 }]), row('green', '1', [{ kind: 'color', value: 2 }])])]]));
  assert.deepEqual([col.worst.chance.text, col.worst.best.text, col.worst.better], ['0/1', '2/3', ['red']]);
  assert.match(flat(Review({ r: { status: 'weighed', cc: col, seat: 1 }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })),
    /at move 1 you coloured it green, which left you no chance where red kept 66\.7\u00a0%\./);
  // With the match's moves, the number coloured is named (the namer's before it), as the last move's line names it.
  const named = [{ player: 0, move: '1' }, { player: -1, move: '{red, green}' }, { player: 1, move: 'green' }];
  const col1 = costliestChoice(named, 1, new Map([[2, an([row('red', '1/3', [{ kind: 'color', value: 0 }]), row('green', '1', [{ kind: 'color', value: 2 }])])]]));
  assert.match(flat(Review({ r: { status: 'weighed', cc: col1, seat: 1 }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)', moves: named })),
    /at move 3 \(your 1st move, round 1 in the move list\) you coloured 1 green, which left you no chance where red kept 66\.7\u00a0%\./);
  // Every choice the best: the draws decided; a position still searching is not valued.
  const best = costliestChoice(moves, 0, new Map([[0, an([row('1', '77/729'), row('5', '77/729')])], [3, an([row('2', '1/3'), row('3', '2/3')], { pending: true })]]));
  assert.deepEqual([best.checked, best.undecided, best.worst], [1, 1, null]);
  assert.equal(flat(Review({ r: { status: 'weighed', cc: best }, act: {}, game: 'vdwlist(k=3,colors=3,list=2,s=9)' })),
    'Your choices: your one choice valued was the best there was (one was not valued in the analysis\' time); with best play your chance was 10.6\u00a0% at the first, and the lists drawn decided the rest.');
  // The Thue game, valued by the final word's length: the painter (seat 1, the maximizer) wants it long.
  const len = (rows, more = {}) => ({ measure: { kind: 'length', maximizer: 1 }, complete: true, pending: false, moves: rows.map(([move, value]) => ({ move, value, outcome: 'loss', parts: [{ kind: 'symbol', value: Number(move) }] })), ...more });
  const thue = [{ player: 0, move: '3' }, { player: 1, move: '0' }, { player: 0, move: '4' }, { player: 1, move: '2' }];
  const painter = costliestChoice(thue, 1, new Map([[1, len([['0', 4], ['1', 4], ['2', 5]])], [3, len([['0', 5], ['2', 5]])]]));
  assert.deepEqual([painter.kind, painter.long, painter.checked, painter.start, painter.worst.at, painter.worst.chance, painter.worst.best, painter.worst.better], ['length', true, 2, 5, 1, 4, 5, ['2']]);
  assert.match(flat(Review({ r: { status: 'weighed', cc: painter, seat: 1 }, act: {}, game: 'thue(alphabet=3)' })),
    /at move 2 you painted 0, after which the builder could force a repetition by length 4, where 2 kept the word going to length 5\./);
  // A symbol that makes a repetition at once (the word 01 after the builder's move: length 3) is said so.
  const atOnce = costliestChoice(thue, 1, new Map([[1, len([['0', 3], ['2', 5]], { extra: { word: '01' } })]]));
  assert.match(flat(Review({ r: { status: 'weighed', cc: atOnce, seat: 1 }, act: {}, game: 'thue(alphabet=3)' })), /you painted 0, which made a repetition at once \(length 3\), where 2 kept the word going to length 5\./);
  // The builder (seat 0) wants it short: a gap that lets the word grow to 9 where another forced 7.
  const gaps = (rows) => ({ measure: { kind: 'length', maximizer: 1 }, complete: true, moves: rows.map(([move, value]) => ({ move, value, outcome: 'win', parts: [{ kind: 'gap', value: Number(move) }] })) });
  const builder = costliestChoice(thue, 0, new Map([[0, gaps([['0', 7], ['3', 9]])], [2, gaps([['4', 9]])]]));
  assert.deepEqual([builder.long, builder.start, builder.worst.chance, builder.worst.best, builder.worst.better], [false, 7, 9, 7, ['0']]);
  assert.match(flat(Review({ r: { status: 'weighed', cc: builder, seat: 0 }, act: {}, game: 'thue(alphabet=3)' })), /you played gap 3, after which you could force a repetition only by length 9, where gap 0 forced it by length 7\./);
  // With a target (the painter wins by reaching it), a length at the target is the painter's win.
  const targeted = costliestChoice(thue, 0, new Map([[0, gaps([['0', 5], ['3', 6]])]]));
  assert.match(flat(Review({ r: { status: 'weighed', cc: targeted, seat: 0 }, act: {}, game: 'thue(alphabet=2,rule=overlap,target=6)' })), /you played gap 3, after which the painter could reach length 6, the target, where gap 0 forced a repetition by length 5\./);
  const flawless = costliestChoice(thue, 1, new Map([[1, len([['0', 4], ['2', 4]])]]));
  assert.match(flat(Review({ r: { status: 'weighed', cc: flawless, seat: 1 }, act: {}, game: 'thue(alphabet=3)' })), /your one choice valued was the best there was; from your first, best play on both sides ends the word at length 4\.$/);
  // The length the word ended at, beside best play's from the first choice: the builder's gaps let it reach 10.
  assert.match(flat(Review({ r: { status: 'weighed', cc: builder, seat: 0 }, act: {}, game: 'thue(alphabet=3)', length: 10 })),
    /where gap 0 forced it by length 7\. From your first choice best play on both sides ends the word at length 7; this one ended at length 10\./);
  assert.match(flat(Review({ r: { status: 'weighed', cc: flawless, seat: 1 }, act: {}, game: 'thue(alphabet=3)', length: 3 })), /ends the word at length 4\. This one ended at length 3\.$/);
  assert.match(flat(Review({ r: { status: 'weighed', cc: flawless, seat: 1 }, act: {}, game: 'thue(alphabet=3)', length: 4 })), /ends the word at length 4\.$/);
  // A bound is no value: a row still unknown leaves its position undecided.
  const open = costliestChoice([{ player: 0, move: '5' }], 0, new Map([[0, an([row('1', '77/729'), { move: '5', value: '65/729', outcome: 'unknown' }])]]));
  assert.deepEqual([open.checked, open.undecided, open.worst], [0, 1, null]);
});

test('the end counts the moves as the move list does, the draws of chance among them', async () => {
  const { movesLine } = await import('../static/views/match.js');
  assert.equal(movesLine(10, 0, true), '10 moves. Step back through them in the move list to see what each position was worth.');
  // A list-colouring game: 6 numbers named, 6 lists drawn, 6 colourings; the review's "move 18" is the last of them.
  assert.equal(movesLine(18, 6, true), '18 moves, 6 of them drawn by chance. Step back through them in the move list to see what each position was worth.');
  assert.equal(movesLine(0, 0, true), 'No move was possible: the game was over from its start.');
});

test('a gap badge holds a length or a bound in a few characters', async () => {
  const { gapValue } = await import('../static/boards/word.js');
  assert.equal(gapValue('length 12'), '12');
  assert.equal(gapValue('at least 16?'), '≥16');
  assert.equal(gapValue('★12'), '★12');
});
