import { test } from 'node:test';
import assert from 'node:assert/strict';
import { subtitle, moveWords, parseFraction, complement, percent, moveRows, endText, statusText, thinkingTime, seedText, matchTitle, fmtInt, unwrap, explainBlocks, aside, closedHeapNote, pageClass, roleName, howToMoveWords, sourcesWords, refusalWords, droppedNote, roundsText, moveLabel, playedWord, saysMove, codeParts, typeset, youLost, tookBackWords, refusedMoveWords } from '../static/format.js';
import { exactSeed } from '../static/api.js';

test('titles in words, without seeds', () => {
  assert.equal(subtitle('nim(piles=3;4;5,misere=true)'), 'heaps 3, 4, 5 · misère');
  assert.equal(subtitle('ap(x=20,k=3,seed=1795687923709425700)'), '20 numbers · progressions of 3');
  // The study page says the heaps are where the game started (its position is shown beside them).
  assert.equal(subtitle('nim(piles=3;4;5)', { start: true }), 'started from heaps 3, 4, 5');
  assert.equal(subtitle('grundy(heap=15)', { start: true }), 'started from one heap of 15');
  assert.equal(subtitle('nim(piles=1)'), 'one heap of 1');
  assert.equal(subtitle('nim2d(n=4)', { start: true }), '4×4 palette');
  assert.equal(matchTitle({ game: 'thue(alphabet=4,rule=square,start=2)' }, 'Thue game'), 'Thue game — 4 symbols · squares end it');
  assert.equal(fmtInt(1000000), '1\u202f000\u202f000');
});

test('the page class: the game, and 2D Nim’s colours by seat', () => {
  assert.equal(pageClass('nim(piles=3;4;5)'), 'game-nim');
  assert.equal(pageClass('nim2d(n=5,p1=R,first=p1)'), 'game-nim2d');
  assert.equal(pageClass('nim2d(n=5,p1=G,first=p2)'), 'game-nim2d p1-G');
});

test('role names: the game\'s roles, Player 1 and 2 where they are first and second, Chance for the draws', () => {
  assert.equal(roleName({ roles: ['first', 'second'] }, 1), 'Player 2');
  assert.equal(roleName({ roles: ['namer', 'colourer'] }, 0), 'Namer');
  assert.equal(roleName({ roles: ['R', 'G'] }, 1), 'G (green)');
  assert.equal(roleName({ roles: ['namer', 'colourer'] }, -1), 'Chance');
});

test('move labels: the Thue notation\'s digits said as a gap or a symbol', () => {
  assert.equal(moveLabel('thue', 0, '0'), 'gap 0');
  assert.equal(moveLabel('thue', 1, '2'), '→ 2');
  assert.equal(moveLabel('thue', 0, '3', { inLine: true }), 'gap 3');
  assert.equal(moveLabel('thue', 1, '2', { inLine: true }), '2');
  assert.equal(moveLabel('vdwlist', -1, 'RG'), 'drawn RG');
  assert.equal(moveLabel('nim', 0, '2:3'), '2:3');
  // The list-colouring namer names a number ("The computer named 1"), its colourer colours it
  // ("Colourer coloured 1 blue"); everyone else plays.
  assert.equal(playedWord('vdwlist', 0), 'named');
  assert.equal(playedWord('vdwlist', 1, { colour: 'blue', numbers: new Set([1]) }), 'coloured 1');
  assert.equal(playedWord('vdwlist', 1), 'coloured');
  assert.equal(playedWord('ap', 1), 'took'); // "The computer took 43", as its rules say "Take numbers"
  assert.equal(playedWord('nim', 0), 'played');
  assert.equal(playedWord('thue', 1), 'painted'); // "The computer painted 1", as the painter's buttons say "paint 1"
  assert.equal(playedWord('thue', 0), 'played'); // "played gap 1"

});

test('moves in words', () => {
  assert.equal(moveWords([{ kind: 'heap', value: 1 }, { kind: 'amount', value: 3 }], { heaps: [3, 4] }, 'nim'), 'take 3 tokens from heap 2');
  assert.equal(moveWords([{ kind: 'heap', value: 0 }, { kind: 'split', value: 3 }], { heaps: [7] }, 'grundy'), 'split heap 1 into 4 and 3');
  // A split said in the board's order: the left part as clicked first (the split's value is either part).
  assert.equal(moveWords([{ kind: 'heap', value: 0 }, { kind: 'split', value: 1 }], { heaps: [15] }, 'grundy', { left: 1 }), 'split heap 1 into 1 and 14');
  assert.equal(moveWords([{ kind: 'heap', value: 0 }, { kind: 'split', value: 1 }], { heaps: [15] }, 'grundy', { left: 14 }), 'split heap 1 into 14 and 1');
  // Large parts grouped as the board writes heaps (1 048 576 tokens).
  assert.equal(moveWords([{ kind: 'heap', value: 0 }, { kind: 'split', value: 48576 }], { heaps: [1048576] }, 'grundy'), 'split heap 1 into 1\u202f000\u202f000 and 48\u202f576');
  assert.equal(moveWords([{ kind: 'heap', value: 0 }, { kind: 'split', value: 1 }], { heaps: [15] }, 'grundy', { left: 5 }), 'split heap 1 into 14 and 1');
  assert.equal(moveWords([{ kind: 'heap', value: 0 }, { kind: 'amount', value: 1 }, { kind: 'heap', value: 1 }, { kind: 'amount', value: 1 }], { heaps: [2, 3] }, 'wythoff'),
    'take 1 token from heap 1 and 1 from heap 2');
  // Index-k Nim's move on three heaps: the verb and the unit once.
  assert.equal(moveWords([{ kind: 'heap', value: 0 }, { kind: 'amount', value: 2 }, { kind: 'heap', value: 2 }, { kind: 'amount', value: 1 }, { kind: 'heap', value: 3 }, { kind: 'amount', value: 3 }], { heaps: [2, 3, 4, 5] }, 'nimk'),
    'take 2 tokens from heap 1, 1 from heap 3 and 3 from heap 4');
  assert.equal(moveWords([{ kind: 'cell', value: 3 }, { kind: 'cell', value: 2 }], {}, 'nim2d'), 'colour cells 3 and 4');
  assert.equal(moveWords([{ kind: 'cell', value: 5 }], { grid: { rows: 4, cols: 3 } }, 'wythoff'), 'move the queen to (2, 2)');
  assert.equal(moveWords([{ kind: 'gap', value: 1 }], { word: { symbols: [0, 1] } }, 'thue'), 'insert between 0 and 1 (gap 1)');
  assert.equal(moveWords([{ kind: 'color', value: 1 }], { colors: ['red', 'blue'] }, 'vdwlist'), 'colour it blue');
  // Each game's own verb: the Szemerédi game's player takes a number, the list-colouring namer names one.
  assert.equal(moveWords([{ kind: 'number', value: 24 }], {}, 'ap'), 'take 24');
  assert.equal(moveWords([{ kind: 'number', value: 5 }], {}, 'vdwlist'), 'name 5');
});

