// The catalogue of games as the page uses it: GET /api/games, whose
// entries hold the words for people (title, family, rules, how_to_move,
// board, variants, opponents, default_opponent; the server's games
// package is their one place), normalised for the page, and how a move is
// made on this page. Pure functions.

export const FAMILIES = [
  { id: 'nim', title: 'Nim family', blurb: 'Heaps of tokens: Nim, its variants and Wythoff’s game.' },
  { id: 'nim2d', title: '2D Nim', blurb: 'Colour the cells of an N×N palette.' },
  { id: 'thue', title: 'Thue game', blurb: 'Build a word; a square ends it.' },
  { id: 'ap', title: 'Szemerédi game', blurb: 'A race to an arithmetic progression.' },
  { id: 'vdwlist', title: 'List-colouring van der Waerden game', blurb: 'Name numbers, colour from a random list.' },
];

// How a move is made on this page, after the game's own words (how_to_move): "choose" says it for a tap, a click
// and the keyboard's Enter alike (KEYBOARD says how to reach the board's pieces with the keys).
const INTERACTION = {
  heaps: 'Choose a token: it and the tokens to its right are taken (a large heap: type the amount). Choose it again, or Play.',
  grundy: 'Choose a token: the heap splits just after it (a dimmed token starts no split; a large heap: type how many to split off). Choose it again, or Play.',
  buildingnim: 'Choose “Place here” while building; then choose a token: it and those to its right are taken. Choose it again, or Play.',
  wythoff: 'Choose a token in one heap, and one in the other heap to take from both; then Play.',
  nimk: 'Choose a token in each heap you take from; then Play.',
  queen: 'Choose a square the queen can reach (← ↓ ↙), then choose it again or Play.',
  grid: 'Choose the cells (choose one again to drop it), then Play.',
  word: ['Choose a gap (▾), then choose it again or Play.', 'Choose a symbol, then choose it again or Play.'],
  numbers: ['Choose a number, then choose it again or Play.', 'Choose a number, then choose it again or Play.'],
  vdwlist: ['Choose a number, then choose it again or Play.', 'Choose a colour of the drawn list, then choose it again or Play.'],
};

/**
 * KEYBOARD says how to choose on a board with the keys (said where a
 * keyboard is likely: style.css hides it on a touch screen): the board's
 * pieces are one Tab stop, the arrows move between them (boardkeys.js).
 */
export const KEYBOARD = 'With the keyboard: Tab to the board, move with the arrow keys, choose with Enter.';

// How a move is made where every heap is too large to draw as tokens (a bar
// with a field): no token to tap.
const INTERACTION_BARS = {
  heaps: 'Type how many tokens to take from a heap, press Choose, then Play.',
  grundy: 'Type how many tokens to split off a heap, press Choose, then Play.',
  wythoff: 'Type how many tokens to take from a heap and press Choose; to take from both heaps, choose an amount in the other one too; then Play.',
  nimk: 'Type how many tokens to take and press Choose, in each heap you take from; then Play.',
};

/**
 * interaction says how to make a move on this page for a game, its board
 * and the role p; bars: every heap is drawn as a bar (too large for tokens).
 */
export function interaction(name, board, p, queen, bars = false) {
  const key = INTERACTION[name] ? name : board;
  const i = queen ? INTERACTION.queen : (bars && INTERACTION_BARS[key]) || INTERACTION[key] || '';
  return Array.isArray(i) ? i[p] || i[0] : i;
}

/** parseAllowed reads min, max and enum values out of a parameter's "allowed" text. */
export function parseAllowed(allowed = '') {
  const out = {};
  let m = allowed.match(/from (-?\d+) to (-?\d+)/);
  if (m) { out.min = Number(m[1]); out.max = Number(m[2]); }
  m = allowed.match(/≥ (\d+)/);
  if (m && out.min === undefined) out.min = Number(m[1]);
  m = allowed.match(/^one of (.+)$/);
  if (m) out.values = m[1].split(',').map((s) => s.trim());
  return out;
}

