// The word board: the Thue game's word as large tiles, one colour and its
// digit per symbol, the gaps between them as insertion marks, the
// painter's symbols below, those that end the game marked (the server's
// legal moves say which); the square (overlap) bracketed at the end.

import { html } from '../html.js';

const symClass = (s) => `sym s${s % 10}${s >= 10 ? ' hi' : ''}`;

export function WordBoard({ view, ctx }) {
  const w = view.word.symbols;
  const st = view.status || {};
  const gapNow = st.gap ?? st.counter; // the builder's chosen gap (status.gap; older servers: counter)
  const painting = st.to_move === 1 && gapNow !== undefined && gapNow !== null && !st.over;
  const pendingGap = painting ? gapNow : -1;
  const lit = new Set((st.highlight || []).map(Number));
  const litList = [...lit].sort((a, b) => a - b);
  const period = litList.length ? (ctx.rule === 'overlap' ? (litList.length - 1) / 2 : litList.length / 2) : 0;
  const gapPick = ctx.sel.find((p) => p[0].kind === 'gap');
  const symPick = ctx.sel.find((p) => p[0].kind === 'symbol') || (ctx.preview && ctx.preview[0].kind === 'symbol' ? ctx.preview : null);
  const items = [];
  for (let i = 0; i <= w.length; i++) {
    items.push(Gap({ i, w, ctx, pendingGap, symPick, chosen: gapPick && gapPick[0].value === i }));
    if (i < w.length) {
      const s = w[i];
      const inLit = lit.has(i);
      // A square's first block solid, its second double; an overlap xu·xu·x: the block, the block again, its first symbol again (solid).
      const k = litList.indexOf(i);
      const firstHalf = inLit && (k < period || (ctx.rule === 'overlap' && k === 2 * period));
      const isLast = ctx.last && ctx.last.word === i;
      // A symbol of the word makes no move: a tap on it says what to tap (a gap, or a symbol below the word).
      items.push(html`<span class=${`${symClass(s)}${inLit ? (firstHalf ? ' lit half-a' : ' lit half-b') : ''}${isLast ? ' last' : ''}`}
        data-index=${i} role="img" aria-label=${`symbol ${s} at position ${i + 1}${isLast ? ', just painted' : ''}${inLit ? ', part of the repetition' : ''}`}
        onClick=${ctx.live ? () => ctx.onTapNote(wordNote(painting)) : null}>${s}</span>`);
    }
  }
  const painterPoints = ctx.showPoints && typeof st.points === 'number' ? st.points : null; // the rules' count (status.points)
  return html`<div class="word-wrap">
    <div class=${'word' + (st.over ? ' over' : '')} role="group" aria-label=${`The word, ${w.length} ${w.length === 1 ? 'symbol' : 'symbols'}`}>${items}</div>
    ${lit.size ? html`<p class="repetition" role="note">The ${ctx.rule === 'overlap' ? 'overlap' : 'square'}:
      <span class="rep-half a">${litList.slice(0, period).map((i) => w[i]).join('')}</span>
      ·
      <span class="rep-half b">${litList.slice(period, 2 * period).map((i) => w[i]).join('')}</span>
      ${ctx.rule === 'overlap' ? html`· <span class="rep-half a">${litList.slice(2 * period).map((i) => w[i]).join('')}</span>` : null}
      at positions ${litList[0] + 1}–${litList[litList.length - 1] + 1}: a block of ${period} repeated${ctx.rule === 'overlap' ? ', then its first symbol once more' : ''}.</p>` : null}
    <p class="counter">Length ${w.length}${painterPoints !== null ? html` · painter’s points: <strong>${painterPoints}</strong> <span class="muted">(one for each symbol that made no ${ctx.rule === 'overlap' ? 'overlap' : 'square'})</span>` : null}</p>
    ${painting ? Symbols({ view, ctx }) : null}
  </div>`;
}

/**
 * wordNote says what to tap after a tap on a symbol of the word, which is
 * no move: the builder (painting false) chooses a gap, the painter one of
 * the symbols under the word.
 */