test('probabilities as exact fractions and percentages, from either side', () => {
  const f = parseFraction('77/729');
  assert.equal(f.text, '77/729');
  assert.equal(percent(f), '10.6\u00a0%');
  assert.equal(complement(f).text, '652/729');
  assert.equal(percent(parseFraction('0/1')), '0\u00a0%');
  assert.equal(percent(parseFraction('1/1')), '100\u00a0%');
  assert.equal(percent(parseFraction('847288609427/847288609443')), '99.9\u00a0%'); // not rounded up to a certainty
  const big = parseFraction('340282366920938463463374607431768211455/340282366920938463463374607431768211456');
  assert.ok(big.value > 0.99);
});

test('move list rows pair the moves, chance draws inside the round', () => {
  const rows = moveRows([{ player: 0, move: '3' }, { player: -1, move: '{red, blue}' }, { player: 1, move: 'red' }, { player: 0, move: '5' }]);
  assert.equal(rows.length, 2);
  assert.deepEqual(rows[0].items.map((x) => x.index), [1, 2, 3]);
  assert.deepEqual(rows[1].items.map((x) => x.move), ['5']);
  const p2first = moveRows([{ player: 1, move: '1' }, { player: 0, move: '2' }, { player: 1, move: '3' }]);
  assert.deepEqual(p2first.map((r) => r.items.length), [2, 1]);
});

