// The heaps board: Nim and its family. Small heaps as tokens (a click takes
// the token and those to its right, or splits the heap after it in Grundy's
// game), large heaps as a bar with the count and a field to take any amount.

import { html } from '../html.js';
import { tokenPick, amountOf, partners, pickKey, splitMarkAt } from '../moves.js';
import { fmtInt, closedHeapNote } from '../format.js';

export const SMALL = 40;

/** allBars reports whether every heap with tokens is too large to draw them (a bar with a field). */
export function allBars(heaps) {
  const n = (heaps || []).map(Number);
  return n.some((h) => h > SMALL) && n.every((h) => h > SMALL || h === 0);
}

/** unDrawn reports whether the heaps are not drawn at all, only their sizes written (beyond 2^53, see HeapsBoard). */
export const unDrawn = (view) => !view.heaps || view.heaps.some((h) => Number(h) > Number.MAX_SAFE_INTEGER);

/** analysisOnly reports whether the position is for the analysis only: too many legal moves to play here. */
export const analysisOnly = (view) => /analysis only/.test((view.status && view.status.phase) || '');

export function HeapsBoard({ view, ctx }) {
  if (unDrawn(view)) {
    // Beyond 2^53 a JavaScript number is not exact: the position string holds the exact sizes.
    const exact = String(ctx.position || '').split(' ')[0].split(';');
    return html`<div class="board-note" role="note">
      ${exact.map((x, i) => html`<p class="heap-head"><span class="heap-name">Heap ${i + 1}</span> <code class="heap-count">${fmtInt(x)}</code> tokens</p>`)}
      <p>${analysisOnly(view) ? html`These heaps are too large to draw or to play here (too many moves): switch on Analysis for the winning move, or ask <code>kombi analyze</code>.`
        : html`These heaps are too large to draw; a move can be typed under “Type a move” (e.g. <code>3,0</code>).`}</p></div>`;
  }
  const sel = ctx.sel;
  const building = view.status && view.status.phase === 'building';
  const twoHeap = ctx.gameName === 'wythoff' || ctx.gameName === 'nimk';
  const part = sel.length && ctx.live ? partners(sel, ctx.legal) : new Map();
  const maxHeap = Math.max(1, ...view.heaps.map(Number));
  return html`<div class="heaps" role="group" aria-label="Heaps">
    ${view.heaps.map((size, h) => Heap({ h, size: Number(size), ctx, building, partnerAmounts: part.get(h), maxHeap }))}
    ${building && view.status.counter !== undefined ? html`<p class="counter">Tokens still to place: <strong>${view.status.counter}</strong></p>` : null}
    ${twoHeap && ctx.live && sel.length === 1 && part.size > 0 ? Partners(sel, part, ctx) : null}
  </div>`;
}

function Partners(sel, part, ctx) {
  const k = amountOf(sel[0]);
  const buttons = [];
  for (const [h, amounts] of part) {
    const same = amounts.has(k) ? k : null;
    if (same !== null) {
      buttons.push(html`<button type="button" class="btn partner" onClick=${() => ctx.onPick([{ kind: 'heap', value: h }, { kind: 'amount', value: k }])}>
        Also take ${fmtInt(k)} from heap ${h + 1}</button>`);
    }
  }
  const hint = ctx.gameName === 'wythoff'
    ? `To take from both heaps, also choose a token in heap ${sel[0][0].value === 0 ? 2 : 1}${ctx.a > 1 ? ` (the two amounts may differ by less than ${ctx.a})` : ' (the same number of tokens)'}.`
    : 'You may also take from another heap: choose a token there.';
  return html`<div class="partners" role="note"><span>${hint}</span> ${buttons}</div>`;
}

