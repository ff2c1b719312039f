// Analysis in each game's own terms: which measure a game's values are in,
// how each move reads for the player making it, and which moves are best.
// Pure functions of the analysis JSON (kombi analyze) and the game.

import { parseFraction, complement, percent, moveWords, queenXY, list, cap } from './format.js';
import { raceOf, raceColours } from './boards/numbers.js';
import { parseGameString } from './catalog.js';

/**
 * measureOf is the analysis' measure: the server's when it names one, else
 * what the game's values are (the Thue length, P1's winning probability, a
 * Grundy value, or the outcome alone).
 */
const KIND_WORDS = {
  grundy: 'each move wins or loses; the Grundy value it leaves (0: the opponent is lost)',
  outcome: 'each move wins or loses against perfect play',
  // A game with draws (the Szemerédi game): most of its moves may draw, and the words say so.
  drawn: 'each move wins, draws or loses against perfect play',
  length: (rep) => `the length of the word at which the builder can force ${rep} after each move (the builder wants it short, the painter long)`,
  p1_win: 'the chance of winning after each move, with best play by both',
};

/**
 * repWords is the Thue game's repetition as its rules name it: "a square"
 * or, for rule=overlap, "an overlap".
 */
export const repWords = (rule) => (rule === 'overlap' ? 'an overlap' : 'a square');

export function measureOf(an, gameName, rule = 'square') {
  const vals = (an && an.moves ? an.moves : []).map((m) => m.value).filter((v) => v !== null && v !== undefined);
  const rep = repWords(rule);
  const draws = an && an.moves && an.moves.some((m) => m.outcome === 'draw');
  if (an && an.measure && an.measure.kind) {
    // A solver that decides outcomes only (Wythoff's game, misère Nim) sends no Grundy values: the words say so.
    const kind = an.measure.kind === 'grundy' && an.moves && an.moves.length && !vals.length ? 'outcome' : an.measure.kind;
    const words = kind === 'outcome' && draws ? KIND_WORDS.drawn : KIND_WORDS[kind];
    return { kind: an.measure.kind, label: (typeof words === 'function' ? words(rep) : words) || an.measure.label, rep };
  }
  if (gameName === 'thue') return { kind: 'length', label: KIND_WORDS.length(rep), rep };
  if (gameName === 'vdwlist' || vals.some((v) => typeof v === 'string' && v.includes('/'))) return { kind: 'p1_win', label: KIND_WORDS.p1_win, rep };
  if (vals.length && vals.every((v) => typeof v === 'number')) return { kind: 'grundy', label: KIND_WORDS.grundy, rep };
  return { kind: 'outcome', label: draws ? KIND_WORDS.drawn : KIND_WORDS.outcome, rep };
}

const OUT_RANK = { win: 4, chance: 3, draw: 2, unknown: 1, loss: 0 };

/**
 * score ranks a move for the player making it (higher is better): the
 * outcome first, then the measure (the builder wants a short word, the
 * painter a long one; P1 a high probability, P2 a low one).
 */
export function score(mv, measure, mover) {
  let s = (OUT_RANK[mv.outcome] ?? 1) * 1e6;
  // The Szemerédi game's race: the sooner a win, the better; the later a loss, the better.
  if (typeof mv.win_in === 'number') s += mv.outcome === 'win' ? -mv.win_in : mv.outcome === 'loss' ? mv.win_in : 0;
  if (mv.value === null || mv.value === undefined || mv.outcome === 'unknown') return s;
  if (measure.kind === 'length') s += (mover === 0 ? -1 : 1) * Number(mv.value);
  else if (measure.kind === 'p1_win') {
    const f = parseFraction(mv.value);
    if (f) s += (mover === 0 ? 1 : -1) * f.value * 1000;
  } else if (measure.kind === 'grundy') s += Number(mv.value) === 0 ? 1 : 0;
  return s;
}

/**
 * rank sorts the moves best first and marks the best: the server's "best"
 * when given, else the moves of the highest score. Each row gains
 * {best, good, ends, label, detail, p} for display. ending lists the moves
 * that end the game at once (the legal moves' ends flag), which read so.
 * With lengthen (the Thue game's solo mode, where one person plays both
 * roles for the longest word), every move is ranked as the painter ranks
 * it, the builder's too: the longest word with best play by both, which
 * the person, playing both, can then reach at least. rule is the Thue
 * game's (square or overlap): its values say the repetition by its name.
 */