test('the end in the game’s words, from this browser’s side', () => {
  const m = { game: 'nim(piles=1,misere=false)', players: ['human', 'perfect'], roles: ['first', 'second'], winner: 0, finished: true, moves: [], view: { status: {} } };
  assert.equal(endText(m, [true, false], []).headline, 'You won: you took the last token');
  const lost = { ...m, winner: 1 };
  assert.equal(endText(lost, [true, false], [{ bot: 'perfect', title: 'Perfect' }]).headline, 'The computer (Perfect) won: the computer took the last token');
  const mis = { ...m, game: 'nim(piles=1,misere=true)' };
  assert.equal(endText(mis, [true, false], []).headline, 'You won: the computer had to take the last token');
  // The server's reason, with the terminal's seat names, is not said again under the headline; misère play's rule is.
  const reason = 'P1 took the last token and wins.';
  assert.equal(endText({ ...m, reason }, [true, false], []).detail, '');
  assert.equal(endText({ ...mis, reason: 'P2 took the last token and loses (misère play: whoever takes the last token loses).' }, [true, false], []).detail,
    'In misère play whoever takes the last token loses.');
  assert.equal(endText({ ...m, game: 'grundy(heap=7)', reason: 'Every heap has 1 or 2 tokens: none splits into two unequal heaps. P2 cannot move and loses; P1 made the last split and wins.' }, [true, false], []).detail, '');
  const ap = { ...m, game: 'ap(x=20,k=3)', roles: ['red', 'blue'], reason: 'P1 (red) owns the progression 1 5 9 (difference 4).' };
  assert.deepEqual(endText(ap, [true, false], []), { headline: 'You won: you own the progression 1, 5, 9', detail: 'The progression’s difference: 4.' });
  const vdw = { ...m, game: 'vdwlist(k=3,colors=3,list=2,s=7)', roles: ['namer', 'colourer'], reason: 'Monochromatic 3-term progression in red: 1, 4, 7 (difference 3). P1 (namer) wins.' };
  assert.match(endText(vdw, [false, true], []).headline, / won: 1, 4, 7 are all red$/);
  assert.equal(endText(vdw, [false, true], []).detail, 'An arithmetic progression with difference 3: the namer’s goal.');
  const vdw2 = { ...vdw, winner: 1, reason: 'All 4 numbers are coloured without a monochromatic 3-term progression (red 1 2; blue 3 4; green none). P2 (colourer) wins.' };
  assert.equal(endText(vdw2, [false, true], []).detail, 'The colours: red 1 2; blue 3 4; green none.');
  const n2 = { ...m, game: 'nim2d(n=2)', roles: ['R', 'G'], reason: 'R (P1) coloured the last empty cell and wins; G (P2) would have to move on the full palette.' };
  assert.equal(endText(n2, [true, false], []).detail, 'Whoever has to move on the full palette loses.');
  const thue = { game: 'thue(alphabet=3,rule=square,start=0)', players: ['human', 'human'], roles: ['builder', 'painter'], winner: 0, finished: true, length: 4,
    moves: [{ player: 0 }, { player: 1 }, { player: 0 }, { player: 1 }, { player: 0 }, { player: 1 }],
    view: { word: { symbols: [0, 1, 0, 1] }, status: { over: true, points: 2, reason: 'square 01·01 at positions 0-3 (period 2)' } } };
  const e = endText(thue, [true, true], []);
  assert.equal(e.headline, 'Builder won: the word has the square 01·01');
  const overlap = { ...thue, game: 'thue(alphabet=2,rule=overlap)', view: { word: { symbols: [0, 1, 0, 0, 1, 0, 0] }, status: { over: true, points: 5, reason: 'overlap 010·010·0 at positions 0-6 (period 3)' } } };
  assert.equal(endText(overlap, [true, true], []).headline, 'Builder won: the word has the overlap 010·010·0');
  // With a target length the painter wins by reaching it: no repetition to name.
  const target = { ...thue, game: 'thue(alphabet=2,rule=overlap,start=0,target=6)', winner: 1, length: 6, reason: 'The painter reached length 6 without an overlap: the painter wins.',
    view: { word: { symbols: [1, 0, 0, 1, 0, 0] }, status: { over: true, points: 5 } } };
  assert.equal(endText(target, [true, true], []).headline, 'Painter won: the word reached length 6 without an overlap');
  // Solo: the length and the best; the repetition in words, without the server's positions counted from 0.
  const solo = { ...thue, mode: 'solo', length: 6, high_score: 6, view: { word: { symbols: [2, 2, 0, 1, 0, 2] }, status: { over: true, reason: 'square 2·2 at positions 0-1 (period 1)' } } };
  assert.deepEqual(endText(solo, [true, true], []), { headline: 'The word reached length 6. Your best: 6.', detail: 'The word has the square 2·2.' });
  assert.match(e.detail, /painter scored 2 points/);
  // One role played here, no target: the builder wins every game; the end says what counts, the length and the points.
  assert.deepEqual(endText({ ...thue, players: ['human', 'perfect'] }, [true, false], []), { headline: 'The word ended at length 4: the painter scored 2 points',
    detail: 'It has the square 01·01. The painter scores a point for each symbol that made no square: as builder you want the word short, the painter long.' });
  assert.deepEqual(endText({ ...thue, players: ['perfect', 'human'] }, [false, true], []), { headline: 'The word ended at length 4: you scored 2 points as painter',
    detail: 'It has the square 01·01. The painter scores a point for each symbol that made no square: you want the word long, the builder short.' });
  // With a target it is won or lost, as before.
  assert.equal(endText({ ...target, players: ['human', 'perfect'] }, [true, false], []).headline, 'The computer (perfect) won: the word reached length 6 without an overlap');
});

test('no winner: a draw where the game has draws, else the game stopped', () => {
  const base = { game: 'ap(x=8)', players: ['human', 'strong'], roles: ['red', 'blue'], winner: null, finished: true, moves: [], view: { status: { over: true } } };
  assert.deepEqual(endText({ ...base, reason: 'Draw: every 3-term progression of the set holds both colours, so neither player can complete one.' }, [true, false], []),
    { headline: 'A draw', detail: 'Every 3-term progression of the set holds both colours, so neither player can complete one.' });
  assert.equal(endText({ ...base, game: 'nim(piles=3)', reason: 'reached the move limit 5000', view: { status: {} } }, [true, false], []).headline, 'The game stopped: reached the move limit 5000');
});

