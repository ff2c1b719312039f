// Kombi's browser UI: draws every board from the match's view (heaps, grid,
// word, numbers) and builds every move from the parts of the legal moves,
// so it needs nothing game-specific.

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids) if (kid != null) e.append(kid);
  return e;
};

const ui = window.kombi = {
  catalogue: [], match: null, shown: null, travelAt: null, sel: [], analysis: null,
  events: null, tokens: [null, null], legal: [],
};

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

// ---------- new-game form ----------

async function loadCatalogue() {
  ui.catalogue = await api('GET', '/api/games');
  const sel = $('game-name');
  sel.replaceChildren(...ui.catalogue.map((g) => el('option', { value: g.name, text: g.name })));
  sel.value = ui.catalogue.some((g) => g.name === 'nim') ? 'nim' : sel.value;
  sel.addEventListener('change', showParams);
  showParams();
}

function gameInfo(name) { return ui.catalogue.find((g) => g.name === name); }

function showParams() {
  const g = gameInfo($('game-name').value);
  if (!g) return;
  $('game-doc').textContent = g.doc;
  $('params').replaceChildren(...g.params.map((p) => el('label', {},
    `${p.name} `,
    el('input', { 'data-param': p.name, placeholder: p.default, title: `${p.allowed}. ${p.doc}` }),
    el('span', { class: 'doc', text: `${p.allowed}. ${p.doc}` }))));
  $('seat0-label').textContent = `P1 (${g.roles[0]})`;
  $('seat1-label').textContent = `P2 (${g.roles[1]})`;
  $('bots').replaceChildren(el('option', { value: 'human' }), ...(g.bots || []).filter((b) => b.name !== 'human')
    .map((b) => el('option', { value: b.name, label: b.doc })));
  $('solo-row').hidden = g.name !== 'thue';
}

function gameString() {
  const name = $('game-name').value;
  const args = [...document.querySelectorAll('[data-param]')]
    .filter((i) => i.value.trim() !== '')
    .map((i) => `${i.dataset.param}=${i.value.trim()}`);
  return args.length ? `${name}(${args.join(',')})` : name;
}

async function startGame(ev) {
  ev.preventDefault();
  $('form-error').textContent = '';
  const body = { game: gameString(), players: [$('seat0').value.trim(), $('seat1').value.trim()] };
  const seed = $('seed').value.trim();
  if (seed !== '') body.seed = Number(seed);
  if (!$('solo-row').hidden && $('solo').checked) body.mode = 'solo';
  try {
    const m = await api('POST', '/api/matches', body);
    localStorage.setItem('kombi:' + m.id, JSON.stringify(m.seat_tokens || [null, null]));
    location.hash = '#/m/' + m.id;
  } catch (e) {
    $('form-error').textContent = e.message;
  }
}

async function loadRecent() {
  try {
    const { matches } = await api('GET', '/api/matches?limit=10');
    $('recent').replaceChildren(...matches.map((m) => el('li', {},
      el('a', { href: '#/m/' + m.id, text: `${m.game} — ${m.players.join(' vs ')}` }),
      el('span', { class: 'doc', text: m.finished ? ` (${m.moves} moves, over)` : ` (${m.moves} moves)` }))));
  } catch (e) { /* the list is a convenience */ }
}

// ---------- opening a match ----------