function Heap({ h, size, ctx, building, partnerAmounts, maxHeap }) {
  const picked = ctx.sel.find((p) => p[0].kind === 'heap' && p[0].value === h);
  const prev = ctx.preview && ctx.preview[0].kind === 'heap' && ctx.preview[0].value === h ? ctx.preview : null;
  const shown = picked || prev;
  const last = ctx.last && ctx.last.heaps.get(h);
  const label = `Heap ${h + 1}`;
  const count = `${fmtInt(size)} ${size === 1 ? 'token' : 'tokens'}`;
  // What the last move did to this heap, in words ('+1' would read as the move '+1', a placement on heap 1).
  const lastNote = last ? (last.took ? `last move: took ${fmtInt(last.took)}` : last.placed ? 'last move: a token placed' : last.split ? `last move: split ${last.split[0]} + ${last.split[1]}`
    : last.splitOff !== undefined ? `last move: split off heap ${last.splitOff + 1}` : '') : '';
  // Grundy's split numbers the heaps after it one higher: each says which it was.
  const was = !last && ctx.last && ctx.last.renumberedFrom !== undefined && h >= ctx.last.renumberedFrom ? `was heap ${h}` : '';
  // While building, a move is one pick, the heap: the analysis marks the placements that win. The
  // button stays, disabled, when no one here is to place (a past position, the computer's turn).
  const canPlace = building && ctx.markOptions.get(h) && ctx.markOptions.get(h).place;
  const place = canPlace && ctx.live;
  const placeWins = canPlace && ctx.good.has(`heap:${h}`);
  const placing = place && picked && picked.length === 1;
  // A heap the rules offer no move on, on the player's move (Greedy Nim's smaller heaps, Grundy's heaps of 1 and 2): dimmed, and why.
  const closed = ctx.live && !building && !ctx.truncated && size > 0 && !ctx.options.get(h);
  const why = closed ? closedHeapNote(ctx.gameName) : '';
  return html`<div class=${'heap' + (picked ? ' picked' : '') + (last ? ' last' : '') + (closed ? ' closed' : '')} data-heap=${h} role="group" aria-label=${`${label}: ${count}${was ? ` (${was})` : ''}${why ? `: ${why}` : ''}`}>
    <div class="heap-head"><span class="heap-name">${label}</span> <span class="heap-count">${count}</span>
      ${why ? html`<span class="closed-note">${why}</span>` : null}
      ${lastNote ? html`<span class="last-note" title="the last move">${lastNote}</span>` : null}
      ${was ? html`<span class="was-note" title="the last move numbered this heap one higher">${was}</span>` : null}</div>
    ${size <= SMALL ? Tokens({ h, size, ctx, shown, partnerAmounts, last, open: ctx.live && !building && !closed && !ctx.truncated }) : Bar({ h, size, ctx, shown, maxHeap, closed })}
    ${canPlace ? html`<button type="button" class=${'place' + (placing ? ' chosen' : '') + (placeWins ? ' good' : '')} data-heap=${h} data-token=${size} aria-pressed=${placing ? 'true' : 'false'} disabled=${!place}
        aria-label=${`${placing ? 'Place it here (press again)' : 'Place here'}: a token on heap ${h + 1}${placing ? ', chosen' : ''}${placeWins ? `, ${ctx.goodWords}` : ''}`}
        onClick=${() => ctx.onPick([{ kind: 'heap', value: h }], placing)}>${placing ? '+ Place it here (press again)' : '+ Place here'}</button>` : null}
  </div>`;
}

function Tokens({ h, size, ctx, shown, partnerAmounts, last, open }) {
  const split = shown && shown[1] && shown[1].kind === 'split';
  const amount = amountOf(shown);
  let leftSize = -1;
  if (split) {
    // The split value is one part; the left part is the other one, as the click made it.
    const v = shown[1].value;
    leftSize = shown.leftSize ?? size - v;
  }
  const tokens = [];
  for (let j = 0; j < size; j++) {
    // The move this token starts, if any: a person picks it while live; the analysis marks it on a past position too.
    const move = tokenPick(ctx.markOptions, h, j, size, ctx.kind, ctx.truncated);
    const pick = ctx.live ? move : null;
    const taking = !split && amount > 0 && j >= size - amount;
    const side = split ? (j < leftSize ? ' left' : ' right') : '';
    // A split is chosen at the token clicked (token j and its mirror make the same move).
    const isPicked = ctx.sel.some((p) => pick && pickKey(p) === pickKey(pick) && (!split || p.leftSize === undefined || p.leftSize === j + 1));
    // A split is marked on one of its two tokens (splitMarkAt); the other says where.
    const splits = move && move[1] && move[1].kind === 'split';
    const winning = move && ctx.good.has(pickKey(move));
    const good = winning && (!splits || splitMarkAt(j, size));
    const twin = winning && !good ? `, ${ctx.goodWords}, marked on token ${size - 1 - j}: the same split` : '';
    const goodPart = !winning && move && ctx.goodParts.has(pickKey(move));
    const partner = partnerAmounts && partnerAmounts.has(size - j);
    // On the player's move, a token of a heap that has moves but starts none itself (Grundy's game:
    // the last token, and the middle one of an even heap) is dimmed, and its label says why.
    const noMove = open && !pick;
    const aria = pick ? tokenLabel(h, j, size, pick) : `Heap ${h + 1}, token ${j + 1}${noMove ? noMoveWhy(j, size, ctx.gameName) : ''}`;
    tokens.push(html`<button type="button" class=${'token' + (taking ? ' take' : '') + side + (isPicked ? ' chosen' : '') + (good ? ' good' : '') + (goodPart ? ' good-part' : '') + (partner ? ' partner-ok' : '') + (noMove ? ' no-move' : '')}
      title=${noMove ? aria : undefined}
      data-heap=${h} data-token=${j} disabled=${!pick} aria-label=${aria + (good ? `, ${ctx.goodWords}` : goodPart ? ', part of a winning move on several heaps' : twin)} aria-pressed=${isPicked ? 'true' : 'false'}
      onClick=${() => { if (pick) { if (split) pick.leftSize = j + 1; ctx.onPick(leftTagged(pick, j), isPicked); } }}
      onPointerEnter=${() => pick && ctx.onPreview(leftTagged(pick, j))} onPointerLeave=${() => ctx.onPreview(null)}
      onFocus=${() => pick && ctx.onPreview(leftTagged(pick, j))} onBlur=${() => ctx.onPreview(null)}>
      ${split && j === leftSize - 1 ? html`<span class="cut" aria-hidden="true"></span>` : null}</button>`);
  }
  if (last && last.took && last.took <= SMALL) {
    for (let j = 0; j < last.took; j++) tokens.push(html`<span class="token ghost" aria-hidden="true"></span>`);
  }
  return html`<div class="tokens">${tokens}</div>`;
}

