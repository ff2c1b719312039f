// The match page: the board large and first, the status in words, how to
// move, the move being built, the game-over panel; beside it the move list
// (time travel) and the analysis in the game's own terms.

import { html } from '../html.js';
import { yourSeat, matchTitle, gameTitle, seedMatters, statusText, endText, moveWords, lastMoveWords, moveLabel, playedWord, moveRows, seatWho, roleName, roundsText, seedText, cap, botTitle, pageClass, howToMoveWords, saysMove, percent, codeParts, youLost, forcedWords, forcedTally, drawNoteWords, listedMoveWords, thinkingTime } from '../format.js';
import { resolve, whyNoMove } from '../moves.js';
import { interaction, parseGameString, KEYBOARD } from '../catalog.js';
import { allBars } from '../boards/heaps.js';
import { lastMove } from '../lastmove.js';
import { Board, boardContext, pPositionsOf } from './board.js';
import { AnalysisPanel, Glossary } from './analysispanel.js';
import { fracLess, reviewKey } from '../analysis.js';
import { lastMoveParts } from '../announce.js';

export function mineOf(s) {
  return [!!s.tokens[0], !!s.tokens[1]];
}

// chosen says whether move i (from 0) was a choice: not played for a
// person by the server as the only move (forced_moves: a list of one colour).
export const chosen = (m, i) => !(m.forced_moves || []).includes(i + 1);

// friendMovedLast: the last move chosen was a person's on another device (a
// seat not held here): an undo would take it back from them, so none is
// offered. (A move played for them as the only one was not theirs to choose:
// an undo of the move before it takes it with it.)
function friendMovedLast(m, mine) {
  const i = m.moves.findLastIndex((mv, j) => mv.player >= 0 && chosen(m, j));
  return i >= 0 && m.players[m.moves[i].player] === 'human' && !mine[m.moves[i].player];
}

// friendElsewhere: the other seat is a person's on another device (this page holds one seat of two
// people's). Their game over, its result stands for both: no undo is offered (the winner's undo turned
// the friend's result back into a game in progress).
const friendElsewhere = (m, mine) => mine[0] !== mine[1] && m.players.every((x) => x === 'human') && m.mode !== 'solo';