async function route() {
  const m = location.hash.match(/^#\/m\/([0-9a-f]+)$/);
  if (ui.events) { ui.events.close(); ui.events = null; }
  if (!m) { $('play').hidden = true; loadRecent(); return; }
  const id = m[1];
  ui.tokens = JSON.parse(localStorage.getItem('kombi:' + id) || '[null,null]');
  ui.travelAt = null; ui.sel = []; ui.analysis = null;
  try {
    show(await api('GET', `/api/matches/${id}`));
  } catch (e) {
    $('play').hidden = false;
    $('status').textContent = e.message;
    return;
  }
  ui.events = new EventSource(`/api/matches/${id}/events`);
  ui.events.addEventListener('state', (e) => { const m = JSON.parse(e.data); if (ui.travelAt === null) show(m); else { ui.match = m; drawMoves(); } });
  ui.events.addEventListener('thinking', (e) => drawThinking(JSON.parse(e.data)));
}

function mySeats() { return [0, 1].filter((p) => ui.tokens[p]); }
function seatName(p) { return p === 0 ? 'P1' : p === 1 ? 'P2' : p === -1 ? 'chance' : ''; }
function canMove(m) { return ui.travelAt === null && !m.finished && m.to_move !== null && ui.tokens[m.to_move] && !m.thinking; }

function show(m) {
  const old = ui.match;
  if (old && old.id === m.id && old.server === m.server && m.version < old.version) return; // an older answer
  const prevMoves = ui.match && ui.match.id === m.id ? ui.match.moves.length : -1;
  ui.match = m;
  if (ui.travelAt === null) ui.shown = m;
  if (prevMoves !== m.moves.length) { ui.sel = []; ui.analysis = null; }
  $('play').hidden = false;
  draw();
  if ($('analysis-on').checked && !ui.analysis && canAnalyse(m)) fetchAnalysis();
}

// ---------- drawing ----------

function draw() {
  const m = ui.match, v = ui.shown;
  $('title').replaceChildren(el('h2', { text: m.game }), el('p', { class: 'doc', text: `P1 (${m.roles[0]}): ${m.players[0]} · P2 (${m.roles[1]}): ${m.players[1]} · seed ${m.seed}` }));
  $('reopen').href = '#/m/' + m.id;
  drawStatus(v);
  ui.legal = (v.legal_moves || []).map((lm) => ({ ...lm, parts: lm.parts || [], picks: picksOf(lm.parts || []) }));
  drawBoard(v);
  drawPalette(v);
  drawMoves();
  drawThinking(m.thinking);
  const cvc = m.players.every((p) => p !== 'human');
  $('pause').hidden = !cvc || m.finished || m.paused;
  $('resume').hidden = !cvc || m.finished || !m.paused;
  $('step').hidden = !cvc || m.finished || !m.paused;
  $('undo').disabled = mySeats().length === 0 || ui.travelAt !== null;
  $('travel').hidden = ui.travelAt === null;
  $('travel-at').textContent = ui.travelAt;
  updatePlayButton();
  drawAnalysis();
}

function drawStatus(v) {
  const m = ui.match, st = (v.view && v.view.status) || {};
  const s = $('status');
  s.replaceChildren();
  const res = $('result');
  if (m.finished && ui.travelAt === null) {
    res.hidden = false;
    let text = m.winner === null || m.winner === undefined ? 'Draw.' : `${seatName(m.winner)} (${m.roles[m.winner]}, ${m.players[m.winner]}) wins.`;
    if (m.reason) text += ' ' + m.reason;
    if (m.length) text += ` Length ${m.length}.`;
    if (m.high_score) text += ` Best so far: ${m.high_score}.`;
    res.textContent = text;
  } else {
    res.hidden = true;
  }
  if (v.to_move === null || v.to_move === undefined) {
    s.append(el('span', { text: ui.travelAt === null ? 'Game over.' : 'Final position.' }));
  } else if (v.to_move === -1) {
    s.append('Chance draws…');
  } else {
    const p = v.to_move;
    s.append(el('span', { class: 'seat' + p, text: `${seatName(p)} (${st.role || m.roles[p]})` }), ' to move');
    if (ui.tokens[p] && ui.travelAt === null) s.append(el('strong', { text: ' — your move' }));
    else if (m.players[p] !== 'human') s.append(` — ${m.players[p]}`);
  }
  if (st.phase) s.append(el('span', { class: 'doc', text: ` · ${st.phase}` }));
  if (st.draw && st.draw.length) s.append(el('span', { text: ` · list drawn: {${st.draw.join(', ')}}` }));
  if (st.counter !== undefined && st.counter !== null) s.append(el('span', { text: ` · COUNTER = [ ${st.counter} ]` }));
}

function drawThinking(t) {
  const box = $('thinking');
  if (!t || ui.travelAt !== null) { box.hidden = true; return; }
  box.hidden = false;
  $('thinking-text').textContent = t.queued ? `${seatName(t.seat)} (${t.bot}) waits for a search slot…` : `${seatName(t.seat)} (${t.bot}) is thinking… ${t.elapsed.toFixed(1)} s`;
  $('thinking-bar').value = t.limit > 0 ? Math.min(1, t.elapsed / t.limit) : 0;
}

function drawBoard(v) {
  const b = $('board');
  const view = v.view;
  if (!view) { b.replaceChildren(el('pre', { text: v.position || '' })); return; }
  const lit = new Set((view.status.highlight || []).map(Number));
  const live = canMove(ui.match);
  switch (view.kind) {
    case 'heaps': b.replaceChildren(drawHeaps(view, live)); break;
    case 'grid': b.replaceChildren(drawGrid(view, live, lit)); break;
    case 'word': b.replaceChildren(drawWord(view, live, lit)); break;
    case 'numbers': b.replaceChildren(drawNumbers(view, live, lit)); break;
    default: b.replaceChildren(el('pre', { text: v.position || '' }));
  }
}

function drawHeaps(view, live) {
  const box = el('div', { class: 'heaps' });
  view.heaps.forEach((size, h) => {
    const row = el('div', { class: 'heap', 'data-heap': h }, el('span', { class: 'heap-label', text: `heap ${h + 1}` }));
    const shown = Math.min(size, 60);
    for (let j = 0; j < shown; j++) {
      row.append(el('button', { class: 'token', 'data-heap': h, 'data-token': j, disabled: !live, title: `heap ${h + 1}, token ${j + 1}`,
        onclick: () => clickToken(h, j, size) }));
    }
    row.append(el('span', { class: 'count', text: size > shown ? `${size} tokens (first ${shown} shown)` : `${size}` }));
    if (size === 0 && live && ui.legal.some((lm) => lm.picks.includes(`heap:${h}`))) {
      row.append(el('button', { class: 'token', 'data-heap': h, 'data-token': 0, title: `put a token on heap ${h + 1}`, onclick: () => clickToken(h, 0, 0), text: '+' }));
    }
    box.append(row);
  });
  return box;
}

function drawGrid(view, live, lit) {
  const g = view.grid;
  const box = el('div', { class: 'grid', style: `grid-template-columns: repeat(${g.cols}, auto)` });
  g.cells.forEach((c, i) => {
    const r = Math.floor(i / g.cols), col = i % g.cols;
    const cls = ['cell', c.owner >= 0 ? 'own' + c.owner : '', r === col && g.rows === g.cols ? 'diag' : '', lit.has(i) ? 'lit' : ''].join(' ');
    box.append(el('button', { class: cls, 'data-cell': i, text: c.label || '', disabled: !live || c.blocked, title: `cell ${i + 1} (row ${r + 1}, column ${col + 1})`,
      onclick: () => togglePick([{ kind: 'cell', value: i }]) }));
  });
  return box;
}

function drawWord(view, live, lit) {
  const w = view.word;
  const box = el('div', { class: 'word' });
  const gapLive = live && ui.legal.some((lm) => lm.parts[0] && lm.parts[0].kind === 'gap');
  for (let i = 0; i <= w.symbols.length; i++) {
    box.append(el('button', { class: 'gap', 'data-gap': i, disabled: !gapLive, title: `position ${i}`, onclick: () => setPick([{ kind: 'gap', value: i }]) }));
    if (i < w.symbols.length) {
      const s = w.symbols[i];
      box.append(el('span', { class: `sym s${s % 8}${lit.has(i) ? ' lit' : ''}`, 'data-index': i, text: String(s) }));
    }
  }
  return box;
}

function drawNumbers(view, live, lit) {
  const box = el('div', { class: 'numbers' });
  for (const n of view.numbers) {
    const taken = n.owner >= 0 || n.color >= 0;
    const cls = ['num', taken ? 'taken' : '', n.color >= 0 ? 's' + (n.color % 8) : n.owner >= 0 ? 's' + n.owner : '', lit.has(n.n) ? 'lit' : ''].join(' ');
    const playable = live && ui.legal.some((lm) => lm.picks.includes(`number:${n.n}`));
    box.append(el('button', { class: cls, 'data-number': n.n, text: String(n.n), disabled: !playable,
      title: n.color >= 0 ? view.colors[n.color] : taken ? seatName(n.owner) : 'free', onclick: () => setPick([{ kind: 'number', value: n.n }]) }));
  }
  return box;
}

function drawPalette(v) {
  const pal = $('palette');
  pal.replaceChildren();
  if (!canMove(ui.match)) return;
  const view = v.view || {};
  for (const kind of ['symbol', 'color']) {
    const values = [...new Set(ui.legal.flatMap((lm) => lm.parts.filter((p) => p.kind === kind).map((p) => p.value)))].sort((a, b) => a - b);
    for (const val of values) {
      const name = kind === 'color' && view.colors ? view.colors[val] : String(val);
      pal.append(el('button', { class: `s${val % 8}`, ['data-' + kind]: val, text: name, onclick: () => setPick([{ kind, value: val }]) }));
    }
  }
}

function drawMoves() {
  const m = ui.match;
  const list = $('moves');
  list.replaceChildren(...m.moves.map((mv, i) => el('li', {
    class: (mv.player === -1 ? 'chance ' : '') + (ui.travelAt === i + 1 ? 'current' : ''), 'data-move': i + 1,
    title: 'show the position after this move', onclick: () => travel(i + 1),
    text: mv.player === -1 ? `chance: ${mv.move}` : `${seatName(mv.player)}: ${mv.move}`,
  })));
}

// ---------- building a move from its parts ----------

const PRIMARY = new Set(['heap', 'cell', 'gap', 'number', 'symbol', 'color']);

// picksOf groups a move's parts into what one click chooses: a primary part
// with the parts that qualify it (a heap with its amount or split).
function picksOf(parts) {
  const picks = [];
  for (const p of parts) {
    if (PRIMARY.has(p.kind) || picks.length === 0) picks.push([p]);
    else picks[picks.length - 1].push(p);
  }
  return picks.map((pk) => pk.map((p) => `${p.kind}:${p.value}`).join('|')).sort();
}

const pickKey = (parts) => parts.map((p) => `${p.kind}:${p.value}`).join('|');
const selKeys = () => ui.sel.map(pickKey).sort();

function contains(big, small) {
  const left = [...big];
  for (const k of small) { const i = left.indexOf(k); if (i < 0) return false; left.splice(i, 1); }
  return true;
}

function matches() {
  const sel = selKeys();
  const exact = ui.legal.filter((lm) => lm.picks.length === sel.length && contains(lm.picks, sel));
  const more = ui.legal.filter((lm) => lm.picks.length > sel.length && contains(lm.picks, sel));
  return { exact, more };
}

function clickToken(h, j, size) {
  const mine = ui.legal.flatMap((lm) => lm.picks.filter((k) => k === `heap:${h}` || k.startsWith(`heap:${h}|`)));
  const cands = size === 0 ? [`heap:${h}`] : [`heap:${h}|amount:${size - j}`, `heap:${h}|split:${j + 1}`, `heap:${h}|split:${size - j - 1}`, `heap:${h}`];
  const k = cands.find((c) => mine.includes(c));
  if (!k) { $('move-error').textContent = `No legal move takes that token of heap ${h + 1}.`; return; }
  ui.sel = ui.sel.filter((p) => p[0].kind !== 'heap' || p[0].value !== h);
  ui.sel.push(k.split('|').map((s) => { const [kind, value] = s.split(':'); return { kind, value: Number(value) }; }));
  afterPick();
}

function togglePick(parts) {
  const k = pickKey(parts);
  const i = ui.sel.findIndex((p) => pickKey(p) === k);
  if (i >= 0) ui.sel.splice(i, 1); else ui.sel.push(parts);
  afterPick();
}

function setPick(parts) {
  ui.sel = ui.sel.filter((p) => p[0].kind !== parts[0].kind);
  ui.sel.push(parts);
  afterPick();
}

function afterPick() {
  $('move-error').textContent = '';
  const { exact, more } = matches();
  if (exact.length === 0 && more.length === 0) {
    $('move-error').textContent = 'No legal move is made of that choice.';
    ui.sel.pop();
  } else if (exact.length === 1 && more.length === 0) {
    return submit(exact[0]);
  }
  markChosen();
  updatePlayButton();
}

function markChosen() {
  document.querySelectorAll('.chosen').forEach((e) => e.classList.remove('chosen'));
  for (const pick of ui.sel) {
    const p = pick[0];
    let sel = null;
    if (p.kind === 'heap') {
      const size = ui.shown.view.heaps[p.value];
      const amt = pick.find((q) => q.kind === 'amount');
      const from = amt ? size - amt.value : 0;
      for (let j = from; j < size; j++) document.querySelector(`.token[data-heap="${p.value}"][data-token="${j}"]`)?.classList.add('chosen');
      continue;
    }
    if (p.kind === 'cell') sel = `[data-cell="${p.value}"]`;
    if (p.kind === 'gap') sel = `[data-gap="${p.value}"]`;
    if (p.kind === 'number') sel = `[data-number="${p.value}"]`;
    if (p.kind === 'symbol') sel = `[data-symbol="${p.value}"]`;
    if (p.kind === 'color') sel = `[data-color="${p.value}"]`;
    if (sel) document.querySelector(sel)?.classList.add('chosen');
  }
}

function updatePlayButton() {
  const { exact } = matches();
  $('play-move').disabled = !canMove(ui.match) || ui.sel.length === 0 || exact.length !== 1;
}

async function submit(lm) {
  const m = ui.match;
  ui.sel = [];
  try {
    show(await api('POST', `/api/matches/${m.id}/moves`, { move: lm.move }, ui.tokens[m.to_move]));
  } catch (e) {
    $('move-error').textContent = e.message;
    draw();
  }
}

// ---------- time travel, undo, computer control ----------

async function travel(n) {
  const m = ui.match;
  if (n >= m.moves.length) { return live(); }
  ui.travelAt = n; ui.sel = [];
  ui.shown = await api('GET', `/api/matches/${m.id}?at=${n}`);
  draw();
}

function live() { ui.travelAt = null; ui.shown = ui.match; ui.sel = []; draw(); }

async function undo() {
  const m = ui.match;
  const seats = mySeats();
  let seat = seats[0];
  for (const mv of m.moves) if (seats.includes(mv.player)) seat = mv.player;
  try { show(await api('POST', `/api/matches/${m.id}/undo`, undefined, ui.tokens[seat])); } catch (e) { $('move-error').textContent = e.message; }
}

async function control(action) {
  try { show(await api('POST', `/api/matches/${ui.match.id}/control`, { action })); } catch (e) { $('move-error').textContent = e.message; }
}

// ---------- analysis ----------

function canAnalyse(m) { return !m.finished && m.to_move !== null && m.to_move !== -1 && ui.travelAt === null; }

async function fetchAnalysis() {
  const m = ui.match;
  const at = m.moves.length;
  $('analysis').hidden = false;
  $('analysis').textContent = 'Analysing…';
  try {
    const an = await api('GET', `/api/matches/${m.id}/analysis?time=2s`);
    if (ui.match.id === m.id && ui.match.moves.length === at) { ui.analysis = an; drawAnalysis(); }
  } catch (e) {
    $('analysis').textContent = 'Analysis: ' + e.message;
  }
}

const RANK = { win: 3, draw: 2, unknown: 1, loss: 0 };

function drawAnalysis() {
  const box = $('analysis');
  const on = $('analysis-on').checked;
  document.querySelectorAll('.win,.loss,.draw,.unknown').forEach((e) => e.classList.remove('win', 'loss', 'draw', 'unknown'));
  if (!on || !ui.analysis || ui.travelAt !== null) { if (!on) box.hidden = true; return; }
  box.hidden = false;
  const an = ui.analysis;
  const byMove = new Map(ui.legal.map((lm) => [lm.move, lm]));
  const best = new Map();
  for (const mv of an.moves) {
    const lm = byMove.get(mv.move);
    if (!lm) continue;
    for (const pk of lm.parts) {
      const key = elementFor(pk, lm);
      if (!key) continue;
      const old = best.get(key);
      if (!old || RANK[mv.outcome] > RANK[old.outcome]) best.set(key, mv);
    }
  }
  for (const [sel, mv] of best) {
    const e = document.querySelector(sel);
    if (e) { e.classList.add(mv.outcome); e.title = `${mv.move}: ${mv.outcome}${mv.value !== null ? ', value ' + mv.value : ''}`; if (e.classList.contains('gap') && mv.value !== null) e.textContent = mv.value; }
  }
  const rows = an.moves.map((mv) => el('tr', { 'data-analysis-move': mv.move, onclick: () => { const lm = byMove.get(mv.move); if (lm && canMove(ui.match)) submit(lm); } },
    el('td', { text: mv.move }), el('td', { class: 'o-' + mv.outcome, text: mv.outcome }), el('td', { text: mv.value === null ? '' : String(mv.value) })));
  box.replaceChildren(el('table', {}, el('thead', {}, el('tr', {}, el('th', { text: 'move' }), el('th', { text: `outcome for ${seatName(an.player)}` }), el('th', { text: 'value after' }))), el('tbody', {}, ...rows)),
    an.complete ? '' : el('p', { class: 'doc', text: 'Moves marked unknown were not decided in the time allowed.' }));
}

function elementFor(p, lm) {
  switch (p.kind) {
    case 'heap': {
      const size = ui.shown.view.heaps[p.value];
      const q = lm.parts[lm.parts.indexOf(p) + 1];
      const j = q && q.kind === 'amount' ? size - q.value : q && q.kind === 'split' ? q.value - 1 : 0;
      return `.token[data-heap="${p.value}"][data-token="${Math.max(0, j)}"]`;
    }
    case 'cell': return `[data-cell="${p.value}"]`;
    case 'gap': return `[data-gap="${p.value}"]`;
    case 'number': return `[data-number="${p.value}"]`;
    case 'symbol': return `#palette [data-symbol="${p.value}"]`;
    case 'color': return `#palette [data-color="${p.value}"]`;
    default: return null;
  }
}

// ---------- wiring ----------

$('new-game').addEventListener('submit', startGame);
$('play-move').addEventListener('click', () => { const { exact } = matches(); if (exact.length === 1) submit(exact[0]); });
$('clear').addEventListener('click', () => { ui.sel = []; markChosen(); updatePlayButton(); });
$('undo').addEventListener('click', undo);
$('live').addEventListener('click', live);
$('pause').addEventListener('click', () => control('pause'));
$('resume').addEventListener('click', () => control('resume'));
$('step').addEventListener('click', () => control('step'));
$('analysis-on').addEventListener('change', () => { if ($('analysis-on').checked && !ui.analysis && canAnalyse(ui.match)) fetchAnalysis(); drawAnalysis(); });
window.addEventListener('hashchange', route);
loadCatalogue().then(route).catch((e) => { $('form-error').textContent = 'Cannot load the games: ' + e.message; });
