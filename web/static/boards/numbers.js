// The numbers board: the Szemerédi set in order with each player's colour
// (and letter), the progressions each side can still complete and the
// threats (the view's lines, from the server); the list-colouring numbers
// 1..s with their colours, the number being coloured and the drawn list as
// colour swatches, a colour that completes a progression of one colour
// marked (the server's legal moves say which end the game).

import { html } from '../html.js';
import { cap, list } from '../format.js';

const COLOUR_LETTER = { red: 'R', blue: 'B', green: 'G', yellow: 'Y', orange: 'O', purple: 'P', cyan: 'C', magenta: 'M' };
/** letterOf is a colour's letter on the board (its badges, swatches, the set-up editor's numbers). */
export const letterOf = (name) => COLOUR_LETTER[name] || String(name || '?').charAt(0).toUpperCase();

/**
 * raceOf arranges a numbers view's lines (view.lines, view.lines_open) per
 * seat: how many lines it can still complete, its most advanced ones (at
 * most best, as the server orders them: the most held first) with the
 * numbers it holds, and its threats, the free numbers that complete one
 * at once, increasing (threatLines: each with the progressions it would
 * complete); threat maps each such number to the seats it wins for.
 */
export function raceOf(view, best = 4) {
  const owner = new Map((view.numbers || []).map((n) => [n.n, n.owner]));
  const lines = view.lines || [];
  const open = view.lines_open || [0, 0];
  const threat = new Map();
  const sides = [0, 1].map((p) => {
    const mine = lines.filter((l) => l.open.includes(p));
    const completes = new Map(); // a threat's number → the progressions it completes
    for (const l of mine) {
      if (!l.threat) continue;
      for (const n of l.items) {
        if (owner.get(n) >= 0) continue;
        completes.set(n, [...(completes.get(n) || []), l.items]);
        threat.set(n, [...new Set([...(threat.get(n) || []), p])].sort());
      }
    }
    const threats = [...completes.keys()].sort((a, b) => a - b);
    return {
      count: open[p] ?? mine.length, best: mine.slice(0, best).map((l) => ({ items: l.items, held: l.held[p] })),
      threats, threatLines: threats.map((n) => ({ n, lines: completes.get(n) })),
    };
  });
  return { sides, threat };
}

/** raceColours names a Szemerédi view's two seats by their colours. */
export const raceColours = (view) => view.colors || (view.status && view.status.seats) || ['red', 'blue'];

/**
 * threatWords says what side p's threats mean (race.sides[p], see raceOf):
 * which progression each free number would complete and, while the game
 * goes on (toMove a seat), what the side to move must do about them:
 * "Threat: 96 would complete 24, 60, 96 — blue must take 96 to block it."
 * colours names the seats, you the person's seat (then "you must take 96");
 * '' when p has no threat.
 */
export function threatWords(race, p, colours, toMove, you = null) {
  const mine = race.sides[p].threatLines || [];
  if (!mine.length) return '';
  const what = mine.map((t) => `${t.n} would complete ${list(t.lines.map((l) => l.join(', ')))}`).join('; ');
  const who = (q) => (q === you ? 'you' : colours[q]);
  let then = '';
  if (toMove === p) {
    then = ` — ${who(p)} ${p === you ? 'win' : 'wins'} by taking ${mine.length === 1 ? 'it' : 'any of them'}`;
  } else if (toMove === 1 - p && !(race.sides[toMove].threatLines || []).length) {
    // The side to move cannot win at once: it must block, and can block one number.
    then = mine.length === 1 ? ` — ${who(toMove)} must take ${mine[0].n} to block it` : ` — ${who(toMove)} can block only one`;
  }
  return `${mine.length === 1 ? 'Threat' : 'Threats'}: ${what}${then}.`;
}

export function NumbersBoard({ view, ctx }) {
  return ctx.gameName === 'vdwlist' ? ListColouring({ view, ctx }) : Race({ view, ctx });
}