export function MatchPage({ s, act }) {
  const m = s.match;
  if (!m) {
    return html`<main class="page"><p class=${s.moveError ? 'error' : 'muted'} role="alert">${s.moveError || 'Loading the match…'}</p>
      ${s.moveError ? html`<a class="btn" href="#/">All games</a>` : null}</main>`;
  }
  const g = s.catalogue.find((x) => x.name === m.game_name) || { opponents: [], how: [], title: m.game_name };
  const shown = s.shown || m;
  const travelling = s.travelAt !== null;
  const mine = mineOf(s);
  const p = shown.to_move;
  const live = !travelling && !m.finished && p !== null && p >= 0 && mine[p] && !m.thinking && !s.busy;
  const ranked = s.analysisOn ? act.rankedFor(shown) : null;
  // Travelling, the last move is the shown position's (its parts and note come with it).
  const last = lastMove(travelling ? { ...m, last_move: shown.last_move } : m, travelling ? s.travelAt : null);
  const ctx = boardContext({ ...shown, game: m.game }, {
    live, sel: s.sel, preview: s.preview, ranked, last, pLayer: s.analysisOn, pPositions: pPositionsOf(act.analysisEntry(shown)),
    showPoints: true,
    you: yourSeat(mine),
    onPick: act.pick, onPreview: act.preview, onError: act.moveError, onTapNote: act.tapNote,
  });
  const rs = resolve(s.sel, ctx.legal, ctx.truncated);
  const words = selectionWords(s.sel, rs, shown.view, m.game_name);
  const cvc = m.players.every((x) => x !== 'human');
  // The last move's line, in the words the announcer says it (announce.js) when it comes from the other side.
  const lp = last ? lastMoveParts(m, last, shown.view, mine, g.opponents) : null;
  const forced = forcedWords(m, last, mine, g.opponents);
  const drawn = drawNoteWords(m, mine, g.opponents);
  const status = statusText(m, travelling ? { at: s.travelAt } : { control: !!s.controlToken }, mine, g.opponents);
  const since = s.thinkingSince ? (performance.now() - s.thinkingSince) / 1000 : 0;
  const secs = thinkingTime(m, since);
  return html`<main class=${`page match-page ${pageClass(m.game)}`}>
    <div class="play-col">
      <header class="match-head">
        <h1 id="match-title">${matchTitle(m, g)}</h1>
        <p class="seats">${[0, 1].map((q) => html`<span class=${`seat seat${q}${p === q && !m.finished ? ' to-move' : ''}`}>
          <span class=${`dot own${q}`} aria-hidden="true"></span>${roleName(m, q)}: ${m.players[q] === 'human' ? (mine[0] && mine[1] ? (m.mode === 'solo' ? 'you (both roles)' : 'a player here') : cap(seatWho(m, q, mine, g.opponents))) : `The computer (${botTitle(m.players[q], g.opponents)})`}</span>`)}
          ${seedMatters(m, g) ? html`<span class="seed">seed <code id="seed">${seedText(m)}</code></span>` : null}</p>
        ${drawn ? html`<p class="draw-note" id="draw-note">${drawn}</p>` : null}
      </header>
      <p id="status" class=${`status${m.finished && !travelling ? ' over' : ''}${youLost(m, mine) ? ' lost' : ''}`} role="status" aria-live="polite">${status}</p>
      ${s.connection ? html`<p class="error" role="alert">${s.connection}</p>` : null}
      ${s.tookBack && s.tookBack.id === m.id && s.tookBack.at === m.moves.length && !travelling ? html`<p class="last-line took-back" id="took-back" role="status">${s.tookBack.text}</p>` : null}
      ${m.thinking && !travelling ? html`<p class="thinking-line"><progress class="thinking" max="1" value=${m.thinking.limit ? Math.min(1, (m.thinking.elapsed + since) / m.thinking.limit) : 0} aria-label="Thinking time used"></progress>
        ${secs ? html`<span class="muted small" id="think-secs">${secs}</span>` : null}</p>` : null}
      ${m.finished && !travelling ? GameOver({ m, mine, g, act, s }) : null}
      ${live ? html`<p class="howto" id="howto">${howTo(g, m, shown, p)}</p>` : null}
      ${last && !m.finished && forced ? html`<p class="last-line forced-note" id="last-line">${forced}</p>` : null}
      ${lp && !m.finished && !forced ? html`<p class="last-line muted" id="last-line">Last move: ${lp.who} ${lp.verb} <strong>${lp.label}</strong>${lp.words ? ` (${lp.words})` : ''}.${lp.note ? html` <span class="move-note" id="move-note">${lp.note}</span>` : null}</p>` : null}
      ${m.bot_note && !travelling ? html`<p class="note bot-note" id="bot-note"><strong>The computer’s note on move ${m.bot_note.move}:</strong> ${codeParts(m.bot_note.text).map((c) => (c.code ? html`<code>${c.text}</code>` : c.text))}</p>` : null}
      ${Board({ pos: { ...shown, game: m.game }, ctx, big: true })}
      ${live ? MoveBar({ s, rs, words, act, hint: act.hintText(shown), why: rs.valid ? '' : whyNoMove(s.sel, shown.view, m.game_name), note: act.tapNoteFor(shown) }) : null}
      ${s.moveError ? html`<p class="error" role="alert" id="move-error">${s.moveError}</p>` : html`<p class="error" role="alert" id="move-error"></p>`}
      ${travelling ? html`<p class="travel" id="travel">${s.travelAt === 0 ? `Showing the start, before move 1 of ${m.moves.length}.` : `Showing the position after move ${s.travelAt} of ${m.moves.length}.`}
        <button type="button" class="btn primary" id="live" onClick=${() => act.travel(null)}>Back to the game</button></p>` : null}
      <div class="controls">
        ${mine[0] || mine[1] ? html`<button type="button" class="btn" id="undo" disabled=${travelling || !m.moves.some((mv, i) => mine[mv.player] && chosen(m, i)) || friendMovedLast(m, mine) || (m.finished && friendElsewhere(m, mine))}
          title=${m.finished && friendElsewhere(m, mine) ? 'The game is over: its result stands for both of you. Rematch to play again.' : undefined} onClick=${act.undo}>${mine[0] && mine[1] ? 'Undo the last move' : 'Undo my move'}</button>` : null}
        <label class="switch"><input type="checkbox" role="switch" id="analysis-on" checked=${s.analysisOn} onChange=${(e) => act.setAnalysis(e.currentTarget.checked)} />
          <span class="switch-track" aria-hidden="true"></span> Analysis</label>
        ${cvc && !m.finished ? (s.controlToken ? ComputerControls({ m, s, act })
          : html`<span class="muted small" id="cvc-note">${m.paused ? 'Paused by' : 'Paced by'} the browser that started this match: it alone pauses, steps and sets the speed.</span>`) : null}
        <button type="button" class="btn" id="copy-link" onClick=${act.copyLink}>Copy link</button>
        ${shown.position ? html`<a class="btn" id="study-this" href=${`#/study?game=${encodeURIComponent(m.game)}&position=${encodeURIComponent(shown.position)}`}>Study this position</a>` : null}
        ${!m.finished ? html`<button type="button" class="btn" onClick=${() => act.openDialog(m.game, cvc ? 'watch' : mine[0] && mine[1] ? 'friend' : 'computer')}>New game</button>` : null}
        ${!m.finished && m.mode !== 'solo' && mine[0] && mine[1] && m.players.every((x) => x === 'human')
          ? html`<button type="button" class="btn" id="invite" onClick=${() => act.invite(1)}>Invite a friend on another device</button>` : null}
      </div>
      ${s.invited && s.invited.id === m.id && !m.finished ? (m.moves.slice(s.invited.moves).some((mv) => mv.player === s.invited.seat)
        ? FriendPlays({ m, inv: s.invited, act }) : Invited({ m, inv: s.invited, act })) : null}
      ${s.note ? html`<p class="note" role="status">${s.note}</p>` : null}
      ${(mine[0] || mine[1]) && !m.finished ? TypeMove({ shown, act, disabled: !live && !(mine[p] && !travelling) }) : null}
      ${Rules(g, m)}
    </div>
    <aside class="side-col">
      ${MoveList({ m, s, act })}
      ${AnalysisPanel({ s, act, m, shown, ranked, live, g, mine })}
    </aside>
  </main>`;
}