/** normParam fills a parameter's values/min/max/random from its text when the server left them out. */
export function normParam(p) {
  const parsed = parseAllowed(p.allowed);
  const random = p.random ?? /drawn from the seed/.test(p.default || '');
  const optional = /^\(.*\)$/.test(p.default || '');
  return {
    ...p,
    values: p.values || parsed.values || (p.kind === 'bool' ? ['false', 'true'] : undefined),
    min: p.min ?? parsed.min,
    max: p.max ?? parsed.max,
    random,
    optional: optional || p.required === false,
    def: optional ? '' : p.default,
  };
}

/** normGame turns a catalogue entry into what the page uses. */
export function normGame(g) {
  const opponents = g.opponents || [];
  const how = g.how_to_move && g.how_to_move.length ? g.how_to_move : [g.doc, g.doc];
  const rules = g.rules || g.doc;
  return {
    name: g.name,
    doc: g.doc,
    title: g.title || g.name,
    family: g.family || g.name,
    rules,
    how,
    board: g.board || 'heaps',
    roles: g.roles || ['first', 'second'],
    chance: !!g.chance,
    params: (g.params || []).map((p) => ({ ...normParam(p), game: g.name })),
    bots: g.bots || [],
    variants: (g.variants && g.variants.length ? g.variants : [{ title: g.title || g.name, game: g.example || g.name }])
      .map((v) => ({ rules, ...v })),
    solo: !!g.solo,
    soloDoc: g.solo_doc || '',
    opponents,
    defaultOpponent: g.default_opponent || (opponents.some((o) => o.bot === 'perfect') ? 'perfect' : (opponents[0] || {}).bot || 'random'),
  };
}

/** normCatalogue normalises the list and orders it by family. */
export function normCatalogue(list) {
  const order = FAMILIES.map((f) => f.id);
  const inFamily = ['nim', 'nimk', 'greedynim', 'grundy', 'buildingnim', 'wythoff'];
  return (list || []).map(normGame).sort((a, b) =>
    (order.indexOf(a.family) - order.indexOf(b.family)) || (inFamily.indexOf(a.name) - inFamily.indexOf(b.name)) || a.name.localeCompare(b.name));
}

/**
 * parseGameString splits "nim(piles=3;4;5,misere=true)" into its name and
 * arguments (values as text).
 */
export function parseGameString(s) {
  const m = String(s).trim().match(/^([a-z0-9_]+)\s*(?:\((.*)\))?$/i);
  if (!m) return { name: String(s), args: {} };
  const args = {};
  if (m[2]) {
    for (const part of m[2].split(',')) {
      const i = part.indexOf('=');
      if (i > 0) args[part.slice(0, i).trim()] = part.slice(i + 1).trim();
    }
  }
  return { name: m[1], args };
}

/** gameString writes a name and arguments back (empty values left out). */
export function gameString(name, args) {
  const parts = Object.entries(args).filter(([, v]) => v !== undefined && v !== null && String(v).trim() !== '').map(([k, v]) => `${k}=${String(v).trim()}`);
  return parts.length ? `${name}(${parts.join(',')})` : name;
}

/**
 * opponentProblem says why a bot cannot play a game with these arguments
 * (known limits of the perfect players), or ''.
 */
export function opponentProblem(name, args, bot) {
  if (!/^perfect\b/.test(bot)) return '';
  if (name === 'thue') {
    const k = Number(args.alphabet || 3);
    const overlap = args.rule === 'overlap';
    if ((overlap && k > 3) || (!overlap && k > 4)) return `Perfect plays the Thue game with up to ${overlap ? 3 : 4} symbols (${overlap ? 'overlaps' : 'squares'})`;
  }
  if (name === 'ap') {
    const x = Number(args.x || 20);
    if (!args.set && x > 40) return 'Perfect plays sets of at most 40 numbers';
  }
  if (name === 'vdwlist' && Number(args.s || 12) > 16) return 'Perfect is slow beyond s = 16';
  return '';
}

/** seedProblem checks a typed seed: '' when fine, else why it is refused. */
export function seedProblem(text) {
  const t = String(text).trim();
  if (t === '') return '';
  if (!/^\d+$/.test(t)) return 'A seed is a whole number from 0 (digits only).';
  if (BigInt(t) > 18446744073709551615n) return 'A seed is at most 18446744073709551615 (2^64 − 1).';
  return '';
}
