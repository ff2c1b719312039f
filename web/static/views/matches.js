// Every stored match, newest first, a page at a time (/#/matches): a game
// and a state to filter by, each match with who played, how it stands,
// its moves and when it began; a row opens the match.

import { html } from '../html.js';
import { parseGameString } from '../catalog.js';
import { subtitle, shorten, listWords, gameTitle } from '../format.js';

const STATES = [['', 'All'], ['unfinished', 'In progress'], ['finished', 'Finished']];

export function MatchesPage({ s, act }) {
  const ml = s.matchList || { filter: { game: '', state: '' }, rows: [], more: false, loading: true, error: '' };
  const f = ml.filter;
  const games = s.catalogue;
  const empty = !ml.loading && !ml.error && !ml.rows.length;
  return html`<main class="page matches-page">
    <h1>All matches</h1>
    <p class="muted">Every match played on this server, newest first. Open one to step through its moves, see what each position was worth, or play on.</p>
    <div class="ml-filters">
      <label class="field-inline" for="ml-game">Game
        <select id="ml-game" value=${f.game} onChange=${(e) => act.filterMatches({ game: e.target.value })}>
          <option value="">All games</option>
          ${games.map((g) => html`<option value=${g.name} selected=${g.name === f.game}>${g.title}</option>`)}
        </select></label>
      <div class="segmented" role="group" aria-label="Which matches">
        ${STATES.map(([v, label]) => html`<button type="button" class=${'seg' + (f.state === v ? ' on' : '')} aria-pressed=${f.state === v ? 'true' : 'false'}
          data-state=${v} onClick=${() => act.filterMatches({ state: v })}>${label}</button>`)}
      </div>
    </div>
    ${ml.error ? html`<p class="error" role="alert">${ml.error}</p>` : null}
    ${empty ? html`<p class="ml-empty">${f.game || f.state ? 'No stored match is like that.' : 'No match is stored yet.'} <a href="#/">Choose a game</a> to play one.</p>` : null}
    <ul class="recent-list" id="match-list">${ml.rows.map((m) => MatchRow({ m, s }))}</ul>
    ${ml.loading ? html`<p class="muted" role="status">Loading the matches…</p>` : null}
    ${ml.more && !ml.loading ? html`<button type="button" class="btn" id="ml-more" onClick=${act.moreMatches}>Show more</button>` : null}
  </main>`;
}

/** MatchRow is one stored match in a list (here and on the first page). */
export function MatchRow({ m, s, now }) {
  const { name } = parseGameString(m.game);
  const g = s.catalogue.find((x) => x.name === name) || {};
  const w = listWords(m, g, now, s.held[m.id]);
  return html`<li data-id=${m.id}><a href=${`#/m/${m.id}`}><strong>${gameTitle(m.game, g, m.title)}</strong> <span class="muted">${shorten(subtitle(m.game), 60)}</span></a>
    <span class="recent-meta">${w.who} · ${w.moves} · ${w.result === 'your move' ? html`<strong class="your-move">your move</strong>` : w.result} · ${w.when}</span></li>`;
}
