// The study board's set-up: what a tap changes on an edited board. The
// edited view goes to the server (POST /api/study/setup), which turns it
// into the game's position and says what is wrong with it.

/** cycleNumber is the next state of a number tapped in the setup editor: owners (Szemerédi) or colours (list colouring). */
export function cycleNumber(name, n, colourCount) {
  if (name === 'vdwlist') {
    const c = n.color + 1 >= colourCount ? -1 : n.color + 1;
    return { ...n, color: c };
  }
  // The Szemerédi set colours a number by its owner: the colour follows (a stale one would show the old owner).
  const owner = n.owner === 1 ? -1 : n.owner + 1;
  return { ...n, owner, color: owner };
}

/** heapInput is a heap field's text as the edited board keeps it: the number of tokens when it is a whole number the page can send, else the text as typed (setupProblem names it). */
export function heapInput(text) {
  const t = String(text).trim();
  const n = Number(t);
  return /^\d+$/.test(t) && Number.isSafeInteger(n) ? n : String(text);
}

/** setupProblem says what is wrong with an edited board before it goes to the server ('' when nothing): a heap field left empty or holding something else than a number of tokens. */
export function setupProblem(edit) {
  if (!edit || edit.kind !== 'heaps') return '';
  for (const [i, h] of (edit.heaps || []).entries()) {
    if (typeof h === 'number') continue;
    const t = String(h).trim();
    if (t === '') return `Heap ${i + 1} is empty: type its number of tokens (0 or more).`;
    if (/^\d+$/.test(t)) return `Heap ${i + 1}: ${t} tokens is more than the set-up takes (at most ${Number.MAX_SAFE_INTEGER}); for a larger heap, type the position string below.`;
    return `Heap ${i + 1}: “${t}” is not a number of tokens; type a whole number, 0 or more.`;
  }
  return '';
}
