package cli

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kombi/kombi/report"
	"github.com/kombi/kombi/solve"
	"github.com/kombi/kombi/store"
	"github.com/kombi/kombi/study"
)

// studyCmds are the commands of a group that the studies add (see
// study.Command): each without arguments, its flags the study's settings
// (study.Flag names them); it checks them (a usage error naming the flags),
// runs the study with a progress report and prints the result's tables in
// the --format asked for (default: the study's) or its JSON, also after
// Ctrl-C (then exit 130). Long help: help.txt.
func (a *app) studyCmds(group string) []*cobra.Command {
	var cmds []*cobra.Command
	for _, sc := range a.studies.Commands(group) {
		var out output
		o, run := sc.New()
		c := newCmd(sc.Name, sc.Short, exactArgs(0, "no arguments"), func(c *cobra.Command, _ []string) error {
			name := c.Parent().Name() + " " + c.Name()
			if err := out.Check(); err != nil {
				return err
			} else if err := a.useDatabase(c, o); err != nil {
				return err
			} else if err := o.Check(); err != nil {
				return usage(fmt.Errorf("%s: %w", name, flagged(err)))
			}
			bar := report.NewProgress(a.stderr, name, false)
			r, err := run(c.Context(), bar.Func())
			if bar.Done(); err != nil && !solve.Stopped(err) { // a stopped run returns what it did
				return fmt.Errorf("%s: %w", name, err)
			}
			return cmp.Or(a.write(out, r, report.Tables(r.Tables()...)...), interrupted(c.Context(), err))
		})
		for _, s := range o.Settings() {
			name := strings.TrimPrefix(study.Flag(s.Name), "--")
			f := c.Flags().VarPF(s.Value, name, pick(len(name) == 1, name, ""), s.Doc) // one letter: also -x
			f.NoOptDefVal = pick(s.Value.Type() == "bool", "true", "")                 // --quick means --quick=true
		}
		out.AddFlags(c.Flags())
		out.Format, c.Flags().Lookup("format").DefValue = sc.Format, sc.Format
		cmds = append(cmds, c)
	}
	return cmds
}

// useDatabase gives a study that keeps what it computes (study.DatabaseUser)
// the database of --db (else $KOMBI_DB, else the default file).
func (a *app) useDatabase(c *cobra.Command, o study.Options) error {
	if du, ok := o.(study.DatabaseUser); ok {
		url, err := store.URLFromEnv(c.Flag(dbFlag).Value.String())
		du.UseDatabase(url)
		return err
	}
	return nil
}

// flagged writes the settings that a study.SettingError in err names as
// the flags that carry them (study.Flag), keeping err a usage error.
func flagged(err error) error {
	var se *study.SettingError
	if !errors.As(err, &se) {
		return err
	}
	return usage(errors.New(strings.Replace(err.Error(), se.Error(), se.Format(study.Flag), 1)))
}