// movesLine says how many moves the game took (n, counted as the move list
// and "move 18 of 36" count them), how many of them chance drew (drawn), and
// where to look at them; over says the rules ended it (not a stop).
export function movesLine(n, drawn, over) {
  if (n === 0) return over ? 'No move was possible: the game was over from its start.' : 'No move was played.';
  const chance = drawn > 0 ? `, ${drawn} of them drawn by chance` : '';
  return `${n === 1 ? '1 move' : `${n} moves`}${chance}. Step back through them in the move list to see what each position was worth.`;
}

// TypeMove is the form to type a move as the move list writes it: the way
// to play where the board cannot (heaps too large to draw), in a match and
// on the study board.
export function TypeMove({ shown, act, disabled }) {
  const example = (shown.legal_moves && shown.legal_moves[0] && shown.legal_moves[0].move) || '';
  return html`<details class="type-move"><summary>Type a move</summary>
    <form onSubmit=${(e) => { e.preventDefault(); act.typedMove(e.currentTarget.elements.move.value); }}>
      <label class="field"><span>A move as the move list writes it${example ? html`, e.g. <code>${example}</code>` : ''}</span>
        <input name="move" type="text" autocomplete="off" spellcheck="false" placeholder=${example} /></label>
      <button type="submit" class="btn" disabled=${disabled}>Play it</button>
    </form></details>`;
}

