// Study a position: any position of any game on the board, every move's
// value beside it, set up by editing the board or pasting a position
// string, shared by its URL (#/study?game=...&position=...).

import { html } from '../html.js';
import { subtitle, roleName, endText, pageClass, howToMoveWords, cap, gameTitle } from '../format.js';
import { parseGameString, KEYBOARD } from '../catalog.js';
import { Board, boardContext, pPositionsOf } from './board.js';
import { cycleNumber, heapInput } from '../setup.js';
import { AnalysisPanel } from './analysispanel.js';
import { MoveBar, selectionWords, Rules, TypeMove } from './match.js';
import { resolve, whyNoMove } from '../moves.js';
import { letterOf } from '../boards/numbers.js';
import { analysisOnly } from '../boards/heaps.js';
import { PaletteFrame, cols as gridCols } from '../boards/grid.js';

export function StudyPage({ s, act }) {
  const st = s.study;
  if (!st) return html`<main class="page"><p class="muted">Loading…</p></main>`;
  const g = s.catalogue.find((x) => x.name === (st.pos && st.pos.game ? st.pos.game.split('(')[0] : st.game.split('(')[0])) || { title: st.game };
  if (st.error && !st.pos) {
    return html`<main class="page"><p class="error" role="alert">${st.error}</p>
      <div class="over-actions">${st.start ? html`<a class="btn primary" id="study-start" href=${`#/study?game=${encodeURIComponent(st.start)}`}>Study the start of ${g.title}</a>` : null}
      <a class="btn" href="#/">All games</a></div></main>`;
  }
  if (!st.pos) return html`<main class="page"><p class="muted">Loading the position…</p></main>`;
  const pos = st.pos;
  const shown = { ...pos, at: undefined };
  const live = !pos.finished && pos.to_move !== null && pos.to_move >= 0 && !st.setup;
  const drawing = !pos.finished && pos.to_move === -1; // the draw of a list (the list-colouring game)
  const chance = drawing && !st.setup; // offered to choose
  // The end in the game's words, as a match says it (both seats played here).
  const end = pos.finished ? endText({ ...pos, players: ['human', 'human'] }, [true, true], []) : null;
  const ranked = s.analysisOn ? act.rankedFor(shown) : null;
  const ctx = boardContext(pos, {
    live, sel: s.sel, preview: s.preview, ranked, last: null, pLayer: s.analysisOn, pPositions: pPositionsOf(act.analysisEntry(shown)),
    onPick: act.pick, onPreview: act.preview, onError: act.moveError, onTapNote: act.tapNote,
  });
  const rs = resolve(s.sel, ctx.legal, ctx.truncated);
  const how = howToMoveWords(pos, pos.to_move, g); // the game's own words for the side to move
  return html`<main class=${`page match-page study-page ${pageClass(pos.game)}`}>
    <div class="play-col">
      <header class="match-head"><h1 id="match-title">Study: ${gameTitle(pos.game, g, pos.title)}</h1>
        <p class="seats"><span>${subtitle(pos.game, { start: true })} · this position: ${pos.start ? html`the start (<code>${pos.position}</code>)` : html`<code class=${String(pos.position).length <= 24 ? 'whole' : ''}>${pos.position}</code>`}</span></p></header>
      <p id="status" class="status" role="status">${pos.finished ? `Final position: ${end.headline}.` : drawing ? `Chance to move${pos.game_name === 'vdwlist' ? ': a colour list is drawn' : ''}.` : `${roleName(pos, pos.to_move)} to move.`}</p>
      ${end && end.detail ? html`<p class="muted" id="end-detail">${end.detail}</p>` : null}
      ${!pos.finished && !drawing && !st.setup ? html`<p class="howto">${analysisOnly(pos.view || {}) ? `${how ? how + ' ' : ''}This position has too many moves to play here: ${s.analysisOn ? 'the analysis names the winning moves.' : 'switch on Analysis for the winning moves.'}`
        : html`${how ? how + ' ' : ''}Play moves for both sides here: choose on the board, then Play. ${s.analysisOn ? 'The analysis values every move.' : 'Switch on Analysis to see what every move is worth.'} <span class="keys">${KEYBOARD}</span>`}</p>` : null}
      ${chance ? html`<div class="chance-pick" role="group" aria-label="The draws to study">
        <p class="howto">In play chance draws at random; here you choose the draw to study.</p>
        ${(pos.legal_moves || []).map((lm) => html`<button type="button" class="btn" data-draw=${lm.move} onClick=${() => act.studyDraw(lm.move)}>Draw ${lm.move}</button>`)}</div>` : null}
      ${st.setup ? Setup({ st, act }) : Board({ pos, ctx, big: true })}
      ${s.moveError ? html`<p class="error" role="alert" id="move-error">${s.moveError}</p>` : null}
      ${live && (s.sel.length || act.tapNoteFor(shown)) ? MoveBar({ s, rs, words: selectionWords(s.sel, rs, pos.view, pos.game_name), act,
        why: rs.valid ? '' : whyNoMove(s.sel, pos.view, pos.game_name), note: act.tapNoteFor(shown) }) : null}
      <div class="controls">
        <button type="button" class="btn" disabled=${!st.history.length} onClick=${act.studyBack}>Back one move</button>
        <button type="button" class="btn" onClick=${act.studyToggleSetup}>${st.setup ? 'Cancel setup' : 'Set up a position'}</button>
        <button type="button" class="btn" onClick=${act.copyLink}>Copy link</button>
        <label class="switch"><input type="checkbox" role="switch" id="analysis-on" checked=${s.analysisOn} onChange=${(e) => act.setAnalysis(e.currentTarget.checked)} />
          <span class="switch-track" aria-hidden="true"></span> Analysis</label>
      </div>
      ${live && !analysisOnly(pos.view || {}) ? TypeMove({ shown, act, disabled: s.busy }) : null}
      <form class="paste" onSubmit=${(e) => { e.preventDefault(); act.studyLoad(e.currentTarget.elements.position.value); }}>
        <label class="field"><span>Position string (as <code>kombi solve --position</code> reads it)</span>
          <input name="position" id="study-position" type="text" autocomplete="off" spellcheck="false" value=${pos.position || ''} /></label>
        <button type="submit" class="btn">Load</button>
      </form>
      ${Rules(g, pos)}
      ${s.note ? html`<p class="note" role="status">${s.note}</p>` : null}
    </div>
    <aside class="side-col">${AnalysisPanel({ s, act, m: null, shown, ranked, live, g, pos })}</aside>
  </main>`;
}

