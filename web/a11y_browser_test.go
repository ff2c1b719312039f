package web_test

import (
	_ "embed"
	"strings"
)

// axeJS is axe-core 4.14.1 (testdata/axe/README.md), the accessibility
// rules engine the test injects into the page.
//
//go:embed testdata/axe/axe.min.js
var axeJS string

const axeSHA256 = "29348999450cdf2849a8e70b7912fc2da85a849da39c0d0d5394f51d4a9ed95c"

// accessible fails the test for every violation axe-core finds on the page
// as it is (names, roles, labels that say what is seen, heading order,
// contrast, ...), each with the elements that break it.
func (p *page) accessible(what string) {
	p.t.Helper()
	p.axe(what, `{resultTypes: ['violations']}`)
}

// accessibleLayout is accessible without axe-core's colour contrast, the
// slowest of its rules (nearly half its time): for the pages a test visits
// for their layout, in colours TestBrowserSchemesAndAccessibility checks.
func (p *page) accessibleLayout(what string) {
	p.t.Helper()
	p.axe(what, `{resultTypes: ['violations'], rules: {'color-contrast': {enabled: false}}}`)
}

// axe runs axe-core with the options given (JavaScript) and fails the test
// for every violation.
func (p *page) axe(what, options string) {
	p.t.Helper()
	if !js[bool](p, `typeof window.axe === 'object'`) {
		js[bool](p, axeJS+";true")
	}
	bad := js[[]string](p, `(async () => { const r = await axe.run(document, `+options+`);
		return r.violations.map(v => v.id + ' (' + v.impact + '): ' + v.help + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')); })()`)
	if len(bad) > 0 {
		p.t.Errorf("%s: %d accessibility violations:\n%s", what, len(bad), strings.Join(bad, "\n"))
	}
}