test('status in words', () => {
  const m = { game: 'nim(piles=1)', players: ['human', 'perfect'], roles: ['first', 'second'], to_move: 0, moves: [], view: { status: {} } };
  assert.equal(statusText(m, {}, [true, false], []), 'Your move');
  // Looking back: the start by its name, not "move 0".
  const two = { ...m, moves: [{ player: 0, move: '1:1' }, { player: 1, move: '1:1' }] };
  assert.equal(statusText(two, { at: 0 }, [true, false], []), 'The start: looking back. “Back to the game” returns.');
  assert.equal(statusText(two, { at: 1 }, [true, false], []), 'Move 1 of 2: looking back. “Back to the game” returns.');
  // Two computers paused: the page that paces them says how to go on; another says who paused.
  const cvc = { ...m, players: ['random', 'random'], paused: true };
  assert.equal(statusText(cvc, { control: true }, [false, false], []), 'Paused. Resume or Step to go on.');
  assert.equal(statusText(cvc, { control: false }, [false, false], []), 'Paused by the browser that started this match.');
  // The status is a live region: said once, the seconds counted beside the thinking bar (thinkingTime).
  assert.equal(statusText({ ...m, to_move: 1, thinking: { elapsed: 0.4 } }, {}, [true, false], []), 'The computer is thinking…');
  assert.equal(thinkingTime({ ...m, to_move: 1, thinking: { elapsed: 0.4 } }, 0.3), '0.7 s');
  assert.equal(thinkingTime({ ...m, to_move: 1, thinking: { queued: true } }, 1), '');
  assert.equal(thinkingTime(m, 1), '');
  // Between the moves of computers watched at a pace (or queued for a search): not "waits for its turn".
  assert.equal(statusText({ ...m, to_move: 1, thinking: { queued: true } }, {}, [true, false], [{ bot: 'perfect', title: 'Perfect' }]), 'The computer (Perfect) moves in a moment…');
  // 2D Nim's roles hold parentheses already: merged, not nested.
  const nim2d = { game: 'nim2d(n=5)', players: ['perfect', 'perfect'], roles: ['R', 'G'], to_move: 0, moves: [], view: { status: {} } };
  // Between computers, each named by its seat and level, as above the board and at the end.
  assert.equal(statusText(nim2d, {}, [false, false], [{ bot: 'perfect', title: 'Perfect' }]), 'R (red, Perfect) is to move…');
  assert.equal(statusText({ ...nim2d, players: ['human', 'perfect'], to_move: 1 }, {}, [true, false], [{ bot: 'perfect', title: 'Perfect' }]), 'The computer (Perfect) is to move…');
  // A game's phase in words: what to do now.
  const vdw = { game: 'vdwlist(k=3,colors=3,list=2,s=7)', players: ['human', 'random'], roles: ['namer', 'colourer'], to_move: 0, moves: [], view: { status: { phase: 'name' } } };
  assert.equal(statusText(vdw, {}, [true, false], []), 'Your move as Namer — name a number');
  assert.equal(statusText({ ...vdw, to_move: 1, players: ['random', 'human'], view: { status: { phase: 'colour' } } }, {}, [false, true], []), 'Your move as Colourer — colour the named number');
  const building = { game: 'buildingnim(heaps=3,tokens=10)', players: ['human', 'human'], roles: ['first', 'second'], to_move: 0, moves: [], view: { status: { phase: 'building' } } };
  assert.equal(statusText(building, {}, [true, false], []), 'Your move — the building phase');
  assert.equal(statusText({ ...building, view: { status: { phase: 'nim' } } }, {}, [true, true], []), 'Player 1 to move — the Nim phase');
  assert.equal(endText({ ...nim2d, finished: true, winner: 1, view: { status: { over: true } } }, [false, false], [{ bot: 'perfect', title: 'Perfect' }]).headline.split(':')[0], 'G (green, Perfect) won');
});

test('notes in parentheses merge with a name’s own', () => {
  assert.equal(aside('Builder', 'Perfect'), 'Builder (Perfect)');
  assert.equal(aside('R (red)', 'Perfect'), 'R (red, Perfect)');
  assert.equal(aside('The computer', 'R (red)'), 'The computer (R, red)');
  assert.equal(aside('The computer', 'builder'), 'The computer (builder)');
});

test('a heap without a move says why, in the game’s words', () => {
  assert.equal(closedHeapNote('greedynim'), 'not a largest heap');
  assert.equal(closedHeapNote('grundy'), 'cannot be split into two unequal heaps');
  assert.equal(closedHeapNote('nim'), 'no move here');
});

test('seeds stay exact beyond 2^53', () => {
  const text = '{"id":"x","game":"ap(x=8,seed=5)","seed":1795687923709425674,"moves":[]}';
  const m = exactSeed(JSON.parse(text), text);
  assert.equal(seedText(m), '1795687923709425674');
  assert.equal(seedText({ seed: 1, seed_text: '18446744073709551615' }), '18446744073709551615');
});

test('explanations: sentences broken for a terminal are joined, tables and short lines kept', () => {
  // Index-k Nim's explanation as the solver writes it (lines of about 100 columns).
  const nimk = [
    'Heaps 3, 4, 5, 6; a move takes from 1 to k = 2 heaps; whoever takes the last token wins.',
    '',
    '  heap   tokens  binary',
    '     1        3  0 1 1',
    '  ----------------------',
    '  mod k+1 = 3    0 2 2',
    "Moore's theorem: the player to move loses exactly when every binary digit sum is divisible by k+1 = 3.",
    "Not all are, so the player to move wins. Moore's construction goes down the digits, reducing at most k",
    'heaps so that every digit sum becomes a multiple of 3: heaps 3, 4, 5, 6 → 1, 4, 5, 5, the move 1:2+4:1.',
    'Winning moves (HEAP:COUNT joined by +): 1:2+4:1',
    'Outcome for the player to move: win',
  ].join('\n');
  const got = unwrap(nimk).split('\n');
  assert.deepEqual(got.slice(0, 7), nimk.split('\n').slice(0, 7), 'the heading, the table and a sentence that ends its line stay as they are');
  assert.equal(got[7], "Not all are, so the player to move wins. Moore's construction goes down the digits, reducing at most k heaps so that every digit sum becomes a multiple of 3: heaps 3, 4, 5, 6 → 1, 4, 5, 5, the move 1:2+4:1.");
  assert.equal(got[8], 'Winning moves (HEAP:COUNT joined by +): 1:2+4:1', 'a line after a finished sentence stays its own');
  assert.equal(got.length, 10);
  // A long line ending with a colon, its sentence going on in lower case (Wythoff's game).
  assert.equal(unwrap('The smaller heap 5 belongs to the P-position pair (A_2, B_2) = (3, 5), and the other heap is not 3:\nthe position is not a P-position.'),
    'The smaller heap 5 belongs to the P-position pair (A_2, B_2) = (3, 5), and the other heap is not 3: the position is not a P-position.');
  // Short lines (a board, a status) and indented ones are never joined.
  const board = 'The queen\'s board (o: P-positions, *: where winning moves go):\n8  . . . . . Q\n7  . . . . * .\n   0 1 2 3 4 5';
  assert.equal(unwrap(board), board);
  const twoD = 'G (P2) to move first\nEmpty diagonal cells 1, 6, 11 and 16, each a single-token heap (value 1): together 0.';
  assert.equal(unwrap(twoD), twoD);
  const indented = '  Arithmetic: R_p(5) = 1000 ends in 3 zeros (odd), so x is a B-value (Property 1); shifting right gives\n  I_p(100) = 3.';
  assert.equal(unwrap(indented), indented);
  // A line in columns after a long one is a row, not the sentence going on (the Szemerédi game's sides).
  const sides = `to play (30): ${Array.from({ length: 30 }, (_, i) => 3 * i + 8).join(' ')}\nP1 red  (0): -  | can complete 4, best holds 0 of 4`;
  assert.equal(unwrap(sides), sides);
  // Its rows of words may wrap; a palette drawn in text keeps its columns.
  assert.deepEqual(explainBlocks(sides)[1], { kind: 'pre', text: 'P1 red  (0): -  | can complete 4, best holds 0 of 4', wrap: true });
  const palette = 'nim2d(n=4,p1=R,first=p1)\n[  G |  R |  R |  4 ]\n[  5 |  6 |  7 |  8 ]\n   COUNTER = [ 3 ]';
  assert.equal(explainBlocks(palette)[1].wrap, undefined);
});

