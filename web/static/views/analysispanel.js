// The analysis beside the board: every move's value in the game's own
// terms, best first, with the teaching views the server's analysis sends
// (Nim's XOR table: extra.xor; Wythoff's P-positions: extra.p_positions)
// and its explanation.

import { html } from '../html.js';
import { summary, searchedText, raceNotes, drawSummary, drawWhy, luckOf } from '../analysis.js';
import { moveWords, moveLabel, saysMove, cap, roleName, explainBlocks, percent } from '../format.js';
import { parseGameString } from '../catalog.js';
import { unDrawn } from '../boards/heaps.js';

export function AnalysisPanel({ s, act, m, shown, ranked, live, g, pos }) {
  if (!s.analysisOn) {
    return html`<section class="analysis-panel" id="analysis"><h2>Analysis</h2>
      <p class="muted">Switch on Analysis to see the exact value of every move, the best ones marked on the board.</p></section>`;
  }
  const entry = act.analysisEntry(shown);
  const view = shown.view || {};
  const { name } = parseGameString((pos || m).game);
  const over = shown.to_move === null || shown.to_move === undefined;
  let body;
  // A match steps back through its moves; the study board goes back one move, when it has played one.
  const back = m ? ' Step back through the moves to see each position’s analysis.' : s.study && s.study.history.length ? ' “Back one move” returns to the position before.' : '';
  if (over) body = html`<p class="muted">The game is over at this position: nothing to analyse.${back}</p>`;
  // A live match draws at once; the study board and a match's past show what each draw leaves.
  else if (shown.to_move === -1 && !act.analysable(shown)) body = html`<p class="muted">A colour list is being drawn.</p>`;
  else if (!entry && m && !act.analysable(shown)) {
    // While a computer is to move in the game it searches alone (see analysable in app.js).
    body = html`<p class="muted">${m.players.every((x) => x !== 'human')
      ? (s.controlToken ? 'The computers are playing: pause the game to see the analysis of its positions (or step back through the moves).' : 'The computers are playing: step back through the moves to see the analysis of each position.')
      : 'The computer is choosing its move here; the analysis shows at the next person’s move.'}</p>`;
  } else if (!entry || entry.status === 'loading') body = html`<p class="muted" aria-busy="true">Analysing this position…</p>`;
  else if (entry.status === 'error') body = html`<p class="error">${entry.error}</p>`;
  else if (ranked && entry.data.player === -1) body = Draws({ entry, ranked, name, view, act: m ? null : act, drawn: m && shown.at !== undefined && (m.moves[shown.at] || {}).player === -1 ? m.moves[shown.at].move : null });
  else if (ranked) {
    const mover = ranked && entry.data.player;
    const who = cap(roleName(m || pos || { roles: [] }, mover));
    // The moves that lose at once after those that do not (the block of a Szemerédi threat first).
    const race = raceNotes(ranked.rows, view, name, mover);
    const rows = [...ranked.rows.filter((r) => !race.atOnce.has(r.move)), ...ranked.rows.filter((r) => race.atOnce.has(r.move))];
    const said = summary(entry.data, ranked, who, { marked: !(view.kind === 'heaps' && unDrawn(view)) });
    body = html`
      <p class="an-measure muted">${who} to move. Shown: ${ranked.measure.label}.</p>
      <p class="an-summary">${said}</p>
      ${m ? DrawnLuck({ m, luck: act.drawLuck(shown), seat: mover, who }) : null}
      ${entry.data.pending && !going(said) ? html`<p class="muted">Still computing: undecided moves fill in as the search deepens…</p>` : null}
      ${Teaching({ entry })}
      <ol class="an-moves">${rows.slice(0, s.showAllMoves ? 400 : 10).map((r) => {
        const lm = (shown.legal_moves || []).find((x) => x.move === r.move);
        // The move as the move list writes it ("gap 1" for the Thue builder's: a bare 1 read as a symbol), then its words.
        const code = moveLabel(name, mover, r.move);
        const words = lm ? moveWords(lm.parts, view, name, { named: code !== r.move }) : r.move;
        const tone = ranked.measure.kind === 'length' ? (r.best ? 'win' : 'plain') : r.outcome;
        // A Szemerédi move that loses at once says how; the block, what it blocks and then how soon the race ends.
        const detail = race.atOnce.has(r.move) ? race.notes.get(r.move) : [race.notes.get(r.move), r.detail].filter(Boolean).join('; ');
        return html`<li><button type="button" class=${`an-row o-${tone}${r.best ? ' best' : ''}`} data-analysis-move=${r.move}
          disabled=${!live || !lm} onClick=${() => lm && act.selectMove(lm)} aria-label=${`${saysMove(words, r.move) ? words : `${code} ${words}`} ${r.label}${detail ? ` ${detail}` : ''}${r.best ? ' (best)' : ''}`}>
          <span class="an-mark" aria-hidden="true">${r.best ? '★' : tone === 'win' ? '✓' : tone === 'loss' ? '✗' : r.outcome === 'unknown' ? '…' : '·'}</span>
          <span class="an-move">${saysMove(words, r.move) ? html`<span class="an-words">${words}</span>` : html`<code>${code}</code> <span class="muted small">${words}</span>`}</span>${' '}
          <span class="an-val">${r.label}</span>${' '}
          ${Bar(r.p)}
          ${detail ? html`<span class="an-detail muted small">${detail}</span>` : null}
        </button></li>`;
      })}</ol>
      ${rows.length > 10 && !s.showAllMoves ? html`<button type="button" class="btn" id="an-all" onClick=${act.showAllMoves}>Show all ${rows.length} moves</button>` : null}
      ${Glossary()}
      <p class="muted small" id="an-searched">${searchedText(entry.data)}</p>`;
  }
  return html`<section class="analysis-panel" id="analysis" aria-labelledby="an-h">
    <h2 id="an-h" tabindex="-1">Analysis</h2>
    ${body}
  </section>`;
}