export function rank(an, gameName, ending = [], { lengthen = false, rule = 'square' } = {}) {
  const ends = new Set(ending);
  const measure = measureOf(an, gameName, rule);
  // At a chance node (player −1) the rows are the draws: in the server's order, none best, each valued as the
  // server values it, for player 1.
  const draws = an.player === -1;
  const mover = draws ? 0 : lengthen && measure.kind === 'length' ? 1 : an.player; // 1: the painter, who wants the word long
  const rows = (an.moves || []).map((mv, i) => ({ ...mv, i, s: draws ? 0 : score(mv, measure, mover) }));
  const top = rows.reduce((a, r) => Math.max(a, r.s), -Infinity);
  const decisive = measure.kind === 'outcome' || measure.kind === 'grundy';
  // The server marks each move's "best" (for the player to move: not the solo's goal); an older one does not,
  // and then the top score is best.
  const marked = mover === an.player && rows.some((r) => typeof r.best === 'boolean');
  const known = (r) => r.outcome !== 'unknown' || (r.value !== null && r.value !== undefined);
  const bestSet = new Set(draws ? [] : rows.filter((r) => (marked ? r.best : r.s === top) && known(r) && !(decisive && r.outcome === 'loss')).map((r) => r.move));
  rows.sort((a, b) => b.s - a.s || a.i - b.i);
  for (const r of rows) {
    r.best = bestSet.has(r.move);
    r.ends = ends.has(r.move);
    r.good = decisive ? r.outcome === 'win' : r.best;
    Object.assign(r, describe(r, measure, mover, ends.has(r.move), an.pending !== false));
  }
  return { measure, rows };
}

/**
 * undecidedWords says a move (or a count of moves) the analysis has not
 * decided: still computing while the server deepens it (going), else not
 * decided: its time is up.
 */
export const undecidedWords = (going) => (going ? 'still computing' : 'not decided');

/**
 * describe says what one move's value means, from the mover's side:
 * {label, detail, p (0..1 for a bar, or null)}; ends: the move ends the
 * game at once; going: the server is still deepening the analysis (an
 * undecided move is then still computing, else not decided).
 */
export function describe(mv, measure, mover, ends = false, going = true) {
  const undecided = undecidedWords(going);
  if (mv.outcome === 'unknown' && (mv.value === null || mv.value === undefined)) return { label: undecided, detail: '', p: null };
  if (ends && measure.kind !== 'length' && measure.kind !== 'p1_win' && (mv.outcome === 'win' || mv.outcome === 'loss')) {
    const verb = mv.outcome === 'win' ? 'wins' : 'loses';
    return { label: verb, detail: `the last move: it ${verb} at once`, p: null };
  }
  switch (measure.kind) {
    case 'length': {
      const n = Number(mv.value);
      if (mv.outcome === 'unknown') return { label: `at least ${n}?`, detail: going ? 'still computing' : 'not decided in the time allowed', p: null };
      const rep = measure.rep || repWords();
      if (ends) return { label: `length ${n}`, detail: `makes ${rep}: the game ends here, at length ${n}`, p: null };
      return { label: `length ${n}`, detail: mover === 0 ? `the builder can then force ${rep} by length ${n}` : `the builder can still force ${rep} by length ${n}`, p: null };
    }
    case 'p1_win': {
      const f = parseFraction(mv.value);
      if (!f) return { label: undecided, detail: '', p: null };
      const mine = mover === 0 ? f : complement(f);
      const who = mover === 0 ? 'the namer wins' : 'the colourer survives';
      const unsure = mv.outcome === 'unknown' ? ` (a bound, ${undecided})` : '';
      if (ends && (f.value === 0 || f.value === 1)) {
        return { label: `${percent(mine)}`, detail: f.value === 1 ? 'ends the game: the namer wins' : 'ends the game: the colourer survives', p: mine.value };
      }
      // Certain either way: said so, not as "probability 1/1".
      const sure = !unsure && f.num !== null && (f.num === 0n || f.num === f.den);
      if (sure) return { label: `${percent(mine)}`, detail: f.num === 0n ? 'the colourer survives for sure' : 'the namer wins for sure', p: mine.value };
      return { label: `${percent(mine)}`, detail: `${who} with probability ${mine.text} = ${percent(mine)}${unsure}`, p: mine.value };
    }
    case 'grundy': {
      // A game whose solver decides outcomes only (Wythoff's game, misère Nim) sends no value: nothing to say about it.
      const has = mv.value !== null && mv.value !== undefined;
      const g = Number(mv.value);
      return {
        label: mv.outcome === 'win' ? 'wins' : mv.outcome === 'loss' ? 'loses' : mv.outcome,
        detail: has ? `Grundy value after the move: ${g}${g === 0 ? ' (the opponent faces a lost position)' : ''}` : '',
        p: null,
      };
    }
    default:
      return { label: mv.outcome === 'win' ? 'wins' : mv.outcome === 'loss' ? 'loses' : mv.outcome === 'draw' ? 'draws' : mv.outcome === 'chance' ? 'depends on luck' : undecided, detail: raceWords(mv), p: null };
  }
}

