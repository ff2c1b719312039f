// Words for people: titles, seats, status lines, moves, the end of a game,
// fractions as percentages. Pure functions of the match JSON.

import { parseGameString } from './catalog.js';

const COLOUR_NAMES = { R: 'red', G: 'green' };

/** list joins words: "a, b and c". */
export function list(items) {
  const xs = items.map(String);
  if (xs.length <= 1) return xs.join('');
  return xs.slice(0, -1).join(', ') + ' and ' + xs[xs.length - 1];
}

const plural = (n, one, many) => `${n} ${Number(n) === 1 ? one : many}`;

/** fmtInt writes an integer (number, bigint or digits) with thin spaces every 3 digits. */
export function fmtInt(v) {
  const s = String(v);
  if (!/^\d+$/.test(s) || s.length <= 4) return s;
  return s.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/** shorten cuts long text with an ellipsis. */
export function shorten(s, n = 40) {
  s = String(s ?? '');
  return s.length > n ? s.slice(0, n - 1) + '…' : s;
}

/**
 * subtitle describes a game string's settings in words, e.g. "heaps 3, 4, 5 ·
 * misère". Random parameters (seeds) are left out. With start, starting
 * heaps read "started from heaps 3, 4, 5" (for a page that shows a later
 * position beside them).
 */
export function subtitle(game, { start = false } = {}) {
  const { name, args } = parseGameString(game);
  const out = [];
  const from = start ? 'started from ' : '';
  const heaps = (t) => {
    const xs = String(t).split(';');
    if (xs.length === 1) return `${from}one heap of ${shorten(fmtInt(xs[0]), 14)}`;
    return from + (xs.length > 6 ? `${xs.length} heaps` : `heaps ${xs.map((x) => shorten(fmtInt(x), 14)).join(', ')}`);
  };
  switch (name) {
    case 'nim': case 'greedynim': if (args.piles) out.push(heaps(args.piles)); if (args.misere === 'true') out.push('misère'); break;
    case 'nimk': if (args.piles) out.push(heaps(args.piles)); if (args.k) out.push(`up to ${args.k} heaps a move`); break;
    case 'grundy': if (args.heap) out.push(`${from}one heap of ${fmtInt(args.heap)}`); break;
    case 'buildingnim': out.push(`${args.tokens || 10} tokens on ${args.heaps || 3} heaps`); if (args.placement === 'free') out.push('free placement'); break;
    case 'wythoff': {
      // On the queen's board the heaps are her square: the page says it as the board does.
      const xy = String(args.piles || '').split(';');
      if (args.view === 'queen' && xy.length === 2) out.push(`${start ? 'queen started at' : 'queen at'} (${xy.map((x) => shorten(fmtInt(x), 14)).join(', ')})`);
      else if (args.piles) out.push(heaps(args.piles));
      if (args.a && args.a !== '1') out.push(`a = ${args.a}`);
      break;
    }
    case 'nim2d': out.push(`${args.n || 5}×${args.n || 5} palette`); break;
    case 'thue': out.push(`${args.alphabet || 3} symbols`); out.push(args.rule === 'overlap' ? 'overlaps end it' : 'squares end it'); if (args.target && args.target !== '0') out.push(`painter wins at length ${args.target}`); break;
    case 'ap': out.push(args.set ? `${String(args.set).split(';').length} numbers` : `${args.x || 20} numbers`); out.push(`progressions of ${args.k || 3}`); break;
    case 'vdwlist': out.push(`numbers 1..${args.s || 12}`); out.push(`${args.colors || 3} colours, lists of ${args.list || 2}`); out.push(`progressions of ${args.k || 3}`); break;
    default: break;
  }
  return out.join(' · ');
}

/**
 * howToMoveWords is the game's own words on how the player p moves in the
 * match or study v (the server's how_to_move, with its k, a or placement
 * rule), else the catalogue entry g's for the game's type, else ''.
 */
export function howToMoveWords(v, p, g) {
  return (v.how_to_move && v.how_to_move[p]) || (g && g.how && g.how[p]) || '';
}

/**
 * pageClass is the class of a match's or a study's page: its game's name,
 * and in 2D Nim with player 1 green (p1=G) the seats' colours swapped, so
 * that each seat's dot, moves and marks take its colour.
 */
export function pageClass(game) {
  const { name, args } = parseGameString(game || '');
  return `game-${name}${name === 'nim2d' && args.p1 === 'G' ? ' p1-G' : ''}`;
}

/**
 * gameTitle is the title of game (a game string) for people: the title of
 * the catalogue entry g's variant whose board it is played on (Wythoff's
 * game on the queen's board: "Wythoff’s queen", as its card says), else
 * title (the server's) or g's.
 */
export function gameTitle(game, g, title = '') {
  const { name, args } = parseGameString(game || '');
  const v = args.view && g && (g.variants || []).find((x) => parseGameString(x.game).args.view === args.view);
  return (v && v.title) || title || (g && g.title) || name || game;
}

/**
 * gameRules is the rules of game in one sentence where the catalogue entry
 * g has none of its own for it: its variant's for the board it is played
 * on (the queen's moves), else g's.
 */
export function gameRules(game, g) {
  const { args } = parseGameString(game || '');
  const v = args.view && g && (g.variants || []).find((x) => parseGameString(x.game).args.view === args.view);
  return (v && v.rules) || (g && g.rules) || '';
}

/** matchTitle is a match's title in words; g is its game's catalogue entry (or, from older callers, its title). */
export function matchTitle(m, g) {
  const sub = subtitle(m.game);
  const entry = typeof g === 'string' ? { title: g } : g;
  return gameTitle(m.game, entry, m.title || '') + (sub ? ' — ' + sub : '');
}

/** roleName names a seat's role for people ("the builder", "red"). */
export function roleName(m, p) {
  if (p !== 0 && p !== 1) return 'Chance'; // seat −1: the chance draws of the list-colouring game
  const r = (m.roles || [])[p] || '';
  if (r === 'first' || r === 'second' || r === '') return p === 0 ? 'Player 1' : 'Player 2';
  if (COLOUR_NAMES[r]) return `${r} (${COLOUR_NAMES[r]})`;
  return r.charAt(0).toUpperCase() + r.slice(1);
}

/**
 * aside adds a note in parentheses to a name, merging parentheses rather
 * than nesting them: "R (red)" and "Perfect" make "R (red, Perfect)", "The
 * computer" and "R (red)" make "The computer (R, red)".
 */
export function aside(name, note) {
  const flat = String(note).replace(/^(.*) \((.*)\)$/, '$1, $2');
  const open = /^(.*)\)$/.exec(name);
  return open ? `${open[1]}, ${flat})` : `${name} (${flat})`;
}

