// Kombi's browser UI: the router, the actions (API calls that change the
// state) and the one render of the whole page from the state.

import { html, render } from './html.js';
import { state, set, subscribe } from './state.js';
import * as api from './api.js';
import { normCatalogue, parseGameString } from './catalog.js';
import { choose, resolve, partsOf, picksOf, keysOf } from './moves.js';
import { rank, cacheKey, hintFor, turningPoint, costliestChoice, luckOf, reviewKey, reviewSeat } from './analysis.js';
import { Gallery } from './views/gallery.js';
import { Dialog, newDialog, dialogGame, dialogPlayers, checkDialog, refusal } from './views/dialog.js';
import { MatchPage, mineOf } from './views/match.js';
import { StudyPage } from './views/study.js';
import { MatchesPage } from './views/matches.js';
import { queenXY, moveWords, droppedNote, inviteBase, typeset, tookBackWords, refusedMoveWords, gameTitle } from './format.js';
import { setupProblem } from './setup.js';
import { toward, PIECES } from './boardkeys.js';
import { arrivedText, undoneText, openedText } from './announce.js';

const root = document.getElementById('app');
root.textContent = '';
let closeEvents = null;
let thinkTimer = null;

// ---------- the announcer ----------

// The page's announcer (index.html's #announce): a polite live region there
// from the page's start, outside what the render redraws, so that a screen
// reader says each change of it. It says what a sighted player sees come:
// the other side's move and the draws (announce.js arrivedText), the end,
// a take-back, a match's opening (the keyboard audit, findings 1, 2, 19).
const announcer = document.getElementById('announce');
function say(text) {
  if (!announcer || !text) return;
  const t = typeset(text);
  // The same words again (the same move twice in a row) are still a change to say: a no-break space toggled.
  announcer.textContent = announcer.textContent === t ? t + '\u00a0' : t;
}

// opponentsOf is the catalogue's opponents of match m's game (their titles name the computer).
const opponentsOf = (m) => (state.catalogue.find((g) => g.name === m.game_name) || {}).opponents || [];

// opening: the match started on this page (Start, Rematch), whose opening is said once it shows.
let opening = null;

// ---------- seat tokens, kept in this browser ----------

function loadTokens(id) {
  try {
    const v = JSON.parse(localStorage.getItem('kombi:' + id) || 'null');
    if (Array.isArray(v)) return { seats: v, control: null };
    if (v && Array.isArray(v.seats)) return v;
  } catch { /* a damaged entry: no tokens */ }
  return { seats: [null, null], control: null };
}

// heldSeats says, for each match listed, which seats this browser holds
// (a seat token kept here): the lists say "you" for them.
function heldSeats(rows, held = {}) {
  const out = { ...held };
  for (const m of rows) out[m.id] = loadTokens(m.id).seats.map((t) => !!t);
  return out;
}

function saveTokens(id, seats, control) {
  try { localStorage.setItem('kombi:' + id, JSON.stringify({ seats, control: control || null })); } catch { /* private mode */ }
}

// ---------- routing ----------