// raceWords says how soon the winner completes a progression after a move (the Szemerédi game's win_in: the
// winner's moves still needed against the best defence), or nothing where the server did not measure it.
function raceWords(mv) {
  const n = mv.win_in;
  if (typeof n !== 'number') return '';
  const moves = (k) => `${k} ${k === 1 ? 'move' : 'moves'}`;
  if (mv.outcome === 'win') return n === 0 ? 'completes a progression: it wins at once' : `completes a progression within ${n} more ${n === 1 ? 'move' : 'moves'}, whatever the defence`;
  return mv.outcome === 'loss' ? `the other side then completes a progression within ${moves(n)} of its own` : '';
}

/**
 * searchedText says how far the analysis is and what it searched: exact,
 * still searching (pending: the server deepens it), or stopped with moves
 * undecided when its time was up.
 */
export function searchedText(an) {
  const n = Number(an.nodes);
  // No position searched: the values come from the game's rule (Bouton's nim-sum, Wythoff's pairs), which names
  // the winning moves without valuing every other one (far too many with heaps of forty digits).
  if (an.nodes !== undefined && n === 0) {
    if (an.complete) return 'Exact, from the rule: no search was needed.';
    return `From the rule, without a search: the moves it names are exact; the others are not valued one by one${an.pending ? ' (a search for them goes on)' : ''}.`;
  }
  const work = an.nodes !== undefined ? `${n.toLocaleString('en')} position${n === 1 ? '' : 's'} searched in ${Number(an.seconds || 0).toFixed(2)} s` : '';
  if (an.complete) return `Exact.${work ? ` ${work}.` : ''}`;
  if (an.pending) return work ? `So far ${work}; the search goes on.` : 'The search goes on.';
  return `Not every move was decided in the time allowed.${work ? ` ${work}.` : ''}`;
}

// bestNamed is how many best moves of a chance game the verdict names; it counts the rest.
const bestNamed = 6;

/**
 * summary says the position's verdict for the player to move in one
 * sentence; marked: the board marks the winning moves (not where the heaps
 * are too large to draw: the moves are listed below instead).
 */
export function summary(an, ranked, who, { marked = true } = {}) {
  const rows = ranked.rows;
  if (rows.length === 0) return 'No moves to analyse.';
  const going = an.pending !== false;
  const open = going ? 'Still computing: undecided moves fill in as the search deepens…' : 'Not decided in the time the analysis had.';
  const wins = rows.filter((r) => r.outcome === 'win');
  const unknown = rows.filter((r) => r.outcome === 'unknown').length;
  const m = ranked.measure;
  if (m.kind === 'length') {
    const best = rows.find((r) => r.best);
    if (!best) return open;
    return an.player === 0
      ? `The builder can force ${m.rep || repWords()} by length ${best.value} (best marked ★).`
      : `With best play the painter reaches length ${best.value} (best marked ★).`;
  }
  if (m.kind === 'p1_win') {
    // Moves of the same best chance are named together ("Best moves: blue and green"), at most bestNamed of them.
    const bests = rows.filter((r) => r.best);
    if (!bests.length) return open;
    const names = bests.length > bestNamed ? `${bests.slice(0, bestNamed).map((r) => r.move).join(', ')} and ${bests.length - bestNamed} more`
      : list(bests.map((r) => r.move));
    const after = bests.length > 1 ? `, after ${bests.length === 2 ? 'either' : 'any of them'}` : '';
    return `Best move${bests.length > 1 ? 's' : ''}: ${names} — ${bests[0].detail}${after}.${unknown ? ` ${unknown} ${undecidedWords(going)}.` : ''}`;
  }
  if (wins.length) {
    // A winning move of several parts (2D Nim's cells, Wythoff's or Index-k Nim's heaps) is marked on each part.
    const multi = wins.map((r) => (r.parts || []).filter((p) => p.kind === 'heap' || p.kind === 'cell')).find((ps) => ps.length > 1);
    const several = multi ? `; a hollow ✓ marks part of a move of several ${multi[0].kind === 'cell' ? 'cells' : 'heaps'}` : '';
    return `${who} can win: ${wins.length === 1 ? 'one winning move' : `${wins.length} winning moves`} (${marked ? `marked ✓ on the board${several}` : 'listed below'}).`;
  }
  if (unknown) return going ? `No winning move found yet; ${unknown} still computing.` : `No winning move found in the time the analysis had; ${unknown} not decided.`;
  const draws = rows.filter((r) => r.outcome === 'draw').length;
  if (draws) return `${who} cannot force a win; best play draws (${draws === 1 ? 'one move keeps' : `${draws} moves keep`} the draw).`;
  return `${who} cannot force a win: every move loses against perfect play.`;
}