/**
 * closedHeapNote says why a heap offers the player to move no move (which
 * heaps do comes from the legal moves): Greedy Nim takes from a largest
 * heap only, Grundy's game splits a heap into two unequal ones.
 */
export function closedHeapNote(gameName) {
  switch (gameName) {
    case 'greedynim': return 'not a largest heap';
    case 'grundy': return 'cannot be split into two unequal heaps';
    default: return 'no move here';
  }
}

/** botTitle names a computer player by its opponent title when known. */
export function botTitle(bot, opponents = []) {
  const o = opponents.find((x) => x.bot === bot);
  return o ? o.title : bot;
}

/**
 * seatWho says who plays a seat from this browser's point of view: "You",
 * "The computer (Perfect)", "Your friend" (a person elsewhere, against
 * you), "a person" (to a browser that plays neither seat), or the role in
 * hotseat play.
 */
export function seatWho(m, p, mine, opponents) {
  const human = m.players[p] === 'human';
  if (!human && m.players[1 - p] !== 'human') return aside(roleName(m, p), botTitle(m.players[p], opponents));
  if (!human) return `the computer (${botTitle(m.players[p], opponents)})`;
  if (mine[p] && mine[1 - p]) return roleName(m, p);
  if (mine[p]) return 'you';
  return mine[1 - p] ? 'your friend' : 'a person';
}

/** yourSeat is the seat this page plays (mine: the seats it holds, as mineOf), or null where it holds both or none. */
export const yourSeat = (mine) => (mine[0] !== mine[1] ? (mine[0] ? 0 : 1) : null);

export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * roundsText says the two-round Thue match the source scores (each player
 * once builder, once painter; more painter points wins) at the end of its
 * second round m: round1 is the first round's painter points ({points}),
 * the points of m are m.view.status.points. The first round's builder is
 * m's painter (seat 1), its painter m's builder (seat 0); mine and
 * opponents name them as the page's header does.
 */
export function roundsText(m, round1, mine, opponents) {
  const st = (m.view && m.view.status) || {};
  const both = mine[0] && mine[1];
  // [the first round's builder, its painter]: seats 1 and 0 of the second round.
  const who = both ? ['the first round’s builder', 'the first round’s painter'] : [seatWho(m, 1, mine, opponents), seatWho(m, 0, mine, opponents)];
  const pts = [Number(st.points ?? 0), Number(round1.points ?? 0)];
  const said = (i) => `${who[i]} scored ${plural(pts[i], 'point', 'points')} as painter in round ${i === 0 ? 2 : 1}`;
  const verb = (i) => (who[i] === 'you' ? 'win' : 'wins');
  const end = pts[0] === pts[1] ? 'the match is a tie' : pts[0] > pts[1] ? `${who[0]} ${verb(0)} the match` : `${who[1]} ${verb(1)} the match`;
  return `${cap(said(0))}, ${said(1)}: ${end}.`;
}

/**
 * seedMatters reports whether match m's seed changes anything in it, so
 * that the page shows it: its game g (the catalogue's entry) draws by
 * chance (the list-colouring game's lists) or draws a parameter left out
 * (the Szemerédi set, the Thue game's first symbol, 2D Nim's coin), or a
 * seat's bot chooses at random (random, a tie broken at random; the
 * perfect and alpha-beta players of Nim, Grundy's and Wythoff's games draw
 * nothing). A seed that changes nothing is kept in the record, not shown.
 */
