import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rank, measureOf, summary, searchedText, drawSummary, drawWhy, hintFor } from '../static/analysis.js';
import { normGame, parseAllowed, opponentProblem, seedProblem, parseGameString, gameString, interaction } from '../static/catalog.js';
import { lastMove } from '../static/lastmove.js';
import { lastMoveWords } from '../static/format.js';

test('Nim: the winning move first and marked, Grundy values labelled', () => {
  const an = { player: 0, moves: [{ move: '1:1', outcome: 'loss', value: 6 }, { move: '3:3', outcome: 'win', value: 0 }], complete: true };
  const r = rank(an, 'nim');
  assert.equal(r.measure.kind, 'grundy');
  assert.equal(r.rows[0].move, '3:3');
  assert.equal(r.rows[0].best, true);
  assert.equal(r.rows[1].best, false);
  assert.match(r.rows[0].detail, /Grundy value after the move: 0/);
  // The board marks a winning move ✓; the list marks the best ★: the verdict says where its mark is.
  assert.equal(summary(an, r, 'Player 1'), 'Player 1 can win: one winning move (marked ✓ on the board).');
});

test("a winning move of several parts: the hollow ✓ named by the game's parts, heaps or cells", () => {
  const heaps = { player: 0, moves: [{ move: '3:1+4:1', outcome: 'win', value: 0, parts: [{ kind: 'heap', index: 2 }, { kind: 'heap', index: 3 }] }, { move: '1:1', outcome: 'loss', value: 2, parts: [{ kind: 'heap', index: 0 }] }], complete: true };
  assert.equal(summary(heaps, rank(heaps, 'nimk'), 'Player 1'), 'Player 1 can win: one winning move (marked ✓ on the board; a hollow ✓ marks part of a move of several heaps).');
  const cells = { player: 0, moves: [{ move: '2,3', outcome: 'win', value: 0, parts: [{ kind: 'cell', index: 1 }, { kind: 'cell', index: 2 }] }], complete: true };
  assert.equal(summary(cells, rank(cells, 'nim2d'), 'R'), 'R can win: one winning move (marked ✓ on the board; a hollow ✓ marks part of a move of several cells).');
});

test("Wythoff: a move's outcome without a value claims no Grundy value", () => {
  const an = { player: 0, measure: { kind: 'grundy', label: 'Grundy' }, moves: [{ move: '1,1', outcome: 'win', value: null }, { move: '0,1', outcome: 'loss', value: null }] };
  const r = rank(an, 'wythoff');
  assert.deepEqual(r.rows.map((x) => [x.move, x.label, x.detail]), [['1,1', 'wins', ''], ['0,1', 'loses', '']]);
});

test("the server's best marks win over the page's own ranking", () => {
  const an = { player: 0, measure: { kind: 'p1_win', label: 'P1 wins' }, moves: [
    { move: '1', outcome: 'chance', value: '77/729', best: true }, { move: '3', outcome: 'chance', value: '197/2187', best: false },
    { move: '2', outcome: 'chance', value: '77/729', best: true }] };
  const r = rank(an, 'vdwlist');
  assert.deepEqual(r.rows.map((x) => [x.move, x.best]), [['1', true], ['2', true], ['3', false]]);
  assert.match(r.measure.label, /chance of winning/);
  // The verdict names every best move, not the first of them alone.
  assert.equal(summary(an, r, 'Namer'), 'Best moves: 1 and 2 — the namer wins with probability 77/729 = 10.6\u00a0%, after either.');
  const one = { ...an, moves: an.moves.map((m) => ({ ...m, best: m.move === '1' })) };
  assert.equal(summary(one, rank(one, 'vdwlist'), 'Namer'), 'Best move: 1 — the namer wins with probability 77/729 = 10.6\u00a0%.');
  const many = { player: 0, measure: an.measure, moves: [...'123456789'].map((m) => ({ move: m, outcome: 'chance', value: '1/2', best: true })) };
  assert.equal(summary(many, rank(many, 'vdwlist'), 'Namer'), 'Best moves: 1, 2, 3, 4, 5, 6 and 3 more — the namer wins with probability 1/2 = 50.0\u00a0%, after any of them.');
});

