// The study board's set-up: what a tap changes on an edited board. The
// edited view goes to the server (POST /api/study/setup), which turns it
// into the game's position and says what is wrong with it.

/** cycleNumber is the next state of a number tapped in the setup editor: owners (Szemerédi) or colours (list colouring). */
export function cycleNumber(name, n, colourCount) {
  if (name === 'vdwlist') {
    const c = n.color + 1 >= colourCount ? -1 : n.color + 1;
    return { ...n, color: c };
  }
  // The Szemerédi set colours a number by its owner: the colour follows (a stale one would show the old owner).
  const owner = n.owner === 1 ? -1 : n.owner + 1;
  return { ...n, owner, color: owner };
}
