package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/sightline/sightline/internal/eval"
)

const evalUsage = `Usage: sightline eval [--set DIR] [--json] [--part tune|holdout|all] [--findings]
                      [--show-holdout-errors]

Measures the answer analyzer against a set of answers labelled by hand
(docs/accuracy.md): precision, recall and F1 of tracked brands' presence
and occurrences, polarity agreement and its confusion matrix, the recall of
untracked brands and the names taken for brands that are none, per
industry and overall, the tuning and held-out parts apart. Without --set
it reads the set built into the binary; DIR holds *.txt files in the
format of docs/accuracy.md, those under a directory named holdout being
the held-out part. --findings lists every disagreement of the tuning
part after the figures.

The held-out part is reported by its figures only: the names it took for
brands and its disagreements stay hidden, since an error read while rules
change makes the part one the rules are tuned on. --show-holdout-errors
shows them too (its names, and its disagreements with --findings); use it
only once the rules are frozen.

`

// EvalCommand scores the analyzer on a labelled set.
type EvalCommand struct {
	stdout, stderr io.Writer
}

// Run loads the set, evaluates it and prints the report.
func (c *EvalCommand) Run(ctx context.Context, args []string) error {
	fset := newFlagSet("eval", evalUsage, c.stderr)
	dir := fset.String("set", "", "directory of the evaluation set (default: the set built in)")
	asJSON := fset.Bool("json", false, "print the report as JSON")
	part := fset.String("part", "all", "which part to report: tune, holdout or all")
	findings := fset.Bool("findings", false, "list every disagreement of the tuning part after the figures")
	showHeld := fset.Bool("show-holdout-errors", false, "show the held-out part's mistaken names and, with --findings, its disagreements")
	if err := fset.Parse(args); err != nil {
		return err
	}
	if fset.NArg() != 0 {
		fset.Usage()
		return fmt.Errorf("eval: unexpected argument %q", fset.Arg(0))
	}
	if *part != "all" && *part != eval.PartTune && *part != eval.PartHoldout {
		return fmt.Errorf("eval: --part must be tune, holdout or all, not %q", *part)
	}
	var set fs.FS = eval.Embedded()
	if *dir != "" {
		st, err := os.Stat(*dir)
		if err != nil || !st.IsDir() {
			return fmt.Errorf("eval: --set %q is not a directory", *dir)
		}
		set = os.DirFS(*dir)
	}
	answers, err := eval.Load(set)
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	if *part != "all" {
		kept := answers[:0]
		for _, a := range answers {
			if a.Part == *part {
				kept = append(kept, a)
			}
		}
		answers = kept
		if len(answers) == 0 {
			return fmt.Errorf("eval: the set has no answers in the %s part", *part)
		}
	}
	r := eval.Evaluate(answers)
	if !*showHeld {
		r.HideErrors(eval.PartHoldout)
	}
	if !*findings {
		r.Findings = nil
	}
	if *asJSON {
		enc := json.NewEncoder(c.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	eval.WriteText(c.stdout, r)
	if *findings {
		fmt.Fprintln(c.stdout)
		eval.WriteFindings(c.stdout, r.Findings)
	}
	return nil
}
