// The new-game dialog, built from the catalogue: a select for each
// enumeration, a switch for each boolean, number fields with their ranges,
// a heap editor for heap lists; opponents by name, the bot strings and the
// seed under "More settings".

import { html } from '../html.js';
import { parseGameString, gameString, opponentProblem, seedProblem } from '../catalog.js';
import { refusalWords, gameTitle, gameRules } from '../format.js';

const ADVANCED = new Set(['seed', 'set']);

/** newDialog prepares the dialog's state for a game string and a mode. */
export function newDialog(catalogue, game, mode) {
  const { name, args } = parseGameString(game);
  const g = catalogue.find((x) => x.name === name) || catalogue[0];
  const values = {};
  for (const p of g.params) values[p.name] = coinTossed(p) && args[p.name] === 'coin' ? '' : args[p.name] ?? p.def ?? '';
  const opp = g.defaultOpponent;
  return { name: g.name, values, mode: mode === 'solo' && !g.solo ? 'computer' : mode, you: 0, opponent: opp, watch: [opp, opp], bots: ['', ''], seed: '', error: '', busy: false };
}

// A parameter given replaces others, which the game then refuses (the
// Szemerédi game's set= replaces the drawn set's size x= and seed=).
const REPLACES = { set: ['x', 'seed'] };

/** replaced is the set of the parameters that others given in the dialog replace. */
export function replaced(g, d) {
  const out = new Set();
  for (const p of g.params) {
    if (REPLACES[p.name] && String(d.values[p.name] ?? '').trim() !== '') REPLACES[p.name].forEach((x) => out.add(x));
  }
  return out;
}

// coinTossed says whether a choice left out is drawn from the seed by a
// coin toss that is also one of its values (2D Nim's first mover): the
// dialog offers the toss once, as the choice left out.
const coinTossed = (p) => !!(p.random && p.values && p.values.includes('coin'));

/** dialogGame is the game string the dialog's fields make. */
export function dialogGame(g, d) {
  const args = {};
  const off = replaced(g, d);
  for (const p of g.params) {
    const v = String(d.values[p.name] ?? '').trim();
    if (v === '' || off.has(p.name)) continue;
    args[p.name] = v;
  }
  return gameString(g.name, args);
}

/** dialogPlayers is the two seats' player strings. */
export function dialogPlayers(d) {
  const pick = (i, bot) => (d.bots[i] && d.bots[i].trim()) || bot;
  switch (d.mode) {
    case 'friend': case 'solo': return ['human', 'human'];
    case 'watch': return [pick(0, d.watch[0]), pick(1, d.watch[1])];
    default: return d.you === 0 ? ['human', pick(1, d.opponent)] : [pick(0, d.opponent), 'human'];
  }
}

/** checkDialog says what is wrong with the fields, or ''. */
export function checkDialog(g, d) {
  const off = replaced(g, d);
  for (const p of g.params) {
    if (off.has(p.name)) continue;
    const v = String(d.values[p.name] ?? '').trim();
    if (v === '') {
      if (!p.optional && p.kind !== 'bool') return `${label(p)}: give a value.`;
      continue;
    }
    if (p.kind === 'int') {
      if (!/^-?\d+$/.test(v)) return `${label(p)}: a whole number, please.`;
      const n = Number(v);
      if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max)) return `${label(p)}: ${v} is not allowed; give a whole number from ${p.min} to ${p.max}.`;
    }
    if (p.kind === 'int list') {
      const xs = v.split(';');
      for (const x of xs) {
        if (!/^\d+$/.test(x.trim())) return `${label(p)}: each entry is a whole number (found “${x}”).`;
        const n = Number(x);
        if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max)) return `${label(p)}: ${x.trim()} is not allowed; each is a whole number from ${p.min} to ${p.max}.`;
      }
    }
  }
  const players = dialogPlayers(d);
  const { args } = parseGameString(dialogGame(g, d));
  for (const b of players) {
    const why = b === 'human' ? '' : opponentProblem(g.name, args, b);
    if (why) return why + '; pick another opponent.';
  }
  return seedProblem(d.seed);
}