test('explanations in blocks: prose, columns, steps', () => {
  const text = [
    "Grundy's game: heap 15; a move splits a heap into two unequal parts; who cannot move loses.",
    '',
    '  heap  tokens  G',
    '     1      15  1',
    '  XOR of the values: 1',
    '',
    "The queen's board (o: P-positions, *: where winning moves go):",
    '8  . . . . . Q',
    '7  . . . . * .',
    '   0 1 2 3 4 5',
    'Recursive method:',
    '  Sorted, (x, y) = (5, 8) with x ≤ y.',
    '  The smaller heap 5 is B_2.',
    'Winning moves: 0,5 1,1',
  ].join('\n');
  assert.deepEqual(explainBlocks(text), [
    { kind: 'p', text: "Grundy's game: heap 15; a move splits a heap into two unequal parts; who cannot move loses." },
    { kind: 'pre', text: '  heap  tokens  G\n     1      15  1\n  XOR of the values: 1' },
    { kind: 'p', text: "The queen's board (o: P-positions, *: where winning moves go):" },
    { kind: 'pre', text: '8  . . . . . Q\n7  . . . . * .\n   0 1 2 3 4 5' },
    { kind: 'p', text: 'Recursive method:' },
    { kind: 'steps', lines: ['Sorted, (x, y) = (5, 8) with x ≤ y.', 'The smaller heap 5 is B_2.'] },
    { kind: 'p', text: 'Winning moves: 0,5 1,1' },
  ]);
  // A line in parentheses that explains is kept.
  assert.deepEqual(explainBlocks('Grundy value: 0.\n(Equal parts cancel in pairs.)').map((b) => b.text), ['Grundy value: 0.', '(Equal parts cancel in pairs.)']);
  // A rule under a table belongs to it; 2D Nim's palette and its counter are one block.
  assert.deepEqual(explainBlocks('  heap   tokens  binary\n  ------------------\n  XOR         2  010').map((b) => b.kind), ['pre']);
  assert.deepEqual(explainBlocks('[  1 |  2 ]\n[  3 |  4 ]\n   COUNTER = [ 0 ]\nG (P2) to move first').map((b) => b.kind), ['pre', 'p']);
  assert.deepEqual(explainBlocks('nim2d(n=4)\n[  9 | 10 | 11 | 12 ]\n[ 13 | 14 | 15 | 16 ]\n   COUNTER = [ 0 ]'), [
    { kind: 'p', text: 'nim2d(n=4)' }, { kind: 'pre', text: '[  9 | 10 | 11 | 12 ]\n[ 13 | 14 | 15 | 16 ]\n   COUNTER = [ 0 ]' }]);
});

test('who plays a seat, seen from this browser', async () => {
  const { seatWho } = await import('../static/format.js');
  const m = { players: ['human', 'human'], roles: ['builder', 'painter'] };
  assert.equal(seatWho(m, 0, [true, false], []), 'you');
  assert.equal(seatWho(m, 1, [true, false], []), 'your friend');
  assert.equal(seatWho(m, 1, [false, false], []), 'a person', 'a browser that plays neither seat watches two people');
  assert.equal(seatWho(m, 1, [true, true], []), 'Painter');
});

