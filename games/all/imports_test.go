package all_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// module is the module path of Kombi.
const module = "github.com/kombi/kombi"

// maxRulesLines bounds the non-test Go of a rules package, games/<family>.
const maxRulesLines = 3000

// maxCLILines bounds the non-test Go of the CLI, cmd/kombi and its
// subpackages (the main and cmd/kombi/cli) together: flags and calls to
// the packages.
const maxCLILines = 1500

// pkg is what `go list -json` says of a package.
type pkg struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
}

// listPackages lists the module's packages with `go list -json ./...`.
func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-pgo=off", "-json", "./...") // no profile variants ("pkg [main]")
	cmd.Dir = filepath.Join("..", "..")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("go list: %v\n%s", err, errOut.String())
	}
	var pkgs []pkg
	dec := json.NewDecoder(&out)
	for dec.More() {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// rel is a package's path in the module ("games/nim"), "" for others.
func rel(path string) string {
	r, ok := strings.CutPrefix(path, module+"/")
	if !ok {
		return ""
	}
	return r
}

// family is the games/<family> (or study/<family>) a package belongs to,
// with its subpackages: "nim" for games/nim and games/nim/x; "" else.
func family(path, root string) string {
	r, ok := strings.CutPrefix(rel(path), root+"/")
	if !ok {
		return ""
	}
	f, _, _ := strings.Cut(r, "/")
	return f
}

// TestImportRules keeps the map of the repository true (the architecture's
// rules, issue 19):
//   - no package under games/ but games/all imports match, sweep, store,
//     web, report or cmd;
//   - a rules package, games/<family> and its subpackages, imports only
//     game, solve, bot, its own subpackages and the standard library;
//   - a study package, study/<family>, imports no other family's rules,
//     and of the module only its own family's rules and studies and the
//     kit (studyMayImport names the exceptions);
//   - only games/all imports every game;
//   - the services (match, sweep, store, web, report) import no game or
//     study package: they know games only through the registries;
//   - each games/<family> holds at most maxRulesLines lines of non-test Go,
//     cmd/kombi with cmd/kombi/cli at most maxCLILines;
//   - cmd/kombi, the main, imports only cmd/kombi/cli of the module;
//   - an example game, examples/<name>, imports of the module only what a
//     rules package may: game, solve, bot and its own subpackages.
//
// The imports are those of the packages' non-test files.
func TestImportRules(t *testing.T) {
	pkgs := listPackages(t)
	var families []string
	for _, p := range pkgs {
		if f := family(p.ImportPath, "games"); f != "" && f != "all" && rel(p.ImportPath) == "games/"+f {
			families = append(families, f)
		}
	}
	if len(families) < 6 {
		t.Fatalf("go list found the game families %v", families)
	}
	services := []string{"match", "sweep", "store", "web", "report", "cmd"}
	cliLines := 0
	for _, p := range pkgs {
		r := rel(p.ImportPath)
		fam := family(p.ImportPath, "games")
		games := 0
		for _, imp := range p.Imports {
			ir := rel(imp)
			if ir == "" {
				continue // the standard library or another module
			}
			if g := family(imp, "games"); g != "" && g != "all" && ir == "games/"+g {
				games++
			}
			top, _, _ := strings.Cut(ir, "/")
			switch {
			case fam == "all":
			case fam != "" && slices.Contains(services, top):
				t.Errorf("%s imports %s: a game package knows nothing of %s", r, ir, top)
			case fam != "" && !slices.Contains([]string{"game", "solve", "bot"}, ir) && family(imp, "games") != fam:
				t.Errorf("%s imports %s: a rules package imports only game, solve, bot and its own subpackages", r, ir)
			}
			if top0, _, _ := strings.Cut(r, "/"); slices.Contains(services[:5], top0) && (family(imp, "games") != "" && ir != "games/all" || top == "study") {
				t.Errorf("%s imports %s: a service knows games only through the registries (games/all)", r, ir)
			}
			if strings.HasPrefix(r, "examples/") && !slices.Contains([]string{"game", "solve", "bot"}, ir) && !strings.HasPrefix(ir, r+"/") {
				t.Errorf("%s imports %s: an example game is written as a rules package is, importing only game, solve, bot and its own subpackages", r, ir)
			}
			if sf := family(p.ImportPath, "study"); sf != "" {
				if g := family(imp, "games"); g != "" && g != sf {
					t.Errorf("%s imports %s: a study imports only its own family's rules", r, ir)
				}
				if !studyMayImport(r, sf, ir) {
					t.Errorf("%s imports %s: a study imports its own family's rules and studies and the kit (game, solve, bot, study, solve/distribute) only, but for the exceptions the map names", r, ir)
				}
			}
		}
		if games == len(families) && r != "games/all" {
			t.Errorf("%s imports every game; only games/all does", r)
		}
		if r == "cmd/kombi" {
			for _, imp := range p.Imports {
				if ir := rel(imp); ir != "" && ir != "cmd/kombi/cli" {
					t.Errorf("cmd/kombi imports %s: the main only calls cmd/kombi/cli (its tests then build without the main's profile, default.pgo)", ir)
				}
			}
		}
		if r == "cmd/kombi" || strings.HasPrefix(r, "cmd/kombi/") {
			cliLines += goLines(t, p)
		}
		if fam != "" && fam != "all" && r == "games/"+fam {
			if n := goLines(t, p); n > maxRulesLines {
				t.Errorf("%s: %d lines of non-test Go; a rules package holds at most %d (move research to study/%s)", r, n, maxRulesLines, fam)
			}
		}
	}
	if cliLines > maxCLILines {
		t.Errorf("cmd/kombi: %d lines of non-test Go with its subpackages; the CLI holds at most %d (flags and calls: move the work to a package)", cliLines, maxCLILines)
	}
}

// studyMayImport reports whether the study package r (of the family sf)
// may import the module's package ir: its own family's rules and studies,
// the kit, and the exceptions the map names (the Thue thesis' programs
// play games: match, sweep; the sources document plays, stores and draws
// and calls the family studies).
func studyMayImport(r, sf, ir string) bool {
	switch {
	case slices.Contains([]string{"game", "solve", "bot", "study", "solve/distribute"}, ir),
		family(module+"/"+ir, "games") == sf && ir == "games/"+sf,
		family(module+"/"+ir, "study") == sf:
		return true
	case r == "study/thue/thesis":
		return slices.Contains([]string{"match", "sweep"}, ir)
	case r == "study/sources":
		return slices.Contains([]string{"match", "sweep", "store", "report/chart"}, ir) || family(module+"/"+ir, "study") != ""
	}
	return false
}

// goLines counts the lines of a package's non-test Go files.
func goLines(t *testing.T, p pkg) int {
	t.Helper()
	n := 0
	for _, name := range p.GoFiles {
		f, err := os.Open(filepath.Join(p.Dir, name))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			n++
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// TestMapNamesEveryPackage: docs/ARCHITECTURE.md, the map of the packages,
// names every package of the module (a family's rules and study packages
// as games/<family>/ and study/<family>/), so that a new package comes
// with its row, and each row of its table of packages is a package.
func TestMapNamesEveryPackage(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	for _, p := range listPackages(t) {
		r := rel(p.ImportPath)
		if r == "" || strings.Contains(text, "`"+r+"/`") || strings.Contains(text, "`"+r+"`") {
			continue
		}
		top, f, _ := strings.Cut(r, "/")
		if (top == "games" || top == "study") && f != "" && !strings.Contains(f, "/") && strings.Contains(text, "`"+top+"/<family>/`") {
			continue
		}
		t.Errorf("docs/ARCHITECTURE.md does not name the package %s: add its row to the map", r)
	}
	// And every row of the map's table of packages names a package there
	// is (a row outliving its package fails too).
	have := map[string]bool{}
	for _, p := range listPackages(t) {
		have[rel(p.ImportPath)] = true
	}
	rows := 0
	for _, line := range strings.Split(text, "\n") {
		name, ok := strings.CutPrefix(line, "| `")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, "`")
		name = strings.TrimSuffix(name, "/")
		if strings.Contains(name, "<family>") {
			continue
		}
		rows++
		if !have[name] {
			t.Errorf("docs/ARCHITECTURE.md has a row for %s, which is no package of the module", name)
		}
	}
	if rows < 15 {
		t.Errorf("read %d package rows of docs/ARCHITECTURE.md; the table has more", rows)
	}
}