// NumberButton is a number of the board; held says what it holds (its
// owner or colour, a threat), after the number in its accessible name.
function NumberButton({ n, ctx, cls, held, text, badge }) {
  const pick = [{ kind: 'number', value: n.n }];
  const can = ctx.live && ctx.legalKeys.has(`number:${n.n}`);
  const chosen = ctx.sel.some((p) => p[0].kind === 'number' && p[0].value === n.n);
  const good = ctx.good.has(`number:${n.n}`);
  const val = ctx.values.get(`number:${n.n}`);
  const last = ctx.last && ctx.last.numbers.has(n.n);
  return html`<button type="button" data-number=${n.n} disabled=${!can} aria-pressed=${chosen ? 'true' : 'false'}
    class=${`num ${cls}${chosen ? ' chosen' : ''}${good ? ' good' : ''}${good && val ? ' valued' : ''}${last ? ' last' : ''}`}
    aria-label=${`${text ?? n.n}${val && val !== 'still computing' ? ` ${val}${ctx.valueWords ? ` (${ctx.valueWords})` : ''}` : ''}, ${held}${chosen ? ', chosen' : ''}${last ? ', the last move' : ''}${val === 'still computing' ? '; still computing' : ''}${good ? `, ${ctx.goodWords}` : ''}`}
    onClick=${() => ctx.onPick(pick, chosen)}>
    <span class="num-n">${text ?? n.n}</span>${badge ? html`<span class="num-badge" aria-hidden="true" data-badge=${badge}></span>` : null}${val ? ' ' : null}
    ${val ? html`<span class="num-val" aria-hidden="true">${val === 'still computing' ? '…' : val}</span>` : null}</button>`;
}

function Race({ view, ctx }) {
  const nums = view.numbers;
  const colours = raceColours(view);
  const race = raceOf(view);
  const over = !!view.status.over;
  // Once the game is over nothing threatens: no number is marked as one (the lines still say which lack one).
  const threatAt = over ? new Map() : race.threat;
  const lit = new Set((view.status.highlight || []).map(Number));
  const buttons = nums.map((n) => {
    const o = n.owner;
    const threat = o < 0 ? threatAt.get(n.n) || [] : [];
    const cls = o >= 0 ? `taken own${o}` : `free${threat.map((p) => ` threat${p}`).join('')}`;
    const held = `${o >= 0 ? colours[o] : 'free'}${threat.length ? `; completes a progression for ${list(threat.map((p) => colours[p]))}` : ''}${lit.has(n.n) ? ', in the winning progression' : ''}`;
    return NumberButton({ n, ctx, cls: cls + (lit.has(n.n) ? ' lit' : ''), held, badge: o >= 0 ? letterOf(colours[o]) : threat.length ? '!' : '' });
  });
  return html`<div class="numbers-wrap">
    ${NumberLine({ nums, lit, threatAt, colours })}
    <div class="numbers race" role="group" aria-label="The set, in order">${buttons}</div>
    <div class="race-status">
      ${[0, 1].map((p) => RaceSide({ p, side: race.sides[p], colours, k: ctx.k || 3, done: over ? doneOf(nums, lit, p) : null,
        threats: threatWords(race, p, colours, over ? null : view.status.to_move, ctx.you) }))}
    </div>
  </div>`;
}

// NumberLine draws the set at its true spacing on lo..hi, so that a
// progression shows as equally spaced marks: red circles, blue squares.
// Positions are percentages of the line's width and marks keep their pixel
// size, so the line fits any screen without being drawn again. Marks closer
// than a mark's width on the screen (23, 24 and 26 of 5..96 on a phone) hang
// in lanes below the line, each on a stem from its place (layLanes).
function NumberLine({ nums, lit, threatAt, colours }) {
  if (nums.length < 2) return null;
  const lo = nums[0].n;
  const hi = nums[nums.length - 1].n;
  const x = (n) => ((n - lo) * 100) / Math.max(1, hi - lo); // the line's ends inset by the style (margins), marks and labels inside the screen
  const pc = (n) => `${x(n).toFixed(3)}%`;
  const litList = [...lit].sort((a, b) => a - b);
  const arcs = [];
  for (let i = 1; i < litList.length; i++) {
    const a = x(litList[i - 1]);
    const b = x(litList[i]);
    arcs.push(html`<svg x=${`${a}%`} y="6" width=${`${b - a}%`} height="30" viewBox="0 0 100 30" preserveAspectRatio="none" overflow="visible">
      <path d="M 0 30 Q 50 0 100 30" class="nl-arc" vector-effect="non-scaling-stroke"></path></svg>`);
  }
  const threat = (n) => threatAt.has(n);
  const size = (n) => (n.owner === 0 ? 16 : n.owner === 1 ? 14 : threat(n.n) ? 13 : 12); // a mark's width with its stroke
  return html`<svg class="number-line" role="img" ref=${(el) => laidOut(el)}
    aria-label=${`The set on the number line from ${lo} to ${hi}: ${colours[0]} holds ${nums.filter((n) => n.owner === 0).map((n) => n.n).join(', ') || 'nothing'}, ${colours[1]} holds ${nums.filter((n) => n.owner === 1).map((n) => n.n).join(', ') || 'nothing'}`}>
    <line x1="0" y1=${AXIS} x2="100%" y2=${AXIS} class="nl-axis"></line>
    ${arcs}
    <g class="nl-stems">${nums.map((n) => html`<line class="nl-stem" x1=${pc(n.n)} x2=${pc(n.n)} y1=${AXIS} y2=${AXIS}></line>`)}</g>
    ${nums.map((n) => html`<g class="nl-mark" data-n=${n.n} data-at=${x(n.n) / 100} data-size=${size(n)}>${n.owner === 1
      ? html`<svg x=${pc(n.n)} y=${AXIS - 7} overflow="visible"><rect x="-7" y="0" width="14" height="14" class="nl-own1"></rect></svg>`
      : html`<circle cx=${pc(n.n)} cy=${AXIS} r=${n.owner === 0 ? 8 : 5} class=${n.owner === 0 ? 'nl-own0' : threat(n.n) ? 'nl-threat' : 'nl-free'}></circle>`}</g>`)}
    <g class="nl-labels"><text x="0" y=${AXIS + 24} class="nl-label" text-anchor="middle">${lo}</text>
    <text x="100%" y=${AXIS + 24} class="nl-label" text-anchor="middle">${hi}</text></g>
  </svg>`;
}

