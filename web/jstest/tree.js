// Helpers of the node tests that draw the page's views: Preact vnode trees
// walked without a browser (no tests here).

import { rank } from '../static/analysis.js';

/** vnodes lists the elements of a Preact vnode tree, depth first. */
export const vnodes = (v, out = []) => {
  if (v === null || v === undefined || typeof v !== 'object') return out;
  if (Array.isArray(v)) { v.forEach((x) => vnodes(x, out)); return out; }
  out.push(v);
  vnodes(v.props && v.props.children, out);
  return out;
};

/** classOf is an element's class. */
export const classOf = (v) => String((v.props && (v.props.class || v.props.className)) || '');

/** textOf collects the text of a Preact vnode tree. */
export const textOf = (v) => (v === null || v === undefined || typeof v === 'boolean' ? ''
  : typeof v === 'string' || typeof v === 'number' ? String(v)
    : Array.isArray(v) ? v.map(textOf).join('') : textOf(v.props && v.props.children));

/** panel draws the analysis panel of a study position pos with the analysis data an (rule: the Thue game's). */
export async function panel(pos, an, rule) {
  const { AnalysisPanel } = await import('../static/views/analysispanel.js');
  const name = pos.game.split('(')[0];
  const ranked = rank(an, name, (pos.legal_moves || []).filter((lm) => lm.ends).map((lm) => lm.move), { rule });
  const act = { analysisEntry: () => ({ status: 'ok', data: an }), analysable: () => true, selectMove() {}, showAllMoves() {} };
  return AnalysisPanel({ s: { analysisOn: true, showAllMoves: false, study: { history: [] } }, act, m: null, shown: pos, ranked, live: true, g: { title: name }, pos });
}