test('a chance node lists its draws in order, none best, each for the namer, and says which suits whom', () => {
  // rr.bb....:3 of vdwlist(k=3,colors=3,list=2,s=9), as the server answers it.
  const an = { player: -1, measure: { kind: 'p1_win', label: "P1's winning probability", maximizer: 0 }, value: '83/243', pending: false, moves: [
    { move: '{red, blue}', outcome: 'win', value: '1/1', best: false, probability: '1/3' },
    { move: '{red, green}', outcome: 'chance', value: '1/81', best: false, probability: '1/3' },
    { move: '{blue, green}', outcome: 'chance', value: '1/81', best: false, probability: '1/3' }] };
  const r = rank(an, 'vdwlist');
  assert.deepEqual(r.rows.map((x) => [x.move, x.best, x.label]), [['{red, blue}', false, '100\u00a0%'], ['{red, green}', false, '1.2\u00a0%'], ['{blue, green}', false, '1.2\u00a0%']]);
  assert.equal(r.rows[1].detail, 'the namer wins with probability 1/81 = 1.2\u00a0%');
  assert.equal(r.rows[0].detail, 'the namer wins for sure');
  assert.deepEqual(drawSummary(an, r, 'vdwlist'), {
    verdict: 'Before the draw the namer wins with probability 83/243 = 34.2\u00a0%: the average over 3 colour lists, each drawn with probability 1/3.',
    luck: 'Luckiest for the namer: {red, blue} (the namer wins for sure); for the colourer: {red, green} and {blue, green} (the namer wins with 1.2\u00a0%).' });
  // Every draw alike; two fractions that round to one percentage are told apart.
  const same = { ...an, value: '65/729', moves: an.moves.map((m) => ({ ...m, outcome: 'chance', value: '65/729' })) };
  assert.equal(drawSummary(same, rank(same, 'vdwlist'), 'vdwlist').luck, 'Every draw leaves the same chance: here the draw does not matter.');
  const close = { ...an, value: '1000001/3000000', moves: [{ ...an.moves[0], value: '1000001/2000000' }, { ...an.moves[1], value: '1/2' }, { ...an.moves[2], value: '0/1' }] };
  assert.equal(drawSummary(close, rank(close, 'vdwlist'), 'vdwlist').luck, 'Luckiest for the namer: {red, blue} (the namer wins with 50.0\u00a0%); for the colourer: {blue, green} (the colourer survives for sure).');
  // Not yet valued: says so, without an average.
  const open = { ...an, value: undefined, pending: true, moves: an.moves.map((m) => ({ ...m, outcome: 'unknown', value: null })) };
  assert.deepEqual(drawSummary(open, rank(open, 'vdwlist'), 'vdwlist'), { verdict: 'Chance draws one of 3 colour lists, each drawn with probability 1/3. Still computing what each draw leaves…', luck: '' });
});

test('why a list drawn matters: the colours of it that would complete a progression at the number named', () => {
  // rr.bb....:3 — the server's view.completes: red at 3 completes 1, 2, 3, blue 3, 4, 5; green nothing.
  const at3 = [[1, 2, 3], [3, 4, 5], null];
  const names = ['red', 'blue', 'green'];
  assert.equal(drawWhy(3, [0, 1], at3, names), 'red would complete 1, 2, 3 and blue would complete 3, 4, 5: the colourer must complete a progression at 3');
  assert.equal(drawWhy(3, [0, 2], at3, names), 'red would complete 1, 2, 3: the colourer must colour 3 green');
  assert.equal(drawWhy(3, [2], at3, names), '');
  assert.equal(drawWhy(3, [0, 1, 2], [[1, 2, 3], null, null], names), 'red would complete 1, 2, 3: the colourer must colour 3 blue or green');
});

test('a drawn position says so, not that every move loses', () => {
  const an = { player: 0, moves: [{ move: '10', outcome: 'draw', value: null }, { move: '17', outcome: 'draw', value: null }] };
  assert.equal(summary(an, rank(an, 'ap'), 'Red'), 'Red cannot force a win; best play draws (2 moves keep the draw).');
});

test('Szemerédi: the soonest win first, the longest defence first, each saying how soon', () => {
  const w = rank({ player: 0, moves: [{ move: '7', outcome: 'win', value: null, win_in: 2 }, { move: '2', outcome: 'win', value: null, win_in: 1 }, { move: '5', outcome: 'loss', value: null, win_in: 1 }] }, 'ap');
  assert.deepEqual(w.rows.map((x) => [x.move, x.label, x.detail]), [
    ['2', 'wins', 'completes a progression within 1 more move, whatever the defence'],
    ['7', 'wins', 'completes a progression within 2 more moves, whatever the defence'],
    ['5', 'loses', 'the other side then completes a progression within 1 move of its own'],
  ]);
  const l = rank({ player: 1, moves: [{ move: '3', outcome: 'loss', value: null, win_in: 1 }, { move: '9', outcome: 'loss', value: null, win_in: 3 }, { move: '4', outcome: 'loss', value: null }] }, 'ap');
  assert.deepEqual(l.rows.map((x) => [x.move, x.detail]), [['9', 'the other side then completes a progression within 3 moves of its own'], ['3', 'the other side then completes a progression within 1 move of its own'], ['4', '']]);
  assert.deepEqual(l.rows.map((x) => x.best || x.good), [false, false, false]);
  const at = rank({ player: 0, moves: [{ move: '38', outcome: 'win', value: null, win_in: 0 }] }, 'ap');
  assert.equal(at.rows[0].detail, 'completes a progression: it wins at once');
});

test('a lost position marks no move as best', () => {
  const r = rank({ player: 0, moves: [{ move: 'a', outcome: 'loss', value: 1 }, { move: 'b', outcome: 'loss', value: 2 }] }, 'nim2d');
  assert.deepEqual(r.rows.map((x) => x.best || x.good), [false, false]);
});

