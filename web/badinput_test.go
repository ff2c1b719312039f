package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kombi/kombi/web"
)

// The tests of this file each hold a finding of the HTTP API's bad-input
// audit: a script author sending wrong input.

// TestRefusalsCarryTheSecurityHeaders: the guard's own 403 answers (a
// foreign Host, another site's Origin) carry the security headers every
// other answer has.
func TestRefusalsCarryTheSecurityHeaders(t *testing.T) {
	addr := served(t, web.Options{})
	for _, c := range []struct{ method, host, origin string }{
		{"GET", "attacker.example", ""},
		{"POST", addr, "https://attacker.example"},
		{"POST", addr, "null"},
	} {
		req, _ := http.NewRequest(c.method, "http://"+addr+"/api/study/moves", strings.NewReader(`{"game":"nim","move":"1:1"}`))
		req.Host = c.host
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusForbidden {
			t.Errorf("%+v: status %d, want 403", c, res.StatusCode)
		}
		for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"} {
			if res.Header.Get(h) == "" {
				t.Errorf("%+v: a 403 without %s", c, h)
			}
		}
	}
}
