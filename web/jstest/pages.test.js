import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Board, boardContext } from '../static/views/board.js';
import { vnodes, classOf, textOf, panel } from './tree.js';

// The pages' words beyond the moves (the titles and rules of Wythoff's
// queen, the seed, a tap that makes no move, the glossary, the cards'
// pictures), as a student who played every game found them wanting.

test('the two Szemerédi cards draw their own progression: three red numbers for k = 3, four for k = 4', async () => {
  const { Picture } = await import('../static/views/pictures.js');
  const red = (game) => vnodes(Picture({ game, board: 'numbers' })).filter((v) => v.type === 'circle' && /\bpic-R\b/.test(classOf(v))).map((v) => v.props['data-n']);
  assert.deepEqual(red('ap(x=20,k=3)'), [8, 11, 14]);
  assert.deepEqual(red('ap(x=30,k=4)'), [3, 11, 19, 27]);
  // Each a progression, under its arc from its first number to its last.
  for (const [game, r] of [['ap(x=20,k=3)', [8, 11, 14]], ['ap(x=30,k=4)', [3, 11, 19, 27]]]) {
    assert.ok(r.every((n, i) => i < 2 || n - r[i - 1] === r[1] - r[0]), `${game}: ${r} is a progression`);
    const arc = vnodes(Picture({ game, board: 'numbers' })).find((v) => v.type === 'path');
    const circles = vnodes(Picture({ game, board: 'numbers' })).filter((v) => v.type === 'circle');
    const at = (n) => circles.find((c) => c.props['data-n'] === n).props.cx;
    assert.match(arc.props.d, new RegExp(`^M ${at(r[0])} 36 Q [\\d.]+ [\\d.]+ ${at(r[r.length - 1])} 36$`));
  }
});

// The catalogue's entry of Wythoff's game as GET /api/games sends it (its words from games/wythoff).
const wythoff = {
  name: 'wythoff', title: 'Wythoff’s game', rules: 'Take any number of tokens from one heap, or the same number from both heaps (with a > 1: numbers differing by less than a); whoever takes the last token wins.',
  chance: false, params: [{ name: 'a', kind: 'int' }, { name: 'piles', kind: 'text', doc: 'exactly two heap sizes X;Y (the queen’s column and row)' }, { name: 'view', kind: 'enum', values: ['heaps', 'queen'] }],
  variants: [{ title: 'Wythoff’s game', game: 'wythoff(piles=5;8)', rules: 'Take from one heap, or the same number from both; the last token wins.' },
    { title: 'Wythoff’s queen', game: 'wythoff(piles=7;9,view=queen)', rules: 'Move the queen west, south or south-west any distance; whoever reaches the corner wins.' }],
  opponents: [], roles: ['first', 'second'],
};

test('Wythoff’s queen is called so, with the queen’s square and rules, wherever the board is hers', async () => {
  // The student's audit: the page titled "Wythoff's game — heaps 7, 9 · queen board", the dialog "Wythoff's game" with
  // the heaps' rules, when the card said "Wythoff's queen".
  const { matchTitle, gameTitle, gameRules, subtitle } = await import('../static/format.js');
  const m = { game: 'wythoff(a=1,piles=7;9,view=queen)', title: 'Wythoff’s game' };
  assert.equal(matchTitle(m, wythoff), 'Wythoff’s queen — queen at (7, 9)');
  assert.equal(subtitle(m.game, { start: true }), 'queen started at (7, 9)');
  assert.equal(gameRules(m.game, wythoff), 'Move the queen west, south or south-west any distance; whoever reaches the corner wins.');
  // The heaps keep their words.
  assert.equal(matchTitle({ game: 'wythoff(a=1,piles=7;9,view=heaps)', title: 'Wythoff’s game' }, wythoff), 'Wythoff’s game — heaps 7, 9');
  assert.equal(gameTitle('wythoff(piles=5;8)', wythoff), 'Wythoff’s game');
  assert.equal(gameRules('wythoff(piles=5;8)', wythoff), wythoff.rules);
  assert.equal(matchTitle({ game: 'wythoff(a=2,piles=3;4,view=queen)' }, wythoff), 'Wythoff’s queen — queen at (3, 4) · a = 2');
  // The dialog: the queen's title and rules above the fields, her square where the heaps were.
  const { Dialog, newDialog } = await import('../static/views/dialog.js');
  const { normCatalogue } = await import('../static/catalog.js');
  const catalogue = normCatalogue([wythoff]);
  const dlg = (game) => Dialog({ s: { dialog: newDialog(catalogue, game, 'computer'), catalogue }, act: {} });
  const rules = (v) => textOf(vnodes(v).find((x) => x.props && x.props.id === 'dlg-rules'));
  assert.equal(rules(dlg('wythoff(piles=7;9,view=queen)')), 'Wythoff’s queen: Move the queen west, south or south-west any distance; whoever reaches the corner wins.');
  assert.equal(rules(dlg('wythoff(piles=5;8)')), wythoff.rules);
  const fieldText = (v) => textOf(vnodes(v).find((x) => x.props && x.props.for === 'param-piles'));
  assert.match(fieldText(dlg('wythoff(piles=7;9,view=queen)')), /^The queen’s square \(column;row\)/);
  assert.match(fieldText(dlg('wythoff(piles=5;8)')), /^Heaps/);
});

