package files_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kombi/kombi/files"
	"github.com/kombi/kombi/game"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReadConfig(t *testing.T) {
	dir := t.TempDir()
	var cfg files.PlayConfig
	if err := files.ReadConfig(writeFile(t, dir, "ok.toml", "game = \"nim\"\nseed = 3\nmax_think = \"2s\"\n"), &cfg); err != nil {
		t.Fatal(err)
	}
	if seed, err := cfg.SeedValue(); cfg.Game != "nim" || seed != 3 || err != nil {
		t.Fatalf("read %+v (seed %d, %v)", cfg, seed, err)
	}
	if d, err := cfg.MaxThinkValue(); d.String() != "2s" || err != nil {
		t.Fatalf("max_think %v, %v", d, err)
	}
	for text, want := range map[string]string{
		"gaem = \"nim\"\n":       `bad.toml:1: unknown key "gaem" (allowed keys: game, p1, p2, seed, max_think, out, extra)`,
		"game = 3\n":             `bad.toml:1:8: key "game": a TOML integer where a string is wanted`,
		"seed = -1\n":            "seed -1: want a whole number ≥ 0",
		"max_think = \"soon\"\n": `max_think "soon": want a duration`,
	} {
		cfg = files.PlayConfig{}
		err := files.ReadConfig(writeFile(t, dir, "bad.toml", text), &cfg, "extra")
		if err == nil && cfg.Seed != nil {
			_, err = cfg.SeedValue()
		}
		if err == nil && cfg.MaxThink != "" {
			_, err = cfg.MaxThinkValue()
		}
		var ie *game.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v; want an InputError saying %q", text, err, want)
		}
	}
	if err := files.ReadConfig("/dev/zero", &cfg); err == nil || !strings.Contains(err.Error(), "more than the limit of 1048576 bytes") {
		t.Fatalf("/dev/zero: %v", err)
	}
}