/**
 * drawSummary says what the draws at a chance node do (ranked: rank of
 * the analysis, whose rows are the draws), as {verdict, luck}: the verdict
 * is the chance before the draw (the analysis' value, the average of the
 * draws') with how many draws there are and how likely; luck says which
 * draw suits each side, or that the draw does not matter ('' until every
 * draw is valued). The values are player 1's chances (the namer's in the
 * list-colouring game).
 */
export function drawSummary(an, ranked, gameName) {
  const rows = ranked.rows;
  if (rows.length === 0) return { verdict: 'No draws to analyse.', luck: '' };
  const noun = gameName === 'vdwlist' ? ['colour list', 'colour lists'] : ['outcome', 'outcomes'];
  const ps = rows.map((r) => r.probability);
  const even = ps.every((p) => p && p === ps[0]);
  const over = rows.length === 1 ? `the one ${noun[0]}, drawn for certain`
    : `${rows.length} ${noun[1]}, ${even ? `each drawn with probability ${ps[0]}` : 'each drawn with the probability shown'}`;
  const going = an.pending !== false;
  const avg = parseFraction(an.value);
  const fs = rows.map((r) => parseFraction(r.value));
  if (!avg || fs.some((f) => !f) || rows.some((r) => r.outcome === 'unknown')) {
    return { verdict: `Chance draws one of ${over.replace(/^the one /, 'one ')}. ${going ? 'Still computing what each draw leaves…' : 'Not every draw was valued in the time the analysis had.'}`, luck: '' };
  }
  const p1 = gameName === 'vdwlist' ? 'the namer' : 'player 1';
  const other = gameName === 'vdwlist' ? 'the colourer' : 'player 2';
  const verdict = `Before the draw ${p1} wins with probability ${avg.text} = ${percent(avg)}: the average over ${over}.`;
  // Compared exactly where the values are fractions (two may round to the same percentage).
  const less = (a, b) => (a.num !== null && b.num !== null ? fracLess(a, b) : a.value < b.value);
  const hi = fs.reduce((a, f) => (less(a, f) ? f : a));
  const lo = fs.reduce((a, f) => (less(f, a) ? f : a));
  if (!less(lo, hi)) return { verdict, luck: rows.length > 1 ? 'Every draw leaves the same chance: here the draw does not matter.' : '' };
  const at = (v) => list(rows.filter((r, i) => !less(fs[i], v) && !less(v, fs[i])).map((r) => r.move));
  const wins = (f) => (f.num !== null && f.num === f.den ? `${p1} wins for sure` : f.num === 0n ? `${other} survives for sure` : `${p1} wins with ${percent(f)}`);
  return { verdict, luck: `Luckiest for ${p1}: ${at(hi)} (${wins(hi)}); for ${other}: ${at(lo)} (${wins(lo)}).` };
}

/**
 * drawWhy says why a colour list drawn for the number n matters
 * (completes: the view's, per colour index; colours: the list's
 * colour indexes; names: the colours' names): when every colour of the
 * list completes a progression, the colourer must complete one; when some
 * do, the colourer must take the others. '' when no colour of it
 * completes one.
 */
export function drawWhy(n, colours, completes, names) {
  const forced = colours.filter((c) => completes[c]);
  if (!forced.length) return '';
  const what = (c) => `${names[c]} would complete ${completes[c].join(', ')}`;
  if (forced.length === colours.length) return `${list(forced.map(what))}: the colourer must complete a progression at ${n}`;
  const free = colours.filter((c) => !completes[c]).map((c) => names[c]);
  return `${list(forced.map(what))}: the colourer must colour ${n} ${free.length === 1 ? free[0] : `${free.slice(0, -1).join(', ')} or ${free[free.length - 1]}`}`;
}

