// The page that writes the sources document: GET /sources/ while it is not
// written, /sources/write.html always (a quick document links to it). It
// shows how the writing stands (GET /api/sources), buttons that start it
// (POST /api/sources) and one that cancels the run going (POST
// /api/sources/cancel: the page then says how far it got and what it kept),
// and the document once a run has written it (at /sources/). State is
// drawn in one place, draw().

import { sourcesWords, glossaryNote } from './format.js';

const box = document.getElementById('sources-state');
let status = null;
let problem = '';
let timer = 0;
let shown = ''; // what draw() last drew: the same is not drawn again (a button keeps its focus)
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

function draw() {
  if (!status) {
    box.replaceChildren(el('p', { className: problem ? '' : 'muted', textContent: problem || 'Loading…' }));
    return;
  }
  const w = sourcesWords(status);
  const key = JSON.stringify([w, problem, status.folder]);
  if (key === shown) return;
  shown = key;
  const lead = w.lead.link
    ? el('p', { id: 'sources-lead' }, w.lead.text, el('a', { href: '/sources/', textContent: w.lead.link }), w.lead.after)
    : el('p', { id: 'sources-lead' }, el('strong', { textContent: w.lead.text }));
  const parts = [lead];
  const glossary = atDocument ? glossaryNote(location.hash, status.written) : '';
  if (glossary) parts.push(el('p', { id: 'sources-glossary', textContent: glossary }));
  if (w.cancelled) parts.push(el('p', { id: 'sources-cancelled' }, el('strong', { textContent: 'Cancelled. ' }), w.cancelled));
  parts.push(el('p', { id: 'sources-text', textContent: w.text }));
  if (w.progress) {
    const bar = el('progress', { className: 'sources-progress', max: w.progress.total, value: w.progress.done });
    bar.setAttribute('aria-label', 'Share of the document written, each part weighted by the time it takes');
    parts.push(bar);
  }
  if (w.cancel) {
    const cancel = el('button', { type: 'button', className: 'btn', id: 'sources-cancel', textContent: 'Cancel' });
    cancel.addEventListener('click', stop);
    parts.push(el('p', { className: 'sources-actions' }, cancel));
  }
  if (w.offer) {
    const full = el('button', { type: 'button', className: 'btn primary', id: 'sources-write', textContent: 'Write the full document' });
    const quick = el('button', { type: 'button', className: 'btn', id: 'sources-quick', textContent: 'Write a quick one' });
    full.addEventListener('click', () => start(false));
    quick.addEventListener('click', () => start(true));
    parts.push(el('p', { className: 'sources-actions' }, full, quick));
  }
  if (w.note) parts.push(el('p', { className: 'muted', textContent: w.note }));
  if (problem) parts.push(el('p', { className: 'error', role: 'alert', textContent: problem }));
  box.replaceChildren(...parts);
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