/**
 * Rules is the game's rules in one sentence (the server's for the game v
 * plays, with its parameters; else the gallery card's), closed under the
 * board's controls (where it moves no board): what wins, for a person who
 * came by a link and never saw the card; and where the words of the
 * theory are said (Glossary).
 */
export function Rules(g, v) {
  const rules = (v && v.rules) || (g && g.rules); // the game's own (its squares or overlaps, its misère play), else its type's
  return rules ? html`<details class="rules" id="rules"><summary>Rules of ${gameTitle(v && v.game, g, v && v.title)}</summary><p>${rules}</p>${Glossary()}</details>` : null;
}

// howTo says how to move: the game's own words (the server's, with its k,
// a or placement rule), then how a move is made on this page.
function howTo(g, m, shown, p) {
  const kind = shown.view ? shown.view.kind : g.board;
  const words = howToMoveWords(m, p, g);
  const bars = allBars(shown.view && shown.view.heaps);
  const how = `${words} ${interaction(g.name, kind, p, g.name === 'wythoff' && kind === 'grid', bars)}`.trim();
  return bars ? how : html`${how} <span class="keys">${KEYBOARD}</span>`;
}

/**
 * selectionWords says the move chosen on the board in words: the legal move
 * it makes when complete, else its parts so far (a split in the board's
 * order, as tapped).
 */
export function selectionWords(sel, rs, view, gameName) {
  if (!sel.length) return '';
  const left = (sel.find((pk) => pk.leftSize !== undefined) || {}).leftSize;
  return moveWords(rs.complete && rs.complete.parts ? rs.complete.parts : sel.flat(), view, gameName, { left });
}

/**
 * MoveBar is the chosen move in words with Play and Clear (a match's and
 * the study board's); with hint (a string, '' for none yet: a match, the
 * analysis on or off: a student who used Hint looks for it when the
 * analysis is switched on) a Hint button and the hint's words; why says
 * why a choice is no move, where the page knows (2D Nim's cells:
 * whyNoMove); note, what to tap after a tap that made no move
 * (act.tapNote).
 */
export function MoveBar({ s, rs, words, act, hint = null, why = '', note = '' }) {
  const ready = !!rs.complete;
  const text = !s.sel.length ? 'Choose on the board.' : ready ? `Your move: ${words}.` : rs.valid ? `${cap(words)}… add more, or change it.` : `${cap(words)}: not a move${why ? ` (${why})` : ''}.`;
  return html`<div class="move-bar" aria-live="polite">
    <span id="move-words">${text}</span>
    ${s.selNote && s.sel.length ? html`<span class="sel-note" id="sel-note">${s.selNote}</span>` : null}
    ${note && !s.sel.length ? html`<span class="sel-note tap-note" id="tap-note">${note}</span>` : null}
    <button type="button" class="btn primary" id="play-move" disabled=${!ready || s.busy} onClick=${act.playSelected}>Play</button>
    <button type="button" class="btn" id="clear" disabled=${!s.sel.length} onClick=${act.clear}>Clear</button>
    ${hint !== null ? html`<button type="button" class="btn" id="hint" onClick=${act.hint}>Hint</button>` : null}
    ${hint ? html`<span class="hint-text" id="hint-text"><strong>Hint:</strong> ${hint}</span>` : null}
  </div>`;
}

// Invited shows the link that hands a seat to a friend on another device.
function Invited({ m, inv, act }) {
  return html`<div class="note invited" id="invited" role="status">
    <p>Your friend plays as <strong>${roleName(m, inv.seat)}</strong> from their device with this link${inv.copied ? ' (copied)' : ''}; their moves appear here as they make them.</p>
    <input type="text" id="invite-link" readonly value=${inv.url} aria-label="The link for your friend" onFocus=${(e) => e.currentTarget.select()} />
    ${inv.here ? html`<p class="small">This server listens on this computer only: for other devices, start it with <code>kombi serve --addr :8080</code>, which prints the addresses they open.</p>` : null}
    <p><button type="button" class="btn" id="invite-back" onClick=${() => act.invite(inv.seat, true)}>Play both seats here again (the link stops working)</button></p>
  </div>`;
}