/** cacheKey names one analysed position: the match and the move number. */
export const cacheKey = (id, at) => `${id}@${at}`;

/**
 * whereWords points at the first part of a move without giving it away:
 * "heap 1", "both heaps", "cell 7", "the gap between 0 and 1", "west" for
 * the queen.
 */
function whereWords(parts, view, gameName) {
  const p = parts[0];
  const w = view && view.word ? view.word.symbols : null;
  switch (p.kind) {
    case 'heap': {
      const hs = parts.filter((q) => q.kind === 'heap').map((q) => q.value + 1);
      return hs.length > 1 ? `heaps ${list(hs)}` : `heap ${hs[0]}`;
    }
    case 'cell': {
      if (gameName !== 'wythoff' || !view || !view.grid) return `cell ${p.value + 1}`;
      const { x, y } = queenXY(view.grid, p.value);
      return `the queen's moves ${y === view.grid.rows - 1 ? 'west' : x === view.grid.cols - 1 ? 'south' : 'south-west'}`;
    }
    case 'gap':
      if (!w) return `gap ${p.value}`;
      return p.value === 0 ? 'the start of the word' : p.value === w.length ? 'the end of the word' : `the gap between ${w[p.value - 1]} and ${w[p.value]}`;
    default: return '';
  }
}

// threatsAgainst: in a Szemerédi view, the opponent's threats against the mover (raceOf's threatLines), the
// opponent's colour, and whether the mover has threats of its own (then it wins first); null in any other game.
function threatsAgainst(view, gameName, mover) {
  if (gameName !== 'ap' || !view || !view.lines || (mover !== 0 && mover !== 1)) return null;
  const race = raceOf(view);
  const colours = raceColours(view);
  return { threats: race.sides[1 - mover].threatLines || [], opp: colours[1 - mover], own: (race.sides[mover].threatLines || []).length > 0 };
}

/**
 * raceNotes says, in a Szemerédi position where the opponent threatens to
 * complete a progression and the mover cannot win first, what each move
 * does about it: a Map from move to words, "loses at once: blue then takes
 * 96, completing 24, 60, 96" for every move that leaves a threat open (all
 * but the block with one threat, every move with more), "blocks 24, 60,
 * 96" for the block; atOnce holds the moves that lose at once. Empty in
 * any other game or position. The analysis' "loses" (against perfect play)
 * does not tell the block from the others.
 */
export function raceNotes(rows, view, gameName, mover) {
  const notes = new Map();
  const atOnce = new Set();
  const t = threatsAgainst(view, gameName, mover);
  if (!t || t.own || !t.threats.length) return { notes, atOnce };
  for (const r of rows) {
    const open = t.threats.find((x) => String(x.n) !== r.move);
    if (open) {
      notes.set(r.move, `loses at once: ${t.opp} then takes ${open.n}, completing ${open.lines[0].join(', ')}`);
      atOnce.add(r.move);
    } else {
      notes.set(r.move, `blocks ${list(t.threats[0].lines.map((l) => l.join(', ')))}`);
    }
  }
  return { notes, atOnce };
}

// chosen is the hint that gives a move (an analysis row): it is chosen on the board.
const chosen = (row, view, gameName) => ({ text: `${cap(moveWords(row.parts || [], view, gameName))}: chosen on the board. Play it, or choose another.`, move: row });

/**
 * blockHint is the hint of a lost position of the Szemerédi game where the
 * opponent threatens to complete a progression next move: every move loses
 * against perfect play, but all but the block lose at once. With one
 * threat it names it and, at level 2, chooses the block; with several it
 * says that one block cannot stop them. null for any other position.
 */
function blockHint(rows, level, view, gameName, mover) {
  const t = threatsAgainst(view, gameName, mover);
  if (!t || !t.threats.length) return null;
  const { threats, opp } = t;
  if (threats.length > 1) {
    return { text: `Every move loses: ${opp} threatens ${list(threats.map((x) => x.n))}, each completing a progression, and one move blocks only one.`, move: null };
  }
  const { n, lines } = threats[0];
  const row = rows.find((r) => r.move === String(n));
  if (level >= 2 && row) return chosen(row, view, gameName);
  return { text: `Every move loses against perfect play, and ${opp} threatens to complete ${lines[0].join(', ')} with ${n}: block it by taking ${n}${row ? '. Ask again to choose it' : ''}.`, move: null };
}