test('Thue: the builder wants the shortest forced length, the painter the longest', () => {
  const b = rank({ player: 0, moves: [{ move: '0', outcome: 'win', value: 6 }, { move: '1', outcome: 'win', value: 5 }] }, 'thue');
  assert.equal(b.measure.kind, 'length');
  assert.deepEqual(b.rows.map((x) => [x.move, x.best]), [['1', true], ['0', false]]);
  assert.equal(b.rows[1].good, false); // "win" alone is not a mark: every builder move wins
  const p = rank({ player: 1, moves: [{ move: '0', outcome: 'loss', value: 2 }, { move: '1', outcome: 'loss', value: 5 }] }, 'thue');
  assert.equal(p.rows[0].move, '1');
  assert.equal(p.rows[0].best, true);
  assert.match(p.rows[0].detail, /the builder can still force a square by length 5/);
  // a symbol that makes a square ends the game: it says so, not that the builder "can still force" one
  const e = rank({ player: 1, moves: [{ move: '0', outcome: 'loss', value: 4 }, { move: '2', outcome: 'loss', value: 5 }] }, 'thue', ['0']);
  assert.deepEqual(e.rows.map((x) => [x.move, x.detail]), [['2', 'the builder can still force a square by length 5'], ['0', 'makes a square: the game ends here, at length 4']]);
  // Nim's last token, misère Nim's, and a colour that completes a progression
  const nim = rank({ player: 0, moves: [{ move: '1:3', outcome: 'win', value: 0 }, { move: '1:2', outcome: 'loss', value: 1 }] }, 'nim', ['1:3']);
  assert.equal(nim.rows[0].detail, 'the last move: it wins at once');
  assert.equal(nim.rows[1].detail, 'Grundy value after the move: 1');
  const mis = rank({ player: 0, moves: [{ move: '1:1', outcome: 'loss', value: null }] }, 'nim', ['1:1']);
  assert.equal(mis.rows[0].detail, 'the last move: it loses at once');
  const col = rank({ player: 1, moves: [{ move: 'red', outcome: 'loss', value: '1/1' }, { move: 'blue', outcome: 'chance', value: '1/2' }] }, 'vdwlist', ['red']);
  assert.deepEqual(col.rows.map((x) => [x.move, x.detail]), [['blue', 'the colourer survives with probability 1/2 = 50.0\u00a0%'], ['red', 'ends the game: the namer wins']]);
});

test("list colouring: P1's probability, from the mover's side, never 'draw'", () => {
  const an = { player: 1, moves: [{ move: 'red', outcome: 'chance', value: '77/729' }, { move: 'blue', outcome: 'chance', value: '1/3' }] };
  const r = rank(an, 'vdwlist');
  assert.equal(r.measure.kind, 'p1_win');
  assert.equal(r.rows[0].move, 'red'); // the colourer wants P1's chance low
  assert.equal(r.rows[0].label, '89.4\u00a0%');
  assert.match(r.rows[0].detail, /the colourer survives with probability 652\/729/);
  const n = rank({ player: 0, moves: [{ move: '3', outcome: 'unknown', value: null }, { move: '4', outcome: 'chance', value: '1/2' }] }, 'vdwlist');
  assert.equal(n.rows[0].move, '4');
  assert.equal(n.rows[1].label, 'still computing');
  // a move still computing is never starred, even when the server's first answer marks every move best
  const early = rank({ player: 0, pending: true, moves: [{ move: '1', outcome: 'unknown', value: null, best: true }, { move: '2', outcome: 'unknown', value: null, best: true }] }, 'vdwlist');
  assert.deepEqual(early.rows.map((x) => x.best || x.good), [false, false]);
  assert.equal(measureOf({ measure: { kind: 'p1_win', label: 'x' } }, 'nim').kind, 'p1_win');
  // Grundy values promised only when the server sends some (Wythoff's game sends outcomes alone)
  assert.match(measureOf({ measure: { kind: 'grundy' }, moves: [{ move: '1,1', outcome: 'win', value: 0 }] }, 'nim').label, /Grundy value/);
  assert.equal(measureOf({ measure: { kind: 'grundy' }, moves: [{ move: '1,1', outcome: 'win' }] }, 'wythoff').label, 'each move wins or loses against perfect play');
  assert.equal(measureOf({ measure: { kind: 'score', label: 'points' } }, 'nim').label, 'points'); // a kind the page does not know keeps the server's words
});