const NAMES = {
  piles: 'Heaps', misere: 'Misère play (taking the last token loses)', k: 'k', heap: 'Starting heap', heaps: 'Heaps', tokens: 'Tokens to place',
  placement: 'Placement', a: 'a (Wythoff’s parameter)', view: 'Board', n: 'Palette size N', p1: 'Colour of player 1', first: 'Who moves first',
  alphabet: 'Symbols', rule: 'The repetition that ends the game', start: 'Starting symbol', target: 'Painter wins at length (0: never)',
  x: 'Numbers in the set', colors: 'Colours', list: 'Colours in each drawn list', s: 'Numbers 1..s', seed: 'Seed of the draw', set: 'Play on this set',
};
// The same letter means another thing in another game.
const GAME_NAMES = {
  nimk: { k: 'Most heaps a move takes from (k)' }, ap: { k: 'Progression length k' }, vdwlist: { k: 'Progression length k' },
};
const label = (p) => p.title || (GAME_NAMES[p.game] || {})[p.name] || NAMES[p.name] || p.name;
const VALUE_WORDS = {
  view: { heaps: 'two heaps', queen: 'a queen on a board' }, rule: { square: 'a square (like 0101)', overlap: 'an overlap (like 01010)' },
  first: { p1: 'player 1', p2: 'player 2', coin: 'a coin toss' }, placement: { 'empty-first': 'empty heaps first', free: 'any heap' },
};