test('stored matches in a list', async () => {
  const { whenText, listWords } = await import('../static/format.js');
  const now = new Date(2026, 10, 27, 10, 30); // 27 Nov 2026, 10:30 local time
  assert.equal(whenText(new Date(2026, 10, 27, 9, 5), now), 'today, 09:05');
  assert.equal(whenText(new Date(2026, 10, 26, 18, 40), now), 'yesterday, 18:40');
  assert.equal(whenText(new Date(2026, 10, 3, 14, 0), now), '3 Nov, 14:00');
  assert.equal(whenText(new Date(2025, 10, 3, 14, 0), now), '3 Nov 2025');
  assert.equal(whenText('not a date', now), '');
  const thue = { roles: ['builder', 'painter'], opponents: [{ title: 'Nesting level 1', bot: 'nesting(level=1)' }] };
  const row = (m) => listWords({ mode: 'normal', moves: 1, created: new Date(2026, 10, 27, 9, 5).toISOString(), reason: '', ...m }, thue, now);
  assert.deepEqual(row({ players: ['human', 'nesting(level=1)'], finished: false }),
    { who: 'a person vs Nesting level 1', result: 'in progress', moves: '1 move', when: 'today, 09:05' });
  assert.equal(row({ players: ['human', 'nesting(level=1)'], finished: true, winner: 0, moves: 8 }).result, 'Builder won');
  // Two computers paused (the server says so of a match it holds): paused, not "in progress".
  assert.equal(row({ players: ['random', 'random'], finished: false, paused: true }).result, 'paused');
  assert.equal(row({ players: ['human', 'nesting(level=1)'], finished: true, winner: 1 }).result, 'Painter (Nesting level 1) won');
  assert.equal(row({ players: ['human', 'human'], finished: true, winner: null, reason: 'a draw by agreement' }).result, 'a draw');
  assert.deepEqual(row({ players: ['human', 'human'], mode: 'solo', finished: true, winner: null }).who, 'solo');
  assert.equal(row({ players: ['human', 'human'], mode: 'solo', finished: true, winner: null }).result, 'over');
  assert.equal(row({ players: ['human', 'human'], finished: true, winner: null, reason: 'stopped after 5000 moves' }).result, 'stopped');
  // A game its rules ended in a draw stores no reason (the Szemerédi game on a set of 8): a draw, not stopped.
  assert.equal(row({ players: ['human', 'human'], finished: true, winner: null, reason: '' }).result, 'a draw');
  // The seats this browser holds are "you".
  const mine = (m, held) => listWords({ mode: 'normal', moves: 5, created: '', reason: '', ...m }, thue, now, held);
  assert.equal(mine({ players: ['human', 'nesting(level=1)'], finished: false }, [true, false]).who, 'you vs Nesting level 1');
  assert.equal(mine({ players: ['human', 'human'], finished: false, to_move: 1 }, [false, true]).result, 'your move');
  assert.equal(mine({ players: ['human', 'human'], finished: false, to_move: 0 }, [false, true]).result, 'in progress');
  assert.equal(mine({ players: ['human', 'human'], finished: false, to_move: 0 }, [true, true]).result, 'in progress', 'both seats here: always your move, not worth saying');
  assert.equal(mine({ players: ['human', 'nesting(level=1)'], finished: true, winner: 0 }, [true, false]).result, 'you won');
  assert.equal(mine({ players: ['human', 'nesting(level=1)'], finished: true, winner: 1 }, [true, false]).result, 'Painter (Nesting level 1) won');
  assert.equal(mine({ players: ['human', 'human'], finished: true, winner: 1 }, [false, true]).who, 'a person vs you');
  assert.deepEqual(Object.values(mine({ players: ['human', 'human'], finished: true, winner: 1 }, [true, true])).slice(0, 2), ['you, both seats', 'Painter won']);
  // A token for a computer's seat (a watched match's control) is not a seat played.
  assert.equal(mine({ players: ['perfect', 'human'], finished: false }, [true, false]).who, 'perfect vs a person');
  // A game without role names: the seats are Player 1 and Player 2.
  assert.equal(listWords({ players: ['perfect', 'human'], finished: true, winner: 0, moves: 3, created: '' }, { opponents: [{ title: 'Perfect', bot: 'perfect' }] }, now).result,
    'Player 1 (Perfect) won');
});

test('the address a friend opens', async () => {
  const { inviteBase } = await import('../static/format.js');
  const lan = ['http://127.0.0.1:8080/', 'http://192.168.1.5:8080/'];
  assert.deepEqual(inviteBase(lan, 'http://127.0.0.1:8080'), { base: 'http://192.168.1.5:8080', here: false });
  assert.deepEqual(inviteBase(lan, 'http://localhost:8080'), { base: 'http://192.168.1.5:8080', here: false });
  assert.deepEqual(inviteBase(lan, 'http://192.168.1.5:8080'), { base: 'http://192.168.1.5:8080', here: false }, 'opened on the network: its own address');
  assert.deepEqual(inviteBase(['http://127.0.0.1:8080/'], 'http://127.0.0.1:8080'), { base: 'http://127.0.0.1:8080', here: true });
  assert.deepEqual(inviteBase([], 'http://[::1]:8080'), { base: 'http://[::1]:8080', here: true });
});

test('how to move: the match’s own words, else its type’s', () => {
  const g = { how: ['Take tokens from one heap, or from up to k heaps at once.', 'x'] };
  const m = { how_to_move: ['Take tokens from one heap, or from up to 2 heaps at once.', 'y'] };
  assert.equal(howToMoveWords(m, 0, g), 'Take tokens from one heap, or from up to 2 heaps at once.');
  assert.equal(howToMoveWords({}, 0, g), 'Take tokens from one heap, or from up to k heaps at once.');
  assert.equal(howToMoveWords({}, 1, undefined), '');
});