test('undecided moves: still computing while the server deepens, not decided once its time is up', () => {
  const thue = (pending) => ({ player: 0, pending, complete: false, moves: [{ move: '0', outcome: 'unknown', value: 16, best: false }, { move: '1', outcome: 'unknown', best: false }] });
  const going = rank(thue(true), 'thue');
  assert.deepEqual(going.rows.map((r) => [r.label, r.detail]), [['at least 16?', 'still computing'], ['still computing', '']]);
  assert.equal(summary(thue(true), going, 'Builder'), 'Still computing: undecided moves fill in as the search deepens…');
  const over = rank(thue(false), 'thue');
  assert.deepEqual(over.rows.map((r) => [r.label, r.detail]), [['at least 16?', 'not decided in the time allowed'], ['not decided', '']]);
  assert.equal(summary(thue(false), over, 'Builder'), 'Not decided in the time the analysis had.');
  const nim2d = (pending) => ({ player: 0, pending, moves: [{ move: '1', outcome: 'unknown' }, { move: '2', outcome: 'loss', value: 3 }] });
  assert.equal(summary(nim2d(true), rank(nim2d(true), 'nim2d'), 'R'), 'No winning move found yet; 1 still computing.');
  assert.equal(summary(nim2d(false), rank(nim2d(false), 'nim2d'), 'R'), 'No winning move found in the time the analysis had; 1 not decided.');
  // An answer without the flag (an older server) reads as still coming.
  assert.equal(rank({ player: 0, moves: [{ move: '1', outcome: 'unknown' }] }, 'nim2d').rows[0].label, 'still computing');
});

test('the catalogue: ranges and choices read from the words when the server sends none', () => {
  assert.deepEqual(parseAllowed('a whole number from 3 to 1000'), { min: 3, max: 1000 });
  assert.deepEqual(parseAllowed('one of heaps, queen').values, ['heaps', 'queen']);
  const g = normGame({ name: 'thue', doc: 'd', roles: ['builder', 'painter'], params: [{ name: 'start', kind: 'int', default: '(drawn from the seed)', allowed: 'a whole number from 0 to 31' }] });
  assert.equal(g.title, 'thue'); // the server's words only: none sent, the name
  assert.equal(g.params[0].random, true);
  assert.equal(g.params[0].def, '');
  assert.notEqual(g.defaultOpponent, 'perfect');
  assert.equal(normGame({ name: 'nim', params: [], title: 'Nim!', opponents: [{ title: 'X', bot: 'x' }], default_opponent: 'x' }).defaultOpponent, 'x');
  assert.match(opponentProblem('thue', { alphabet: '5' }, 'perfect'), /up to 4 symbols/);
  assert.equal(opponentProblem('thue', { alphabet: '4' }, 'perfect'), '');
  assert.equal(seedProblem('9007199254740993'), ''); // sent exactly as seed_text
  assert.equal(seedProblem('18446744073709551615'), '');
  assert.match(seedProblem('18446744073709551616'), /2\^64/);
  assert.match(seedProblem('-1'), /whole number/);
  const s = parseGameString('nim(piles=3;4;5,misere=true)');
  assert.deepEqual(s, { name: 'nim', args: { piles: '3;4;5', misere: 'true' } });
  assert.equal(gameString('nim', { piles: '1;2', misere: '' }), 'nim(piles=1;2)');
});

test('the last move, read from the record', () => {
  const m = (game, moves) => ({ game, moves: moves.map(([player, move]) => ({ player, move })) });
  assert.deepEqual(lastMove(m('nim(piles=3)', [[0, '1:2']])).heaps.get(0), { took: 2 });
  assert.deepEqual([...lastMove(m('nim2d(n=5)', [[0, '2,3']])).cells], [1, 2]);
  assert.equal(lastMove(m('thue(alphabet=3)', [[0, '1'], [1, '2']])).word, 1);
  const v = lastMove(m('vdwlist(s=5)', [[0, '3'], [-1, '{red, blue}'], [1, 'red']]));
  assert.deepEqual([...v.numbers], [3]);
  assert.equal(lastMove(m('nim(piles=3)', [])), null);
  assert.deepEqual(lastMove(m('wythoff(piles=5;8,view=queen)', [[0, '1,1']])).took, [1, 1]);
  // with the server's last_move, its parts win
  const lm = lastMove({ game: 'nim(piles=3)', moves: [{ player: 0, move: '1:2' }], last_move: { index: 1, player: 0, move: '1:2', parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 2 }] } });
  assert.deepEqual(lm.heaps.get(0), { took: 2 });
});