export function Dialog({ s, act }) {
  const d = s.dialog;
  const g = s.catalogue.find((x) => x.name === d.name);
  const upd = (patch) => act.updateDialog(patch);
  const setVal = (k, v) => act.updateDialog((c) => ({ values: { ...c.values, [k]: v } }));
  const main = g.params.filter((p) => !ADVANCED.has(p.name));
  const adv = g.params.filter((p) => ADVANCED.has(p.name));
  const off = replaced(g, d);
  const players = dialogPlayers(d);
  const onKey = (e) => {
    if (e.key === 'Escape') { act.closeDialog(); return; }
    if (e.key !== 'Tab') return;
    // Keep the focus inside the dialog while it is open.
    const all = [...e.currentTarget.querySelectorAll('button, input, select, summary, a[href]')].filter((x) => !x.disabled && x.offsetParent !== null);
    if (!all.length) return;
    const first = all[0];
    const last = all[all.length - 1];
    if (e.shiftKey && document.activeElement === first) { last.focus(); e.preventDefault(); } else if (!e.shiftKey && document.activeElement === last) { first.focus(); e.preventDefault(); }
  };
  return html`<div class="modal-back" ref=${inertBehind} onKeyDown=${onKey}>
    <div class="modal" role="dialog" aria-modal="true" aria-labelledby="dlg-title">
      <form class="new-game" novalidate onSubmit=${(e) => { e.preventDefault(); act.startFromDialog(); }}>
        <h2 id="dlg-title">New game</h2>
        <label class="field">Game
          <select id="dlg-game" value=${d.name} onChange=${(e) => act.openDialog(e.currentTarget.value, d.mode)}>
            ${s.catalogue.map((x) => html`<option value=${x.name}>${x.title}</option>`)}
          </select></label>
        ${Rules(g, dialogGame(g, d))}
        <fieldset class="params"><legend>Settings</legend>
          ${main.map((p) => Param({ p: worded(bounded(p, g, d.values), g, d.values), v: d.values[p.name] ?? '', setVal, off: off.has(p.name) }))}
        </fieldset>
        <fieldset class="who"><legend>Players</legend>
          <div class="segmented" role="radiogroup" aria-label="Who plays">
            ${[['computer', 'Play the computer'], ['friend', 'Play a friend here'], ['watch', 'Watch two computers'], ...(g.solo ? [['solo', 'Solo']] : [])].map(([m, t]) =>
              html`<label class=${'seg' + (d.mode === m ? ' on' : '')}><input type="radio" name="mode" value=${m} checked=${d.mode === m} onChange=${() => upd({ mode: m })} /> ${t}</label>`)}
          </div>
          ${d.mode === 'computer' ? html`
            <label class="field">You play
              <select id="dlg-you" value=${String(d.you)} onChange=${(e) => upd({ you: Number(e.currentTarget.value) })}>
                <option value="0">${roleText(g, 0)}${order(g, 0)}</option><option value="1">${roleText(g, 1)}${order(g, 1)}</option>
              </select></label>
            ${Opponent({ id: 'dlg-opponent', label: 'Opponent', g, value: d.opponent, onChange: (v) => upd({ opponent: v }) })}` : null}
          ${d.mode === 'watch' ? html`
            ${Opponent({ id: 'dlg-watch0', label: `${roleText(g, 0)}${order(g, 0)}`, g, value: d.watch[0], onChange: (v) => upd((c) => ({ watch: [v, c.watch[1]] })) })}
            ${Opponent({ id: 'dlg-watch1', label: `${roleText(g, 1)}${order(g, 1)}`, g, value: d.watch[1], onChange: (v) => upd((c) => ({ watch: [c.watch[0], v] })) })}` : null}
          ${d.mode === 'friend' ? html`<p class="muted">You both play on this device, taking turns; on the game's page, <em>Invite a friend on another device</em> hands ${roleText(g, 1) === 'Player 2' ? 'Player 2’s' : `the ${roleText(g, 1).toLowerCase()}’s`} seat to theirs.</p>` : null}
          ${d.mode === 'solo' ? html`<p class="muted">${g.soloDoc}</p>` : null}
        </fieldset>
        <details class="advanced"><summary>More settings: bot strings and seed</summary>
          ${adv.map((p) => Param({ p: bounded(p, g, d.values), v: d.values[p.name] ?? '', setVal, off: off.has(p.name) }))}
          ${[0, 1].map((i) => html`<label class="field">Bot string for ${roleText(g, i)}
            <input id=${`dlg-bot${i}`} type="text" autocomplete="off" spellcheck="false" value=${d.bots[i]} placeholder=${players[i]}
              onInput=${(e) => { const v = e.currentTarget.value; upd((c) => { const b = [...c.bots]; b[i] = v; return { bots: b }; }); }} /></label>`)}
          <p class="muted">Any bot string plays for the computer, e.g. <code>alphabeta(depth=6)</code>; see <code>kombi games</code>.</p>
          <label class="field">Seed <input id="dlg-seed" type="text" inputmode="numeric" autocomplete="off" value=${d.seed} placeholder="drawn at random"
            onInput=${(e) => upd({ seed: e.currentTarget.value, error: '' })} /></label>
          <p class="muted">The same seed replays the same game (<code>kombi play --seed</code>); any whole number up to 2^64 − 1.</p>
        </details>
        <div class="dialog-foot">
          <p class="error" role="alert" id="dlg-error">${d.error}</p>
          <div class="dialog-actions">
            <button type="submit" class="btn primary" id="dlg-start" disabled=${d.busy}>${d.busy ? 'Starting…' : 'Start'}</button>
            <button type="button" class="btn" id="dlg-cancel" onClick=${() => act.closeDialog()}>Cancel</button>
          </div>
        </div>
      </form>
    </div>
  </div>`;
}

// inertBehind makes the page behind the open dialog inert (the header and the page: out of the keyboard's reach and
// of a screen reader's, whose browse mode went on past the dialog into the cards), as long as the dialog is open,
// the page's parts drawn meanwhile too; on close it gives them back (the keyboard audit, finding 12). One function:
// Preact calls it with the dialog's element once, when it opens, and with null when it closes.
let behind = null;
function inertBehind(back) {
  if (behind) {
    behind.watch.disconnect();
    for (const e of behind.made) e.inert = false;
    behind = null;
  }
  if (!back || !back.parentElement) return;
  const made = new Set();
  const mark = () => {
    for (const e of back.parentElement.children) {
      if (e !== back && !e.inert) { e.inert = true; made.add(e); }
    }
  };
  mark();
  const watch = new MutationObserver(mark);
  watch.observe(back.parentElement, { childList: true });
  behind = { made, watch };
}

/**
 * refusal says why the server refused the game of the dialog, whose
 * players were players: a seat's bot (the answer's seat and reason) by
 * the opponent's name and the seat's, as the dialog names them, else the
 * server's words (refusalWords).
 */
export function refusal(g, players, err) {
  const data = (err && err.data) || {};
  if (Number.isInteger(data.seat) && data.seat >= 0 && data.seat < 2 && data.reason) {
    const bot = players[data.seat];
    const o = g.opponents.find((x) => x.bot === bot);
    if (!o) return `The bot string for ${roleText(g, data.seat)} (“${bot}”) is refused: ${data.reason}.`;
    return `${o.title} cannot play ${roleText(g, data.seat)} in this game: ${data.reason}. Pick another opponent, or change the settings.`;
  }
  return refusalWords(err && err.message);
}

// order says who moves first, unless a parameter decides it (2D Nim's first).
const order = (g, i) => (g.params.some((p) => p.name === 'first') ? '' : i === 0 ? ' — moves first' : ' — moves second');

function roleText(g, i) {
  const r = g.roles[i];
  if (!r || r === 'first' || r === 'second') return `Player ${i + 1}`;
  return `${r.charAt(0).toUpperCase()}${r.slice(1)}`;
}

// Opponent is a computer player's choice: the titles in the list, what the chosen one does written out below it
// (a long description in the closed list was cut at its edge: "Strong — wins and blocks at once, sees double
// threats, sear").
function Opponent({ id, label: text, g, value, onChange }) {
  const chosen = g.opponents.find((o) => o.bot === value);
  return html`<label class="field"><span id=${`${id}-label`}>${text}</span>
    <select id=${id} value=${chosen ? value : '__custom'} aria-labelledby=${`${id}-label`} aria-describedby=${chosen && chosen.doc ? `${id}-doc` : null} onChange=${(e) => onChange(e.currentTarget.value)}>
      ${g.opponents.map((o) => html`<option value=${o.bot}>${o.title}</option>`)}
      ${chosen ? null : html`<option value="__custom">${value}</option>`}
    </select>${chosen && chosen.doc ? html`<span id=${`${id}-doc`} class="muted small">${chosen.doc}</span>` : null}</label>`;
}

// bounded is a parameter with the range another one sets: the Thue game's starting symbol is one of its
// symbols (0 to 2 with 3 symbols, not the 0 to 31 any alphabet allows).
function bounded(p, g, values) {
  const k = Number(values.alphabet || (g.params.find((x) => x.name === 'alphabet') || {}).default || 3);
  return g.name === 'thue' && p.name === 'start' && Number.isInteger(k) && k >= 2 ? { ...p, max: Math.min(p.max ?? k - 1, k - 1) } : p;
}

// Rules says the rules of the game the fields make: on the queen's board the queen's, under her title (the
// card's), not the heaps' under the game's.
function Rules(g, game) {
  const title = gameTitle(game, g);
  return html`<p class="muted" id="dlg-rules">${title !== g.title ? html`<strong>${title}:</strong> ` : null}${gameRules(game, g)}</p>`;
}

// worded is a parameter named as the board it is played on shows it: Wythoff's heaps on the queen's board are the
// square she starts on.
function worded(p, g, values) {
  return g.name === 'wythoff' && p.name === 'piles' && (values.view || '') === 'queen' ? { ...p, title: 'The queen’s square (column;row)' } : p;
}

function Param({ p, v, setVal, off }) {
  const id = `param-${p.name}`;
  // A parameter another one replaces stays in view, unused, and says so.
  const said = off ? 'not used: the set given replaces it' : p.doc;
  const doc = html`<span class="muted small" id=${`${id}-doc`}>${said}</span>`;
  // A field is named by its label (and its range), its help is its description: the help inside the label made the
  // whole of it the field's name ("Symbols (2 to 32) how many symbols the word is written with: ..."), and the
  // opponent's was said twice (the keyboard audit, finding 13).
  const name = html`<span id=${`${id}-label`}>${label(p)}</span>`;
  const aria = { 'aria-labelledby': `${id}-label`, 'aria-describedby': said ? `${id}-doc` : null };
  if (p.kind === 'bool') {
    return html`<label class="switch field-row" for=${id}>
      <input id=${id} data-param=${p.name} type="checkbox" role="switch" checked=${v === 'true'} onChange=${(e) => setVal(p.name, e.currentTarget.checked ? 'true' : 'false')} />
      <span class="switch-track" aria-hidden="true"></span><span>${label(p)}</span></label>`;
  }
  if (p.values) {
    const coin = coinTossed(p);
    return html`<label class="field" for=${id}>${name}
      <select id=${id} data-param=${p.name} value=${v} ...${aria} onChange=${(e) => setVal(p.name, e.currentTarget.value)}>
        ${p.optional ? html`<option value="">${coin ? 'a coin toss' : p.random ? 'drawn from the seed' : 'none'}</option>` : null}
        ${p.values.filter((x) => !(coin && x === 'coin')).map((x) => html`<option value=${x}>${(VALUE_WORDS[p.name] || {})[x] || x}</option>`)}
      </select>${doc}</label>`;
  }
  if (p.kind === 'int list' && p.name !== 'set') return HeapEditor({ p, v, setVal, id });
  if (p.kind === 'int') {
    const ranged = p.min !== undefined;
    return html`<label class="field" for=${id}>${name}${ranged ? html` <span class="muted small" id=${`${id}-range`}>(${p.min} to ${p.max ?? '…'})</span>` : null}
      <input id=${id} data-param=${p.name} type="number" inputmode="numeric" step="1" min=${p.min} max=${p.max} value=${v} disabled=${!!off}
        ...${ranged ? { ...aria, 'aria-labelledby': `${id}-label ${id}-range` } : aria}
        placeholder=${p.optional ? (p.random ? 'drawn from the seed' : 'none') : p.default} onInput=${(e) => setVal(p.name, e.currentTarget.value)} />${doc}</label>`;
  }
  return html`<label class="field" for=${id}>${name}
    <input id=${id} data-param=${p.name} type="text" autocomplete="off" spellcheck="false" value=${v} placeholder=${p.optional ? '' : p.default}
      ...${aria} onInput=${(e) => setVal(p.name, e.currentTarget.value)} />${doc}</label>`;
}

function HeapEditor({ p, v, setVal, id }) {
  const heaps = String(v || '').split(';').filter((x, i, a) => x !== '' || a.length === 1);
  const put = (xs) => setVal(p.name, xs.join(';'));
  const max = p.max ?? 1000000;
  return html`<fieldset class="heap-editor" id=${id} data-param-list=${p.name}><legend>${label(p)} <span class="muted small">(each 0 to ${max.toLocaleString('en')})</span></legend>
    <div class="heap-fields">${heaps.map((x, i) => html`<span class="heap-field">
      <input type="number" inputmode="numeric" min=${p.min ?? 0} max=${max} step="1" value=${x} aria-label=${`Heap ${i + 1}`}
        onInput=${(e) => { const xs = [...heaps]; xs[i] = e.currentTarget.value; put(xs); }} />
      <button type="button" class="icon-btn" aria-label=${`Remove heap ${i + 1}`} disabled=${heaps.length <= Math.max(1, p.min_items || 1)}
        onClick=${() => put(heaps.filter((_, j) => j !== i))}>×</button></span>`)}
      <button type="button" class="btn" onClick=${() => put([...heaps, '3'])} disabled=${heaps.length >= 12}>+ Add a heap</button>
    </div></fieldset>`;
}
