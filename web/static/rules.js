// Small, exact facts about positions that the page shows as teaching aids:
// Nim's XOR table, Wythoff's P-positions, Thue repetitions, arithmetic
// progressions. Pure functions; the server stays the judge of every move.

/**
 * xorTable is Bouton's table for heaps (numbers): each heap in binary, the
 * XOR of all (the nim-sum), and the moves that leave a nim-sum of 0.
 */
export function xorTable(heaps) {
  const hs = heaps.map((h) => BigInt(h));
  let sum = 0n;
  for (const h of hs) sum ^= h;
  const maxv = hs.reduce((a, b) => (b > a ? b : a), sum);
  const width = Math.max(1, maxv.toString(2).length);
  const bin = (v) => v.toString(2).padStart(width, '0');
  const rows = hs.map((h, i) => ({ heap: i, size: h.toString(), bits: bin(h) }));
  const moves = [];
  if (sum !== 0n) {
    hs.forEach((h, i) => {
      const to = h ^ sum;
      if (to < h) moves.push({ heap: i, from: h.toString(), to: to.toString(), take: (h - to).toString() });
    });
  }
  return { rows, sum: sum.toString(), sumBits: bin(sum), width, moves };
}

/**
 * wythoffP lists the P-positions (A_n, B_n) of Wythoff's game generalised
 * by a, with A_n ≤ limit: A_n = mex{A_i, B_i : i < n}, B_n = A_n + a·n.
 */
export function wythoffP(a, limit) {
  const used = new Set();
  const out = [];
  let next = 0;
  for (let n = 0; ; n++) {
    while (used.has(next)) next++;
    const A = next;
    const B = A + a * n;
    if (A > limit) break;
    out.push([A, B]);
    used.add(A);
    used.add(B);
  }
  return out;
}

/** isWythoffP reports whether (x, y) is a P-position of Wythoff's game with parameter a. */
export function isWythoffP(a, x, y) {
  const lo = Math.min(x, y);
  const hi = Math.max(x, y);
  return wythoffP(a, lo).some(([A, B]) => A === lo && B === hi);
}

/**
 * repetition finds a square (rule "square": uu) or an overlap ("overlap":
 * xuxux, a factor of length 2p+1 with period p) in word that covers
 * position at (or anywhere when at is -1). It returns {start, length,
 * period} or null.
 */
export function repetition(word, rule, at = -1) {
  const n = word.length;
  const extra = rule === 'overlap' ? 1 : 0;
  for (let p = 1; 2 * p + extra <= n; p++) {
    const len = 2 * p + extra;
    for (let s = 0; s + len <= n; s++) {
      if (at >= 0 && (at < s || at >= s + len)) continue;
      let ok = true;
      for (let i = s; i + p < s + len; i++) {
        if (word[i] !== word[i + p]) { ok = false; break; }
      }
      if (ok) return { start: s, length: len, period: p };
    }
  }
  return null;
}

/** insertEnds reports the repetition made by inserting symbol at gap (null: none). */
export function insertEnds(word, gap, symbol, rule) {
  const w = [...word.slice(0, gap), symbol, ...word.slice(gap)];
  return repetition(w, rule, gap);
}

/** progressions lists the k-term arithmetic progressions inside a sorted set of numbers. */
export function progressions(numbers, k, limit = 200000) {
  const set = new Set(numbers);
  const out = [];
  const ns = [...numbers].sort((a, b) => a - b);
  for (let i = 0; i < ns.length; i++) {
    for (let j = i + 1; j < ns.length; j++) {
      const d = ns[j] - ns[i];
      const last = ns[i] + d * (k - 1);
      if (last > ns[ns.length - 1]) break;
      let ok = true;
      for (let t = 2; t < k; t++) {
        if (!set.has(ns[i] + d * t)) { ok = false; break; }
      }
      if (ok) {
        const ap = [];
        for (let t = 0; t < k; t++) ap.push(ns[i] + d * t);
        out.push(ap);
        if (out.length >= limit) return out;
      }
    }
  }
  return out;
}

/**
 * raceStatus says, for the Szemerédi game, which progressions each player
 * can still complete (none of the opponent's numbers in it), how many of
 * its numbers each holds, and the threats: free numbers that complete one
 * at once. owner: Map number → 0 | 1.
 */
export function raceStatus(aps, owner) {
  const live = [[], []];
  const threats = [new Map(), new Map()];
  for (const ap of aps) {
    const held = [0, 0];
    const free = [];
    for (const x of ap) {
      const o = owner.get(x);
      if (o === 0 || o === 1) held[o]++;
      else free.push(x);
    }
    for (const p of [0, 1]) {
      if (held[1 - p] > 0) continue;
      live[p].push({ ap, held: held[p], free });
      if (free.length === 1) threats[p].set(free[0], ap);
    }
  }
  for (const p of [0, 1]) live[p].sort((a, b) => b.held - a.held || a.ap[0] - b.ap[0]);
  return { live, threats };
}

/**
 * monoProgression finds a k-term progression of one colour in 1..s through
 * number n if n had colour c (colours: Map number → colour index).
 */
export function monoProgression(colours, s, k, n, c) {
  const has = (x) => x === n || colours.get(x) === c;
  for (let d = 1; d * (k - 1) < s; d++) {
    for (let off = 0; off < k; off++) {
      const first = n - off * d;
      const last = first + (k - 1) * d;
      if (first < 1 || last > s) continue;
      let ok = true;
      for (let t = 0; t < k; t++) {
        if (!has(first + t * d)) { ok = false; break; }
      }
      if (ok) return Array.from({ length: k }, (_, t) => first + t * d);
    }
  }
  return null;
}