// The number line's axis (its y in the SVG) and the distance, in pixels, between two lanes of marks: a red circle
// is 16 px wide.
const AXIS = 36;
export const LANE = 17;

/**
 * lanesOf puts marks at the increasing positions xs (pixels), of widths
 * sizes, in lanes: each in the first lane (0 on the line, then 1, 2, …
 * below it) whose last mark leaves room (2 px) between them. It returns
 * each mark's lane.
 */
export function lanesOf(xs, sizes) {
  const ends = []; // each lane's last mark: [x, size]
  return xs.map((x, i) => {
    const w = sizes[i];
    let l = ends.findIndex(([e, v]) => x - e >= (v + w) / 2 + 2 - 1e-9);
    if (l < 0) l = ends.length;
    ends[l] = [x, w];
    return l;
  });
}

// layLanes hangs a number line's marks in their lanes for its width on the screen: a mark's place is a share of the
// width, its lane a shift below the line, with a stem (behind every mark) up to its place; the line is as tall as its
// lanes ask.
function layLanes(svg) {
  const w = svg.getBoundingClientRect().width;
  if (!svg.isConnected || w <= 0) return;
  const marks = [...svg.querySelectorAll('.nl-mark')];
  const stems = svg.querySelectorAll('.nl-stem');
  const lanes = lanesOf(marks.map((g) => Number(g.dataset.at) * w), marks.map((g) => Number(g.dataset.size)));
  marks.forEach((g, i) => {
    g.setAttribute('transform', `translate(0 ${lanes[i] * LANE})`);
    if (stems[i]) stems[i].setAttribute('y2', String(AXIS + lanes[i] * LANE));
  });
  const deepest = Math.max(0, ...lanes);
  svg.querySelector('.nl-labels').setAttribute('transform', `translate(0 ${deepest * LANE})`);
  svg.style.setProperty('--nl-lanes', String(deepest));
}

// One observer for every number line: its marks laid again when its width changes (a window resized, a phone turned).
const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver((entries) => entries.forEach((e) => layLanes(e.target)));

// laidOut lays a number line out as it is drawn, before the browser paints it (a new function each drawing: Preact
// calls it after every render), and has it laid out again when its width changes.
function laidOut(svg) {
  if (!svg) return;
  layLanes(svg);
  if (resized) resized.observe(svg);
}

/**
 * doneOf says, once the game is over, the progression seat p completed
 * (the winning one, lit) as its numbers, or [] when it completed none.
 */
export function doneOf(nums, lit, p) {
  const won = nums.filter((n) => lit.has(n.n));
  return won.length && won.every((n) => n.owner === p) ? won.map((n) => n.n) : [];
}