function parseHash() {
  const h = location.hash || '#/';
  let m = h.match(/^#\/m\/([0-9a-f]+)(?:\?at=(\d+))?$/);
  if (m) return { page: 'match', id: m[1], at: m[2] ? Number(m[2]) : null };
  // An invitation: a seat's token, kept here and taken out of the address (see invite).
  m = h.match(/^#\/m\/([0-9a-f]+)\?seat=([12])&token=([0-9A-Za-z_-]+)$/);
  if (m) return { page: 'match', id: m[1], at: null, join: { seat: Number(m[2]) - 1, token: m[3] } };
  m = h.match(/^#\/matches(?:\?(.*))?$/);
  if (m) {
    const q = new URLSearchParams(m[1] || '');
    return { page: 'matches', game: q.get('game') || '', state: q.get('state') || '' };
  }
  m = h.match(/^#\/study\?(.*)$/);
  if (m) {
    const q = new URLSearchParams(m[1]);
    return { page: 'study', game: q.get('game') || 'nim', position: q.get('position') || '' };
  }
  return { page: 'home' };
}

async function route() {
  const r = parseHash();
  if (closeEvents) { closeEvents(); closeEvents = null; }
  eventsPaused = false;
  if (announcer) announcer.textContent = '';
  set({ route: r, sel: [], moveError: '', moveOffline: false, preview: null, note: '', streaming: false });
  if (r.page === 'home') {
    set({ match: null, shown: null, travelAt: null, study: null });
    document.title = 'Kombi — play, study and solve combinatorial games';
    api.recent().then((x) => set({ recent: x.matches || [], held: heldSeats(x.matches || [], state.held) })).catch(() => {});
    return;
  }
  if (r.page === 'study') return openStudyRoute(r);
  if (r.page === 'matches') return listMatches(r);
  let claimed = '';
  if (r.join) {
    // The link's token is traded for this device's own: the link then plays no more (a second device that opens
    // it is refused, where both played the seat before).
    history.replaceState(null, '', `#/m/${r.id}`);
    try {
      const got = await api.seatToken(r.id, r.join.seat, r.join.token);
      const held = loadTokens(r.id);
      held.seats[got.seat] = got.token;
      saveTokens(r.id, held.seats, held.control);
    } catch (e) {
      claimed = e.status === 403 ? 'This invitation was used on another device already, or its seat taken back: ask for a new link. You can watch the game here.' : `The invitation could not be taken: ${e.message}`;
    }
  }
  const t = loadTokens(r.id);
  // A match shows the analysis as the person last chose in a match (the study board's own default is not saved).
  set({ match: null, shown: null, travelAt: null, tokens: t.seats, controlToken: t.control, analysisOn: savedAnalysis() });
  try {
    const m = await api.getMatch(r.id);
    if (parseHash().id !== r.id) return; // the person went elsewhere meanwhile
    showMatch(m);
    if (opening === m.id) {
      // Started here: what was drawn (2D Nim's coin) and the computer's first move, where it came before the page.
      opening = null;
      say(openedText(m, mineOf(state), opponentsOf(m)));
    }
    if (claimed) set({ note: claimed });
    if (pendingInvite && pendingInvite.id === m.id) {
      const { seat } = pendingInvite;
      pendingInvite = null;
      await invite(seat);
    }
    document.title = typeset(`${gameTitle(m.game, state.catalogue.find((g) => g.name === m.game_name), m.title)} — Kombi`);
  } catch (e) {
    set({ moveError: e.status === 404 ? 'No such match on this server: it may have been played on another one, or removed.' : e.message });
    return;
  }
  // The stream sends the current state first, then every change; it reconnects by itself.
  // streaming: whether the match's event stream is open now (the browser reopens a stream cut short).
  openEvents(r.id);
  if (r.at !== null) travel(r.at);
}

// openEvents opens the event stream of match id (closing the page's other).
function openEvents(id) {
  if (closeEvents) closeEvents();
  eventsPaused = false;
  // Back after a cut: the words on the cut go, and those on a move that could not be sent with them.
  const back = () => set({ connection: '', ...(state.moveOffline ? { moveError: '', moveOffline: false } : {}) });
  closeEvents = api.watch(id, (m) => { if (state.connection || state.moveOffline) back(); showMatch(m); }, (t2) => thinking(t2),
    () => set({ connection: 'The connection to the server was lost; trying again…', streaming: false }), () => set({ streaming: true }));
}

// A page out of sight gives its stream back, and takes it again in sight:
// a browser keeps at most six streams open to one server, so six match
// pages left in tabs (or kept for the Back button) stopped a seventh from
// loading. A reopened stream sends the match as it stands first.
let eventsPaused = false;
function pauseEvents() {
  if (!closeEvents) return;
  closeEvents();
  closeEvents = null;
  eventsPaused = true;
  set({ streaming: false });
}
function resumeEvents() {
  const r = parseHash();
  if (eventsPaused && !document.hidden && r.page === 'match' && state.match && state.match.id === r.id) openEvents(r.id);
}
document.addEventListener('visibilitychange', () => (document.hidden ? pauseEvents() : resumeEvents()));
window.addEventListener('pagehide', pauseEvents);
window.addEventListener('pageshow', resumeEvents);

// ---------- every stored match ----------

async function listMatches(r, more = false) {
  const filter = { game: r.game, state: r.state };
  const old = state.matchList;
  const rows = more && old ? old.rows : [];
  set({ match: null, shown: null, travelAt: null, study: null, matchList: { filter, rows, more: false, loading: true, error: '' } });
  if (!more) document.title = 'All matches — Kombi';
  try {
    const page = await api.matches({ ...filter, before: more && rows.length ? rows[rows.length - 1].id : '' });
    const now = parseHash();
    if (now.page !== 'matches' || now.game !== r.game || now.state !== r.state) return; // the person went elsewhere meanwhile
    set({ matchList: { filter, rows: [...rows, ...(page.matches || [])], more: !!page.more, loading: false, error: '' }, held: heldSeats(page.matches || [], state.held) });
  } catch (e) {
    set({ matchList: { filter, rows, more: false, loading: false, error: `The matches cannot be listed: ${e.message}` } });
  }
}

function filterMatches(patch) {
  const f = { ...((state.matchList || {}).filter || { game: '', state: '' }), ...patch };
  const q = new URLSearchParams();
  if (f.game) q.set('game', f.game);
  if (f.state) q.set('state', f.state);
  location.hash = '#/matches' + (q.toString() ? '?' + q : '');
}

// ---------- the match ----------

function showMatch(m) {
  const old = state.match;
  if (old && old.id === m.id && old.server === m.server && m.version < old.version) return; // an older answer
  // Moved: other moves than those shown (not only another version: a server restarted counts its versions
  // anew, and a person's choice made while it was down is still to play).
  const moved = !old || old.id !== m.id || old.moves.length !== m.moves.length || (old.version !== m.version && JSON.stringify(old.moves) !== JSON.stringify(m.moves));
  const patch = { match: m };
  if (state.travelAt === null) patch.shown = m;
  if (moved) { patch.sel = []; patch.preview = null; patch.moveError = ''; patch.showAllMoves = false; }
  // A take-back made on another device (a friend's, or a player's this page watches) is said, until the next move.
  const back = moved ? tookBackWords(old, m, mineOf(state)) : '';
  if (back) patch.tookBack = { id: m.id, at: m.moves.length, text: back };
  // Said aloud: the take-back, or the moves that came (the other side's, the draws) and the end.
  if (moved) say(back || arrivedText(old, m, mineOf(state), opponentsOf(m)));
  if (!m.thinking) stopThinking();
  else if (!thinkTimer) startThinking();
  set(patch);
  ensureAnalysis();
  if (m.finished) review(m);
}

// review looks once, for a finished match that the person playing here
// lost (the other seat won), for where it turned: the analysis of the
// position before each of the person's moves, first to last, until one
// shows a win let go (turningPoint). In a game valued by a chance or a
// length (the list-colouring game, the Thue game) every choice is weighed
// instead, for the one that cost the most (costliestChoice), and in a game
// of chance every draw, for what luck did (luckOf). A game scored by its
// length (the Thue game without a target) is reviewed for the builder who
// won it too (reviewSeat): how soon the word could have ended.
async function review(m) {
  // Kept by the moves played (not the match alone): an undo after the end and another ending is another game.
  const key = reviewKey(m);
  const seat = reviewSeat(m, mineOf(state)); // the person's: theirs when they lost, or in a game scored by length
  if (seat === null || state.reviews.has(key)) return;
  // A move the server played as the only one (a list of one colour) was no choice: not reviewed (the end's
  // panel says they were played for the person); a game with no choice of theirs has no review.
  const forced = new Set(m.forced_moves || []);
  if (forced.size && !m.moves.some((mv, i) => mv.player === seat && !forced.has(i + 1))) {
    state.reviews.set(key, { status: 'off' });
    return;
  }
  const entry = { status: 'looking', tp: null, seat };
  state.reviews.set(key, entry);
  set({});
  const analyses = new Map();
  let undecided = false;
  // An undo after the end takes moves back: the review stops (the server would refuse their analyses), and the
  // game, when it ends again, is reviewed anew.
  const gone = () => {
    const cur = state.match;
    if (cur && reviewKey(cur) === key) return false;
    state.reviews.delete(key);
    set({});
    return true;
  };
  // From the end: the turning point is the person's last move that let a win (or a draw) go (see turningPoint),
  // found there first, and the positions near the end are the quickest to analyse.
  for (let i = m.moves.length - 1; i >= 0; i--) {
    if (m.moves[i].player !== seat || forced.has(i + 1)) continue;
    if (gone()) return;
    let an;
    try { an = await api.matchAnalysis(m.id, i); } catch { undecided = true; continue; }
    const kind = an.measure && an.measure.kind;
    if (kind === 'p1_win' || kind === 'length') {
      // Still searching: asked once more, with the time an analysis may take at most.
      if (an.pending && !gone()) { try { an = await api.matchAnalysis(m.id, i, '30s'); } catch { /* left undecided */ } }
      analyses.set(i, an);
      Object.assign(entry, { status: 'weighing', weighed: analyses.size });
      set({});
      continue;
    }
    if (kind !== 'grundy' && kind !== 'outcome') { entry.status = 'off'; set({}); return; }
    if (an.pending || !an.complete) undecided = true;
    analyses.set(i, an);
    entry.tp = turningPoint(m.moves, seat, analyses);
    if (entry.tp) break;
  }
  if (entry.status === 'weighing') entry.cc = costliestChoice(m.moves, seat, analyses);
  if (gone()) return;
  entry.status = entry.cc ? 'weighed' : entry.tp ? 'found' : undecided ? 'undecided' : 'never';
  set({});
  // A game of chance: then the draws, what each list drawn did to the person's chance (luckOf). Said once
  // the choices are (the review does not wait for them), each draw asked once: one still searching then is
  // counted as not valued in the analysis' time.
  const drawAt = m.moves.map((x, i) => (x.player === -1 ? i : -1)).filter((i) => i >= 0).reverse();
  if (!entry.cc || !drawAt.length) return;
  const draws = new Map();
  entry.counting = { done: 0, of: drawAt.length };
  set({});
  for (const i of drawAt) {
    if (gone()) return;
    try { draws.set(i, await api.matchAnalysis(m.id, i)); } catch { /* not valued */ }
    entry.counting = { done: entry.counting.done + 1, of: drawAt.length };
    set({});
  }
  if (gone()) return;
  entry.luck = luckOf(m.moves, seat, draws);
  entry.counting = null;
  set({});
}

// showTurn shows the position before move i with its analysis (the review's turning point).
async function showTurn(i) {
  setAnalysis(true);
  await travel(i); // the position shown first: the page's layout is then the one to scroll in
  set({ scrollToAnalysis: true }); // the button promises the analysis: on a phone it is below the board and the moves
}

function thinking(t) {
  if (!state.match) return;
  set({ match: { ...state.match, thinking: t } });
  if (t) startThinking(); else stopThinking();
}

function startThinking() {
  state.thinkingSince = performance.now();
  if (thinkTimer) return;
  thinkTimer = setInterval(() => set({ tick: state.tick + 1 }), 100);
}

function stopThinking() {
  if (thinkTimer) { clearInterval(thinkTimer); thinkTimer = null; }
  state.thinkingSince = 0;
}

function mySeatToMove() {
  const m = state.match;
  return m && m.to_move !== null && m.to_move >= 0 ? state.tokens[m.to_move] : null;
}

async function submit(body) {
  if (state.route.page === 'study') return studyPlay(body);
  const m = state.match;
  const token = mySeatToMove();
  if (!token) { set({ moveError: 'It is not your turn.' }); return; }
  set({ busy: true, moveError: '', moveOffline: false });
  try {
    const next = await api.postMove(m.id, body, token);
    set({ busy: false, sel: [] });
    showMatch(next);
  } catch (e) {
    if (e.status === 403 && m.players.every((p) => p === 'human')) {
      // The seat's token no longer plays: the device that invited took the seat back.
      const seats = state.tokens.map((t) => (t === token ? null : t));
      saveTokens(m.id, seats, state.controlToken);
      set({ busy: false, tokens: seats, sel: [], moveError: 'Your seat was taken back by the device that invited you: you can still watch the game here.' });
      return;
    }
    set({ busy: false, moveError: notPlayed(e), moveOffline: e.status === 0 });
    // 409: the match moved on (another move came first, or the game is over): show it as it is now.
    if (e.status === 409) api.getMatch(m.id).then(showMatch).catch(() => {});
  }
}

function currentLegal() {
  const pos = state.route.page === 'study' ? state.study && state.study.pos : state.shown;
  return { legal: ((pos && pos.legal_moves) || []).map((lm) => ({ ...lm, keys: keysOf(lm.parts) })), truncated: !!(pos && pos.legal_moves_truncated), pos };
}

function pick(p, again) {
  const { legal, truncated, pos } = currentLegal();
  if (again) {
    const rs = resolve(state.sel, legal, truncated);
    if (rs.complete) { playResolved(rs); return; }
  }
  const gameName = state.route.page === 'study' ? ((pos && pos.game) || '').split('(')[0] : state.match && state.match.game_name;
  const toggles = p[0].kind === 'cell' && gameName !== 'wythoff';
  const r = choose(state.sel, p, legal, truncated, toggles);
  // A choice dropped because it makes no move with the new one is said, not silently lost.
  const dropped = r.dropped && r.dropped.length ? moveWords(r.dropped.flat(), pos && pos.view, gameName) : '';
  const game = state.route.page === 'study' ? pos && pos.game : state.match && state.match.game;
  set({ sel: r.sel, moveError: r.error ? `Not a move: ${r.error}.` : '', preview: null, tapNote: null,
    selNote: dropped ? droppedNote(dropped, moveWords(r.sel.flat(), pos && pos.view, gameName), game, pos && pos.view && pos.view.status && pos.view.status.phase) : '' });
}

function playResolved(rs) {
  const lm = rs.complete;
  if (lm.move) submit({ move: lm.move });
  else submit({ parts: lm.parts || partsOf(state.sel) });
}

function playSelected() {
  const { legal, truncated } = currentLegal();
  const rs = resolve(state.sel, legal, truncated);
  if (rs.complete) playResolved(rs);
}

function selectMove(lm) {
  set({ sel: picksOf(lm.parts), moveError: '' });
}

// ---------- time travel ----------

async function travel(n) {
  const m = state.match;
  if (!m) return;
  if (n === null || n >= m.moves.length) {
    set({ travelAt: null, shown: m, sel: [], preview: null });
    ensureAnalysis();
    return;
  }
  n = Math.max(0, n);
  set({ travelAt: n, sel: [], preview: null, showAllMoves: false });
  try {
    const past = await api.getMatch(m.id, n);
    if (state.travelAt === n) { set({ shown: past }); ensureAnalysis(); }
  } catch (e) {
    set({ moveError: e.message });
  }
}

function step(d) {
  const m = state.match;
  if (!m) return;
  const cur = state.travelAt ?? m.moves.length;
  if (d === 'home') travel(0);
  else if (d === 'end') travel(null);
  else travel(Math.min(m.moves.length, Math.max(0, cur + d)));
}

// ---------- analysis: once per position, never stale ----------

function posKey(pos) {
  if (state.route.page === 'study') return `study:${pos.game}:${pos.position}`;
  const m = state.match;
  // The position is part of the key: after an undo, move N may lead to another position.
  return `${cacheKey(m.id, pos.at ?? m.moves.length)}:${pos.position || ''}`;
}

function analysable(pos) {
  if (!pos || pos.to_move === null || pos.to_move === undefined || pos.to_move < -1) return false;
  if (state.route.page === 'study') return true;
  const m = state.match;
  const live = state.travelAt === null;
  // A chance draw: in a match's past its draws' values; the live match draws at once.
  if (pos.to_move === -1) return !live;
  // While a computer is to move in the game, it is busy searching: analyse people's positions.
  return !live || m.players[pos.to_move] === 'human' || m.paused;
}

// drawBefore is the index of the chance draw a match position follows (the
// list-colouring game's colourer to move), or null.
function drawBefore(pos) {
  const m = state.match;
  if (state.route.page === 'study' || !m || !pos || pos.to_move === -1) return null;
  const at = pos.at ?? m.moves.length;
  return at > 0 && m.moves[at - 1] && m.moves[at - 1].player === -1 ? at - 1 : null;
}

// ensureDrawLuck asks, once, the analysis of the draw the shown position
// follows: what the list drawn left against the lists' average (drawLuck).
async function ensureDrawLuck() {
  const pos = state.shown;
  const i = drawBefore(pos);
  if (i === null || !analysable(pos)) return;
  const m = state.match;
  const key = drawKey(m, i);
  if (state.draws.has(key)) return;
  state.draws.set(key, { status: 'loading' });
  // Asked only while the match still has that draw: an undo meanwhile takes it back (the server then answers
  // 400), and the moves made after it may lead to another one.
  const still = () => state.match && state.match.id === m.id && state.match.moves.length > i && drawKey(state.match, i) === key;
  let an = null;
  try {
    an = await api.matchAnalysis(m.id, i);
    // Still searching: asked once more, with the time an analysis may take at most.
    if (an.pending && still()) an = await api.matchAnalysis(m.id, i, '30s');
  } catch { /* no luck line */ }
  if (!still()) {
    state.draws.delete(key);
    return;
  }
  state.draws.set(key, an ? { status: 'ok', data: an } : { status: 'error' });
  set({});
}

// drawKey names the draw at index i of match m by the moves before it
// (after an undo the draw at i may follow other moves).
const drawKey = (m, i) => `${cacheKey(m.id, i)}:${m.moves.slice(0, i).map((x) => x.move).join(' ')}`;

// drawLuck is the analysis of the draw a match position follows and the
// index of that draw ({at, data}), once asked and answered; else null.
function drawLuck(pos) {
  const i = drawBefore(pos);
  const e = i === null ? null : state.draws.get(drawKey(state.match, i));
  return e && e.status === 'ok' ? { at: i, data: e.data } : null;
}

function ensureAnalysis() {
  if (!state.analysisOn) return;
  ensureDrawLuck();
  const pos = state.route.page === 'study' ? state.study && state.study.pos : state.shown;
  if (!analysable(pos)) return;
  const key = posKey(pos);
  const have = state.analyses.get(key);

  if (have && (have.inflight || have.waiting || have.status === 'error' || (have.status === 'ok' && !have.data.pending))) return;
  fetchAnalysis(pos, key);
}

// fetchAnalysis asks once for a position; while the server says pending it
// asks again a second after each answer (one request at a time per position).
async function fetchAnalysis(pos, key) {
  const prev = state.analyses.get(key);
  if (!prev) state.analyses.set(key, { status: 'loading', inflight: true });
  else prev.inflight = true;
  set({});
  try {
    let an;
    if (state.route.page === 'study') an = await api.positionAnalysis(pos.game, pos.position);
    // By its move number, not "the current position": a live position's answer may come after the next
    // move is made, and would then be the analysis of another position.
    else an = await api.matchAnalysis(state.match.id, pos.at ?? state.travelAt);
    if (pos.position && an.position && an.position !== pos.position) {
      state.analyses.set(key, { status: 'error', error: 'This server analyses only the current position of a match; return to the game to see its analysis.' });
    } else {
      const entry = { status: 'ok', data: an, waiting: !!an.pending };
      state.analyses.set(key, entry);
      if (an.pending) {
        setTimeout(() => {
          entry.waiting = false;
          const cur = state.route.page === 'study' ? state.study && state.study.pos : state.shown;
          if (cur && posKey(cur) === key && state.analysisOn) fetchAnalysis(cur, key);
        }, 1000);
      }
    }
  } catch (e) {
    if (!prev || prev.status !== 'ok') state.analyses.set(key, { status: 'error', error: `Analysis: ${e.message}` });
    else prev.inflight = false;
  }
  set({});
}

function analysisEntry(pos) {
  if (!pos) return null;
  return state.analyses.get(posKey(pos)) || null;
}

function rankedFor(pos) {
  const e = analysisEntry(pos);
  if (!e || e.status !== 'ok') return null;
  const name = state.route.page === 'study' ? pos.game.split('(')[0] : state.match.game_name;
  const { args } = parseGameString(state.route.page === 'study' ? pos.game : state.match.game);
  return rank(e.data, name, (pos.legal_moves || []).filter((lm) => lm.ends).map((lm) => lm.move), { lengthen: soloMatch(), rule: args.rule });
}

// soloMatch: the match shown is the Thue game's solo mode (one person, both roles, the longest word).
const soloMatch = () => state.route.page !== 'study' && !!state.match && state.match.mode === 'solo';

// hint helps a person learning the game, one step at a time: the first
// asks the analysis of the position (without showing it) and says how good
// the best move is and where to look; the next chooses that move on the
// board, to Play or to change.
async function hint() {
  const pos = state.shown;
  if (!pos || !analysable(pos)) return;
  const key = posKey(pos);
  const level = state.hint && state.hint.key === key ? Math.min(state.hint.level + 1, 2) : 1;
  set({ hint: { key, level, text: 'Looking at the moves…' } });
  // The analysis as the server has it; while it is still deepening and has no best move yet, asked again
  // every second for up to ten.
  for (let tries = 0; ; tries++) {
    const have = state.analyses.get(key);
    const ready = have && have.status === 'ok' && (!have.data.pending || rankedFor(pos).rows.some((r) => r.best));
    if (ready || (have && have.status === 'error') || tries >= 10) break;
    if (tries > 0) await new Promise((done) => setTimeout(done, 1000));
    if (!state.shown || posKey(state.shown) !== key) return; // the game moved on meanwhile
    await fetchAnalysis(pos, key);
  }
  const cur = state.shown;
  if (!cur || posKey(cur) !== key) return; // the game moved on meanwhile
  const e = state.analyses.get(key);
  if (!e || e.status !== 'ok') {
    set({ hint: { key, level, text: `No hint: ${(e && e.error) || 'the analysis failed'}.` } });
    return;
  }
  const h = hintFor(rankedFor(cur), level, cur.view, state.match.game_name, soloMatch() ? 1 : cur.to_move, { solo: soloMatch() });
  // A hint that chooses a move says so while that move is the one chosen (not after Clear or other taps).
  set({ hint: { key, level: h.move || level === 1 ? level : 1, text: h.text, chose: h.move ? JSON.stringify(picksOf(h.move.parts)) : null } });
  if (h.move) selectMove(h.move);
}

// savedAnalysis is the analysis switch as last set by the person (off by default).
function savedAnalysis() {
  try { return localStorage.getItem('kombi:analysis') === '1'; } catch { return false; }
}

function setAnalysis(on) {
  try { localStorage.setItem('kombi:analysis', on ? '1' : '0'); } catch { /* ignore */ }
  set({ analysisOn: on });
  ensureAnalysis();
}

// ---------- undo, control, rematch, links ----------

async function undo() {
  const m = state.match;
  const seats = [0, 1].filter((p) => state.tokens[p]);
  let seat = seats[0];
  // The seat of the last move chosen here (not one the server played as the only move: a list of one colour).
  const forced = new Set(m.forced_moves || []);
  m.moves.forEach((mv, i) => { if (seats.includes(mv.player) && !forced.has(i + 1)) seat = mv.player; });
  try {
    const next = await api.undo(m.id, state.tokens[seat]);
    showMatch(next);
    say(undoneText(m, next, mineOf(state), opponentsOf(m))); // the board changed without a word (the keyboard audit, finding 19)
  } catch (e) { set({ moveError: e.message }); }
}

async function control(action, delay) {
  const m = state.match;
  const body = action === 'speed' ? { action, delay_ms: delay } : { action };
  try {
    showMatch(await api.control(m.id, body, state.controlToken || state.tokens[0] || state.tokens[1]));
  } catch (e) {
    set({ moveError: e.status === 403 ? 'Only the browser that started this match can pause or speed it.' : e.message });
  }
}

async function rematch() {
  const m = state.match;
  const body = { game: m.game, players: [m.players[1], m.players[0]] };
  if (m.mode === 'solo') body.mode = 'solo';
  if (m.players.every((p) => p !== 'human')) body.delay_ms = m.delay_ms ?? 700; // the same pace
  // Played with a friend on another device (this page holds one seat of two people's): the rematch is theirs
  // too, so its page opens with the invitation for the friend's seat (the seats swapped: this page's goes
  // to the other seat) ready to send.
  const held = [0, 1].filter((p) => state.tokens[p]);
  const friendElsewhere = m.mode !== 'solo' && m.players.every((p) => p === 'human') && held.length === 1;
  try {
    const next = await api.createMatch(body);
    saveTokens(next.id, next.seat_tokens || [null, null], next.control_token);
    if (friendElsewhere) pendingInvite = { id: next.id, seat: held[0] };
    // The Thue game's match is two rounds, each player once in each role: the rematch of a first round is the
    // second, which ends with the two rounds' painter points (roundsText).
    if (secondRound(m)) {
      try { localStorage.setItem('kombi:round1:' + next.id, JSON.stringify({ id: m.id, points: Number(((m.view || {}).status || {}).points ?? 0) })); } catch { /* private mode */ }
    }
    // The new match's board takes the focus, as after Start (Rematch, gone with the old match's end, left it nowhere).
    focusOnBoard = true;
    lastFocus = null;
    opening = next.id;
    set({ scrollToBoard: true });
    location.hash = '#/m/' + next.id;
  } catch (e) {
    set({ moveError: `Rematch refused: ${e.message}` });
  }
}

// pendingInvite: a rematch with a friend on another device, whose invitation opens with it ({id, seat}).
let pendingInvite = null;

// secondRound: m's rematch is the second round of a two-round Thue match (m is a finished first round,
// played by people, not the solo mode).
const secondRound = (m) => m.game_name === 'thue' && m.finished && m.mode !== 'solo' && m.players.some((p) => p === 'human') && !round1Of(m.id);

// round1Of is the first round of the Thue match whose second round is match id ({id, points}), or null.
function round1Of(id) {
  try { return JSON.parse(localStorage.getItem('kombi:round1:' + id) || 'null'); } catch { return null; }
}

// invite hands a seat of a match played on this device by two people to a
// friend on another device: the link carries the seat's token (in the
// address's fragment, which the browser never sends to the server), and
// this browser gives the seat up; the friend's page keeps the token and
// plays that seat, each move reaching the other page as it is stored (it
// trades the link's token for one of its own: the link then plays no more).
// keep takes the seat back: the seat gets a new token, and the friend's
// stops.
async function invite(seat, keep = false) {
  const m = state.match;
  if (!m) return;
  if (keep) {
    const inv = state.invited;
    if (!inv || inv.id !== m.id) return;
    // A new token for the seat: the friend's (and the link's) stop working.
    let token = inv.token;
    try { token = (await api.seatToken(m.id, inv.seat, state.controlToken || inv.token)).token; } catch (e) { set({ moveError: `The seat could not be taken back: ${e.message}` }); return; }
    const seats = [...state.tokens];
    seats[inv.seat] = token;
    saveTokens(m.id, seats, state.controlToken);
    set({ tokens: seats, invited: null });
    return;
  }
  const token = state.tokens[seat];
  if (!token) return;
  let urls = [];
  try { urls = (await api.addresses()).urls || []; } catch { /* this page's own address, then */ }
  const { base, here } = inviteBase(urls, location.origin);
  const url = `${base}${location.pathname}#/m/${m.id}?seat=${seat + 1}&token=${token}`;
  const seats = [...state.tokens];
  seats[seat] = null;
  saveTokens(m.id, seats, state.controlToken);
  let copied = false;
  try { await navigator.clipboard.writeText(url); copied = true; } catch { /* not a secure page: the link is shown to copy */ }
  set({ tokens: seats, invited: { id: m.id, seat, token, url, copied, here, moves: m.moves.length } });
}

async function copyLink() {
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    set({ note: `Link copied: ${url}` });
  } catch {
    set({ note: `The link to this page: ${url}` });
  }
}

// ---------- the new-game dialog ----------

let focusBeforeDialog = null;

function openDialog(game, mode) {
  if (!state.catalogue.length) return;
  if (!state.dialog) focusBeforeDialog = document.activeElement;
  set({ dialog: newDialog(state.catalogue, game, mode) });
  queueMicrotask(() => requestAnimationFrame(() => { const el = document.getElementById('dlg-game'); if (el) el.focus(); }));
}

function updateDialog(patch) {
  const d = state.dialog;
  if (!d) return;
  set({ dialog: { ...d, error: '', ...(typeof patch === 'function' ? patch(d) : patch) } });
}

function closeDialog() {
  set({ dialog: null });
  // The focus goes back where it was before the dialog opened.
  const back = focusBeforeDialog;
  focusBeforeDialog = null;
  if (back && document.contains(back)) queueMicrotask(() => back.focus());
}

async function startFromDialog() {
  const d = state.dialog;
  const g = state.catalogue.find((x) => x.name === d.name);
  const why = checkDialog(g, d);
  if (why) { updateDialog({ error: why }); return; }
  const body = { game: dialogGame(g, d), players: dialogPlayers(d) };
  if (d.mode === 'solo') body.mode = 'solo';
  if (d.seed.trim() !== '') body.seed_text = d.seed.trim(); // exact, whatever its size
  if (d.mode === 'watch') body.delay_ms = 700; // a pace a person can follow; the speed control changes it
  updateDialog({ busy: true });
  try {
    const m = await api.createMatch(body);
    saveTokens(m.id, m.seat_tokens || [null, null], m.control_token);
    // The new game's board takes the focus (the button that opened the dialog is gone with its page).
    focusOnBoard = true;
    lastFocus = null;
    opening = m.id;
    set({ dialog: null, scrollToBoard: true });
    location.hash = '#/m/' + m.id;
  } catch (e) {
    updateDialog({ busy: false, error: refusal(g, body.players, e) });
  }
}

// ---------- study ----------

async function openStudy(game) {
  location.hash = `#/study?game=${encodeURIComponent(game)}`;
}

async function openStudyRoute(r) {
  set({ match: null, shown: null, travelAt: null, study: { game: r.game, position: r.position, pos: null, history: [], setup: false, error: '' } });
  if (!state.analysisOn) set({ analysisOn: true }); // the study board's default, not saved for matches
  try {
    const pos = await api.study(r.game, r.position);
    set({ study: { ...state.study, pos } });
    document.title = typeset(`Study: ${gameTitle(pos.game, state.catalogue.find((g) => g.name === pos.game_name), pos.title)} — Kombi`);
    ensureAnalysis();
  } catch (e) {
    // A position the game refuses (a link mistyped): the start of the same
    // game, when the game itself is right, is one tap away.
    let start = '';
    if (r.position) {
      try { start = (await api.study(r.game, '')).game; } catch { start = ''; }
    }
    if (state.study && state.study.game === r.game && state.study.position === r.position) {
      set({ study: { ...state.study, error: `This position cannot be studied: ${e.message}`, start } });
    }
  }
}

function studyURL(pos) {
  return `#/study?game=${encodeURIComponent(pos.game)}&position=${encodeURIComponent(pos.position || '')}`;
}

async function studyPlay(body) {
  const st = state.study;
  try {
    const pos = await api.studyMove({ game: st.pos.game, position: st.pos.position, ...body });
    set({ study: { ...st, pos, history: [...st.history, st.pos] }, sel: [], moveError: '' });
    history.replaceState(null, '', studyURL(pos));
    ensureAnalysis();
  } catch (e) {
    set({ moveError: notPlayed(e) });
  }
}

// notPlayed says why a move did not go through: the rules (or the server)
// refused it, or there was no server to send it to, which is not a refusal.
function notPlayed(e) {
  return e.status === 0
    ? 'Your move was not sent: the server cannot be reached (is kombi serve still running?). Play it again once the server is back.'
    : refusedMoveWords(e.message);
}

function studyBack() {
  const st = state.study;
  if (!st.history.length) return;
  const pos = st.history[st.history.length - 1];
  set({ study: { ...st, pos, history: st.history.slice(0, -1) }, sel: [] });
  history.replaceState(null, '', studyURL(pos));
  ensureAnalysis();
}

async function studyLoad(position) {
  const st = state.study;
  try {
    const pos = await api.study(st.pos.game, position.trim());
    set({ study: { ...st, pos, history: [...st.history, st.pos] }, sel: [], moveError: '' });
    history.replaceState(null, '', studyURL(pos));
    ensureAnalysis();
  } catch (e) {
    set({ moveError: `That position cannot be read: ${e.message}` });
  }
}

function studyToggleSetup() {
  const st = state.study;
  // The edited board is the view without its lines: the server works them out again from the position.
  const { lines, lines_open: open, ...board } = st.pos.view;
  let edit = JSON.parse(JSON.stringify(board));
  // Wythoff's queen board is set up by its two heaps, the square the queen stands on: a board of squares
  // to tap would be as large as the heaps (and the server reads the heaps as well as the queen's square).
  if (edit.kind === 'grid' && edit.grid && st.pos.game_name === 'wythoff') {
    const { x, y } = queenXY(edit.grid, Math.max(0, edit.grid.cells.findIndex((c) => c.label === 'Q')));
    edit = { kind: 'heaps', heaps: [x, y], status: edit.status };
  }
  // A board over (to move -2) is edited to be played on: Player 1 to move, as the select shows, unless the
  // person says otherwise (the server refuses a board said over that is not).
  if (edit.status && edit.status.to_move === -2) {
    const { winner, reason, ...status } = edit.status;
    edit = { ...edit, status: { ...status, to_move: 0 } };
  }
  set({ study: { ...st, setup: !st.setup, edit, setupError: '' } });
}

// studyEdit takes the edited board, or a function of the current one (edits made before the next render add up).
function studyEdit(edit) {
  const st = state.study;
  set({ study: { ...st, edit: typeof edit === 'function' ? edit(st.edit) : edit, setupError: '' } });
}

async function studyApplySetup() {
  const st = state.study;
  const problem = setupProblem(st.edit);
  if (problem) {
    set({ study: { ...st, setupError: problem } });
    return;
  }
  try {
    // The server turns the edited board into the game's position and checks it.
    const pos = await api.studySetup({ game: st.pos.game, view: st.edit });
    set({ study: { ...st, pos, setup: false, history: [...st.history, st.pos] }, sel: [] });
    history.replaceState(null, '', studyURL(pos));
    ensureAnalysis();
  } catch (e) {
    set({ study: { ...st, setupError: e.message } });
  }
}

// ---------- the actions the views call ----------

const act = {
  openDialog, updateDialog, closeDialog, startFromDialog, openStudy,
  filterMatches, moreMatches: () => listMatches(parseHash(), true), hint, invite,
  round1Of, secondRound,
  hintText: (pos) => (state.hint && pos && state.hint.key === posKey(pos) && (!state.hint.chose || state.hint.chose === JSON.stringify(state.sel)) ? state.hint.text : ''),
  pick, preview: (p) => { if ((p === null) !== (state.preview === null) || p !== state.preview) set({ preview: p }); },
  moveError: (msg) => set({ moveError: msg }),
  // A tap on the board that makes no move (a symbol of the word where the builder chooses a gap, a square the queen
  // cannot reach): what to tap instead, said on the board until the next choice or position.
  tapNote: (text) => { const { pos } = currentLegal(); set({ tapNote: pos ? { key: posKey(pos), text } : null }); },
  tapNoteFor: (pos) => (state.tapNote && pos && state.tapNote.key === posKey(pos) ? state.tapNote.text : ''),
  clear: () => set({ sel: [], moveError: '', selNote: '', tapNote: null }),
  playSelected, selectMove, travel, showTurn, undo, control, rematch, copyLink,
  setAnalysis, analysisEntry, analysable, rankedFor, drawLuck, showAllMoves: () => set({ showAllMoves: true }),
  typedMove: (text) => (text.trim() ? submit({ move: text.trim() }) : set({ moveError: 'Type a move first: the field shows one in the game’s notation.' })),
  studyBack, studyLoad, studyToggleSetup, studyEdit, studyApplySetup,
  studyDraw: (move) => studyPlay({ move }), // a chance outcome chosen on the study board
};

// ---------- the page ----------

function App(s) {
  let page;
  if (s.route.page === 'match') page = MatchPage({ s, act });
  else if (s.route.page === 'study') page = StudyPage({ s, act });
  else if (s.route.page === 'matches') page = MatchesPage({ s, act });
  else page = Gallery({ s, act });
  return html`<div class="shell">
    <header class="top">
      <a href="#/" class="brand"><img src="favicon.svg" alt="" width="28" height="28" /> Kombi</a>
      <span class="tagline">play, study and solve combinatorial games</span>
      <button type="button" class="btn primary new-btn" onClick=${() => openDialog(s.match ? s.match.game : 'nim(piles=3;4;5)', 'computer')}>New game</button>
    </header>
    ${page}
    ${s.dialog ? Dialog({ s, act }) : null}
  </div>`;
}

function draw() {
  render(App(state), root);
  keepFocus();
  keepCurrentMoveInView();
  requestAnimationFrame(() => setTimeout(keepFocus, 0)); // after the frame, where the browser moves the focus off a disabled button
  fitSide();
  if (state.scrollToAnalysis) {
    const a = document.getElementById('analysis');
    if (a) {
      state.scrollToAnalysis = false;
      showBoardAndAnalysis(a);
    }
  }
  // A match or a study board that opens (Start, a rematch, a link) shows who is to move and the board.
  const page = state.route && state.route.page;
  const opened = page === 'match' && state.match ? `m:${state.match.id}`
    : page === 'study' && state.study && state.study.pos ? `study:${state.study.pos.game}` : null;
  if (opened && (state.scrollToBoard || opened !== placed) && document.getElementById('board')) {
    state.scrollToBoard = false;
    placed = opened;
    placeTurn();
  }
  if (!opened) placed = null;
  // Each turn of the person's in a match: the board's end out from under the move bar (the last move's line above the
  // board pushes it down), while who is to move stays on the screen (not where the person scrolled to the analysis).
  // So too when the bar grows in the turn (a hint in it, the move chosen in words over two lines): it covered the
  // queen board's goal row on a phone.
  if (page === 'match' && state.match && document.querySelector('.move-bar') && document.getElementById('board')) {
    const turn = `${state.match.id}:${state.match.moves.length}`;
    const bar = document.querySelector('.move-bar').getBoundingClientRect().height;
    // Not for a tap's note (a tap on a square the queen cannot reach): the page moving under the finger sent the
    // tap's click to the square below it.
    const noted = document.getElementById('tap-note') !== null;
    if (turn !== turnShown || (bar > barShown + 1 && !noted)) {
      turnShown = turn;
      clearOfPlay(document.getElementById('board'), document.getElementById('status'));
    }
    barShown = bar;
  }
  // A game that ends on this page (a move made here or seen coming): its result in view (see showResult).
  if (page === 'match' && state.match) {
    if (!state.match.finished) playing = state.match.id;
    else if (playing === state.match.id) {
      playing = null;
      if (state.travelAt === null) showResult();
    }
  } else playing = null;
}

// placed: the match or study board placed on the screen (placeTurn) since it opened;
// turnShown: the match's position whose board clearOfPlay last kept above the move bar, barShown the bar's height then;
// playing: the match this page last drew in play (its end, when it comes, is shown: showResult).
let placed = null;
let turnShown = null;
let barShown = 0;
let playing = null;

// showResult brings the result of a game that just ended into view: on a
// phone the game-over panel comes above a board that may be taller than the
// screen (many heaps), and the person who tapped a heap low on the page saw
// the move bar go and nothing else. The page scrolls to "Game over." and the
// result where the person was following the game: the last move made here
// (the focus on the board or the move bar), or the board filling half the
// screen or all on it; not where they had scrolled to read something else
// (the moves, the analysis, the rules below the board on a phone).
// wholeOnScreen says whether the box r is all on the screen, below top (what stays at the screen's top covers it).
const wholeOnScreen = (r, top = 0) => r.top >= top && r.bottom <= window.innerHeight;

function showResult() {
  const r = document.getElementById('result');
  const b = document.getElementById('board');
  if (!r || !b) return;
  const rb = b.getBoundingClientRect();
  const seen = Math.min(rb.bottom, window.innerHeight) - Math.max(rb.top, 0);
  const following = focusOnBoard || seen >= window.innerHeight / 2 || wholeOnScreen(rb);
  if (!following) return;
  // The keyboard's focus goes to the result (from the board, whose pieces the end disabled, or from nowhere; not from
  // a control the person went to meanwhile): Rematch and New game are the next Tab (the keyboard audit, finding 2).
  const h = document.getElementById('result-h');
  const a = document.activeElement;
  if (h && (focusOnBoard || !a || a === document.body)) h.focus({ preventScroll: true });
  const under = stuckTop();
  const head = (r.querySelector('h2') || r).getBoundingClientRect();
  if (wholeOnScreen(head, under)) return; // in view already
  const st = document.getElementById('status');
  scrollToY((st && !under ? st : r).getBoundingClientRect().top, under);
}

// stuckTop is the height of what stays at the top of the screen when the
// page scrolls (the status on a short screen), which covers what is under it.
function stuckTop() {
  const st = document.getElementById('status');
  return st && getComputedStyle(st).position === 'sticky' ? st.getBoundingClientRect().height : 0;
}

// scrollToY scrolls the page so that the page's point at viewport y is at
// the top of the screen, below what stays there, with a small margin.
function scrollToY(y, under = 0) {
  window.scrollTo({ top: Math.max(0, window.scrollY + y - under - 6), behavior: 'instant' });
}

// placeTurn brings the start of a match into view: who is to move, the
// board and, below it, Play (which stays at the screen's bottom). Where the
// board starts below the middle of the screen (a short or narrow screen,
// where the title, the seats and how to move take the room above it) the
// page scrolls so that the title starts the screen, or the status where
// the board would still start below its middle.
function placeTurn() {
  const b = document.getElementById('board');
  const head = document.querySelector('.match-head');
  const st = document.getElementById('status');
  if (!b) return;
  const top = b.getBoundingClientRect().top;
  const half = window.innerHeight * 0.5;
  if (top < 0 || top > half) {
    if (head && top - head.getBoundingClientRect().top <= half) scrollToY(head.getBoundingClientRect().top);
    else if (st) scrollToY(st.getBoundingClientRect().top);
    else scrollToY(top);
  }
  clearOfPlay(b, st);
}

// clearOfPlay scrolls the board's end (a grid's last row and its column
// numbers: the queen board's goal row) out from under the move bar, which
// stays at the screen's bottom, where the whole board then fits on the
// screen below who is to move (the status stays on it).
function clearOfPlay(b, st) {
  const bar = document.querySelector('.move-bar');
  if (!bar || getComputedStyle(bar).position !== 'sticky') return;
  const end = (b.querySelector('.grid') || b).getBoundingClientRect().bottom;
  const need = end - (window.innerHeight - bar.getBoundingClientRect().height) + 6;
  if (need <= 0) return;
  const under = stuckTop();
  const room = (under ? b.getBoundingClientRect().top - under : (st || b).getBoundingClientRect().top) - 6;
  if (need <= room) window.scrollTo({ top: window.scrollY + need, behavior: 'instant' });
}

// showBoardAndAnalysis shows the position "See that position with the
// analysis" promises: beside the board, the analysis at the top of the
// screen; in one column (the analysis below the board, the controls and the
// moves), the board with its marks first, and the analysis' heading with it
// where both fit on the screen.
function showBoardAndAnalysis(a) {
  const b = document.getElementById('board');
  const ra = a.getBoundingClientRect();
  const rb = b ? b.getBoundingClientRect() : null;
  if (!rb || ra.left >= rb.right - 1) {
    if (ra.top < 0 || ra.top > window.innerHeight * 0.5) a.scrollIntoView({ block: 'start' });
    return;
  }
  const under = stuckTop();
  const head = (a.querySelector('h2') || a).getBoundingClientRect();
  const room = window.innerHeight - under - 12;
  // The status above the board too ("Move 3 of 8: looking back"), where it fits with them (and does not stay on the screen anyway).
  const st = document.getElementById('status');
  const top = st && !under ? st.getBoundingClientRect().top : rb.top;
  scrollToY(head.bottom - top <= room ? top : rb.top, under);
}

// fitSide lets the side column beside the board (the moves, the analysis)
// stay on the screen as the page scrolls only while it fits the screen: a
// taller one flows with the page (class flows, style.css), rather than
// scroll in a box of its own beside the page and the move list.
function fitSide() {
  const side = document.querySelector('.side-col');
  if (side) side.classList.toggle('flows', side.scrollHeight > window.innerHeight - 16);
}
window.addEventListener('resize', fitSide);
document.addEventListener('toggle', fitSide, true); // a section of the analysis opened or closed

subscribe(draw);

// A keyboard player's focus stays on the board: a move disables or removes
// the button it was on (on the board, or Play and Clear beside it), and the
// browser gives the focus to the body (at once, or at its next frame,
// without an event), where Tab would start again at the top of the page.
// focusOnBoard says where the focus went last, lastFocus on what; the board
// itself takes it back, not a button, whose focus would preview a move. It
// does so only where the render took the focus (its element gone or
// disabled): a person's Tab blurs a token before the next element takes
// the focus, and a render then (the preview cleared on blur) must leave
// the Tab alone (the board took it back, and Tab went from the first token
// to the board and back again, never further).
let focusOnBoard = false;
let lastFocus = null;
const inBoard = (el) => !!(el && el.closest && el.closest('#board, .move-bar, #undo')); // (Undo, disabled once used: the board then)
document.addEventListener('focusin', (e) => { focusOnBoard = inBoard(e.target); lastFocus = e.target; });
document.addEventListener('pointerdown', (e) => { if (!inBoard(e.target)) focusOnBoard = false; });

// The move list scrolls in its own box: when the move shown changes (a new
// move, a step back or forward), the list scrolls so that it is in view,
// and otherwise leaves alone a list that the person scrolled.
let movesShown = '';
function keepCurrentMoveInView() {
  const list = document.getElementById('moves');
  const cur = list && list.querySelector('.mv.current');
  const key = state.match && cur ? `${state.match.id} ${cur.dataset.move}` : '';
  if (key === movesShown) return;
  movesShown = key;
  if (!cur) return;
  const l = list.getBoundingClientRect();
  const r = cur.closest('.row').getBoundingClientRect();
  if (r.bottom > l.bottom) list.scrollTop += r.bottom - l.bottom;
  else if (r.top < l.top) list.scrollTop -= l.top - r.top;
}

function keepBoardFocus() {
  const board = document.getElementById('board');
  const taken = !lastFocus || !lastFocus.isConnected || lastFocus.disabled || lastFocus === board;
  if (!focusOnBoard || !taken || !board || (document.activeElement && document.activeElement !== document.body)) return;
  // A study's chance draw next (a number named): its Draw buttons, above the board, where Tab from the board never
  // went back to them (the keyboard audit, finding 18).
  const draw = !board.querySelector('button:not([disabled])') && document.querySelector('[data-draw]:not([disabled])');
  (draw || board).focus({ preventScroll: true });
}

// rescueFocus gives the focus that a render took away with its element
// (the focus then on the page's body, where the next Tab starts anywhere)
// to what replaced it (the keyboard audit, finding 7): the pressed button
// drawn anew (the same id), Resume for Pause and Pause for Resume, the
// analysis for "See that position with the analysis", the move shown in
// the move list for the result's panel that a step back took away (where
// ← → go on stepping), else the board (Back to the game, a study's draw,
// Back one move, a page opened by a button or a link). The board's own
// focus is keepBoardFocus's.
const SWAPS = { pause: 'resume', resume: 'pause' };
function rescueFocus() {
  const lost = lastFocus;
  const a = document.activeElement;
  if (focusOnBoard || (a && a !== document.body) || !lost || (lost.isConnected && !lost.disabled)) return;
  const byId = (id) => { const e = id ? document.getElementById(id) : null; return e && !e.disabled ? e : null; };
  let to = byId(lost.id) || byId(SWAPS[lost.id]);
  // The analysis' heading where it shows (beside the board); in one column, where the board comes first on the
  // screen and the heading below it, the board (the heading off the screen hid the focus, and the next Tab jumped).
  if (!to && /^review(-luck)?-show$/.test(lost.id)) {
    const h = byId('an-h');
    to = h && wholeOnScreen(h.getBoundingClientRect()) ? h : document.getElementById('board');
  }
  if (!to && lost.closest('#result') && state.travelAt !== null) to = document.querySelector('#moves .mv.current');
  if (!to) to = document.getElementById('board');
  if (to) to.focus({ preventScroll: true });
}

function keepFocus() {
  keepBoardFocus();
  rescueFocus();
}

// clearOfStuck scrolls the focused element out from under what stays on
// the screen as the page scrolls (the move bar at its bottom; on a short
// screen, 200 % zoom, the status at its top): the browser brings a focused
// element into the screen, not out from under them (the keyboard audit,
// finding 6), with room for its focus ring: an element of the column they
// stay in. Not for one of theirs, nor for an element taller than the room
// between them, nor for one the page focuses and places itself (tabindex
// -1: the board after a move, the result, the analysis).
function clearOfStuck(el) {
  if (!el || !el.closest || !el.closest('.play-col') || el.closest('#status, .move-bar') || el.tabIndex < 0) return;
  // Keyboard focus only: a piece clicked or tapped where it shows under the bar moved away under the pointer, and the
  // click went to the board round it (the keyboard audit's second look, N1).
  if (!el.matches(':focus-visible')) return;
  const r = el.getBoundingClientRect();
  const over = (e) => { const b = e.getBoundingClientRect(); return b.left < r.right && b.right > r.left ? b : null; };
  const stuck = (e) => e && getComputedStyle(e).position === 'sticky' && over(e);
  const st = stuck(document.getElementById('status'));
  const bar = stuck(document.querySelector('.move-bar'));
  const top = st && st.top <= 1 ? st.bottom : 0;
  const bottom = bar && bar.bottom >= window.innerHeight - 1 ? bar.top : window.innerHeight;
  if (r.height > bottom - top - 20) return;
  if (r.top < top) window.scrollBy({ top: r.top - top - 10, behavior: 'instant' });
  else if (r.bottom > bottom) window.scrollBy({ top: r.bottom - bottom + 10, behavior: 'instant' });
}
// After the frame: the browser scrolls a focused element into the screen after its focus events.
document.addEventListener('focusin', (e) => requestAnimationFrame(() => { if (document.activeElement === e.target) clearOfStuck(e.target); }));

// Keys: ← → Home End travel through the moves, except in fields and on
// the board; on the board the arrows move between its pieces (from the
// board itself, where the focus waits after a move, into it: the first
// piece, or the last with ← and ↑), Home and End to its first and last
// piece. They travelled from the board before, out of the game, its pieces
// then disabled (the keyboard audit, finding 8).
const PIECE_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
document.addEventListener('keydown', (e) => {
  const t = e.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  if (state.dialog) return;
  const board = document.getElementById('board');
  const buttons = board ? [...board.querySelectorAll('button:not([disabled])')] : [];
  // A board with no piece to choose (looking back, the game over, the other side's turn): the keys step through the
  // moves from it (a step back that took the focused button away left it on the board, where ← stopped).
  if (board && board.contains(t) && PIECE_KEYS.includes(e.key) && buttons.length) {
    if (e.altKey || e.ctrlKey || e.metaKey) return; // the browser's own (Alt+← goes back a page)
    if (t === board || e.key === 'Home' || e.key === 'End') {
      // The board's pieces: not a button beside them (Wythoff's "Also take … from heap 2", which End reached).
      const pieces = buttons.filter((b) => b.matches(PIECES));
      const ends = pieces.length ? pieces : buttons;
      const first = e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'Home';
      ends[first ? 0 : ends.length - 1].focus();
      e.preventDefault();
      return;
    }
    if (t.tagName !== 'BUTTON') return;
    // ↑ ↓ to the nearest row above or below (boardkeys.js); an arrow with nothing that way does nothing (it scrolled the page).
    const j = toward(buttons.map((b) => b.getBoundingClientRect()), buttons.indexOf(t), e.key);
    if (j >= 0) buttons[j].focus();
    e.preventDefault();
    return;
  }
  if (state.route.page !== 'match') return;
  const keys = { ArrowLeft: -1, ArrowRight: 1, Home: 'home', End: 'end' };
  if (e.key in keys) { e.preventDefault(); step(keys[e.key]); }
  if (e.key === 'Escape' && state.sel.length) set({ sel: [] });
});

window.addEventListener('hashchange', route);


// A Content-Security-Policy violation is a bug of this page: say so in the console, and keep them for tests.
window.kombiCSPViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.kombiCSPViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  console.error('CSP violation:', e.violatedDirective, e.blockedURI);
});

state.analysisOn = savedAnalysis();

api.games()
  .then((list) => { set({ catalogue: normCatalogue(list) }); return route(); })
  .catch((e) => set({ loadError: `The games cannot be loaded: ${e.message}` }));
set({});

// For tests and scripts: the state, read-only by convention.
window.kombi = state;
