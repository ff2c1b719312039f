// The first page: the five families and the Nim variants, each with a
// picture, its rules in one sentence and what one can do with it; then the
// recent matches with readable titles.

import { html } from '../html.js';
import { FAMILIES, parseGameString } from '../catalog.js';
import { subtitle, shorten, botTitle } from '../format.js';
import { Picture } from './pictures.js';

export function Gallery({ s, act }) {
  if (s.loadError) return html`<main class="page"><p class="error" role="alert">${s.loadError}</p></main>`;
  if (!s.catalogue.length) return html`<main class="page"><p class="muted">Loading the games…</p></main>`;
  return html`<main class="page gallery">
    <section class="intro">
      <h2>Play, study and solve combinatorial games</h2>
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

function Card({ g, v, act, family }) {
  const id = `card-${v.game.replace(/[^a-z0-9]+/gi, '-')}`;
  return html`<article class="card" aria-labelledby=${id} data-game=${v.game}>
    <${Picture} game=${v.game} board=${g.board} />
    ${family ? html`<p class="card-family">${family}</p>` : null}
    <h3 id=${id}>${v.title}</h3>
    <p class="rules">${v.rules || g.rules}</p>
    <div class="card-actions">
      <button type="button" class="btn primary" data-action="computer" onClick=${() => act.openDialog(v.game, 'computer')}>Play the computer</button>
      <button type="button" class="btn" data-action="friend" onClick=${() => act.openDialog(v.game, 'friend')}>Play a friend</button>
      <button type="button" class="btn" data-action="watch" onClick=${() => act.openDialog(v.game, 'watch')}>Watch two computers</button>
      <button type="button" class="btn" data-action="study" onClick=${() => act.openStudy(v.game)}>Study a position</button>
    </div>
  </article>`;
}

function Recent({ s }) {
  if (!s.recent.length) return null;
  const gameOf = (name) => s.catalogue.find((g) => g.name === name) || {};
  const titleOf = (name) => gameOf(name).title || name;
  return html`<section class="recent" aria-labelledby="recent-h">
    <h2 id="recent-h">Recent matches</h2>
    <ul class="recent-list">${s.recent.map((m) => {
      const { name } = parseGameString(m.game);
      // A computer by its opponent name where the game has one ("Perfect"), else its bot string.
      const who = m.players.map((p) => (p === 'human' ? 'a person' : shorten(botTitle(p, gameOf(name).opponents), 24))).join(' vs ');
      const state = m.finished ? (m.winner === null || m.winner === undefined ? 'over' : `P${m.winner + 1} won`) : 'in progress';
      return html`<li><a href=${`#/m/${m.id}`}><strong>${m.title || titleOf(name)}</strong> <span class="muted">${shorten(subtitle(m.game), 60)}</span></a>
        <span class="recent-meta">${who} · ${m.moves} ${m.moves === 1 ? 'move' : 'moves'} · ${state}</span></li>`;
    })}</ul>
  </section>`;
}