test('the last move in words where its notation is terse', () => {
  const withParts = (game, move, parts, player = 0) => lastMove({ game, moves: [{ player, move }], last_move: { index: 1, player, move, parts } });
  assert.equal(lastMoveWords(withParts('nim(piles=3)', '1:2', [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 2 }]), { heaps: [1] }, 'nim'), 'take 2 tokens from heap 1');
  // Grundy's split from its notation (the heap split is gone from the view)
  assert.equal(lastMoveWords(lastMove({ game: 'grundy(heap=15)', moves: [{ player: 0, move: '1=10+4' }] }), { heaps: [10, 4] }, 'grundy'), 'split heap 1 into 10 and 4');
  assert.equal(lastMoveWords(withParts('thue(alphabet=3)', '0', [{ kind: 'gap', value: 0 }]), { word: { symbols: [2] } }, 'thue'), 'insert at the start');
  // After the notation "gap 1" the line does not say the gap's number again ("played gap 1 (insert between 0 and 2)").
  assert.equal(lastMoveWords(withParts('thue(alphabet=3)', '1', [{ kind: 'gap', value: 1 }]), { word: { symbols: [0, 2] } }, 'thue'), 'insert between 0 and 2');
  assert.equal(lastMoveWords(withParts('nim2d(n=5)', '15', [{ kind: 'cell', value: 14 }]), {}, 'nim2d'), 'colour cell 15');
  // said by the notation already: a painted symbol, a number
  assert.equal(lastMoveWords(withParts('thue(alphabet=3)', '2', [{ kind: 'symbol', value: 2 }], 1), { word: { symbols: [2, 2] } }, 'thue'), '');
  assert.equal(lastMoveWords(withParts('ap(x=20)', '21', [{ kind: 'number', value: 21 }]), {}, 'ap'), '');
  assert.equal(lastMoveWords(null, {}, 'nim'), '');
  // Wythoff from its notation (the queen's cell is numbered on the board before the move): on the queen's
  // board in the queen's words (her column is heap 1, her row heap 2), on the heaps in the heaps'.
  const wy = (move) => lastMove({ game: 'wythoff(piles=7;9,view=queen)', moves: [{ player: 0, move }], last_move: { index: 1, player: 0, move, parts: [{ kind: 'cell', value: 3 }] } });
  assert.equal(lastMoveWords(wy('0,5'), { grid: { rows: 5, cols: 8 } }, 'wythoff'), 'move the queen 5 squares south');
  assert.equal(lastMoveWords(wy('1,0'), { grid: { rows: 10, cols: 7 } }, 'wythoff'), 'move the queen 1 square west');
  assert.equal(lastMoveWords(wy('2,2'), { grid: { rows: 8, cols: 6 } }, 'wythoff'), 'move the queen 2 squares south-west');
  assert.equal(lastMoveWords(wy('1,2'), { grid: { rows: 8, cols: 7 } }, 'wythoff'), 'move the queen 1 square west and 2 south');
  const wh = (move) => lastMove({ game: 'wythoff(piles=7;9)', moves: [{ player: 0, move }] });
  assert.equal(lastMoveWords(wh('0,5'), { heaps: [7, 4] }, 'wythoff'), 'take 5 tokens from heap 2');
  assert.equal(lastMoveWords(wh('2,2'), { heaps: [5, 7] }, 'wythoff'), 'take 2 from both heaps');
});

test('hints: how good the best move is and where to look, then the move', async () => {
  const { hintFor } = await import('../static/analysis.js');
  const nim = { player: 0, measure: { kind: 'grundy' }, moves: [
    { move: '1:1', outcome: 'loss', value: 6, parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 1 }] },
    { move: '1:2', outcome: 'win', value: 0, best: true, parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 2 }] },
    { move: '2:1', outcome: 'loss', value: 5, parts: [{ kind: 'heap', value: 1 }, { kind: 'amount', value: 1 }] },
  ] };
  const view = { heaps: [3, 4, 5] };
  const one = hintFor(rank(nim, 'nim'), 1, view, 'nim', 0);
  assert.equal(one.text, 'One move wins: look at heap 1. Ask again to see the move.');
  assert.equal(one.move, null);
  const two = hintFor(rank(nim, 'nim'), 2, view, 'nim', 0);
  assert.equal(two.text, 'Take 2 tokens from heap 1: chosen on the board. Play it, or choose another.');
  assert.equal(two.move.move, '1:2');
  // Every move winning (Building Nim's first placements): said so, not "3 of 3".
  const place = (h) => ({ move: `+${h + 1}`, outcome: 'win', best: h === 0, parts: [{ kind: 'heap', value: h }] });
  assert.equal(hintFor(rank({ player: 0, measure: { kind: 'outcome' }, moves: [0, 1, 2].map(place) }, 'buildingnim'), 1, { heaps: [0, 0, 0] }, 'buildingnim', 0).text,
    'All 3 moves win. Ask again to see the move.');
  assert.equal(hintFor(rank({ player: 0, measure: { kind: 'outcome' }, moves: [0, 1].map(place) }, 'buildingnim'), 1, { heaps: [0, 0] }, 'buildingnim', 0).text,
    'Both moves win. Ask again to see the move.');
  // A lost position: nothing to choose.
  const lost = { player: 0, measure: { kind: 'grundy' }, moves: [{ move: '1:1', outcome: 'loss', value: 1, parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 1 }] }] };
  assert.deepEqual(hintFor(rank(lost, 'nim'), 2, { heaps: [1, 1] }, 'nim', 0),
    { text: 'Every move loses against perfect play: choose one that leaves your opponent the most to get right.', move: null });
  // Wythoff's two-heap move, the queen's direction; a one-part move is not pointed at (that would give it away).
  const wy = { player: 0, measure: { kind: 'grundy' }, moves: [{ move: '2,2', outcome: 'win', best: true, parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 2 }, { kind: 'heap', value: 1 }, { kind: 'amount', value: 2 }] }] };
  assert.equal(hintFor(rank(wy, 'wythoff'), 1, { heaps: [5, 8] }, 'wythoff', 0).text, 'One move wins: look at heaps 1 and 2. Ask again to see the move.');
  // The list-colouring game: the chance of what, said.
  const col = { player: 1, moves: [{ move: 'red', outcome: 'chance', value: '1/4', best: true }, { move: 'blue', outcome: 'loss', value: '1/1' }] };
  assert.equal(hintFor(rank(col, 'vdwlist'), 1, {}, 'vdwlist', 1).text, 'The best move gives you a 75.0\u00a0% chance of winning. Ask again to see the move.');
  const thue = { player: 1, measure: { kind: 'length' }, moves: [
    { move: '0', outcome: 'loss', value: 7, best: false, parts: [{ kind: 'symbol', value: 0 }] },
    { move: '2', outcome: 'loss', value: 9, best: true, parts: [{ kind: 'symbol', value: 2 }] },
  ] };
  assert.equal(hintFor(rank(thue, 'thue'), 1, { word: { symbols: [0, 1] } }, 'thue', 1).text, 'The best move keeps the word going to length 9. Ask again to see the move.');
  // The builder's hint speaks to the builder, as the others speak to the person asking.
  const builder = { player: 0, measure: { kind: 'length' }, moves: [
    { move: '0', outcome: 'win', value: 5, best: true, parts: [{ kind: 'gap', value: 0 }] },
    { move: '1', outcome: 'win', value: 6, best: false, parts: [{ kind: 'gap', value: 1 }] },
  ] };
  assert.equal(hintFor(rank(builder, 'thue'), 1, { word: { symbols: [2] } }, 'thue', 0).text, 'The best move lets you force a square by length 5. Ask again to see the move.');
  assert.equal(hintFor(rank({ player: 0, moves: [] }, 'nim'), 1, view, 'nim', 0).text, 'The analysis has not found the best move yet: ask again in a moment.');
});