test('the sources page says how the writing of the document stands', () => {
  const base = { written: false, can_write: true, running: false, quick: false, done: 0, total: 0, message: '', seconds: 0 };
  const idle = sourcesWords(base);
  assert.equal(idle.offer, true);
  assert.match(idle.text, /^Kombi can write it now: the full document plays every game/);
  assert.deepEqual(idle.lead, { text: 'That document is not written on this machine yet.', link: null, after: '' });
  assert.equal(sourcesWords({ ...base, written: true }).lead.link, 'read it');
  // The server counts the work in percent, weighted by time, and says what it computes in words.
  const msg = 'Thue thesis, Table 3.3 (item 17 of 44): games of the level-1 recursive builder against the level-1 recursive painter: 7 of 11 played or read';
  const going = sourcesWords({ ...base, running: true, quick: true, done: 48, total: 100, message: msg, seconds: 12.4 });
  assert.deepEqual({ ...going, lead: undefined }, { lead: undefined, text: `Writing the quick document: about 48 % done — ${msg} (12 s so far).`,
    note: 'You may leave this page: the server goes on, and this page shows the document once it is written. Cancel stops it and keeps what it computed.', progress: { done: 48, total: 100 }, offer: false, cancel: true });
  assert.match(sourcesWords({ ...base, running: true, done: 60, total: 100, message: 'x', seconds: 154.6 }).text, /^Writing the document: about 60 % done — x \(2 min 35 s so far\)\.$/);
  assert.equal(sourcesWords({ ...base, running: true, message: 'starting' }).text, 'Writing the document: starting (0 s so far).');
  assert.equal(sourcesWords({ ...base, running: true, message: 'starting' }).progress, null);
  assert.match(sourcesWords({ ...base, error: 'disk full' }).text, /^The last run stopped: disk full\. What it computed is kept/);
  const cannot = sourcesWords({ ...base, can_write: false });
  assert.deepEqual({ ...cannot, lead: undefined }, { lead: undefined, text: 'This server does not write it: run the command below on its machine.', note: '', progress: null, offer: false, cancel: false });
  assert.equal(idle.cancel, false);
  // Cancelled: asked to stop, the run says how far it had got; stopped, what it kept, and the buttons come back.
  const stopping = sourcesWords({ ...base, running: true, cancelling: true, done: 35, total: 100, message: 'drawing the figures', seconds: 72 });
  assert.deepEqual({ ...stopping, lead: undefined }, { lead: undefined, text: 'Cancelling the document at about 35 % done: it stops at its next step and keeps what it computed (1 min 12 s so far).',
    note: 'This page says what was kept once it has stopped.', progress: { done: 35, total: 100 }, offer: false, cancel: false });
  const kept = 'kept: 14 of 50 items computed and written in the document (the other 36 marked not computed), and the 23 games played and 4 results (timings, tables) computed by then, in the database';
  const cancelled = sourcesWords({ ...base, written: true, cancelled: true, done: 35, total: 100, message: kept, seconds: 73.2 });
  assert.equal(cancelled.cancelled, `The last run was cancelled after 1 min 13 s, at about 35 % done; ${kept}. Writing again goes on from there.`);
  assert.match(cancelled.text, /^Kombi can write it now/);
  assert.equal(idle.cancelled, '');
  assert.equal(cancelled.offer, true);
  assert.equal(cancelled.cancel, false);
  assert.equal(sourcesWords({ ...base, cancelled: true, message: '' }).cancelled, 'The last run was cancelled after 0 s, before its first step. Writing again goes on from there.');
});

test('a refused game says the server’s words', () => {
  assert.equal(refusalWords('game: nim: bad value "x" for piles'), 'The server refused the game: game: nim: bad value "x" for piles');
});

test('a move whose words end with its notation is said once', () => {
  assert.equal(saysMove('take 3', '3'), true);
  assert.equal(saysMove('name 1', '1'), true);
  assert.equal(saysMove('colour cell 12', '12'), true);
  assert.equal(saysMove('colour cell 12', '2'), false); // not a whole word
  assert.equal(saysMove('take 5 from heap 1', '0,5'), false);
  assert.equal(saysMove('insert at the start', '0'), false);
  assert.equal(saysMove('red', 'red'), false); // the words are the notation: shown as it is
});

test('code in a note from the server: between backquotes, shown as code', () => {
  assert.deepEqual(codeParts('a table (`kombi table nim2d-shapes --n 9` computes it); playing 2'), [
    { text: 'a table (', code: false },
    { text: 'kombi table nim2d-shapes --n 9', code: true },
    { text: ' computes it); playing 2', code: false },
  ]);
  assert.deepEqual(codeParts('`a` and `b`'), [{ text: 'a', code: true }, { text: ' and ', code: false }, { text: 'b', code: true }]);
  assert.deepEqual(codeParts('no code'), [{ text: 'no code', code: false }]);
  assert.deepEqual(codeParts('a lone ` stays'), [{ text: 'a lone ` stays', code: false }]);
  assert.deepEqual(codeParts(''), []);
});

test('typeset sets an apostrophe between letters as ’ and leaves other quotes', () => {
  assert.equal(typeset("Wythoff's game"), 'Wythoff’s game');
  assert.equal(typeset("the assignment's copycat: the opponent's move"), 'the assignment’s copycat: the opponent’s move');
  assert.equal(typeset("Szemerédi's"), 'Szemerédi’s');
  assert.equal(typeset("send 'Authorization: Bearer <token>' with it"), "send 'Authorization: Bearer <token>' with it");
  assert.equal(typeset("players' seats"), "players' seats");
  assert.equal(typeset('solver’s'), 'solver’s');
  assert.equal(typeset(12), '12');
});

test('youLost: the person at the page lost (one seat held, the other won)', () => {
  const m = { finished: true, mode: 'normal', winner: 1 };
  assert.equal(youLost(m, [true, false]), true);
  assert.equal(youLost(m, [false, true]), false); // won
  assert.equal(youLost(m, [true, true]), false); // both seats here: no one person lost
  assert.equal(youLost(m, [false, false]), false); // watching
  assert.equal(youLost({ ...m, winner: null }, [true, false]), false); // a draw
  assert.equal(youLost({ ...m, finished: false }, [true, false]), false);
});

