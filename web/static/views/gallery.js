// The first page: the five families and the Nim variants, each with a
// picture, its rules in one sentence and what one can do with it; then the
// recent matches with readable titles.

import { html } from '../html.js';
import { FAMILIES, parseGameString } from '../catalog.js';
import { Picture } from './pictures.js';
import { MatchRow } from './matches.js';

export function Gallery({ s, act }) {
  if (s.loadError) return html`<main class="page"><p class="error" role="alert">${s.loadError}</p></main>`;
  if (!s.catalogue.length) return html`<main class="page"><p class="muted">Loading the games…</p></main>`;
  return html`<main class="page gallery">
    <section class="intro">
      <h1>Play, study and solve combinatorial games</h1>
      <p>Pick a game: play it against the computer or a friend on this device, watch two computers, or study any position with the exact value of every move.</p>
      <p class="sources-link"><a class="btn" href="/sources/">The five sources, recomputed</a><span>every table and figure of the theses and projects these games come from, beside Kombi's numbers</span></p>
    </section>
    ${Family({ f: FAMILIES[0], s, act })}
    <section class="family" aria-labelledby="fam-more">
      <h2 id="fam-more">Four more families</h2>
      <div class="cards">${FAMILIES.slice(1).flatMap((f) => s.catalogue.filter((g) => g.family === f.id)
        .flatMap((g) => g.variants.map((v) => Card({ g, v, act, family: f.title }))))}</div>
    </section>
    ${Recent({ s })}
  </main>`;
}

function Family({ f, s, act }) {
  const games = s.catalogue.filter((g) => g.family === f.id);
  if (!games.length) return null;
  const cards = games.flatMap((g) => g.variants.map((v) => ({ g, v })));
  return html`<section class="family" aria-labelledby=${`fam-${f.id}`}>
    <h2 id=${`fam-${f.id}`}>${f.title}</h2>
    <div class="cards">${cards.map(({ g, v }) => Card({ g, v, act }))}</div>
  </section>`;
}

// A card's actions: each button's name says its game after its words ("Play the computer: Nim"), the same on every
// card otherwise (a screen reader's list of buttons said "Play the computer" 14 times: the keyboard audit, finding 21).
const ACTIONS = [['computer', 'Play the computer', true], ['friend', 'Play a friend'], ['watch', 'Watch two computers'], ['study', 'Study a position']];

function Card({ g, v, act, family }) {
  const id = `card-${v.game.replace(/[^a-z0-9]+/gi, '-')}`;
  return html`<article class="card" aria-labelledby=${id} data-game=${v.game}>
    <${Picture} game=${v.game} board=${g.board} />
    ${family ? html`<p class="card-family">${family}</p>` : null}
    <h3 id=${id}>${v.title}</h3>
    <p class="rules">${v.rules || g.rules}</p>
    <div class="card-actions">
      ${ACTIONS.map(([action, text, primary]) => html`<button type="button" class=${primary ? 'btn primary' : 'btn'} data-action=${action} aria-label=${`${text}: ${v.title}`}
        onClick=${() => (action === 'study' ? act.openStudy(v.game) : act.openDialog(v.game, action))}>${text}</button>`)}
    </div>
  </article>`;
}

function Recent({ s }) {
  if (!s.recent.length) return null;
  return html`<section class="recent" aria-labelledby="recent-h">
    <h2 id="recent-h">Recent matches</h2>
    <ul class="recent-list">${s.recent.map((m) => MatchRow({ m, s }))}</ul>
    <p><a class="btn" href="#/matches" id="all-matches">All matches</a></p>
  </section>`;
}