// FriendPlays says, once the friend has moved (the link no longer needed),
// who plays the seat, and keeps the way to take it back.
function FriendPlays({ m, inv, act }) {
  return html`<p class="note invited small" id="friend-plays">Your friend plays as <strong>${roleName(m, inv.seat)}</strong> from their device.
    <button type="button" class="btn" id="take-seat" onClick=${() => act.invite(inv.seat, true)}>Take their seat back</button></p>`;
}

function GameOver({ m, mine, g, act, s }) {
  const e = endText(m, mine, g.opponents);
  const round1 = m.game_name === 'thue' ? act.round1Of(m.id) : null;
  const canRematch = true;
  return html`<section class=${`game-over${youLost(m, mine) ? ' lost' : ''}`} id="result" aria-labelledby="result-h">
    <h2 id="result-h" tabindex="-1">${e.headline}</h2>
    ${e.detail ? html`<p>${e.detail}</p>` : null}
    ${forcedTally(m, mine, g.opponents) ? html`<p id="forced-tally">${forcedTally(m, mine, g.opponents)}</p>` : null}
    <p class="muted">${movesLine(m.moves.length, m.moves.filter((mv) => mv.player < 0).length, !!(m.view && m.view.status && m.view.status.over))}</p>
    ${round1 ? html`<p id="rounds"><strong>The match:</strong> ${roundsText(m, round1, mine, g.opponents)}</p>` : null}
    <div aria-live="polite">${Review({ r: s.reviews.get(reviewKey(m)), act, game: m.game, moves: m.moves, length: m.length || (m.view && m.view.word ? m.view.word.symbols.length : 0) })}</div>
    <div class="over-actions">
      ${canRematch ? html`<button type="button" class="btn primary" id="rematch" onClick=${act.rematch}>${act.secondRound(m) ? 'Round 2: roles swapped' : `Rematch${m.players[0] !== m.players[1] ? ' (seats swapped)' : ''}`}</button>` : null}
      <button type="button" class="btn" id="new-game" onClick=${() => act.openDialog(m.game, m.players.every((x) => x !== 'human') ? 'watch' : mine[0] && mine[1] ? 'friend' : 'computer')}>New game</button>
      <a class="btn" href="#/">All games</a>
      <a class="btn" id="download-record" href=${`/api/matches/${m.id}/record`} download=${`kombi-${m.game_name}-${m.id}.json`}
        title="The match's record as JSON: kombi replay FILE --step plays it again in a terminal">Download the record</a>
    </div>
  </section>`;
}

/**
 * Review says where a game the person here lost turned (state.reviews, see
 * review in app.js): the last of their moves that let a win go (see
 * turningPoint), the moves that kept it, and a way to see that position
 * with its analysis.
 */
