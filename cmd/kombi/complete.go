package main

import (
	"strings"

	"github.com/spf13/cobra"
)

// Shell completion (`kombi completion bash|zsh|fish|powershell`): game
// names for game-string arguments, bot names for --p1/--p2.

// completeGame offers the game names for a command's game-string argument.
func (a *app) completeGame(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, t := range a.games.Types() {
		if strings.HasPrefix(t.Name, toComplete) {
			out = append(out, cobra.CompletionWithDesc(t.Name, t.Doc))
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
}

// completeBot offers the bot names that play the game of the command's
// first argument (every bot when it is not given yet).
func (a *app) completeBot(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	name := ""
	if len(args) > 0 {
		name, _, _ = strings.Cut(args[0], "(")
	}
	seen := map[string]bool{}
	var out []cobra.Completion
	for _, t := range a.games.Types() {
		if name != "" && t.Name != name {
			continue
		}
		for _, f := range a.bots.For(t.Name) {
			if !seen[f.Name] && strings.HasPrefix(f.Name, toComplete) {
				seen[f.Name] = true
				out = append(out, cobra.CompletionWithDesc(f.Name, f.Doc))
			}
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// withCompletion adds game-name completion to c's argument and bot-name
// completion to its --p1 and --p2 flags, where it has them.
func (a *app) withCompletion(c *cobra.Command) *cobra.Command {
	c.ValidArgsFunction = a.completeGame
	for _, f := range []string{"p1", "p2"} {
		if c.Flags().Lookup(f) != nil {
			_ = c.RegisterFlagCompletionFunc(f, a.completeBot)
		}
	}
	return c
}
