// What the page says aloud (its announcer, a polite live region: app.js
// say): the moves that arrive from the other side, the end of a game, a
// take-back. A screen reader hears what a sighted player sees change on
// the board and in the last move's line. Pure functions of the match JSON.

import { yourSeat, cap, seatWho, playedWord, moveLabel, lastMoveWords, forcedWords, endText, roleName, list, drawNoteWords } from './format.js';
import { lastMove } from './lastmove.js';
import { raceOf, raceColours, threatWords } from './boards/numbers.js';

/**
 * lastMoveParts are the pieces of the last move's line ("Last move: The
 * computer (Perfect) played 3:1 (take 1 token from heap 3)."): who, the
 * verb, the move's label as the line shows it, its words ('' where the
 * notation says it), the server's note. last is lastmove.js' lastMove of m,
 * view the position after it.
 */
export function lastMoveParts(m, last, view, mine, opponents) {
  return {
    who: cap(seatWho(m, last.player, mine, opponents)),
    verb: playedWord(m.game_name, last.player, last),
    label: moveLabel(m.game_name, last.player, last.text, { inLine: true }),
    words: lastMoveWords(last, view, m.game_name),
    note: last.note || '',
  };
}

/** lastMoveText is the last move's line in words, as the page shows it (lastMoveParts), or the forced move's (forcedWords). */
export function lastMoveText(m, last, view, mine, opponents) {
  if (!last) return '';
  const forced = forcedWords(m, last, mine, opponents);
  if (forced) return forced;
  const p = lastMoveParts(m, last, view, mine, opponents);
  return `Last move: ${p.who} ${p.verb} ${p.label}${p.words ? ` (${p.words})` : ''}.${p.note ? ` ${p.note}` : ''}`;
}

/** drawText says a chance draw: the list-colouring game's colour list, or what chance drew. */
export function drawText(m, move) {
  return m.game_name === 'vdwlist' ? `Chance drew the colour list ${move}.` : `Chance drew ${move}.`;
}

// samePrefix counts the moves a and b begin with alike.
function samePrefix(a, b) {
  let n = 0;
  while (n < a.length && n < b.length && a[n].move === b[n].move && a[n].player === b[n].player) n++;
  return n;
}

/**
 * arrivedText says the moves that match m has beyond old (the same match,
 * as the page showed it before): the chance draws among them and the last
 * move, in the words of the last move's line, where someone other than
 * this page chose it (the computer, a friend on another device, a seat
 * this page only watches) or the server played it for a person (the only
 * move); and, where the game ended with them, who won and why (endText's
 * headline; the status says "Game over."). '' where nothing new came or
 * where the page shows the match anew (another match, an undo).
 */
export function arrivedText(old, m, mine, opponents) {
  if (!old || !m || old.id !== m.id || !old.moves || !m.moves) return '';
  const from = old.moves.length;
  if (m.moves.length <= from || samePrefix(old.moves, m.moves) < from) return '';
  const said = [];
  // Two computers playing on at their pace (a move or more a second): their moves came faster than they could be
  // said, one after another; the end alone is said, and each move while paused (Step).
  if ((m.players || []).every((p) => p !== 'human') && !m.paused) {
    return m.finished && !old.finished ? `${endText(m, mine, opponents).headline}.` : '';
  }
  const last = lastMove(m, null);
  const lastAt = last ? last.index - 1 : -1;
  for (let i = from; i < m.moves.length; i++) {
    const mv = m.moves[i];
    if (mv.player === -1) said.push(drawText(m, mv.move));
    else if (i === lastAt && (!mine[mv.player] || last.forced)) {
      said.push(lastMoveText(m, last, m.view, mine, opponents));
      // The Szemerédi game: the threats the move made, as the board's lines say them (what to block).
      if (m.game_name === 'ap' && !m.finished && m.view && m.view.numbers) {
        said.push(threatWords(raceOf(m.view), mv.player, raceColours(m.view), m.to_move, yourSeat(mine)));
      }
    }
  }
  if (m.finished && !old.finished) said.push(`${endText(m, mine, opponents).headline}.`);
  return said.filter(Boolean).join(' ');
}

/**
 * openedText says what a match started on this page holds as it opens,
 * beside who is to move (the board's description, where the focus goes):
 * what the seed drew (2D Nim's coin) and the other side's first move where
 * it came before the page; '' for neither.
 */
export function openedText(m, mine, opponents) {
  const last = lastMove(m, null);
  const moved = last && (!mine[last.player] || last.forced) ? lastMoveText(m, last, m.view, mine, opponents) : '';
  return [drawNoteWords(m, mine, opponents), moved].filter(Boolean).join(' ');
}

/**
 * undoneText says what an undo on this page took back: the moves old (the
 * match before it) has that m (after it) no longer has, "Took back your
 * move 1:2 and the computer’s reply 3:1." (with ": the game goes on" where
 * it took back the end); '' where nothing was.
 */
export function undoneText(old, m, mine, opponents) {
  if (!old || !m || old.id !== m.id || !old.moves || !m.moves) return '';
  const same = samePrefix(old.moves, m.moves);
  const gone = old.moves.slice(same);
  if (!gone.length) return '';
  const both = mine[0] && mine[1];
  const name = old.game_name || m.game_name;
  const whose = (p) => {
    const who = seatWho(old, p, mine, opponents);
    return who.startsWith('the computer') ? 'the computer’s' : who === 'your friend' ? 'your friend’s' : `${roleName(old, p)}’s`;
  };
  const pieces = gone.map((mv) => {
    const label = moveLabel(name, mv.player, mv.move, { inLine: true });
    if (mv.player === -1) return `the draw ${mv.move}`;
    if (both) return `${roleName(old, mv.player)}’s move ${label}`;
    return mine[mv.player] ? `your move ${label}` : `${whose(mv.player)} reply ${label}`;
  });
  return `Took back ${list(pieces)}${old.finished && !m.finished ? ': the game goes on' : ''}.`;
}