/**
 * hintFor is a hint for the player to move, from the ranked analysis of
 * the position: at level 1 how good the best move is and, when a move has
 * several parts, where to look; at level 2 the best move itself (move, for
 * the board to choose). {text, move}; move is null when there is no move
 * to give (none wins, or the analysis has none yet). solo: the Thue game's
 * solo mode, ranked with lengthen (see rank), whose value is a length the
 * person, playing both roles, reaches at least.
 */
export function hintFor(ranked, level, view, gameName, mover, { solo = false } = {}) {
  const rows = ranked.rows;
  const best = rows.find((r) => r.best);
  const m = ranked.measure;
  if (m.kind === 'outcome' || m.kind === 'grundy') {
    const wins = rows.filter((r) => r.outcome === 'win').length;
    if (!wins && rows.length && rows.every((r) => r.outcome === 'loss')) {
      // The Szemerédi game measures the race (win_in): the rows come longest defence first.
      const far = typeof rows[0].win_in === 'number' && rows[0].win_in > 1 ? rows[0] : null;
      if (far && level >= 2) return { ...chosen(far, view, gameName), text: `${cap(moveWords(far.parts || [], view, gameName))}: it holds out longest, chosen on the board. Play it, or choose another.` };
      return blockHint(rows, level, view, gameName, mover)
        || (far ? { text: `Every move loses against perfect play; the longest defence makes your opponent need ${far.win_in} more moves. Ask again to see it.`, move: null } : null)
        || { text: 'Every move loses against perfect play: choose one that leaves your opponent the most to get right.', move: null };
    }
  }
  if (!best) return { text: 'The analysis has not found the best move yet: ask again in a moment.', move: null };
  const parts = best.parts || [];
  if (level >= 2) return chosen(best, view, gameName);
  let verdict;
  switch (m.kind) {
    case 'length':
      verdict = rows.every((r) => r.ends) ? `Every move ends the game here, at length ${best.value}`
        : solo ? `The best move lets the word reach length ${best.value} at least, whatever the builder does later`
          : mover === 0 ? `The best move lets you force ${m.rep || repWords()} by length ${best.value}` : `The best move keeps the word going to length ${best.value}`;
      break;
    case 'p1_win': verdict = `The best move gives you a ${best.label} chance of winning`; break;
    default: {
      const wins = rows.filter((r) => r.outcome === 'win').length;
      verdict = wins === 1 ? 'One move wins' : wins === rows.length ? (wins === 2 ? 'Both moves win' : `All ${wins} moves win`) : wins ? `${wins} of ${rows.length} moves win` : best.outcome === 'draw' ? 'No move wins: the best ones draw' : 'No move is sure to win';
      // The Szemerédi game's race: how soon the best (soonest) win completes a progression.
      if (best.outcome === 'win' && typeof best.win_in === 'number' && best.win_in > 0) verdict += `; the soonest completes a progression within ${best.win_in} more ${best.win_in === 1 ? 'move' : 'moves'}`;
    }
  }
  const where = parts.length > 1 ? whereWords(parts, view, gameName) : '';
  return { text: `${verdict}${where ? `: look at ${where}` : ''}. Ask again to see the move.`, move: null };
}

/**
 * reviewKey names the review of match m's end by the match and the moves
 * played (each seat's and chance's): an undo after the end and another
 * ending are another game, with a review of its own.
 */
export const reviewKey = (m) => `${m.id}:${(m.moves || []).map((x) => `${x.player}/${x.move}`).join(' ')}`;

/**
 * byLength reports whether match m is scored by the word's length, not won
 * or lost: the Thue game without a target, where the builder wins every
 * game (a repetition comes) and what counts is how soon (the painter's
 * points: the source's two-round match compares them).
 */
export function byLength(m) {
  const { name, args } = parseGameString(m.game || '');
  return name === 'thue' && !(Number(args.target) > 0) && m.mode !== 'solo';
}

/**
 * reviewSeat is the seat whose choices the end's review weighs in the
 * finished match m, played here with one seat (mine): the person's where
 * they lost, and in a game scored by length (byLength) the person's
 * whatever the rules say of winning (the builder too); null for none.
 */
