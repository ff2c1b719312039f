package cli

import (
	"strings"
	"testing"

	"github.com/kombi/kombi/bot"
	"github.com/kombi/kombi/games/all"
)

// Every section of help.txt names a command, and that command shows it.
func TestHelpTextReachesItsCommands(t *testing.T) {
	kit, err := all.New()
	if err != nil {
		t.Fatal(err)
	}
	root := (&app{games: kit.Games, bots: kit.Bots, studies: kit.Studies, input: bot.NewLineReader(strings.NewReader(""))}).rootCmd()
	sections := strings.Split(helpText, "\n# ")[1:]
	if len(sections) < 16 {
		t.Fatalf("help.txt has %d sections", len(sections))
	}
	for _, sec := range sections {
		path, text, _ := strings.Cut(sec, "\n")
		c, _, err := root.Find(strings.Fields(path)[1:])
		if err != nil || c.CommandPath() != path {
			t.Errorf("help.txt section %q names no command (found %v, %v)", path, c.CommandPath(), err)
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
			if !strings.Contains(c.Long+"\n"+c.Example, line) {
				t.Errorf("%s: help lacks %q", path, line)
			}
		}
	}
	code, out, _ := kombi(t, "", "play", "--help")
	if code != 0 || !strings.Contains(out, "'undo' takes back") || !strings.Contains(out, "kombi play --resume output/") {
		t.Fatalf("play --help: exit %d\n%s", code, out)
	}
}