test('hints in a lost Szemerédi position: the block of the one threat, or why one block is not enough', async () => {
  const { hintFor } = await import('../static/analysis.js');
  // Red holds 1 and 5, blue 2; red's 1, 3, 5 is a threat; blue to move, every move losing.
  const own = { 1: 0, 2: 1, 5: 0 };
  const view = {
    numbers: [1, 2, 3, 5, 7].map((n) => ({ n, owner: own[n] ?? -1 })), colors: ['red', 'blue'], status: { to_move: 1 },
    lines: [{ items: [1, 3, 5], held: [2, 0], open: [0], threat: true }, { items: [3, 5, 7], held: [1, 0], open: [0] }],
  };
  const an = { player: 1, measure: { kind: 'outcome' }, moves: [3, 7].map((n) => ({ move: String(n), outcome: 'loss', parts: [{ kind: 'number', value: n }] })) };
  assert.deepEqual(hintFor(rank(an, 'ap'), 1, view, 'ap', 1),
    { text: 'Every move loses against perfect play, and red threatens to complete 1, 3, 5 with 3: block it by taking 3. Ask again to choose it.', move: null });
  const two = hintFor(rank(an, 'ap'), 2, view, 'ap', 1);
  assert.equal(two.text, 'Take 3: chosen on the board. Play it, or choose another.');
  assert.equal(two.move.move, '3');
  // Two threats: no block saves blue.
  const both = { ...view, lines: [...view.lines, { items: [1, 5, 9], held: [2, 0], open: [0], threat: true }], numbers: [...view.numbers, { n: 9, owner: -1 }] };
  assert.deepEqual(hintFor(rank(an, 'ap'), 1, both, 'ap', 1),
    { text: 'Every move loses: red threatens 3 and 9, each completing a progression, and one move blocks only one.', move: null });
  // No threat: the general words.
  assert.equal(hintFor(rank(an, 'ap'), 1, { ...view, lines: [] }, 'ap', 1).text, 'Every move loses against perfect play: choose one that leaves your opponent the most to get right.');
  // The race measured (win_in): the longest defence, said and then chosen; the block still named first when there is a threat.
  const far = { ...an, moves: [{ ...an.moves[0], win_in: 1 }, { ...an.moves[1], win_in: 3 }] };
  assert.equal(hintFor(rank(far, 'ap'), 1, { ...view, lines: [] }, 'ap', 1).text, 'Every move loses against perfect play; the longest defence makes your opponent need 3 more moves. Ask again to see it.');
  const farTwo = hintFor(rank(far, 'ap'), 2, { ...view, lines: [] }, 'ap', 1);
  assert.deepEqual([farTwo.text, farTwo.move.move], ['Take 7: it holds out longest, chosen on the board. Play it, or choose another.', '7']);
  const winsSoon = { player: 0, measure: { kind: 'outcome' }, moves: [{ move: '2', outcome: 'win', best: true, win_in: 2, parts: [{ kind: 'number', value: 2 }] }, { move: '7', outcome: 'win', best: true, win_in: 1, parts: [{ kind: 'number', value: 7 }] }, { move: '9', outcome: 'loss', win_in: 1, parts: [{ kind: 'number', value: 9 }] }] };
  assert.equal(hintFor(rank(winsSoon, 'ap'), 1, { ...view, lines: [] }, 'ap', 0).text, '2 of 3 moves win; the soonest completes a progression within 1 more move. Ask again to see the move.');
  assert.equal(hintFor(rank(winsSoon, 'ap'), 2, { ...view, lines: [] }, 'ap', 0).move.move, '7');
  // The analysis rows: every move but the block loses at once, and says how; the block says what it blocks.
  const { raceNotes } = await import('../static/analysis.js');
  const notes = (v, mover, game = 'ap') => { const r = raceNotes(rank(an, 'ap').rows, v, game, mover); return [[...r.notes], [...r.atOnce]]; };
  assert.deepEqual(notes(view, 1), [[['3', 'blocks 1, 3, 5'], ['7', 'loses at once: red then takes 3, completing 1, 3, 5']], ['7']]);
  assert.deepEqual(notes(both, 1), [[['3', 'loses at once: red then takes 9, completing 1, 5, 9'], ['7', 'loses at once: red then takes 3, completing 1, 3, 5']], ['3', '7']]);
  // Blue threatens 7 too: the side to move wins first with its own threat, so nothing loses at once; nor in
  // another game.
  const duel = { ...view, numbers: [...view.numbers, { n: 12, owner: 1 }], lines: [...view.lines, { items: [2, 7, 12], held: [0, 2], open: [1], threat: true }] };
  assert.deepEqual(notes(duel, 0), [[], []]);
  assert.deepEqual(notes(duel, 1), [[], []]);
  assert.deepEqual(notes(view, 1, 'nim'), [[], []]);
});