/**
 * Glossary links to the glossary of the sources document (study/sources'
 * "Words used: a glossary", at /sources/#glossary), where the words of the
 * theory that the rules and the analysis use (P-position, Grundy value,
 * the XOR ⊕, mex) are said in plain words: under the rules and under the
 * analysis.
 */
export function Glossary() {
  return html`<p class="small glossary-link">Words such as P-position, Grundy value, ⊕ (XOR) or mex: <a href="/sources/#glossary">Words used: a glossary</a>, in the document of the five sources.</p>`;
}

// DrawnLuck says, at a position that follows a draw in a match (the
// colourer to move), what the list drawn left the mover against the lists'
// average there (luck: drawLuck's, see app.js), once that draw is
// analysed exactly.
function DrawnLuck({ m, luck, seat, who }) {
  if (!luck || (seat !== 0 && seat !== 1)) return null;
  const l = luckOf(m.moves, seat, new Map([[luck.at, luck.data]]));
  if (!l.checked) return null;
  const drawn = m.moves[luck.at].move;
  const d = l.worst || l.best;
  const said = d ? `the lists averaged ${percent(d.before)} for the ${who.toLowerCase()}; this one leaves ${percent(d.left)}: ${l.worst ? 'an unlucky' : 'a lucky'} draw`
    : 'it leaves the chance the lists averaged';
  return html`<p class="muted small" id="an-drawn-luck">Chance drew ${drawn}: ${said}.</p>`;
}

// Bar draws a chance p (0..1) as a bar; nothing for a value that is not one.
function Bar(p) {
  if (p === null || p === undefined) return null;
  return html`<span class="an-bar" aria-hidden="true"><svg viewBox="0 0 100 8" preserveAspectRatio="none"><rect x="0" y="0" width="100" height="8" class="bar-bg"></rect><rect x="0" y="0" width=${Math.round(p * 100)} height="8" class="bar-fg"></rect></svg></span>`;
}