// leftTagged keeps where a split click was, so the preview shows the parts as clicked.
function leftTagged(pick, j) {
  if (pick[1] && pick[1].kind === 'split') {
    const p = [...pick];
    p.leftSize = j + 1;
    return p;
  }
  return pick;
}

// noMoveWhy says why a token of a heap with moves starts none.
function noMoveWhy(j, size, gameName) {
  if (gameName !== 'grundy') return ': no move starts here';
  if (j === size - 1) return ': the heap splits after a token, and none follows the last';
  return `: a split here leaves ${j + 1} and ${size - j - 1}, and the two heaps must differ`;
}

function tokenLabel(h, j, size, pick) {
  const q = pick[1];
  if (q && q.kind === 'split') return `Heap ${h + 1}: split after token ${j + 1} into ${j + 1} and ${size - j - 1}`;
  const n = size - j;
  return `Heap ${h + 1}, token ${j + 1}: take ${n} ${n === 1 ? 'token' : 'tokens'}${n > 1 ? ' (this one and those to its right)' : ''}`;
}

function Bar({ h, size, ctx, shown, maxHeap, closed }) {
  // Grundy's game splits a number of tokens off the heap; the others take them.
  const opts = ctx.options.get(h);
  const kind = ctx.kind || (opts && opts.splits.size > 0 ? 'split' : 'amount');
  const chosen = shown && shown[1] ? shown[1].value : 0;
  const w = 300;
  const full = Math.max(4, Math.round((w * Math.log10(size + 1)) / Math.log10(maxHeap + 1)));
  const cut = size > 0 ? Math.round((full * chosen) / size) : 0;
  const id = `take-${h}`;
  const submit = (e) => {
    e.preventDefault();
    const v = Number(e.currentTarget.elements.amount.value);
    if (kind === 'split') {
      if (!Number.isInteger(v) || v < 1 || v >= size || 2 * v === size) {
        ctx.onError(`Split off a whole number from 1 to ${fmtInt(size - 1)}${size % 2 === 0 ? `, not ${fmtInt(size / 2)} (the two heaps must differ)` : ''}.`);
        return;
      }
    } else if (!Number.isInteger(v) || v < 1 || v > size) { ctx.onError(`Choose a whole number from 1 to ${fmtInt(size)}.`); return; }
    ctx.onPick([{ kind: 'heap', value: h }, { kind, value: v }], false);
  };
  return html`<div class="heap-bar">
    <svg class="bar" viewBox=${`0 0 ${w} 24`} role="img" aria-label=${`${fmtInt(size)} tokens`}>
      <rect x="0" y="2" width=${full} height="20" rx="4" class="bar-full"></rect>
      ${cut > 0 ? html`<rect x=${full - cut} y="2" width=${cut} height="20" rx="4" class="bar-take"></rect>` : null}
    </svg>
    ${ctx.live && !closed ? html`<form class="take-form" onSubmit=${submit}>
      <label for=${id}>${kind === 'split' ? 'Split off' : 'Take'}</label>
      <input id=${id} name="amount" type="number" inputmode="numeric" min="1" max=${kind === 'split' ? size - 1 : size} step="1" value=${chosen || ''} placeholder=${`1–${fmtInt(kind === 'split' ? size - 1 : size)}`} />
      <button type="submit" class="btn" data-heap=${h}>Choose</button>
    </form>` : null}
  </div>`;
}
