// The words on the page a person cannot read: each element with its own
// text (not inside a drawing, a disabled control, or a box painted with a
// gradient), whose colour against the colour behind it (the boxes' colours
// laid over one another, opacity included) has less contrast than WCAG AA
// asks: 4.5, or 3 for large text (24 px, or 18.66 px bold). Evaluated in the
// page by the browser tests; the value is a list of lines.
(() => {
  const parse = (c) => { const m = c && c.match(/rgba?\(([^)]+)\)/); if (!m) return null; const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const over = (fg, bg) => [0, 1, 2].map((i) => fg[i] * fg[3] + bg[i] * (1 - fg[3])).concat(1);
  const bgOf = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      if (getComputedStyle(e).backgroundImage !== 'none') return null; // a gradient or picture: not judged here
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = parse(getComputedStyle(document.documentElement).backgroundColor) || [255, 255, 255, 1];
    if (bg[3] < 1) bg = over(bg, [255, 255, 255, 1]);
    for (let i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg);
    return bg;
  };
  const out = [];
  const seen = new Set();
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const t = w.currentNode;
    if (!t.textContent.trim()) continue;
    const el = t.parentElement;
    if (!el || seen.has(el) || el.closest('svg')) continue;
    seen.add(el);
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') continue;
    if (el.closest('[disabled], [aria-disabled="true"], .disabled')) continue;
    const bg = bgOf(el);
    if (!bg) continue;
    let fg = over(parse(cs.color), bg);
    let op = 1;
    for (let e = el; e; e = e.parentElement) op *= Number(getComputedStyle(e).opacity);
    if (op < 1) fg = over([fg[0], fg[1], fg[2], op], bg);
    const a = lum(fg), b = lum(bg);
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    if (ratio < need) out.push(`${ratio.toFixed(2)} < ${need}: "${t.textContent.trim().slice(0, 40)}" <${el.tagName.toLowerCase()} class="${el.className}"> fg ${cs.color} bg rgb(${bg.slice(0, 3).map(Math.round)})`);
  }
  return out;
})()