test('tookBackWords says a take-back made on another device, not this page’s own', () => {
  const played = [{ player: 0, move: '1:1' }, { player: 1, move: '2:1' }, { player: 0, move: '3:1' }];
  const m = (moves, more = {}) => ({ id: 'ab', game_name: 'nim', players: ['human', 'human'], moves, ...more });
  const over = m(played, { finished: true });
  // The friend's page (seat 2): the winner took their winning move back.
  assert.equal(tookBackWords(over, m(played.slice(0, 2)), [false, true]), 'Your friend took back their last move, 3:1: the game goes on.');
  assert.equal(tookBackWords(m(played.slice(0, 1)), m([]), [false, true]), 'Your friend took back their last move, 1:1.');
  // The page that took it back, one holding both seats, a computer's move, another match: nothing to say.
  assert.equal(tookBackWords(over, m(played.slice(0, 2)), [true, false]), '');
  assert.equal(tookBackWords(over, m(played.slice(0, 2)), [true, true]), '');
  assert.equal(tookBackWords(m(played, { players: ['human', 'perfect'] }), m(played.slice(0, 2), { players: ['human', 'perfect'] }), [true, false]), '');
  assert.equal(tookBackWords(over, { ...m(played.slice(0, 2)), id: 'cd' }, [false, true]), '');
  assert.equal(tookBackWords(m(played.slice(0, 2)), m(played), [false, true]), '');
  // A page watching: the seat by its name; taken back with this page's move after it; taken back and played again.
  assert.equal(tookBackWords(over, m(played.slice(0, 2)), [false, false]), 'Player 1 took back their last move, 3:1: the game goes on.');
  assert.equal(tookBackWords(m(played.slice(0, 2)), m([]), [false, true]), 'Your friend took back their move 1:1 and yours after it.');
  assert.equal(tookBackWords(m(played.slice(0, 1)), m([{ player: 0, move: '2:1' }]), [false, true]), 'Your friend took back their last move, 1:1.');
  // The Thue builder's move as the move list says it.
  const thue = (moves) => ({ id: 't', game_name: 'thue', players: ['human', 'human'], moves });
  assert.equal(tookBackWords(thue([{ player: 0, move: '1' }]), thue([]), [false, true]), 'Your friend took back their last move, gap 1.');
});

test('droppedNote says the two choices, the rule they break and which is kept', () => {
  assert.equal(droppedNote('take 2 tokens from heap 1', 'take 4 tokens from heap 2', 'wythoff(piles=5;8)'),
    '“Take 2 tokens from heap 1” and “take 4 tokens from heap 2” are not one move (a move from both heaps takes the same number from each): only “take 4 tokens from heap 2” is chosen.');
  assert.match(droppedNote('x', 'y', 'wythoff(piles=5;8,a=2)'), /numbers that differ by less than 2\)/);
  assert.match(droppedNote('x', 'y', 'nimk(piles=3;4;5;6,k=2)'), /\(a move takes from at most 2 heaps\)/);
  assert.match(droppedNote('x', 'y', 'nim(piles=3;4;5)'), /\(a move takes from one heap\)/);
  assert.equal(droppedNote('cell 3', 'cell 5', 'nim2d(n=4)'), '“Cell 3” and “cell 5” are not one move: only “cell 5” is chosen.');
});

test('droppedNote speaks of placing in Building Nim’s building phase, of taking in its Nim phase', () => {
  // The student's audit: “… are not one move (a move takes from one heap)” while tokens were placed.
  assert.equal(droppedNote('place a token on heap 3', 'place a token on heap 2', 'buildingnim(heaps=3,tokens=10)', 'building'),
    '“Place a token on heap 3” and “place a token on heap 2” are not one move (a move places one token): only “place a token on heap 2” is chosen.');
  assert.match(droppedNote('take 1 token from heap 1', 'take 2 tokens from heap 2', 'buildingnim(heaps=3,tokens=10)', 'nim'), /\(a move takes from one heap\)/);
});

test('roundsText scores the Thue game’s two rounds as the source does: more painter points wins', () => {
  // Round 2: the computer builds (seat 0), you paint (seat 1); round 1 was the other way round.
  const m = { players: ['greedy', 'human'], roles: ['builder', 'painter'], view: { status: { points: 4 } } };
  const opp = [{ bot: 'greedy', title: 'Greedy' }];
  assert.equal(roundsText(m, { points: 3 }, [false, true], opp),
    'You scored 4 points as painter in round 2, the computer (Greedy) scored 3 points as painter in round 1: you win the match.');
  assert.equal(roundsText(m, { points: 5 }, [false, true], opp),
    'You scored 4 points as painter in round 2, the computer (Greedy) scored 5 points as painter in round 1: the computer (Greedy) wins the match.');
  assert.match(roundsText(m, { points: 4 }, [false, true], opp), /: the match is a tie\.$/);
  const friends = { players: ['human', 'human'], roles: ['builder', 'painter'], view: { status: { points: 1 } } };
  assert.equal(roundsText(friends, { points: 2 }, [true, true], []),
    'The first round’s builder scored 1 point as painter in round 2, the first round’s painter scored 2 points as painter in round 1: the first round’s painter wins the match.');
});

test('refusedMoveWords gives the rules’ reason without the API’s “illegal move X:”', () => {
  // The student's audit: “That move was refused: illegal move green: green is not in the drawn list {red, blue}”.
  assert.equal(refusedMoveWords('illegal move green: green is not in the drawn list {red, blue}'),
    'That move was refused: green is not in the drawn list {red, blue}');
  // A move written with a colon (Nim's HEAP:COUNT) loses its notation, not the reason's colons.
  assert.equal(refusedMoveWords('illegal move 1:9: heap 1 has 3 tokens: take 1 to 3'), 'That move was refused: heap 1 has 3 tokens: take 1 to 3');
  // A refusal of another kind is said as it is.
  assert.equal(refusedMoveWords('position 7 is out of range: positions (the gaps of the word) are 0 to 1'),
    'That move was refused: position 7 is out of range: positions (the gaps of the word) are 0 to 1');
});