/**
 * Draws is the analysis of a chance node: each draw with its probability
 * and player 1's chance after it (the namer's, in the list-colouring game),
 * in the order drawn, and what the draws do (drawSummary). On the study
 * board (act given) a row draws its outcome; in a match's past it shows,
 * with the draw the game made (drawn). A list some of whose colours would
 * complete a progression at the number named says so (view.completes).
 */
// going: the verdict says already that the search goes on ("Still computing…"): the line that says it
// again below is left out.
const going = (verdict) => /still computing/i.test(verdict);

function Draws({ entry, ranked, name, view, act, drawn }) {
  const p1 = name === 'vdwlist' ? 'the namer’s' : 'player 1’s';
  const { verdict, luck } = drawSummary(entry.data, ranked, name);
  const played = drawn && ranked.rows.find((r) => r.move === drawn);
  // Why a list matters: the colours of it that would complete a progression at the number named (the server's
  // view.completes).
  const n = view.status && view.status.highlight && view.status.highlight.length ? Number(view.status.highlight[0]) : null;
  const completes = n !== null && Array.isArray(view.completes) ? view.completes : null;
  const why = (r) => (completes ? drawWhy(n, (r.parts || []).filter((x) => x.kind === 'color').map((x) => x.value), completes, view.colors || []) : '');
  return html`
    <p class="an-measure muted">Chance to move. Shown: ${p1} chance of winning after each draw, with best play by both.</p>
    <p class="an-summary" id="an-draws">${verdict}</p>
    ${luck ? html`<p id="an-luck">${luck}</p>` : null}
    ${played ? html`<p id="an-drawn">This game drew ${drawn}${played.label ? `: ${p1} chance then ${played.label}` : ''}.</p>` : null}
    ${entry.data.pending && !going(verdict) ? html`<p class="muted">Still computing: undecided draws fill in as the search deepens…</p>` : null}
    <ol class="an-moves">${ranked.rows.map((r) => html`<li><button type="button" class="an-row o-chance" data-analysis-draw=${r.move} disabled=${!act}
        title=${act ? `Draw ${r.move} on the board` : ''} onClick=${() => act && act.studyDraw(r.move)}>
        <span class="an-mark" aria-hidden="true">${r.outcome === 'unknown' ? '…' : '·'}</span>
        <span class="an-move"><span class="an-words">${r.move}</span>${r.probability ? html` <span class="muted small">drawn with probability ${r.probability}</span>` : null}</span>${' '}
        <span class="an-val">${r.label}</span>${' '}
        ${Bar(r.p)}
        ${r.detail || r.move === drawn ? html`<span class="an-detail muted small">${[r.move === drawn ? 'drawn in this game' : '', why(r), r.detail].filter(Boolean).join('; ')}</span>` : null}
      </button></li>`)}</ol>
    <p class="muted small" id="an-searched">${searchedText(entry.data)}</p>`;
}

/**
 * Teaching draws what the analysis teaches besides the values, all from
 * the server's answer: Bouton's XOR table (extra.xor), Wythoff's
 * P-positions on the board (extra.p_positions) and the explanation in
 * words (closed beside the XOR table, which shows it with its reasoning).
 */
export function Teaching({ entry }) {
  if (!entry || entry.status !== 'ok') return null;
  const data = entry.data;
  const extra = data.extra || {};
  const parts = [];
  const xor = extra.xor && Array.isArray(extra.xor.rows);
  if (xor) parts.push(XORTable({ t: extra.xor, misere: extra.misere === true, why: extra.reason }));
  if (Array.isArray(extra.p_positions)) parts.push(PPositions({ ps: extra.p_positions, a: Number(extra.a || 1) }));
  if (data.explanation) {
    // The XOR table and its reasoning say what the explanation's text says: then the text starts closed.
    parts.push(html`<details class="teach" open=${!xor}><summary>How it works</summary>${Explanation(data.explanation)}</details>`);
  }
  return parts.length ? parts : null;
}

