// Position strings from an edited board, as `kombi solve --position` reads
// them, so that a position set up on the study board goes to the server as
// text (GET /api/study?position=...), which checks it and says what is
// wrong. Pure; null where the page cannot write the game's notation.

/** positionFromView writes the position an edited view shows, or null. */
export function positionFromView(name, v) {
  const st = v.status || {};
  switch (name) {
    case 'nim': case 'greedynim': case 'nimk': case 'grundy': case 'wythoff':
      if (!v.heaps || v.heaps.some((h) => !Number.isInteger(Number(h)) || Number(h) < 0)) return null;
      return v.heaps.join(';') + (st.to_move === 1 ? ' P2' : '');
    case 'nim2d': {
      const g = v.grid;
      const seats = st.seats || ['R', 'G'];
      const rows = [];
      for (let r = 0; r < g.rows; r++) {
        rows.push(g.cells.slice(r * g.cols, (r + 1) * g.cols).map((c) => (c.owner >= 0 ? seats[c.owner] : '.')).join(''));
      }
      return `${rows.join('/')}:${seats[st.to_move === 1 ? 1 : 0]}`;
    }
    case 'thue':
      if (!v.word || v.word.symbols.length === 0 || v.word.symbols.some((x) => x > 9)) return null;
      return v.word.symbols.join('');
    case 'ap': {
      const of = (p) => v.numbers.filter((n) => n.owner === p).map((n) => n.n).join(' ');
      return `${of(0)} / ${of(1)}`.trim() || '/';
    }
    case 'vdwlist':
      return v.numbers.map((n) => (n.color >= 0 ? String((v.colors || [])[n.color] || '?').charAt(0).toLowerCase() : '.')).join('');
    default:
      return null;
  }
}

/** cycleNumber is the next state of a number tapped in the setup editor: owners (Szemerédi) or colours (list colouring). */
export function cycleNumber(name, n, colourCount) {
  if (name === 'vdwlist') {
    const c = n.color + 1 >= colourCount ? -1 : n.color + 1;
    return { ...n, color: c };
  }
  return { ...n, owner: n.owner === 1 ? -1 : n.owner + 1 };
}