function RaceSide({ p, side, colours, k, done, threats }) {
  const { count, best } = side;
  if (done) {
    // The game is over: what each side completed, not what it could still.
    return html`<div class=${`race-side side${p}`}>
      <h2><span class=${`swatch own${p}`} aria-hidden="true">${letterOf(colours[p])}</span> ${cap(colours[p])} ${done.length ? `completed ${done.join(', ')}` : 'completed no progression'}</h2>
    </div>`;
  }
  return html`<div class=${`race-side side${p}`}>
    <h2><span class=${`swatch own${p}`} aria-hidden="true">${letterOf(colours[p])}</span> ${cap(colours[p])} ${count === 0 ? 'can complete no progression' : `can still complete ${count} ${count === 1 ? 'progression' : 'progressions'}`}</h2>
    ${threats ? html`<p class="threat">${threats}</p>` : null}
    ${best.length ? html`<ul class="aps">${best.map((a) => html`<li><span class="ap">${a.items.join(', ')}</span> <span class="muted">(holds ${a.held} of ${k})</span></li>`)}</ul>` : null}
    ${best.length && count > best.length ? html`<p class="more muted">and ${count - best.length} more</p>` : null}
  </div>`;
}

function ListColouring({ view, ctx }) {
  const st = view.status || {};
  const colours = view.colors || [];
  const colouring = st.phase === 'colour' && !st.over;
  // While a round goes on (a list drawn for the number named, then its colour chosen) the highlight is that number,
  // the one being coloured; only a game over highlights a progression of one colour (the namer's win).
  const named = (colouring || st.phase === 'draw') && !st.over;
  const target = named && st.highlight && st.highlight.length ? Number(st.highlight[0]) : null;
  const lit = new Set(!named ? (st.highlight || []).map(Number) : []);
  const s = view.numbers.length;
  const buttons = view.numbers.map((n) => {
    const c = n.color;
    const name = c >= 0 ? colours[c] : '';
    const isTarget = n.n === target;
    const held = `${c >= 0 ? name : isTarget ? (colouring ? 'named, being coloured now' : 'named, waiting for its colour list') : 'not named yet'}${lit.has(n.n) ? ', in the one-colour progression' : ''}`;
    return NumberButton({ n, ctx, cls: `${c >= 0 ? `taken c${c}` : 'free'}${isTarget ? ' target' : ''}${lit.has(n.n) ? ' lit' : ''}`, held, badge: c >= 0 ? letterOf(name) : isTarget ? '?' : '' });
  });
  const drawn = (st.draw || []).map((name) => colours.indexOf(name)).filter((c) => c >= 0);
  const swatches = colouring ? drawn.map((c) => {
    // A colour that ends the game for the other side completes a progression of one colour.
    const end = ctx.ends.get(`color:${c}`);
    const danger = end && end.winner !== st.to_move ? (end.highlight.length ? end.highlight.join(', ') : 'a progression') : null;
    const chosen = ctx.sel.some((p) => p[0].kind === 'color' && p[0].value === c);
    const can = ctx.live && ctx.legalKeys.has(`color:${c}`);
    const val = ctx.values.get(`color:${c}`);
    const good = ctx.good.has(`color:${c}`);
    // What the button shows under the colour's name, and its name begins with both (a speech user says what they see).
    const note = danger ? `completes ${danger}` : val || '';
    return html`<button type="button" class=${`swatch-btn c${c}${chosen ? ' chosen' : ''}${good ? ' good' : ''}${danger ? ' ends' : ''}`} data-color=${c} disabled=${!can}
      aria-pressed=${chosen ? 'true' : 'false'} aria-label=${`${colours[c]}${note ? ` ${note}` : ''}${val && !danger && ctx.valueWords ? ` (${ctx.valueWords})` : ''}: colour ${target} ${colours[c]}${danger ? ', and the namer wins' : ''}${good ? `, ${ctx.goodWords}` : ''}`}
      onClick=${() => ctx.onPick([{ kind: 'color', value: c }], chosen)}>
      <span class="swatch-letter" aria-hidden="true" data-letter=${letterOf(colours[c])}></span> ${colours[c]}${note ? ' ' : null}
      ${note ? html`<span class="sym-note">${note}</span>` : null}</button>`;
  }) : null;
  return html`<div class="numbers-wrap">
    <div class="numbers line" role="group" aria-label=${`The numbers 1 to ${s}`}>${buttons}</div>
    ${colouring ? html`<div class="drawn" role="group" aria-label="The drawn list">
      <p>Colouring <strong class="target-n">${target}</strong> — the drawn list: ${list(st.draw || [])}.</p>
      <div class="swatches">${swatches}</div></div>` : null}
    <p class="legend">${colours.map((c, i) => html`<span class="legend-item"><span class=${`swatch c${i}`} aria-hidden="true">${letterOf(c)}</span> ${c}</span>`)}
      · the namer wins with ${ctx.k || 3} numbers in arithmetic progression of one colour.</p>
  </div>`;
}
