import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'static');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'vendor') return [];
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

// The page runs under style-src 'self' and script-src 'self': no inline
// style or script anywhere in our files (layout that depends on data goes
// through classes, SVG attributes or the CSSOM's setProperty).
test('no inline style or script in web/static', () => {
  const found = [];
  for (const f of files(root)) {
    if (!/\.(js|html)$/.test(f)) continue;
    const text = readFileSync(f, 'utf8');
    for (const [what, re] of [['a style attribute', /\sstyle=/], ['a <style> element', /<style[\s>]/], ['innerHTML', /innerHTML/],
      ['an inline event handler', /\son[a-z]+="/], ['eval', /\beval\(|new Function\(/]]) {
      if (re.test(text)) found.push(`${f}: ${what}`);
    }
    if (f.endsWith('.html')) {
      for (const m of text.matchAll(/<script\b([^>]*)>/g)) {
        if (!/\bsrc=/.test(m[1])) found.push(`${f}: an inline <script>`);
      }
    }
  }
  assert.deepEqual(found, []);
});