export function Review({ r, act, game, moves = null, length = 0 }) {
  const spec = parseGameString(game || '');
  const gameName = spec.name;
  // Wythoff's game on the queen's board says a move as the queen's ("move the queen 5 squares south").
  const view = spec.args.view === 'queen' ? { grid: {} } : null;
  if (!r || r.status === 'off') return null;
  if (r.status === 'looking') return html`<p class="review muted" id="review">Looking for where the game turned…</p>`;
  if (r.status === 'never') return html`<p class="review" id="review">At none of your turns was there a move to win or draw: against perfect play this game was lost from its start.</p>`;
  if (r.status === 'undecided') return html`<p class="review muted" id="review">Where the game turned could not be decided in the analysis' time.</p>`;
  // A move in its notation and in words ("5,0 (take 5 tokens from heap 1)"); alone where the words only repeat it ("take 5").
  const said = (move, parts) => {
    // Words from the notation where it says more than the parts without the position (a split's heap size), else from the parts.
    // A colour's notation is its name, which the parts without the position's view cannot say: none added.
    const words = lastMoveWords(lastMove({ game, moves: [{ player: 0, move }] }), view, gameName)
      || (parts.some((p) => p.kind === 'color') ? '' : moveWords(parts, null, gameName));
    // The notation as the move list shows it ("gap 0" for a Thue builder's move, not a bare 0 like a symbol).
    const shown = moveLabel(gameName, r.seat ?? 0, move, { inLine: true });
    // Words that are only the verb and the move ("take 95", "name 5") add nothing to "you took 95"; a 2D Nim cell's do
    // ("24 (colour cell 24)").
    const bare = !words || words === move || (saysMove(words, move) && words.split(' ').length <= 2);
    return bare ? html`<strong>${shown}</strong>` : html`<strong>${shown}</strong> (${words})`;
  };
  // The verb of the game's moves, as the last move's line has it: a Szemerédi player took 24, the namer named 5,
  // the colourer coloured 1 blue (the number named before, from the match's moves; "it" without them); the others played.
  const reviewed = r.tp ? r.tp.at : r.cc && r.cc.worst ? r.cc.worst.at : null; // the move the review names
  const seatVerb = playedWord(gameName, r.seat ?? 0, moves && reviewed !== null ? lastMove({ game, moves }, reviewed + 1) : null);
  const verb = seatVerb === 'coloured' ? 'coloured it' : seatVerb;
  if (r.status === 'weighing' || r.status === 'weighed') return WeighedReview({ r, act, said, verb, target: Number(spec.args.target || 0), length });
  const { at, nth, played, playedParts, kept: what = 'win', better, betterParts } = r.tp;
  const kept = better.length === 1 ? html`${said(better[0], betterParts)} would have kept the ${what}`
    : html`${better.length} moves would have kept it, such as ${said(better[0], betterParts)}`;
  // The match counts every move ("Move 5" in the list's labels), the list's rows the rounds: the person's own count too.
  // (A person's nth move is in the list's nth round: a round is one move of each seat, and a draw between them.)
  const which = nth && nth !== at + 1 ? ` (your ${ordinal(nth)} move, round ${nth} in the move list)` : '';
  return html`<div class="review" id="review"><p><strong>Where it turned:</strong> at move ${at + 1}${which} you ${verb} ${said(played, playedParts)} where you could still ${what}; ${kept}.</p>
    <button type="button" class="btn" id="review-show" onClick=${() => act.showTurn(at)}>See that position with the analysis</button></div>`;
}