test('the new-game dialog names a parameter in the words of its game', async () => {
  const { checkDialog } = await import('../static/views/dialog.js');
  const k = { name: 'k', kind: 'int', default: '3', allowed: 'a whole number from 1 to 64' };
  const problem = (name) => checkDialog(normGame({ name, params: [k] }), { values: { k: '' }, mode: 'friend' });
  assert.equal(problem('vdwlist'), 'Progression length k: give a value.');
  assert.equal(problem('ap'), 'Progression length k: give a value.');
  assert.equal(problem('nimk'), 'Most heaps a move takes from (k): give a value.');
  assert.equal(problem('other'), 'k: give a value.');
});

test('the new-game dialog: a set given replaces the drawn set’s size and seed', async () => {
  const { checkDialog, dialogGame, replaced } = await import('../static/views/dialog.js');
  const g = normGame({ name: 'ap', params: [
    { name: 'x', kind: 'int', default: '20', allowed: 'a whole number from 3 to 1000' },
    { name: 'k', kind: 'int', default: '3', allowed: 'a whole number from 3 to 10' },
    { name: 'seed', kind: 'int', default: '(drawn from the seed)' },
    { name: 'set', kind: 'int list', default: '(none)', allowed: "whole numbers separated by ';' from 1 to 100000" }] });
  const d = { values: { x: '20', k: '3', seed: '', set: '' }, mode: 'friend', bots: ['', ''], seed: '' };
  assert.equal(dialogGame(g, d), 'ap(x=20,k=3)');
  const withSet = { ...d, values: { ...d.values, set: '1;2;3;5;8', seed: '7' } };
  assert.deepEqual([...replaced(g, withSet)].sort(), ['seed', 'x']);
  assert.equal(dialogGame(g, withSet), 'ap(k=3,set=1;2;3;5;8)');
  // Out of range: what was given, and what is allowed.
  assert.equal(checkDialog(g, { ...d, values: { ...d.values, x: '2000' } }), 'Numbers in the set: 2000 is not allowed; give a whole number from 3 to 1000.');
  assert.equal(checkDialog(g, { ...withSet, values: { ...withSet.values, set: '1;0;3' } }), 'Play on this set: 0 is not allowed; each is a whole number from 1 to 100000.');
  // x emptied beside a set is not a field left blank.
  assert.equal(checkDialog(g, { ...withSet, values: { ...withSet.values, x: '' } }), '');
});

test('the new-game dialog: 2D Nim’s coin toss for the first mover is the choice left out', async () => {
  const { newDialog, dialogGame } = await import('../static/views/dialog.js');
  const g = normGame({ name: 'nim2d', params: [{ name: 'n', kind: 'int', default: '5' },
    { name: 'first', kind: 'enum', default: '(drawn from the seed)', random: true, values: ['p1', 'p2', 'coin'] }] });
  const d = newDialog([g], 'nim2d(n=4,first=coin)', 'friend');
  assert.equal(d.values.first, '');
  assert.equal(dialogGame(g, d), 'nim2d(n=4)');
  assert.equal(newDialog([g], 'nim2d(n=4,first=p2)', 'friend').values.first, 'p2');
});

test('how to move: tokens to choose (a tap, a click or Enter), a field where every heap is a bar', () => {
  assert.match(interaction('grundy', 'heaps', 0, false), /^Choose a token: the heap splits just after it/);
  assert.equal(interaction('grundy', 'heaps', 0, false, true), 'Type how many tokens to split off a heap, press Choose, then Play.');
  assert.equal(interaction('nim', 'heaps', 0, false, true), 'Type how many tokens to take from a heap, press Choose, then Play.');
  assert.match(interaction('nim', 'heaps', 0, false), /^Choose a token: it and the tokens to its right are taken/);
  // moves of several heaps: an amount chosen in each
  assert.match(interaction('wythoff', 'heaps', 0, false), /^Choose a token in one heap/);
  assert.match(interaction('wythoff', 'heaps', 0, false, true), /^Type how many tokens to take from a heap and press Choose; to take from both heaps/);
  assert.match(interaction('nimk', 'heaps', 0, false, true), /in each heap you take from; then Play\.$/);
  // the queen board has no heaps
  assert.equal(interaction('wythoff', 'grid', 0, true, true), interaction('wythoff', 'grid', 0, true));
});

