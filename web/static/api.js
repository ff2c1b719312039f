// The HTTP API (README "HTTP API" and the lead's contract): requests that
// throw an Error with the server's words, and the match's event stream.

/** ApiError carries the HTTP status with the server's message, and its whole answer (data). */
export class ApiError extends Error {
  constructor(message, status, data = {}) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

/**
 * exactSeed keeps a match's seed exact: JavaScript numbers hold integers up
 * to 2^53 only, so when the server sends no seed_text, the digits are read
 * from the JSON text itself.
 */
export function exactSeed(data, text) {
  if (data && typeof data === 'object' && typeof data.seed === 'number' && data.seed_text === undefined) {
    const m = text.match(/"seed":\s*(\d+)/);
    if (m) data.seed_text = m[1];
  }
  return data;
}

/** request sends a JSON request and returns the decoded answer. */
export async function request(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError('The server cannot be reached: is kombi serve still running?', 0);
  }
  const text = await res.text();
  let data;
  try { data = exactSeed(JSON.parse(text), text); } catch { data = { error: `${res.status} ${res.statusText}` }; }
  if (!res.ok) throw new ApiError(data.error || res.statusText, res.status, data);
  return data;
}

export const games = () => request('GET', '/api/games');
export const recent = (limit = 12) => request('GET', `/api/matches?limit=${limit}`);
/** matches lists the stored matches: a page of limit after the match before (an id), of a game and a state ('finished', 'unfinished'). */
export const matches = ({ game = '', state = '', before = '', limit = 30 } = {}) =>
  request('GET', `/api/matches?limit=${limit}${game ? `&game=${encodeURIComponent(game)}` : ''}${state ? `&state=${state}` : ''}${before ? `&before=${encodeURIComponent(before)}` : ''}`);
export const createMatch = (body) => request('POST', '/api/matches', body);
/** addresses: the server's addresses, this computer's first, then those other devices open. */
export const addresses = () => request('GET', '/api/addresses');
export const getMatch = (id, at) => request('GET', `/api/matches/${id}${at === undefined || at === null ? '' : `?at=${at}`}`);
export const postMove = (id, move, token) => request('POST', `/api/matches/${id}/moves`, move, token);
export const undo = (id, token) => request('POST', `/api/matches/${id}/undo`, undefined, token);
export const control = (id, body, token) => request('POST', `/api/matches/${id}/control`, body, token);
/** seatToken trades a seat's token (or the match's control token) for the seat's new one: {seat, token}. */
export const seatToken = (id, seat, token) => request('POST', `/api/matches/${id}/seats/${seat}/token`, undefined, token);
export const matchAnalysis = (id, at, time = '2s') => request('GET', `/api/matches/${id}/analysis?time=${time}${at === null || at === undefined ? '' : `&at=${at}`}`);
export const positionAnalysis = (game, position, time = '2s') =>
  request('GET', `/api/analysis?game=${encodeURIComponent(game)}&time=${time}${position ? `&position=${encodeURIComponent(position)}` : ''}`);
export const study = (game, position) => request('GET', `/api/study?game=${encodeURIComponent(game)}${position ? `&position=${encodeURIComponent(position)}` : ''}`);
export const studyMove = (body) => request('POST', '/api/study/moves', body);
export const studySetup = (body) => request('POST', '/api/study/setup', body);

/**
 * watch opens the match's event stream: onState(match) after every move,
 * onThinking(t) while a computer searches, onOpen() when the stream is
 * (again) open, onError() when it is cut. It returns a close function.
 */
export function watch(id, onState, onThinking, onError, onOpen) {
  const es = new EventSource(`/api/matches/${id}/events`);
  es.addEventListener('state', (e) => onState(exactSeed(JSON.parse(e.data), e.data)));
  es.addEventListener('thinking', (e) => onThinking(JSON.parse(e.data)));
  es.addEventListener('error', () => onError && onError());
  es.addEventListener('open', () => onOpen && onOpen());
  return () => es.close();
}