// WeighedReview weighs the choices of a person who lost a game valued by a
// chance or a length, or played one scored by its length (r.cc, see
// costliestChoice): the one that cost the most, or that every choice was
// the best there was; in a game of lengths, the length the word ended at
// (length) beside best play's from the person's first choice.
function WeighedReview({ r, act, said, verb, target, length }) {
  if (r.status === 'weighing') return html`<p class="review muted" id="review">Weighing your choices… (${r.weighed} so far)</p>`;
  const { kind, long, checked, undecided, start, worst, cost: lost, costly } = r.cc;
  const left = undecided ? ` (${undecided === 1 ? 'one was' : `${undecided} were`} not valued in the analysis' time)` : '';
  if (!checked) return html`<div class="review" id="review"><p class="muted">Your choices could not be valued in the analysis' time.</p>${Luck({ luck: r.luck, counting: r.counting, act })}</div>`;
  const each = checked === 1 ? 'your one choice' : `each of your ${checked} choices`;
  // The length the word ended at, where best play from the first choice ends it elsewhere (the other side's slips, or the person's).
  const ended = kind === 'length' && length && length !== start ? ` This one ended at length ${length}.` : '';
  if (!worst) {
    const then = kind === 'length' ? `from your first, best play on both sides ends the word at length ${start}.${ended}`
      : `with best play your chance was ${percent(start)} at the first, and the lists drawn decided the rest.`;
    return html`<div class="review" id="review"><p><strong>Your choices:</strong> ${each} valued was the best there was${left}; ${then}</p>${Luck({ luck: r.luck, counting: r.counting, act })}</div>`;
  }
  const { at, played, playedParts, chance, best, better, betterParts } = worst;
  const others = better.length === 1 ? said(better[0], betterParts) : html`${better.length} moves, such as ${said(better[0], betterParts)},`;
  let cost;
  if (kind === 'length' && long && worst.atOnce) cost = html`which made a repetition at once (length ${chance}), where ${others} kept the word going to length ${best}`;
  else if (kind === 'length' && long) cost = html`after which the builder could force a repetition by length ${chance}, where ${others} kept the word going to length ${best}`;
  else if (kind === 'length' && target && chance >= target) cost = html`after which the painter could reach length ${target}, the target, where ${others} forced a repetition by length ${best}`;
  else if (kind === 'length') cost = html`after which you could force a repetition only by length ${chance}, where ${others} forced it by length ${best}`;
  else cost = html`which left you ${chance.num === 0n ? 'no chance' : `a ${percent(chance)} chance`} where ${others} kept ${percent(best)}`;
  // The draws count as moves in the match's numbering ("Move 12 of 27"), not in the person's: both are said.
  const which = worst.draws ? ` (your ${ordinal(worst.nth)} move, round ${worst.nth} in the move list)` : '';
  // In a game of chance, what all the choices cost together (beside the draws' total, see Luck).
  // More than the chance at the first choice: the draws or the opponent's mistakes gave more meanwhile.
  const more = lost && start && start.num !== undefined && fracLess(start, lost);
  const all = kind === 'chance' && costly > 1 && lost ? ` In all your choices cost your chance ${(lost.value * 100).toFixed(1)} percentage points${more ? `, more than the ${percent(start)} you had at your first choice: the draws or your opponent’s mistakes gave you more along the way` : ''}.` : '';
  const whole = kind === 'length' && length ? ` From your first choice best play on both sides ends the word at length ${start}; this one ended at length ${length}.` : '';
  return html`<div class="review" id="review"><p><strong>Your costliest choice:</strong> at move ${at + 1}${which} you ${verb} ${said(played, playedParts)}, ${cost}${left}.${all}${whole}</p>
    <button type="button" class="btn" id="review-show" onClick=${() => act.showTurn(at)}>See that position with the analysis</button>${Luck({ luck: r.luck, counting: r.counting, act })}</div>`;
}

// Luck says what the draws of a game of chance did to the person's chance
// (r.luck, see luckOf): the unluckiest draw and the luckiest, what all of
// them did together, and a way to see the unluckiest with its analysis;
// while they are asked (counting), how far that is.
function Luck({ luck, counting, act }) {
  if (counting) return html`<p id="review-luck" class="muted">Counting the luck of the draws… (${counting.done} of ${counting.of})</p>`;
  if (!luck || !luck.checked) return null;
  const { checked, undecided, total, worst, best } = luck;
  const draw = (d) => html`at move ${d.at + 1}${d.round ? ` (round ${d.round} in the move list)` : ''}, where chance drew <strong>${d.drawn}</strong>: it left you ${percent(d.left)} where the lists averaged ${percent(d.before)}`;
  const points = Math.abs(total.value * 100).toFixed(1);
  const n = checked === 1 ? 'the one draw valued' : `the ${checked} draws valued`;
  const all = total.num === 0n ? `${n} left your chance where it was in all`
    : `${n} ${total.num < 0n ? 'took' : 'gave'} your chance ${points} percentage points${total.num < 0n ? ' away' : ''} in all`;
  const open = undecided ? ` (${undecided === 1 ? 'one draw was' : `${undecided} draws were`} not valued in the analysis' time)` : '';
  if (!worst && !best) return html`<p id="review-luck"><strong>Luck:</strong> no list drawn changed your chance: at ${n} every list left the same${open}.</p>`;
  return html`<p id="review-luck"><strong>Luck:</strong> ${worst ? html`the unluckiest draw was ${draw(worst)}. ` : ''}${best ? html`${worst ? 'The luckiest was' : 'the luckiest draw was'} ${draw(best)}. ` : ''}${cap(all)}${open}.</p>
    ${worst ? html`<button type="button" class="btn" id="review-luck-show" onClick=${() => act.showTurn(worst.at)}>See that draw with the analysis</button>` : null}`;
}

