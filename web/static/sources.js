// The page that writes the sources document: GET /sources/ while it is not
// written, /sources/write.html always (a quick document links to it). It
// shows how the writing stands (GET /api/sources), buttons that start it
// (POST /api/sources) and one that cancels the run going (POST
// /api/sources/cancel: the page then says how far it got and what it kept),
// and the document once a run has written it (at /sources/). State is
// drawn in one place, draw().

import { sourcesWords, sourcesSaid, glossaryNote } from './format.js';

const box = document.getElementById('sources-state');
// said is the page's live region: a short line of how the writing stands (sourcesSaid), set only when that line
// changes. The state itself is no live region: its text changes every second while a run goes (the keyboard audit,
// finding 11: the whole block was announced again each second).
const said = document.getElementById('sources-said');
let lastSaid = null; // null until the first draw: a page opened says nothing of the state it finds
let status = null;
let problem = '';
let timer = 0;
let shown = ''; // what draw() last drew: the same is not drawn again
let sawRun = false; // a run was going while this page was open: once it is over, the document is shown
// atDocument: this page stands in for the document at /sources/ (not written yet).
const atDocument = !location.pathname.endsWith('/write.html');

// later asks again after ms (one timer: a start asks sooner).
function later(ms) {
  clearTimeout(timer);
  timer = setTimeout(refresh, ms);
}

async function call(method, body, path = '/api/sources') {
  const res = await fetch(path, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || `the server answered ${res.status}`);
  return data;
}

function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  Object.assign(e, props);
  e.append(...children);
  return e;
}

// The parts of the state, each made once and kept while it is shown: a button keeps its focus from one second to
// the next, and a part whose words did not change is not touched.
const parts = new Map();
function part(id, make) {
  let e = parts.get(id);
  if (!e) {
    e = make();
    e.id = id;
    parts.set(id, e);
  }
  return e;
}

// fill sets a part's contents when what they say (key) changed.
function fill(e, key, ...children) {
  if (e.dataset.key === key) return e;
  e.dataset.key = key;
  e.replaceChildren(...children);
  return e;
}

// show puts the parts list in the box, in its order, removing the others: a part shown before and still shown stays
// where it is (not taken out and put back, which would take its focus).
function show(list) {
  const want = new Set(list);
  for (const c of [...box.children]) if (!want.has(c)) c.remove();
  let at = box.firstElementChild;
  for (const e of list) {
    if (e === at) at = at.nextElementSibling;
    else box.insertBefore(e, at);
  }
}

function button(id, className, text, onClick) {
  return part(id, () => {
    const b = el('button', { type: 'button', className, textContent: text });
    b.addEventListener('click', onClick);
    return b;
  });
}

function draw() {
  // The focus on a part that goes (Write, Cancel) goes to what takes its place: from Write to Cancel once the run
  // starts, else to the words of how the writing stands (a Cancel pressed dropped the focus to the page's start).
  const focused = box.contains(document.activeElement) ? document.activeElement : null;
  drawParts();
  if (focused && !focused.isConnected) {
    const started = ['sources-write', 'sources-quick'].includes(focused.id) && document.getElementById('sources-cancel');
    (started || document.getElementById('sources-text') || box).focus();
  }
  if (!status) return;
  const words = sourcesSaid(status);
  if (lastSaid !== null && words !== lastSaid) said.textContent = words;
  lastSaid = words;
}

function drawParts() {
  if (!status) {
    const loading = part('sources-loading', () => el('p'));
    loading.className = problem ? '' : 'muted';
    fill(loading, problem || 'Loading…', problem || 'Loading…');
    show([loading]);
    return;
  }
  const w = sourcesWords(status);
  const key = JSON.stringify([w, problem, status.folder]);
  if (key === shown) return;
  shown = key;
  const lead = fill(part('sources-lead', () => el('p')), JSON.stringify(w.lead), ...(w.lead.link
    ? [w.lead.text, el('a', { href: '/sources/', textContent: w.lead.link }), w.lead.after]
    : [el('strong', { textContent: w.lead.text })]));
  const list = [lead];
  const glossary = atDocument ? glossaryNote(location.hash, status.written) : '';
  if (glossary) list.push(fill(part('sources-glossary', () => el('p')), glossary, glossary));
  if (w.cancelled) list.push(fill(part('sources-cancelled', () => el('p')), w.cancelled, el('strong', { textContent: 'Cancelled. ' }), w.cancelled));
  // (Where the focus goes when the button it was on goes: tabindex -1, out of the Tab order.)
  list.push(fill(part('sources-text', () => el('p', { tabIndex: -1 })), w.text, w.text));
  if (w.progress) {
    const bar = part('sources-progress', () => {
      const b = el('progress', { className: 'sources-progress' });
      b.setAttribute('aria-label', 'Share of the document written, each part weighted by the time it takes');
      return b;
    });
    bar.max = w.progress.total;
    bar.value = w.progress.done;
    list.push(bar);
  }
  if (w.cancel) {
    list.push(part('sources-running', () => el('p', { className: 'sources-actions' }, button('sources-cancel', 'btn', 'Cancel', stop))));
  }
  if (w.offer) {
    list.push(part('sources-offer', () => el('p', { className: 'sources-actions' },
      button('sources-write', 'btn primary', 'Write the full document', () => start(false)),
      button('sources-quick', 'btn', 'Write a quick one', () => start(true)))));
  }
  if (w.note) list.push(fill(part('sources-note', () => el('p', { className: 'muted' })), w.note, w.note));
  if (problem) list.push(fill(part('sources-problem', () => el('p', { className: 'error', role: 'alert' })), problem, problem));
  show(list);
  const folder = document.getElementById('sources-folder');
  if (folder && status.folder) folder.replaceChildren(' into ', el('code', { textContent: status.folder }));
}

async function refresh() {
  try {
    status = await call('GET');
    problem = '';
  } catch (e) {
    problem = `The server could not say how the document stands: ${e.message}.`;
  }
  if (status && status.running) sawRun = true;
  // (A run cancelled wrote the items it had done: this page says so, and links the document.)
  if (status && status.written && !status.running && !status.cancelled && (atDocument || sawRun)) {
    // The document: here at /sources/ a reload (which keeps the part a link asked for, #glossary), else at /sources/.
    if (atDocument) location.reload();
    else location.assign('/sources/');
    return;
  }
  draw();
  later(status && status.running ? 1000 : 5000);
}

async function start(quick) {
  try {
    status = await call('POST', { quick });
    sawRun = true;
    problem = '';
  } catch (e) {
    problem = `The document could not be started: ${e.message}.`;
  }
  draw();
  later(500);
}

refresh();

async function stop() {
  try {
    status = await call('POST', undefined, '/api/sources/cancel');
    problem = '';
  } catch (e) {
    problem = `The run could not be cancelled: ${e.message}.`;
  }
  draw();
  later(500);
}