test('what the analysis searched: exact, still searching, or stopped with moves undecided', () => {
  assert.equal(searchedText({ complete: true, pending: false, nodes: 1, seconds: 0.004 }), 'Exact. 1 position searched in 0.00 s.');
  assert.equal(searchedText({ complete: false, pending: true, nodes: 10261221, seconds: 4 }), 'So far 10,261,221 positions searched in 4.00 s; the search goes on.');
  assert.equal(searchedText({ complete: false, pending: false, nodes: 2, seconds: 30 }), 'Not every move was decided in the time allowed. 2 positions searched in 30.00 s.');
  assert.equal(searchedText({ complete: false, pending: true }), 'The search goes on.');
  // No position searched: the values come from the rule (Wythoff's pairs for heaps of forty digits: one move named).
  assert.equal(searchedText({ complete: true, pending: false, nodes: 0, seconds: 0 }), 'Exact, from the rule: no search was needed.');
  assert.equal(searchedText({ complete: false, pending: false, nodes: 0, seconds: 0.0001 }), 'From the rule, without a search: the moves it names are exact; the others are not valued one by one.');
});

test('a game the server refuses for a seat’s bot names the opponent and the seat as the dialog does', async () => {
  const { refusal } = await import('../static/views/dialog.js');
  const { ApiError } = await import('../static/api.js');
  const ap = normGame({ name: 'ap', roles: ['red', 'blue'], params: [], opponents: [{ title: 'Strong', bot: 'strong' }, { title: 'Perfect', bot: 'perfect' }] });
  const reason = 'the set has 45 numbers in play (in a progression of 3), and the perfect player’s exact search takes on at most 40 (strong plays larger sets)';
  const err = new ApiError('players: P2: bot perfect: ' + reason, 400, { error: 'players: P2: bot perfect: ' + reason, seat: 1, reason });
  assert.equal(refusal(ap, ['human', 'perfect'], err), `Perfect cannot play Blue in this game: ${reason}. Pick another opponent, or change the settings.`);
  // A bot string typed under More settings, for the first seat of a game whose roles are first and second.
  const nim = normGame({ name: 'nim', roles: ['first', 'second'], params: [], opponents: [] });
  const typo = new ApiError('players: P1: unknown bot "alfabeta" for nim', 400, { error: 'x', seat: 0, reason: 'unknown bot "alfabeta" for nim' });
  assert.equal(refusal(nim, ['alfabeta', 'human'], typo), 'The bot string for Player 1 (“alfabeta”) is refused: unknown bot "alfabeta" for nim.');
  // Anything else: the server's words.
  assert.equal(refusal(nim, ['human', 'perfect'], new ApiError('game: nim: bad value "x" for piles', 400, { error: 'game: nim: bad value "x" for piles' })),
    'The server refused the game: game: nim: bad value "x" for piles');
});

test('Thue solo: every move ranked for the longest word, the builder’s too; a painter whose every symbol ends the word is told so', () => {
  // The builder's moves: gap 0 lets the builder force a repetition by 5, gap 1 only by 7.
  const an = { player: 0, moves: [{ move: '0', outcome: 'win', value: 5, best: true }, { move: '1', outcome: 'win', value: 7, best: false }] };
  assert.deepEqual(rank(an, 'thue').rows.filter((r) => r.best).map((r) => r.move), ['0']); // a builder's match: short
  const solo = rank(an, 'thue', [], { lengthen: true });
  assert.deepEqual(solo.rows.filter((r) => r.best).map((r) => r.move), ['1']); // solo: long
  assert.equal(hintFor(solo, 1, null, 'thue', 1, { solo: true }).text, 'The best move lets the word reach length 7 at least, whatever the builder does later. Ask again to see the move.');
  const ending = rank({ player: 1, moves: [{ move: '0', outcome: 'loss', value: 9 }, { move: '1', outcome: 'loss', value: 9 }] }, 'thue', ['0', '1']);
  assert.equal(hintFor(ending, 1, null, 'thue', 1).text, 'Every move ends the game here, at length 9. Ask again to see the move.');
});

test('summary: winning moves marked on the board, or listed where the board cannot mark them', () => {
  const an = { player: 0, pending: false, moves: [{ move: '0,9', outcome: 'win', best: true }] };
  const r = rank(an, 'wythoff');
  assert.equal(summary(an, r, 'Player 1'), 'Player 1 can win: one winning move (marked ✓ on the board).');
  assert.equal(summary(an, r, 'Player 1', { marked: false }), 'Player 1 can win: one winning move (listed below).');
});