export function seedMatters(m, g) {
  if (g && (g.chance || (g.params || []).some((p) => p.random))) return true;
  return (m.players || []).some((b) => /^random(\(|$)|[(,]\s*ties\s*=\s*random\b/.test(String(b)));
}

/** seedText is the exact seed: seed_text when the server sends it. */
export const seedText = (m) => (m.seed_text !== undefined ? String(m.seed_text) : String(m.seed));

// PHASE_WORDS says a game's phase (the view's status.phase) as the status line names it: what to do,
// not the server's one word ("Your move as Namer — name a number", not "— name").
const PHASE_WORDS = { name: 'name a number', colour: 'colour the named number', building: 'the building phase', nim: 'the Nim phase' };

/**
 * statusText is the line above the board: whose move, what the computer
 * does, or how the game ended (see endText). shown: {at} for a past
 * position; {control: false} where this page does not pace a match of two
 * computers (another browser started it).
 */
export function statusText(m, shown, mine, opponents) {
  if (shown.at !== undefined && m.moves && shown.at < m.moves.length) return `${shown.at === 0 ? 'The start' : `Move ${shown.at} of ${m.moves.length}`}: looking back. “Back to the game” returns.`;
  if (m.finished) return 'Game over.';
  const p = m.to_move;
  if (p === -1 || p === null || p === undefined) return p === -1 ? 'Drawing a colour list…' : 'Waiting…';
  const view = m.view || { status: {} };
  const phase = view.status && view.status.phase;
  if (m.thinking) {
    // Queued: the pace between moves (watching computers), or a busy server's queue of searches.
    if (m.thinking.queued) return `${cap(seatWho(m, p, mine, opponents))} moves in a moment…`;
    // The seconds are counted beside the thinking bar (thinkingTime), not here: the status is a live region, and a
    // count in it was read out ten times a second (the keyboard audit, finding 3).
    return 'The computer is thinking…';
  }
  // Named as the seats are above the board: "Colourer (Normal)" between computers, else "The computer (Perfect)".
  if (m.players[p] !== 'human') return m.paused ? (shown.control === false ? 'Paused by the browser that started this match.' : 'Paused. Resume or Step to go on.') : `${cap(seatWho(m, p, mine, opponents))} is to move…`;
  const role = roleName(m, p);
  const what = phase && !/^analysis/.test(phase) ? ` — ${PHASE_WORDS[phase] || phase}` : '';
  if (mine[p] && mine[1 - p]) return `${role} to move${what}`;
  if (mine[p]) return `Your move${m.roles[p] && !/first|second/.test(m.roles[p]) ? ` as ${role}` : ''}${what}`;
  return `Waiting for ${role}`;
}

/**
 * thinkingTime is how long the computer has been thinking, "0.4 s" (the
 * server's elapsed seconds and now, those since its last word), shown
 * beside the thinking bar outside the status; '' while it is queued.
 */
export function thinkingTime(m, now = 0) {
  const t = m && m.thinking;
  if (!t || t.queued) return '';
  return `${((t.elapsed || 0) + (now > 0 ? now : 0)).toFixed(1)} s`;
}

/**
 * forWhom names the seat p from this page, as a move is played for it:
 * "you", "your friend", or by its role where this page holds both seats or
 * neither ("the colourer", "Player 2").
 */
function forWhom(m, p, mine, opponents) {
  if (mine[p] !== mine[1 - p]) return seatWho(m, p, mine, opponents);
  const r = (m.roles || [])[p] || '';
  return /^[a-z]+$/.test(r) && r !== 'first' && r !== 'second' ? `the ${r}` : roleName(m, p);
}

/**
 * forcedWords says that the last move (lastmove.js' lastMove) was played
 * for a person because it was the only one (the match's forced_moves: a
 * list of one colour): "Only blue was on the list: 5 was coloured blue for
 * you."; '' for a move that was a choice.
 */
export function forcedWords(m, last, mine, opponents) {
  if (!last || !last.forced) return '';
  const whom = forWhom(m, last.player, mine, opponents);
  if (parseGameString(m.game || '').name === 'vdwlist' && last.colour) {
    const n = last.numbers && last.numbers.size === 1 ? [...last.numbers][0] : 'the number';
    return `Only ${last.colour} was on the list: ${n} was coloured ${last.colour} for ${whom}.`;
  }
  return `${cap(String(last.text))} was the only move: it was played for ${whom}.`;
}

/**
 * forcedTally says, at the end, how many of a person's moves were played
 * for them as the only ones (forced_moves): "Every list held only one
 * colour: all 4 colours were played for you, with no choice to make."; ''
 * when none were.
 */
export function forcedTally(m, mine, opponents) {
  const forced = (m.forced_moves || []).filter((i) => m.moves[i - 1]);
  if (!forced.length) return '';
  const p = m.moves[forced[0] - 1].player;
  const n = forced.filter((i) => m.moves[i - 1].player === p).length;
  const all = m.moves.filter((mv) => mv.player === p).length;
  const whom = forWhom(m, p, mine, opponents);
  const colours = parseGameString(m.game || '').name === 'vdwlist';
  const what = colours ? (k) => plural(k, 'colour', 'colours') : (k) => plural(k, 'move', 'moves');
  if (n === all) {
    const each = n === 1 ? `the one ${colours ? 'colour' : 'move'} was` : n === 2 ? `both ${colours ? 'colours' : 'moves'} were` : `all ${what(n)} were`;
    return `${colours ? 'Every list held only one colour' : 'There was only ever one move'}: ${each} played for ${whom}, with no choice to make.`;
  }
  const why = colours ? `${n === 1 ? 'its list' : 'their lists'} held only one colour` : 'there was no other move';
  return `${n} of ${whom === 'you' ? 'your' : 'the'} ${what(all)} ${n === 1 ? 'was' : 'were'} played for ${whom}: ${why}.`;
}

/**
 * drawNoteWords says what the seed drew that the game string names as if
 * it had been chosen (the match's draw_note): in 2D Nim, who the coin chose
 * to start, "The coin chose you (green, player 2) to start."; '' when
 * nothing was drawn.
 */
export function drawNoteWords(m, mine, opponents) {
  if (!m.draw_note) return '';
  const { name, args } = parseGameString(m.game || '');
  if (name !== 'nim2d' || !/^p[12]$/.test(args.first || '')) return `Drawn from the seed: ${m.draw_note}.`;
  const p = args.first === 'p1' ? 0 : 1;
  const r = (m.roles || [])[p] || '';
  const colour = COLOUR_NAMES[r] || r;
  const seat = `${colour}, player ${p + 1}`;
  const who = seatWho(m, p, mine, opponents);
  const person = who === 'you' || who === 'your friend' || who === 'a person' || who.startsWith('the computer');
  return `The coin chose ${person ? aside(who, seat) : `${cap(colour)} (player ${p + 1})`} to start.`;
}

/**
 * tookBackWords says a take-back made on another device: the moves of match
 * old (as this page showed it) that m, the same match, no longer has, where
 * one was chosen by a person whose seat this page does not hold (mine):
 * "Your friend took back their last move, 3:1." (with ": the game goes on"
 * where it took back the end); '' for anything else (this page's own undo,
 * a computer's move, another match).
 */
export function tookBackWords(old, m, mine) {
  if (!old || !m || old.id !== m.id || !old.moves || !m.moves) return '';
  let same = 0;
  while (same < m.moves.length && same < old.moves.length && m.moves[same].move === old.moves[same].move && m.moves[same].player === old.moves[same].player) same++;
  const gone = old.moves.slice(same);
  const first = gone.find((mv) => mv.player >= 0 && m.players[mv.player] === 'human' && !mine[mv.player]);
  if (!first) return '';
  const p = first.player;
  const theirs = gone.filter((mv) => mv.player === p);
  const who = mine[1 - p] ? 'your friend' : roleName(m, p);
  const label = moveLabel(m.game_name, p, first.move, { inLine: true });
  const yours = gone.some((mv) => mv.player >= 0 && mine[mv.player]);
  const what = theirs.length > 1 ? `their last ${theirs.length} moves${yours ? ' and yours with them' : ''}`
    : yours ? `their move ${label} and yours after it` : `their last move, ${label}`;
  return `${cap(who)} took back ${what}${old.finished && !m.finished ? ': the game goes on' : ''}.`;
}

/** youLost reports whether the person at this page (one seat, not both) lost the finished match m. */
export const youLost = (m, mine) => m.finished && m.mode !== 'solo' && Number.isInteger(m.winner) && m.winner >= 0 && !mine[m.winner] && (mine[0] || mine[1]);

/**
 * endText explains the end: {headline, detail}. The headline says who won
 * and why in the game's words ("You won: you took the last token").
 */
export function endText(m, mine, opponents) {
  const w = m.winner;
  const { name, args } = parseGameString(m.game);
  const view = m.view || { status: {} };
  const st = view.status || {};
  const reason = m.reason || '';
  if (m.mode === 'solo') {
    const best = m.high_score ? ` Your best: ${m.high_score}.` : '';
    const rep = repetitionWords(st.reason);
    return { headline: `The word reached length ${m.length || ''}.${best}`, detail: rep ? `The word has the ${rep}.` : firstLine(st.reason || reason) };
  }
  if (w === null || w === undefined) {
    // No winner: a draw in a game that has them (its reason says so), else the game was stopped.
    if (/draw/i.test(reason) || (!reason && st.over)) return { headline: 'A draw', detail: cap(firstLine(reason).replace(/^draw:\s*/i, '')) };
    return { headline: `The game stopped: ${firstLine(reason) || 'no winner'}`, detail: '' };
  }
  const winner = seatWho(m, w, mine, opponents);
  const loser = seatWho(m, 1 - w, mine, opponents);
  const youWon = mine[w] && !mine[1 - w];
  const youLost = mine[1 - w] && !mine[w];
  const subj = youWon ? 'You won' : youLost ? `${cap(winner)} won` : `${cap(winner)} won`;
  const short = (q) => { const who = seatWho(m, q, mine, opponents); return who === 'you' ? 'you' : who.startsWith('the computer') ? 'the computer' : roleName(m, q); };
  const it = (who) => (who === winner ? short(w) : short(1 - w));
  // The server's reason names the seats as the terminal does ("P1 (namer) wins."): the headline says
  // it in the page's words, and the detail adds only what the headline does not.
  let why = firstLine(reason);
  let detail = '';
  const length = m.length || view.word?.symbols.length;
  const difference = (xs) => (xs.length > 1 ? xs[1] - xs[0] : 0);
  switch (name) {
    case 'nim': case 'nimk': case 'greedynim': case 'wythoff': case 'buildingnim':
      if (args.misere === 'true') why = `${it(loser)} had to take the last token`;
      else if (args.view === 'queen' && view.kind === 'grid') why = `${it(winner)} moved the queen to the corner`;
      else why = `${it(winner)} took the last token`;
      if (args.misere === 'true') detail = 'In misère play whoever takes the last token loses.';
      break;
    case 'grundy': why = `${it(loser)} could not split a heap (only heaps of 1 and 2 tokens were left)`; break;
    case 'nim2d':
      why = `${it(winner)} coloured the last empty cell`;
      detail = 'Whoever has to move on the full palette loses.';
      break;
    case 'thue': {
      const rep = repetitionWords(st.reason);
      const rule = args.rule === 'overlap' ? 'overlap' : 'square';
      const points = st.points ?? 0; // the rules' count (status.points)
      // Without a target the builder wins every game (a repetition comes): what counts, for the person playing
      // one role, is the length the word reached, the painter's points (the source's two rounds compare them).
      if (!(Number(args.target) > 0) && mine[0] !== mine[1] && rep) {
        const painter = mine[1];
        return {
          headline: `The word ended at length ${length}: ${painter ? `you scored ${plural(points, 'point', 'points')} as painter` : `the painter scored ${plural(points, 'point', 'points')}`}`,
          detail: `It has the ${rep}. The painter scores a point for each symbol that made no ${rule}: ${painter ? 'you want the word long, the builder short' : 'as builder you want the word short, the painter long'}.`,
        };
      }
      // The painter wins only by reaching the target length (thue(…,target=N)) without a repetition.
      if (!rep && w === 1) why = `the word reached length ${length} without ${rule === 'overlap' ? 'an' : 'a'} ${rule}`;
      else why = `the word has ${rep ? `the ${rep}` : 'a repetition'}`;
      detail = `Length ${length}. The painter scored ${plural(points, 'point', 'points')}: one for each symbol that made no ${rule}.`;
      break;
    }
    case 'ap': {
      const mm = reason.match(/progression ([\d ,]+)/);
      if (!mm) break;
      const nums = mm[1].trim().split(/[ ,]+/).map(Number);
      why = `${it(winner)} ${it(winner) === 'you' ? 'own' : 'owns'} the progression ${nums.join(', ')}`;
      detail = `The progression’s difference: ${difference(nums)}.`;
      break;
    }
    case 'vdwlist': {
      if (w === 1) {
        why = 'every number is coloured with no progression of one colour';
        const cls = (/\(([^()]*)\)\. P2/.exec(reason) || [])[1];
        detail = cls ? `The colours: ${cls}.` : '';
        break;
      }
      const mm = reason.match(/progression in (\w+): ([\d, ]+)/);
      why = mm ? `${mm[2].trim()} are all ${mm[1]}` : 'a progression of one colour';
      if (mm) detail = `An arithmetic progression with difference ${difference(mm[2].trim().split(/[ ,]+/).map(Number))}: the namer’s goal.`;
      break;
    }
    default: detail = firstLine(reason);
  }
  return { headline: `${subj}: ${why}`, detail: detail === why ? '' : detail };
}

const firstLine = (s) => String(s || '').split('\n')[0];

// repetitionWords is the Thue view's reason without its positions ("square 01·01"; the server counts
// positions from 0, the board from 1 and shows them), or '' for a reason that is not a repetition.
const repetitionWords = (reason) => (/^(square|overlap) /.test(reason || '') ? reason.replace(/ at positions.*/, '') : '');

/**
 * saysMove reports whether a move's words already say its notation, as
 * their last word ("take 3" for 3, "colour cell 2" for 2, "name 1" for 1):
 * a list of moves shows the words alone, not "3 take 3".
 */
export function saysMove(words, move) {
  const w = String(words);
  return w !== String(move) && w.endsWith(` ${move}`);
}

/**
 * droppedNote says why a choice was dropped from the selection: with the
 * new choice it makes no move of game (a game string), in words a student
 * reads (the rule it breaks where the game has one), and that the new
 * choice is kept. dropped and kept are moveWords of each; phase is the
 * position's (view.status.phase): Building Nim's building phase places
 * tokens, its Nim phase takes them.
 */
export function droppedNote(dropped, kept, game, phase = '') {
  const { name, args } = parseGameString(game || '');
  const a = Number(args.a || 1);
  const why = {
    wythoff: a === 1 ? 'a move from both heaps takes the same number from each' : `a move from both heaps takes numbers that differ by less than ${a}`,
    nimk: `a move takes from at most ${args.k || 2} heaps`,
    nim: 'a move takes from one heap', greedynim: 'a move takes from one heap',
    buildingnim: phase === 'building' ? 'a move places one token' : 'a move takes from one heap',
  }[name];
  return `“${cap(dropped)}” and “${kept}” are not one move${why ? ` (${why})` : ''}: only “${kept}” is chosen.`;
}

/**
 * moveWords says a move in words from its parts and the position's view
 * ("take 3 tokens from heap 2", "split heap 1 into 4 and 3"); left, when
 * given, is the left part of a split as the board shows it (the parts are
 * then said in that order); named says that the move's notation is shown
 * beside the words (a gap's number is not said again).
 */
export function moveWords(parts, view, gameName, { left, named } = {}) {
  if (!parts || parts.length === 0) return '';
  const out = [];
  const heaps = view && view.heaps;
  let took = false; // a take said already: the next heap's says its amount only ("and 2 from heap 3")
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const q = parts[i + 1];
    switch (p.kind) {
      case 'heap': {
        const h = p.value + 1;
        if (q && q.kind === 'amount') {
          out.push(took ? `${fmtInt(q.value)} from heap ${h}` : `take ${plural(fmtInt(q.value), 'token', 'tokens')} from heap ${h}`);
          took = true;
          i++;
        } else if (q && q.kind === 'split') {
          const n = heaps ? Number(heaps[p.value]) : 0;
          // The parts in the board's order when the click that split is known (left: its left part).
          const a = left === q.value || left === n - q.value ? left : n - q.value;
          out.push(n ? `split heap ${h} into ${fmtInt(a)} and ${fmtInt(n - a)}` : `split heap ${h}, leaving ${fmtInt(q.value)}`);
          i++;
        } else out.push(`place a token on heap ${h}`);
        break;
      }
      case 'cell': {
        if (gameName === 'wythoff' && view && view.grid) {
          const { x, y } = queenXY(view.grid, p.value);
          out.push(`move the queen to (${x}, ${y})`);
        } else out.push(`cell ${p.value + 1}`);
        break;
      }
      case 'gap': out.push(gapWords(p.value, view, named)); break;
      case 'symbol': out.push(`paint ${p.value}`); break;
      // The Szemerédi game's words: a player takes a number (its rules and How to move say so).
      case 'number': out.push(`${gameName === 'vdwlist' ? 'name' : 'take'} ${p.value}`); break;
      case 'color': out.push(`colour it ${(view && view.colors && view.colors[p.value]) || p.value}`); break;
      default: out.push(`${p.kind} ${p.value}`);
    }
  }
  if (parts.every((p) => p.kind === 'cell') && gameName !== 'wythoff') {
    return `colour ${parts.length === 1 ? 'cell' : 'cells'} ${list(parts.map((p) => p.value + 1).sort((a, b) => a - b))}`;
  }
  return list(out);
}

/**
 * gapWords names a gap of the word: "insert at the start", "insert between
 * 0 and 1 (gap 1)"; named leaves out the gap's number, said beside it.
 */
export function gapWords(g, view, named = false) {
  const w = view && view.word ? view.word.symbols : null;
  if (!w) return `gap ${g}`;
  if (g === 0) return 'insert at the start';
  if (g === w.length) return 'insert at the end';
  return `insert between ${w[g - 1]} and ${w[g]}${named ? '' : ` (gap ${g})`}`;
}

/**
 * playedWord is the verb of the last move's line: a Szemerédi player takes
 * a number, the list-colouring namer names one, its colourer colours the
 * number named (last, from lastMove, holds it), the Thue painter paints a
 * symbol (the builder's "played gap 1"), anyone else plays.
 */
export function playedWord(gameName, player, last = null) {
  if (gameName === 'ap') return 'took';
  if (gameName === 'thue' && player === 1) return 'painted';
  if (gameName !== 'vdwlist') return 'played';
  if (player === 0) return 'named';
  const n = last && last.colour && last.numbers && last.numbers.size === 1 ? [...last.numbers][0] : null;
  return n === null ? 'coloured' : `coloured ${n}`;
}

/**
 * moveLabel is a move's notation as the move list shows it: chance's draw
 * "drawn 3", the Thue builder's gap "gap 0" and the painter's symbol "→ 1"
 * (both are digits in the notation), any other move its notation. With
 * inLine, as the last move's line says it ("played gap 0", "played 1").
 */
export function moveLabel(gameName, player, text, { inLine } = {}) {
  if (player === -1) return `drawn ${text}`;
  if (gameName === 'thue' && player === 0) return `gap ${text}`;
  if (gameName === 'thue' && !inLine) return `→ ${text}`;
  return text;
}

/**
 * lastMoveWords says the last move (lastmove.js' lastMove) in words where
 * its notation is terse: a heap's amount, split or placement ("2:3" is
 * "take 3 tokens from heap 2"; on Wythoff's queen board the queen's move,
 * "1,0" is "move the queen 1 square west"), cells, the builder's gap ("0" is
 * "insert at the start"); '' where the notation says it already (a number, a symbol, a
 * colour) or the move's parts are unknown. view is the position after the
 * move.
 */
export function lastMoveWords(last, view, gameName) {
  if (!last) return '';
  // A split from its notation: the heap split is no longer in the view to count, so the view given is the heap before.
  for (const [h, e] of last.heaps) {
    if (e.split) return moveWords([{ kind: 'heap', value: h }, { kind: 'split', value: e.split[1] }], { heaps: { [h]: e.split[0] + e.split[1] } }, gameName, { left: e.split[0] });
  }
  // Wythoff from its notation "k,l" (a queen's cell is numbered on the board before the move).
  if (last.took) {
    const [k, l] = last.took;
    // On the queen's board, in its words: heap 1 is the queen's column (west), heap 2 her row (south).
    if (view && view.grid) {
      const squares = (n) => plural(fmtInt(n), 'square', 'squares');
      if (k > 0 && l > 0) return k === l ? `move the queen ${squares(k)} south-west` : `move the queen ${squares(k)} west and ${fmtInt(l)} south`;
      return k > 0 ? `move the queen ${squares(k)} west` : `move the queen ${squares(l)} south`;
    }
    if (k > 0 && l > 0) return k === l ? `take ${fmtInt(k)} from both heaps` : `take ${fmtInt(k)} from heap 1 and ${fmtInt(l)} from heap 2`;
    return moveWords([{ kind: 'heap', value: k > 0 ? 0 : 1 }, { kind: 'amount', value: k || l }], null, gameName);
  }
  const parts = last.parts || [];
  if (!parts.length || !parts.every((p) => ['heap', 'amount', 'cell', 'gap'].includes(p.kind))) return '';
  // Said after the move's notation ("played gap 1 (insert between 0 and 2)").
  return moveWords(parts, view, gameName, { named: true });
}

/**
 * listedMoveWords says a move of the move list in words where its notation
 * is terse, as lastMoveWords does for the last move, from the move's
 * notation where the server's parts are not known (every move before the
 * last): "1:2" is "take 2 tokens from heap 1", "7,8" is "colour cells 7
 * and 8"; '' where the notation says it already or is not read here (the
 * Thue builder's gap, whose words need the word of that time). last is
 * lastMove's description of the move, view the match's (a queen board says
 * the queen's moves).
 */
export function listedMoveWords(last, view, gameName) {
  if (!last) return '';
  const said = lastMoveWords(last, view, gameName);
  if (said) return said;
  const parts = [];
  for (const [h, e] of last.heaps) {
    if (e.took) parts.push({ kind: 'heap', value: h }, { kind: 'amount', value: e.took });
    else if (e.placed) parts.push({ kind: 'heap', value: h });
  }
  for (const c of [...last.cells].sort((a, b) => a - b)) parts.push({ kind: 'cell', value: c });
  return parts.length ? moveWords(parts, null, gameName) : '';
}

/** queenXY maps a queen-board cell index to Wythoff heap coordinates. */
export function queenXY(grid, i) {
  const r = Math.floor(i / grid.cols);
  const c = i % grid.cols;
  return { x: c, y: grid.rows - 1 - r };
}

/** parseFraction reads "77/729" exactly. */
export function parseFraction(v) {
  if (v === null || v === undefined) return null;
  const m = String(v).match(/^(\d+)\/(\d+)$/);
  if (!m) {
    const x = Number(v);
    return Number.isFinite(x) ? { num: null, den: null, value: x, text: String(v) } : null;
  }
  const num = BigInt(m[1]);
  const den = BigInt(m[2]);
  if (den === 0n) return null;
  const value = Number((num * 1000000n) / den) / 1000000;
  return { num, den, value, text: `${m[1]}/${m[2]}` };
}

/** complement is 1 − f exactly. */
export function complement(f) {
  if (!f) return null;
  if (f.num === null) return { num: null, den: null, value: 1 - f.value, text: String(1 - f.value) };
  const num = f.den - f.num;
  return { num, den: f.den, value: Number((num * 1000000n) / f.den) / 1000000, text: `${num}/${f.den}` };
}

/** percent writes a probability as a percentage, 0 and 100 only when exact. */
export function percent(f) {
  if (!f) return '';
  if (f.num !== null) {
    if (f.num === 0n) return '0\u00a0%';
    if (f.num === f.den) return '100\u00a0%';
  }
  let p = f.value * 100;
  if (p > 99.9) p = Math.min(p, 99.9);
  if (p < 0.1) p = Math.max(p, 0.1);
  return `${p.toFixed(1)}\u00a0%`;
}

/** moveRows pairs the moves by number: [{n, first, second}] with chance draws kept inside. */
export function moveRows(moves) {
  const rows = [];
  const first = (moves.find((mv) => mv.player >= 0) || { player: 0 }).player;
  let row = null;
  moves.forEach((mv, i) => {
    const item = { ...mv, index: i + 1 };
    const fresh = !row || (mv.player === first && row.items.some((x) => x.player >= 0)) || (mv.player >= 0 && row.items.some((x) => x.player === mv.player));
    if (fresh) {
      row = { n: rows.length + 1, items: [] };
      rows.push(row);
    }
    row.items.push(item);
  });
  return rows;
}

/**
 * unwrap joins the lines a solver's explanation broke for a terminal
 * (about 100 columns) where they broke a sentence, so that a narrow panel
 * wraps the text itself instead of showing ragged half-lines. A line is
 * joined to the next when it is long (80 columns or more), both are prose
 * (not indented: tables, boards and lists are) and the sentence goes on: the
 * line does not end with . ! ? or :, or the next begins in lower case.
 */
// columns: a line laid out in columns (a table's row, "a  b | c", a rule of dashes), never prose.
const columns = (l) => /\S {2,}\S/.test(l.trim()) || / \| /.test(l) || /^[-=]{3,}$/.test(l.trim());

export function unwrap(text) {
  const prose = (l) => l !== '' && !/^\s/.test(l) && !columns(l);
  const out = [];
  let last = ''; // the terminal line that out's last line ends with
  for (const line of String(text).split('\n')) {
    if (out.length && prose(last) && prose(line) && last.length >= 80 && (!/[.!?:]$/.test(last) || /^[a-z]/.test(line))) {
      out[out.length - 1] += ' ' + line;
    } else {
      out.push(line);
    }
    last = line;
  }
  return out.join('\n');
}

/**
 * explainBlocks splits a solver's explanation (after unwrap) into blocks to
 * show: each line of prose a 'p', read in the page's font; a run of lines
 * laid out for a terminal (indented, or with runs of spaces) a 'pre' when
 * it is set in columns (a table, a board: some line has a run of spaces, a
 * " | " between columns, or is a rule) and 'steps' (its lines) when it is
 * indented prose, such as the steps of a method. Blank lines only separate.
 * (The server sends the part of the solver's text that reasons, without the
 * game string, the board, the moves, the outcome or the search's count:
 * solve.Result.Teach.)
 */
export function explainBlocks(text) {
  const laidOut = (l) => /^\s/.test(l) || columns(l);
  const blocks = [];
  for (const line of unwrap(String(text)).split('\n')) {
    if (line.trim() === '') continue;
    const prev = blocks[blocks.length - 1];
    if (laidOut(line) && prev && prev.kind !== 'p') {
      prev.lines.push(line);
      if (columns(line)) prev.kind = 'pre';
    } else {
      blocks.push({ kind: !laidOut(line) ? 'p' : columns(line) ? 'pre' : 'steps', lines: [line] });
    }
  }
  // Rows of words ("P1 red  (0): -  | can complete 4, best holds 0 of 4") may wrap in a narrow panel; a grid
  // ("[  G |  R |  4 ]", a table of digits) keeps its columns and scrolls.
  const words = (ls) => ls.some((l) => / \| /.test(l)) && ls.filter((l) => / \| /.test(l)).every((l) => /[A-Za-z]{3,}/.test(l));
  return blocks.map(({ kind, lines }) => (kind === 'steps' ? { kind, lines: lines.map((l) => l.trim()) }
    : kind === 'pre' && words(lines) ? { kind, text: lines.join('\n'), wrap: true } : { kind, text: lines.join('\n') }));
}

/**
 * codeParts splits a note from the server at its backquotes, which mark
 * code as in Markdown ("`kombi table nim2d-shapes --n 9` computes it"): the
 * parts in order, code true between a pair of them; a lone backquote stays
 * text.
 */
export function codeParts(text) {
  const s = String(text);
  const parts = [];
  let at = 0;
  for (const m of s.matchAll(/`([^`]+)`/g)) {
    if (m.index > at) parts.push({ text: s.slice(at, m.index), code: false });
    parts.push({ text: m[1], code: true });
    at = m.index + m[0].length;
  }
  if (at < s.length) parts.push({ text: s.slice(at), code: false });
  return parts;
}

/**
 * typeset sets an apostrophe between two letters as the typographic one
 * (U+2019): the server's words ("Wythoff's game", "the assignment's
 * strategy") then read as the page's own ("solver’s"). Quotes that open or
 * close a phrase, and anything that is not a letter's neighbour, stay.
 */
export function typeset(text) {
  return String(text).replace(/(\p{L})'(?=\p{L})/gu, '$1\u2019');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * whenText says when something happened, in local time, as near as a list
 * needs: "today, 09:05", "yesterday, 18:40", "3 Nov, 14:00" this year,
 * "3 Nov 2025" before.
 */
export function whenText(date, now = new Date()) {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  const hm = `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  const day = (x) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((day(now) - day(d)) / 86400000);
  if (days === 0) return `today, ${hm}`;
  if (days === 1) return `yesterday, ${hm}`;
  if (d.getFullYear() === now.getFullYear()) return `${d.getDate()} ${MONTHS[d.getMonth()]}, ${hm}`;
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}

/**
 * listWords says a stored match (a row of GET /api/matches) in a list's
 * words, with its game g from the catalogue (roles, opponents) and the
 * seats this browser holds (held): who played ("a person vs Perfect", "you
 * vs Perfect", "you, both seats"), how it stands ("your move", "in
 * progress", "paused", "Builder won", "Player 2 (Perfect) won", "you won", "a
 * draw"), and when it began.
 */
export function listWords(m, g = {}, now = new Date(), held = [false, false]) {
  const opponents = g.opponents || [];
  const seat = { roles: g.roles || [] };
  const mine = (p) => !!held[p] && m.players[p] === 'human';
  const both = mine(0) && mine(1);
  const name = (p) => (mine(p) && !both ? 'you' : m.players[p] === 'human' ? 'a person' : shorten(botTitle(m.players[p], opponents), 24));
  const who = m.mode === 'solo' ? (mine(0) ? 'solo, you' : 'solo') : both ? 'you, both seats' : [0, 1].map(name).join(' vs ');
  let result = 'in progress';
  const turn = m.to_move;
  if (!m.finished && Number.isInteger(turn) && turn >= 0 && mine(turn) && !both) result = 'your move';
  if (!m.finished && m.paused) result = 'paused';
  if (m.finished) {
    const w = m.winner;
    if (m.mode === 'solo') result = 'over';
    // No winner: a draw (a game ended by its rules stores no reason), or stopped (the reason says why).
    else if (w === null || w === undefined) result = !m.reason || /draw/i.test(m.reason) ? 'a draw' : 'stopped';
    else if (mine(w) && !both) result = 'you won';
    else {
      const role = roleName(seat, w);
      result = `${m.players[w] === 'human' ? role : aside(role, shorten(botTitle(m.players[w], opponents), 24))} won`;
    }
  }
  return { who, result, moves: plural(m.moves, 'move', 'moves'), when: whenText(m.created, now) };
}

/**
 * inviteBase is the address a friend's device opens the page at: this
 * page's own, unless it is a loopback one and the server listens on the
 * network too (urls: the server's addresses, its own first): then the
 * first of those. {base, here}: here is true when no other device can
 * reach the server.
 */
export function inviteBase(urls, origin) {
  const loop = (u) => /^https?:\/\/(127\.|localhost[:/]|\[::1\])/.test(u);
  const others = (urls || []).filter((u) => !loop(u));
  if (!loop(origin + '/')) return { base: origin, here: false };
  if (others.length) return { base: others[0].replace(/\/$/, ''), here: false };
  return { base: origin, here: true };
}

/**
 * refusalWords says that the server refused a new game, in its words (a
 * seat's bot is said by the dialog's refusal, with the seat's name).
 */
export function refusalWords(message) {
  return `The server refused the game: ${message}`;
}

/**
 * refusedMoveWords says why the server refused a move, as a person reads
 * it: the rules' reason, without the API's "illegal move MOVE: " before it
 * (“green is not in the drawn list {red, blue}”, not “illegal move green:
 * green is not …”).
 */
export function refusedMoveWords(message) {
  return `That move was refused: ${String(message ?? '').replace(/^illegal move .{1,60}?: (?=\S)/s, '')}`;
}

/**
 * glossaryNote says, on the page that stands in for the sources document
 * while it is not written, that the link a person followed there (hash:
 * #glossary or #glossary-TERM, from a game's rules or analysis) leads to
 * the document's glossary, its first part; '' otherwise.
 */
export function glossaryNote(hash, written) {
  return !written && /^#glossary(-|$)/.test(hash || '')
    ? 'You followed a link to its glossary, “Words used”: it opens the document, once written (a quick one takes seconds).' : '';
}

/**
 * sourcesWords says how the writing of the sources document stands (st: GET
 * /api/sources) for the page that writes it: {lead, text, note, progress:
 * {done, total} or null, offer, cancel, cancelled}, lead saying whether a
 * document is written (written: its link, null when not), cancelled how far
 * the last run got and what it kept when a person cancelled it ('' when
 * not), offer whether to offer the
 * buttons that write it, cancel whether to offer the one that cancels the
 * run going. The server counts the work done in percent (done of a total of
 * 100: each item weighted by the time it takes) and says in words what it
 * computes now; a run cancelled says how far it had got and what it kept.
 */
function elapsedWords(seconds) {
  const s = Math.round(seconds || 0);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

export function sourcesWords(st) {
  const lead = st.written
    ? { text: 'A document is written on this machine: ', link: 'read it', after: '. Writing it again replaces it (a quick one by the full one, say).' }
    : { text: 'That document is not written on this machine yet.', link: null, after: '' };
  const what = st.quick ? 'the quick document' : 'the document';
  const pct = st.total > 0 ? `about ${Math.round((100 * st.done) / st.total)} % done` : '';
  const at = pct ? `at ${pct}` : 'before its first step';
  if (st.running && st.cancelling) {
    return {
      lead,
      text: `Cancelling ${what} ${at}: it stops at its next step and keeps what it computed (${elapsedWords(st.seconds)} so far).`,
      note: 'This page says what was kept once it has stopped.',
      progress: st.total > 0 ? { done: st.done, total: st.total } : null,
      offer: false,
      cancel: false,
    };
  }
  if (st.running) {
    const step = pct || 'starting';
    const msg = st.message && st.message !== 'starting' ? ` — ${st.message}` : '';
    return {
      lead,
      text: `Writing ${what}: ${step}${msg} (${elapsedWords(st.seconds)} so far).`,
      note: 'You may leave this page: the server goes on, and this page shows the document once it is written. Cancel stops it and keeps what it computed.',
      progress: st.total > 0 ? { done: st.done, total: st.total } : null,
      offer: false,
      cancel: true,
    };
  }
  if (!st.can_write) {
    return { lead, text: 'This server does not write it: run the command below on its machine.', note: '', progress: null, offer: false, cancel: false };
  }
  const failed = st.error ? `The last run stopped: ${st.error}. What it computed is kept in the database: writing again goes on from there. ` : '';
  const kept = st.message ? `; ${st.message}` : '';
  const cancelled = st.cancelled ? `The last run was cancelled after ${elapsedWords(st.seconds)}, ${at}${kept}. Writing again goes on from there.` : '';
  return {
    lead,
    cancelled,
    text: `${failed}Kombi can write it now: the full document plays every game the sources played and times their methods (a few minutes on a 2-core machine); a quick one plays fewer and shorter games (seconds).`,
    note: 'Games and timings are kept in the database, so writing it again later only reads and redraws.',
    progress: null,
    offer: true,
    cancel: false,
  };
}

/**
 * sourcesSaid is what the page that writes the sources document tells a
 * screen reader (its live region) of how the writing stands (st: GET
 * /api/sources): a short line that changes only when it matters. While a
 * run goes: its share done in steps of 10 % and the item it computes (the
 * server's words up to "(item n of m)", without the counts of games that
 * tick within the item); a run cancelling, cancelled or stopped once; ''
 * when none runs (the page's text says the rest). The whole state was
 * announced again every second (the keyboard audit, finding 11).
 */
export function sourcesSaid(st) {
  const what = st.quick ? 'the quick document' : 'the document';
  if (st.running && st.cancelling) return `Cancelling ${what}: it stops at its next step.`;
  if (st.running) {
    if (!(st.total > 0)) return `Writing ${what}: starting.`;
    const tens = Math.min(90, 10 * Math.floor((10 * st.done) / st.total));
    const share = tens < 10 ? 'under 10 % done' : `at least ${tens} % done`;
    const m = String(st.message || '');
    const item = (m.match(/^.*?\(item \d+ of \d+\)/) || [m.split(':')[0]])[0].trim();
    return `Writing ${what}: ${share}${item && item !== 'starting' ? ` — ${item}` : ''}.`;
  }
  const w = sourcesWords(st);
  if (w.cancelled) return `Cancelled. ${w.cancelled}`;
  if (st.error) return `The last run stopped: ${st.error}.`;
  return '';
}