// heldBy names a set-up number's colour (the list-colouring game) or its owner's (the Szemerédi set), '' for
// none: in words in its name, by its letter (letterOf) on its badge, so that colour is never alone.
function heldBy(v, n) {
  const names = v.colors || [];
  if (n.color >= 0) return String(names[n.color] || '?');
  if (n.owner >= 0) return String(names[n.owner] || (v.status.seats || [])[n.owner] || `player ${n.owner + 1}`);
  return '';
}

// buildingTurn says who places next on Building Nim heaps as edited: the
// players place in turn from the first, so the tokens placed decide.
function buildingTurn(pos, heaps) {
  const placed = heaps.reduce((sum, h) => sum + (typeof h === 'number' ? h : 0), 0);
  const tokens = Number(parseGameString(pos.game).args.tokens);
  const of = Number.isFinite(tokens) ? ` of ${tokens}` : '';
  return `${cap(roleName(pos, placed % 2))} places next: the players place in turn, and ${placed}${of} ${placed === 1 ? 'token is' : 'tokens are'} placed.`;
}

function Setup({ st, act }) {
  const v = st.edit;
  // An edit is a function of the board as edited so far, so that taps before the next render add up.
  const put = (change) => act.studyEdit((cur) => ({ ...cur, ...change(cur) }));
  const name = st.pos.game_name;
  // Wythoff's game has two heaps (the queen's square on its board), Building Nim the number its heaps= says.
  const fixedHeaps = name === 'wythoff' || name === 'buildingnim';
  const byOwner = name !== 'vdwlist';
  // Building Nim's players place in turn: the tokens placed say who is to move (the server's rule), not a choice.
  const building = name === 'buildingnim' && v.status.phase === 'building';
  let editor;
  switch (v.kind) {
    case 'heaps':
      editor = html`<div class="heap-fields">${(v.heaps || []).map((h, i) => html`<label class="heap-field">Heap ${i + 1}
        <input type="number" min="0" value=${h} onInput=${(e) => { const n = heapInput(e.currentTarget.value); put((cur) => ({ heaps: cur.heaps.map((x, j) => (j === i ? n : x)) })); }} /></label>`)}
        ${fixedHeaps ? null : html`<button type="button" class="btn" onClick=${() => put((cur) => ({ heaps: [...cur.heaps, 3] }))}>+ Add a heap</button>
        <button type="button" class="btn" disabled=${v.heaps.length <= 1} onClick=${() => put((cur) => ({ heaps: cur.heaps.slice(0, -1) }))}>− Remove a heap</button>`}</div>`;
      break;
    case 'grid': {
      const cols = v.grid.cols;
      const seats = v.status.seats || ['R', 'G']; // the owners' letters, as the board shows them
      editor = PaletteFrame(cols, html`<div class=${`grid palette n${cols}`} ref=${gridCols(cols)}>
        ${v.grid.cells.map((c, i) => html`<button type="button" class=${`cell ${c.owner >= 0 ? `own${c.owner}` : 'free'}`} data-cell=${i}
          aria-label=${`Cell ${i + 1}: ${c.owner >= 0 ? seats[c.owner] : 'empty'}; tap to change`}
          onClick=${() => put((cur) => ({ grid: { ...cur.grid, cells: cur.grid.cells.map((x, j) => (j === i ? { ...x, owner: x.owner === 1 ? -1 : x.owner + 1 } : x)) } }))}>
          <span class="cell-text">${c.owner >= 0 ? seats[c.owner] : i + 1}</span></button>`)}</div>`);
      break;
    }
    case 'word':
      editor = html`<label class="field">The word (digits 0 to ${v.word.alphabet - 1})
        <input type="text" inputmode="numeric" value=${v.word.symbols.join('')} onInput=${(e) => { const symbols = [...e.currentTarget.value].filter((c) => /\d/.test(c)).map(Number); put((cur) => ({ word: { ...cur.word, symbols } })); }} /></label>`;
      break;
    case 'numbers':
      // List colouring shows colours; the Szemerédi set its owners, red circles and blue squares as on its board.
      editor = html`<div class="numbers">${v.numbers.map((n, i) => {
        const held = heldBy(v, n);
        return html`<button type="button" class=${`num ${!byOwner && n.color >= 0 ? `taken c${n.color}` : byOwner && n.owner >= 0 ? `taken own${n.owner}` : 'free'}`} data-number=${n.n}
        aria-label=${`${n.n}, ${held || (byOwner ? 'nobody’s' : 'uncoloured')}: tap to change its colour`}
        onClick=${() => put((cur) => ({ numbers: cur.numbers.map((x, j) => (j === i ? cycleNumber(name, x, (cur.colors || []).length) : x)) }))}><span class="num-n">${n.n}</span>${held ? html`<span class="num-badge" aria-hidden="true" data-badge=${letterOf(held)}></span>` : null}</button>`;
      })}</div>`;
      break;
    default:
      editor = html`<p class="muted">This board cannot be edited here; paste a position string below.</p>`;
  }
  // A form: Enter in a field uses the position. It takes the focus as it opens (intoEditor).
  return html`<form class=${`setup setup-${v.kind}`} id="board" aria-label="Set up a position" novalidate ref=${intoEditor}
    onSubmit=${(e) => { e.preventDefault(); act.studyApplySetup(); }}>
    <p>Set up the position, then use it. ${v.kind === 'grid' || v.kind === 'numbers' ? 'Tap to cycle through the colours.' : ''}</p>
    ${editor}
    ${building ? html`<p class="muted" id="setup-turn">${buildingTurn(st.pos, v.heaps)}</p>` : null}
    ${['word', 'numbers'].includes(v.kind) || building ? null : html`<label class="field">To move <select value=${String(v.status.to_move)} onChange=${(e) => { const toMove = Number(e.currentTarget.value); put((cur) => ({ status: { ...cur.status, to_move: toMove } })); }}>
      <option value="0">${roleName(st.pos, 0)}</option><option value="1">${roleName(st.pos, 1)}</option></select></label>`}
    ${st.setupError ? html`<p class="error" role="alert">${st.setupError}</p>` : null}
    <button type="submit" class="btn primary">Use this position</button>
  </form>`;
}

// intoEditor moves the focus into the set-up editor as it opens, to its first field (a heap, a cell, the word):
// the editor takes the board's place, above the button that opened it, whose next Tab went on to Copy link (the
// keyboard audit, finding 18). One function: Preact calls it once as the editor opens, with null as it closes.
function intoEditor(form) {
  if (!form) return;
  const first = form.querySelector('input, select, button');
  if (first) first.focus();
}