export function reviewSeat(m, mine) {
  const w = m.winner;
  if ((w !== 0 && w !== 1) || mine[0] === mine[1]) return null;
  const seat = mine[0] ? 0 : 1;
  return seat !== w || byLength(m) ? seat : null;
}

/**
 * turningPoint finds where a lost game turned, for its review: the last
 * move of the loser's seat that the analysis proves worse than the best
 * there (a win let go, or in a game with draws a draw): after it every move
 * of theirs was as good as any, and the game was lost (an opponent who
 * errs may have handed back a win that an earlier move let go, and against
 * perfect play a win let go never comes back). analyses maps a
 * move's index to the analysis of the position before it (GET
 * /api/matches/{id}/analysis?at=i). Returns {at, nth, played,
 * playedParts, kept, better, betterParts} (nth: which of the loser's own
 * moves it was; kept: 'win' or 'draw', what the best moves kept; better:
 * those moves, betterParts the first's parts), or null when no move
 * analysed is one.
 */
export function turningPoint(moves, loser, analyses) {
  const worth = { win: 2, draw: 1, loss: 0 };
  for (let i = moves.length - 1; i >= 0; i--) {
    const mv = moves[i];
    if (mv.player !== loser || !analyses.has(i)) continue;
    const rows = (analyses.get(i).moves || []).filter((r) => r.outcome in worth);
    const played = rows.find((r) => r.move === mv.move);
    if (!played) continue;
    const best = Math.max(...rows.map((r) => worth[r.outcome]));
    if (worth[played.outcome] < best) {
      const kept = best === 2 ? 'win' : 'draw';
      const better = rows.filter((r) => r.outcome === kept);
      const nth = moves.slice(0, i + 1).filter((x) => x.player === loser).length; // which of the loser's own moves
      return { at: i, nth, played: mv.move, playedParts: played.parts || [], kept, better: better.map((r) => r.move), betterParts: better[0].parts || [] };
    }
  }
  return null;
}

/**
 * costliestChoice reviews a game valued by a chance or by a length for the
 * seat seat: the list-colouring game (the analysis values each move by
 * P1's winning probability, exact fractions) and the Thue game (by the
 * length of the final word, which the seat of measure.maximizer wants long,
 * the other short). At each of the seat's moves (moves[i], analyses mapping
 * i to the analysis of the position before it), the worth of the move
 * played to the seat against the best move's there. Only positions
 * analysed to the end count (a bound cannot say a move was worse). Returns
 * {kind, long, checked, undecided, start, worst, cost}: kind 'chance' or
 * 'length', long whether the seat wants the word long; start, the best
 * value at the seat's first move checked; cost, in a game of chance, what
 * the moves checked cost the seat's chance in all (the sum of best −
 * played, an exact fraction), costly how many cost some; worst, the move
 * that cost the
 * most ({at, played, playedParts, chance, best, better, betterParts,
 * atOnce, nth, draws}: the seat's chances as fractions, or the lengths;
 * better the moves worth best; atOnce, a length game's move that made a
 * repetition at once; nth, which of the seat's moves it was; draws, whether
 * chance moves come before it), null when every move checked was worth the
 * best.
 */
