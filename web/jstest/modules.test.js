import { test } from 'node:test';
import assert from 'node:assert/strict';

// Every module but app.js (which starts the page) loads without a browser:
// a syntax error or a wrong import name fails here, before Chromium.
test('the view and board modules load', async () => {
  for (const m of ['html.js', 'api.js', 'state.js', 'boards/heaps.js', 'boards/grid.js', 'boards/word.js', 'boards/numbers.js',
    'boardkeys.js', 'views/board.js', 'views/match.js', 'views/study.js', 'views/gallery.js', 'views/dialog.js', 'views/pictures.js', 'views/analysispanel.js']) {
    const mod = await import(`../static/${m}`);
    assert.ok(Object.keys(mod).length > 0, `${m} exports nothing`);
  }
});

test('a board draws from a view without a browser (Preact vnodes)', async () => {
  const { Board, boardContext } = await import('../static/views/board.js');
  const pos = { game: 'nim(piles=2;3)', position: '2;3', view: { kind: 'heaps', heaps: [2, 3], status: { to_move: 0 } },
    legal_moves: [{ move: '1:2', parts: [{ kind: 'heap', value: 0 }, { kind: 'amount', value: 2 }] }] };
  const ctx = boardContext(pos, { live: true, sel: [], onPick() {} });
  const vnode = Board({ pos, ctx, big: true });
  assert.equal(vnode.props.id, 'board');
  assert.equal(vnode.props['data-kind'], 'heaps');
});

test('html typesets the words it shows but not code', async () => {
  const { html } = await import('../static/html.js');
  const p = html`<p title=${"Grundy's game"}>${"Wythoff's game"}: the assignment's copycat<code>${"'kombi records show 5'"} it's</code></p>`;
  assert.equal(p.props.title, 'Grundy’s game');
  const [title, words, code] = p.props.children;
  assert.equal(title, 'Wythoff’s game');
  assert.equal(words, ': the assignment’s copycat');
  assert.deepEqual(code.props.children, ["'kombi records show 5'", " it's"]);
});

test('html sets the solvers\' subscripts as subscripts, not in code', async () => {
  const { html, subscripted } = await import('../static/html.js');
  const p = html`<p>${'the pair (A_3, B_3) and R_p(4); a_i = 2'}<code>${'A_3'}</code></p>`;
  const [text, code] = p.props.children;
  const flat = text.map((c) => (typeof c === 'string' ? c : `<${c.type}>${c.props.children}</${c.type}>`)).join('');
  assert.equal(flat, 'the pair (A<sub>3</sub>, B<sub>3</sub>) and R<sub>p</sub>(4); a<sub>i</sub> = 2');
  assert.equal(code.props.children, 'A_3');
  // Names with underscores are no subscripts: win_in, p1_win, seed_text.
  assert.equal(subscripted('win_in, p1_win and seed_text'), 'win_in, p1_win and seed_text');
});

test('a board shows the values of moves, not the words of undecided ones', async () => {
  const { boardContext } = await import('../static/views/board.js');
  const pos = { game: 'vdwlist(k=3,colors=3,list=2,s=3)', position: '...', view: { kind: 'numbers', status: { to_move: 0 } },
    legal_moves: [1, 2, 3].map((n) => ({ move: String(n), parts: [{ kind: 'number', value: n }] })) };
  const rows = [
    { move: '1', parts: [{ kind: 'number', value: 1 }], label: '73 %', good: true },
    { move: '2', parts: [{ kind: 'number', value: 2 }], label: 'not decided' },
    { move: '3', parts: [{ kind: 'number', value: 3 }], label: 'still computing' },
  ];
  const ctx = boardContext(pos, { live: true, sel: [], onPick() {}, ranked: { rows } });
  assert.deepEqual([...ctx.values.values()], ['73 %']);
});
