package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/game"
	"github.com/kombi/kombi/store"
)

// dbFlag is the global flag that names the database.
const dbFlag = "db"

// addDBFlag adds the global --db PATH|URL flag to the root command.
func (a *app) addDBFlag(root *cobra.Command) {
	root.PersistentFlags().String(dbFlag, "", "the database of games (`PATH|URL`): an SQLite file, or a postgres:// URL\n"+
		"(default: $KOMBI_DB, else kombi.db in the data directory: $KOMBI_DATA_DIR,\n"+
		"else $XDG_DATA_HOME/kombi, else ~/.local/share/kombi)")
}

// openStore opens the database that --db (else $KOMBI_DB, else the default
// file) names, for command c. A malformed --db is a usage error.
func (a *app) openStore(c *cobra.Command) (*store.Store, error) {
	flag := ""
	if f := c.Flag(dbFlag); f != nil {
		flag = f.Value.String()
	}
	url, err := store.URLFromEnv(flag)
	if err != nil {
		return nil, err
	}
	s, err := store.Open(context.WithoutCancel(c.Context()), url)
	if errors.Is(err, store.ErrBadURL) {
		return nil, usageError{fmt.Errorf("--db: %w", err)}
	}
	return s, err
}

// storeRecords stores finished (or aborted) games in the database, from
// source (store.SourcePlay, store.SourceArena, ...), and returns how many
// were added (a game stored already is not added again).
func (a *app) storeRecords(c *cobra.Command, source string, recs ...*game.Record) (added int, err error) {
	s, err := a.openStore(c)
	if err != nil {
		return 0, err
	}
	defer func() {
		if cerr := s.Close(); err == nil {
			err = cerr
		}
	}()
	for _, r := range recs {
		_, ok, err := s.AddGame(context.WithoutCancel(c.Context()), store.NewGame{Record: r, Source: source})
		if err != nil {
			return added, err
		}
		if ok {
			added++
		}
	}
	return added, nil
}