test('a seed is shown where it changes something: chance, a parameter it draws, a computer choosing at random', async () => {
  // The student's audit: a seed in games with no chance at all (Nim, Grundy's game, Wythoff's game against Perfect).
  const { seedMatters } = await import('../static/format.js');
  const nim = { name: 'nim', chance: false, params: [{ name: 'piles' }, { name: 'misere' }] };
  assert.equal(seedMatters({ players: ['human', 'perfect'] }, nim), false);
  assert.equal(seedMatters({ players: ['human', 'human'] }, nim), false);
  assert.equal(seedMatters({ players: ['alphabeta(depth=8)', 'perfect'] }, nim), false);
  assert.equal(seedMatters({ players: ['human', 'random'] }, nim), true, 'the random player draws its moves from it');
  assert.equal(seedMatters({ players: ['nesting(level=1,ties=random)', 'human'] }, nim), true);
  assert.equal(seedMatters({ players: ['human', 'perfect'] }, { name: 'vdwlist', chance: true, params: [] }), true);
  assert.equal(seedMatters({ players: ['human', 'perfect'] }, { name: 'thue', chance: false, params: [{ name: 'start', random: true }] }), true);
});

test('a tap that makes no move says what to tap: the queen’s squares, the Thue word’s symbols', async () => {
  // The student's audit: a symbol tapped where the builder chooses a gap, a square the queen cannot reach: nothing.
  const { queenNote } = await import('../static/boards/grid.js');
  const { wordNote } = await import('../static/boards/word.js');
  assert.equal(queenNote('3,6', '7,9'), 'The queen cannot reach (3, 6): tap a square marked ← ↓ or ↙.');
  assert.equal(queenNote('7,9', '7,9'), 'The queen stands on (7, 9): tap a square marked ← ↓ or ↙.');
  assert.equal(wordNote(false), 'The word’s symbols are no move: tap a gap (▾) between them or at an end, where the next symbol goes.');
  assert.equal(wordNote(true), 'The word’s symbols are no move: tap a symbol under the word to paint the gap chosen (?).');
  // The move bar says it while nothing is chosen.
  const { MoveBar } = await import('../static/views/match.js');
  const bar = MoveBar({ s: { sel: [], selNote: '', busy: false }, rs: { complete: null, valid: true }, words: '', act: {}, note: queenNote('3,6', '7,9') });
  assert.equal(textOf(vnodes(bar).find((v) => v.props && v.props.id === 'tap-note')), 'The queen cannot reach (3, 6): tap a square marked ← ↓ or ↙.');
  // Board pieces call onTapNote: a symbol of the word while the builder is to move.
  const pos = { game: 'thue(alphabet=3)', position: '1', view: { kind: 'word', word: { symbols: [1], alphabet: 3 }, status: { to_move: 0 } },
    legal_moves: [0, 1].map((g) => ({ move: String(g), parts: [{ kind: 'gap', value: g }] })) };
  let said = '';
  const ctx = boardContext(pos, { live: true, sel: [], onPick() {}, onTapNote: (t) => { said = t; } });
  vnodes(Board({ pos, ctx, big: true })).find((v) => v.props && v.props['data-index'] === 0).props.onClick();
  assert.equal(said, wordNote(false));
});

test('the rules and the analysis link to the glossary of the sources document', async () => {
  // The student's audit: the sources document has "Words used: a glossary" (its anchor: #glossary, study/sources), and
  // no game page linked to it.
  const { Rules } = await import('../static/views/match.js');
  const links = (v) => vnodes(v).filter((x) => x.type === 'a').map((a) => [a.props.href, textOf(a)]);
  assert.deepEqual(links(Rules({ title: 'Nim', rules: 'Take…' }, { game: 'nim(piles=3;4;5)', rules: 'Take any number of tokens from one heap.' })),
    [['/sources/#glossary', 'Words used: a glossary']]);
  const nim = { game: 'nim(piles=1;2)', position: '1;2', roles: ['first', 'second'], to_move: 0, view: { kind: 'heaps', heaps: [1, 2], status: { to_move: 0 } },
    legal_moves: [{ move: '2:1', parts: [{ kind: 'heap', value: 1 }, { kind: 'amount', value: 1 }] }] };
  const an = { player: 0, measure: { kind: 'grundy' }, complete: true, pending: false, nodes: 1, seconds: 0, moves: [{ move: '2:1', outcome: 'win', value: 0, best: true, parts: nim.legal_moves[0].parts }] };
  assert.deepEqual(links(await panel(nim, an)), [['/sources/#glossary', 'Words used: a glossary']]);
});

test('a glossary link followed before the sources document is written says where the glossary will be', async () => {
  const { glossaryNote } = await import('../static/format.js');
  assert.match(glossaryNote('#glossary', false), /^You followed a link to its glossary, “Words used”: it opens the document, once written/);
  assert.match(glossaryNote('#glossary-grundy', false), /glossary/);
  assert.equal(glossaryNote('#glossary', true), '');
  assert.equal(glossaryNote('#thue', false), '');
  assert.equal(glossaryNote('', false), '');
});