// ordinal writes 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st.
function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
}

function ComputerControls({ m, s, act }) {
  const speeds = [[0, 'as fast as they think'], [300, '0.3 s a move'], [700, '0.7 s a move'], [1000, '1 s a move'], [3000, '3 s a move']];
  return html`<span class="cvc">
    ${m.paused ? html`<span class="badge" id="paused-badge">Paused</span>
      <button type="button" class="btn" id="resume" onClick=${() => act.control('resume')}>Resume</button>
      <button type="button" class="btn" id="step" onClick=${() => act.control('step')}>Step</button>`
      : html`<button type="button" class="btn" id="pause" onClick=${() => act.control('pause')}>Pause</button>`}
    ${m.delay_ms !== undefined ? html`<label class="field-inline">Speed
      <select id="speed" value=${String(nearest(m.delay_ms, speeds))} onChange=${(e) => act.control('speed', Number(e.currentTarget.value))}>
        ${speeds.map(([v, t]) => html`<option value=${String(v)}>${t}</option>`)}</select></label>` : null}
  </span>`;
}

const nearest = (v, speeds) => speeds.reduce((a, [x]) => (Math.abs(x - v) < Math.abs(a - v) ? x : a), speeds[0][0]);

// moveSaid names a move of the list by its seat and its label as the list shows it (the label is
// part of the button's name: "Builder, gap 0", "chance, drawn {red, blue}"), and in words where the label is
// terse ("Player 1, 1:2 (take 2 tokens from heap 1)").
function moveSaid(m, it) {
  const only = chosen(m, it.index - 1) ? '' : `, the only ${m.game_name === 'vdwlist' ? 'colour on the list' : 'move'}, played without a choice`;
  const words = it.player === -1 ? '' : listedMoveWords(lastMove(m, it.index), m.view, m.game_name);
  return `${it.player === -1 ? 'chance' : roleName(m, it.player)}, ${moveLabel(m.game_name, it.player, it.move, { inLine: true })}${words && !saysMove(words, it.move) ? ` (${words})` : ''}${only}`;
}

function MoveList({ m, s, act }) {
  const rows = moveRows(m.moves);
  const cur = s.travelAt ?? m.moves.length;
  return html`<section class="moves-panel" aria-labelledby="moves-h">
    <h2 id="moves-h">Moves <span class="muted small keys" aria-hidden="true">(← → Home End to step)</span></h2>
    ${rows.length === 0 ? html`<p class="muted">No moves yet.</p>` : html`<ol class="moves" id="moves">
      <li class="row"><button type="button" class=${'mv start' + (cur === 0 ? ' current' : '')} data-move="0" onClick=${() => act.travel(0)}>Start</button></li>
      ${rows.map((r) => html`<li class="row"><span class="n">${r.n}.</span>
        ${r.items.map((it) => html`<button type="button" data-move=${it.index} aria-current=${cur === it.index ? 'true' : 'false'}
          class=${`mv${it.player === -1 ? ' chance' : ` by${it.player}`}${cur === it.index ? ' current' : ''}`}
          aria-label=${`Move ${it.index}: ${moveSaid(m, it)}`} title=${`Move ${it.index}: ${moveSaid(m, it)} — show the position after it`}
          onClick=${() => act.travel(it.index)}>${moveLabel(m.game_name, it.player, it.move)}</button>`)}</li>`)}
    </ol>`}
  </section>`;
}