export function wordNote(painting) {
  return painting ? 'The word’s symbols are no move: tap a symbol under the word to paint the gap chosen (?).'
    : 'The word’s symbols are no move: tap a gap (▾) between them or at an end, where the next symbol goes.';
}

function Gap({ i, w, ctx, pendingGap, symPick, chosen }) {
  const pending = i === pendingGap;
  const pick = [{ kind: 'gap', value: i }];
  const can = ctx.live && ctx.legalKeys.has(`gap:${i}`);
  const val = ctx.values.get(`gap:${i}`);
  const good = ctx.good.has(`gap:${i}`);
  const where = i === 0 ? 'at the start' : i === w.length ? 'at the end' : `between ${w[i - 1]} and ${w[i]}`;
  const lastGap = ctx.last && ctx.last.gap === i;
  if (pending) {
    const s = symPick ? symPick[0].value : null;
    return html`<span class=${'pending' + (s !== null ? ' ' + symClass(s) : '')} aria-label=${`the builder chose this gap, ${where}`}>${s !== null ? s : '?'}</span>`;
  }
  return html`<button type="button" class=${`gap${chosen ? ' chosen' : ''}${good ? ' good' : ''}${lastGap ? ' last' : ''}`} data-gap=${i} disabled=${!can}
    aria-label=${`Gap ${i}: insert ${where}${val ? `; ${val}` : ''}${good ? `, ${ctx.goodWords}` : ''}`} aria-pressed=${chosen ? 'true' : 'false'}
    onClick=${() => ctx.onPick(pick, chosen)}><span class="caret" aria-hidden="true">▾</span>${val ? html`<span class="gap-val">${gapValue(val)}</span>` : null}</button>`;
}

/**
 * gapValue is a move's analysis label as short as a gap's badge holds:
 * "length 12" → "12", a bound "at least 16?" → "≥16" (the list beside the
 * board says both in words).
 */
export function gapValue(label) {
  const bound = /^at least (\d+)\?$/.exec(label);
  return bound ? `≥${bound[1]}` : label.replace(/^length /, '');
}

function Symbols({ view, ctx }) {
  const k = view.word.alphabet;
  const chosen = ctx.sel.find((p) => p[0].kind === 'symbol');
  const mover = view.status.to_move;
  const buttons = [];
  for (let s = 0; s < k; s++) {
    if (!ctx.legalKeys.has(`symbol:${s}`) && ctx.live) continue;
    // A symbol that ends the game for the other side: it makes a repetition.
    const end = ctx.ends.get(`symbol:${s}`);
    const rep = end && end.winner !== mover;
    const val = ctx.values.get(`symbol:${s}`);
    const good = ctx.good.has(`symbol:${s}`);
    const isChosen = chosen && chosen[0].value === s;
    // What the button shows under the symbol; its name begins with both (a speech user says what they see).
    const note = rep ? 'ends it' : val || '';
    buttons.push(html`<button type="button" class=${`${symClass(s)} symbol-btn${isChosen ? ' chosen' : ''}${good ? ' good' : ''}${rep ? ' ends' : ''}`} data-symbol=${s}
      disabled=${!ctx.live} aria-pressed=${isChosen ? 'true' : 'false'}
      aria-label=${`${note ? `${s} ${note}: paint ${s}${rep ? `, which makes a ${ctx.rule} and ends the game` : ''}` : `Paint ${s}`}${good ? `, ${ctx.goodWords}` : ''}`}
      onClick=${() => ctx.onPick([{ kind: 'symbol', value: s }], isChosen)}
      onPointerEnter=${() => ctx.onPreview([{ kind: 'symbol', value: s }])} onPointerLeave=${() => ctx.onPreview(null)}>
      <span class="sym-digit">${s}</span>${note ? html` <span class="sym-note">${note}</span>` : null}</button>`);
  }
  return html`<div class="symbols" role="group" aria-label="Symbols to paint">${buttons}</div>`;
}