// Explanation shows the solver's text: prose in the page's font, tables and
// boards in columns, a method's steps as a list. A grid keeps its columns
// and may scroll sideways in a narrow panel: it takes the keyboard's focus
// so that the arrow keys scroll it too.
function Explanation(text) {
  return html`<div class="explain">${explainBlocks(text).map((b) => (b.kind === 'pre' ? (b.wrap ? html`<pre class="rows">${b.text}</pre>` : html`<pre tabindex="0">${b.text}</pre>`)
    : b.kind === 'steps' ? html`<ul class="steps">${b.lines.map((l) => html`<li>${l}</li>`)}</ul>` : html`<p>${b.text}</p>`))}</div>`;
}

// XORTable is Bouton's table as the Nim solver sends it: the heaps in
// binary, their XOR, the moves that leave a XOR of 0, and the solver's
// reasoning (extra.reason).
function XORTable({ t, misere, why }) {
  const moves = t.moves || [];
  const zero = Number(t.nim_sum) === 0;
  const single = moves.length === 1 && !t.more_moves;
  const ending = 'Misère: play the same until only one heap has two or more tokens; then reduce it to leave an odd number of single tokens.';
  // The page's own words, where the solver's reasoning (why) does not say it all: the reasoning explains a XOR of
  // 0, the misère endgame and one winning move (after it, the misère ending alone).
  const own = why && (zero || t.misere_endgame || single) ? ''
    : zero ? (misere ? 'The XOR is 0.' : 'The XOR is 0: every move makes it non-zero, so the player to move loses against perfect play.')
    : `The XOR is ${t.nim_sum}, not 0: ${moves.map((mv) => `take ${mv.take} from heap ${mv.heap} (${mv.from} → ${mv.to}, move ${mv.move})`).join(' or ')}${t.more_moves ? ` or ${t.more_moves} more` : ''} leaves XOR 0.${misere ? ` ${ending}` : ''}`;
  const after = why && misere && single && !zero && !t.misere_endgame ? ending : '';
  return html`<details class="teach" open><summary>Bouton’s XOR table</summary>
    <table class="xor"><thead><tr><th scope="col">Heap</th><th scope="col">Tokens</th><th scope="col">Binary</th></tr></thead><tbody>
      ${t.rows.map((r) => html`<tr><th scope="row">Heap ${r.heap}</th><td class="xn">${r.size}</td><td><code>${r.binary}</code></td></tr>`)}
      ${t.more_heaps ? html`<tr><th scope="row">…</th><td colspan="2" class="muted">${t.more_heaps} more heaps</td></tr>` : null}
      <tr class="sum"><th scope="row">XOR</th><td class="xn">${t.nim_sum}</td><td><code>${t.binary}</code></td></tr>
    </tbody></table>
    ${own ? html`<p class="small">${own}</p>` : null}
    ${why ? html`<p class="small why">${why}</p>` : null}
    ${after ? html`<p class="small">${after}</p>` : null}
  </details>`;
}

// PPositions lists Wythoff's P-positions on the board as pairs (A_n, B_n),
// A_n ≤ B_n, from the server's list (which holds each pair both ways).
function PPositions({ ps, a }) {
  const pairs = ps.map(([x, y]) => [Number(x), Number(y)]).filter(([x, y]) => x <= y && x <= 30).sort((p, q) => p[0] - q[0]);
  return html`<details class="teach"><summary><span>Wythoff’s P-positions (A<sub>n</sub>, B<sub>n</sub>)</span></summary>
    <p class="small">A<sub>n</sub> is the smallest number not used before, B<sub>n</sub> = A<sub>n</sub> + ${a}·n. Every move from a P-position leaves a position that is not one: move to a P-position to win. On the board: <strong>P</strong>.</p>
    <p class="small">On this board: ${pairs.map(([x, y]) => `(${x}, ${y})`).join(' ')}</p></details>`;
}