export function costliestChoice(moves, seat, analyses) {
  const out = { kind: null, long: false, checked: 0, undecided: 0, start: null, worst: null, cost: { num: 0n, den: 1n, value: 0 }, costly: 0 };
  let worstGap = 0;
  for (const [i, mv] of moves.entries()) {
    if (mv.player !== seat || !analyses.has(i)) continue;
    const an = analyses.get(i);
    const length = !!an.measure && an.measure.kind === 'length';
    // The seat's worth as an exact fraction: its chance (P2's is 1 − P1's), or the word's length, negated
    // for the seat that wants it short; shown: what the review says (the chance, or the length).
    const sign = length && seat !== an.measure.maximizer ? -1n : 1n;
    const worth = (f) => (length ? { num: sign * f.num, den: f.den, value: Number(sign * f.num) } : seat === 0 ? f : complement(f));
    const shown = (w) => (length ? Number(sign * w.num) : w);
    const rows = (an.moves || []).map((r) => ({ r, f: exactFraction(r.value) }));
    const exact = an.complete && !an.pending && rows.length > 0 && rows.every(({ r, f }) => f && r.outcome !== 'unknown');
    const played = rows.find(({ r }) => r.move === mv.move);
    if (!exact || !played) { out.undecided++; continue; }
    Object.assign(out, { kind: length ? 'length' : 'chance', long: length && sign === 1n });
    const chance = worth(played.f);
    let best = chance;
    for (const { f } of rows) if (fracLess(best, worth(f))) best = worth(f);
    out.checked++;
    if (out.start === null) out.start = shown(best);
    if (!length && fracLess(chance, best)) {
      out.costly++;
      out.cost = fracSum(out.cost, fracSum(best, chance, -1n));
    }
    const gap = best.value - chance.value;
    if (fracLess(chance, best) && (out.worst === null || gap > worstGap)) {
      worstGap = gap;
      const better = rows.filter(({ f }) => !fracLess(worth(f), best)).map(({ r }) => r);
      out.worst = { at: i, played: mv.move, playedParts: played.r.parts || [], chance: shown(chance), best: shown(best), better: better.map((r) => r.move), betterParts: better[0].parts || [] };
      // Which of the seat's own moves it was, and whether chance moves (draws) come before it in the count.
      const before = moves.slice(0, i + 1);
      out.worst.nth = before.filter((x) => x.player === seat).length;
      out.worst.draws = before.some((x) => x.player < 0);
      // A length one more than the word's (the analysis' extra.word): the move made a repetition at once.
      const word = an.extra && typeof an.extra.word === 'string' ? an.extra.word : null;
      out.worst.atOnce = length && word !== null && out.worst.chance === word.length + 1;
    }
  }
  return out;
}

/**
 * luckOf weighs the chance draws of a game valued by a chance (the
 * list-colouring game) for the seat seat: at each draw (moves[i] of player
 * −1, analyses mapping i to the analysis of the draw, see AddDraws on the
 * server), the seat's chance after the list drawn against its chance
 * before the draw (the lists' average). Only draws analysed exactly count.
 * Returns {checked, undecided, total, worst, best}: total, the sum of the
 * swings (what the draws did to the seat's chance in all, as an exact
 * fraction that may be negative); worst and best, the draws that cost and
 * gave the most ({at, drawn, left, before}: the seat's chances after and
 * before, as fractions), null when no draw did.
 */
export function luckOf(moves, seat, analyses) {
  const out = { checked: 0, undecided: 0, total: { num: 0n, den: 1n, value: 0 }, worst: null, best: null };
  let lo = null;
  let hi = null;
  let round = 0; // the move list's row: a round starts with player 1's move (the namer's)
  for (const [i, mv] of moves.entries()) {
    if (mv.player === 0) round++;
    if (mv.player !== -1 || !analyses.has(i)) continue;
    const an = analyses.get(i);
    const avg = exactFraction(an.value);
    const row = (an.moves || []).find((r) => r.move === mv.move);
    const f = row && row.outcome !== 'unknown' ? exactFraction(row.value) : null;
    if (!an.complete || an.pending || !avg || !f) { out.undecided++; continue; }
    out.checked++;
    const left = seat === 0 ? f : complement(f);
    const before = seat === 0 ? avg : complement(avg);
    const swing = fracSum(left, before, -1n);
    out.total = fracSum(out.total, swing);
    const at = { at: i, round, drawn: mv.move, left, before };
    if (swing.num < 0n && (lo === null || fracLess(swing, lo))) { lo = swing; out.worst = at; }
    if (swing.num > 0n && (hi === null || fracLess(hi, swing))) { hi = swing; out.best = at; }
  }
  return out;
}

// exactFraction reads an exact value as parseFraction does: a probability ("77/729"), or a whole
// number (a length; 0 and 1 for a move that ends the list-colouring game); null for anything else.
function exactFraction(v) {
  if (/^\d+$/.test(String(v ?? ''))) return parseFraction(`${v}/1`);
  const f = parseFraction(v);
  return f && f.num !== null ? f : null;
}

// fracLess compares two exact fractions (parseFraction's, num and den as BigInt).
export function fracLess(a, b) {
  return a.num * b.den < b.num * a.den;
}

// fracSum is a + sign·b for exact fractions (sign 1n or −1n), in lowest terms, with its value as a number.
function fracSum(a, b, sign = 1n) {
  const num = a.num * b.den + sign * b.num * a.den;
  const den = a.den * b.den;
  let [x, y] = [num < 0n ? -num : num, den];
  while (y) [x, y] = [y, x % y];
  return { num: num / x, den: den / x, value: Number(((num / x) * 1000000n) / (den / x)) / 1000000 };
}
