// The page's one state and its change notification: every view is drawn
// from `state` by app.js's render, which runs after each set().

export const state = {
  route: { page: 'home' },
  catalogue: [],
  loadError: '',
  recent: [],
  matchList: null, // the all-matches page: {filter: {game, state}, rows, more, loading, error}
  held: {}, // by match id listed: the seats this browser holds a token for ([bool, bool])
  hint: null, // {key (the position's), level (1: how good and where, 2: the move chosen), text, chose (that move's picks, as JSON)}
  tookBack: null, // a take-back made on another device, said until the next move: {id, at (the moves left), text}
  invited: null, // a seat handed to a friend: {id, seat, token, url, copied, here (no other device reaches the server), moves (the match's moves then)}
  dialog: null,
  match: null, // the match as the server last sent it
  shown: null, // the position on the board: match, or a past one (time travel)
  travelAt: null,
  tokens: [null, null],
  controlToken: null,
  sel: [],
  preview: null, // a pick the pointer or focus rests on
  moveError: '',
  moveOffline: false, // moveError says that a move could not be sent (no server): it goes when the stream is back
  selNote: '', // a choice dropped from the selection, in words
  tapNote: null, // {key (the position's), text}: a tap on the board that makes no move, and what to tap instead
  busy: false,
  analysisOn: false,
  analyses: new Map(),
  draws: new Map(), // by drawKey(match, index; see app.js): the analysis of the chance draw before a position (see drawLuck in app.js)
  tick: 0, // advances while a computer thinks, to redraw the seconds
  thinkingSince: 0, // performance.now() of the last thinking event
  study: null,
  scrollToBoard: false,
  // scrollToAnalysis: the next drawing brings the analysis panel into view (the review's "See … with the analysis")
  scrollToAnalysis: false,
  reviews: new Map(), // by reviewKey (the match and its moves, see analysis.js): where a game a person here lost turned ({status, tp}; see review in app.js)
  connection: '', // words while the event stream is down
  streaming: false, // whether the match's event stream is open
};

let listeners = [];
let queued = false;

/** set merges a patch into the state and schedules one render. */
export function set(patch) {
  Object.assign(state, typeof patch === 'function' ? patch(state) : patch);
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    queued = false;
    for (const f of listeners) f(state);
  });
}

/** subscribe calls f after every change. */
export function subscribe(f) {
  listeners.push(f);
  return () => { listeners = listeners.filter((g) => g !== f); };
}
