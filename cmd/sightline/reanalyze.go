package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/ingest"
)

const reanalyzeUsage = `Usage: sightline reanalyze --brand ID [--since DATE] [--db DSN]

Runs the answer analyzer again over a brand's stored answers — after its
aliases or competitors changed, or after an upgrade changed the analyzer's
rules (docs/accuracy.md) — and replaces the mentions (brands named,
positions, counts, sentiment) of every run whose analysis changed; then it
rebuilds the brand's rollups from the facts, so every metric again equals
what the answers say. Runs stored with mentions given by an upstream
extractor get the analyzer's mentions instead. DATE (YYYY-MM-DD or RFC
3339) limits it to runs from that day on; the default is all of them. One
transaction: an interruption changes nothing. Of a pruned brand, only the
answers kept are analyzed; the pruned days keep their numbers. See
docs/ingest.md#analyzing-stored-answers-again.

`

// ReanalyzeCommand analyzes a brand's stored answers again.
type ReanalyzeCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run re-analyzes and reports progress and what changed.
func (c *ReanalyzeCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlags("reanalyze", reanalyzeUsage, c.stderr)
	cfg.dbFlag(fs)
	brandID := fs.String("brand", "", "the brand's id (required)")
	sinceArg := fs.String("since", "", "first day or instant of the runs to analyze again (default: all)")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("reanalyze: unexpected argument %q", fs.Arg(0))
	}
	id := strings.ToLower(strings.TrimSpace(*brandID))
	if !sightline.IsUUID(id) {
		return errors.New("reanalyze: --brand must be a brand id (UUID)")
	}
	var since time.Time
	if *sinceArg != "" {
		var err error
		if since, _, err = parseDate(*sinceArg); err != nil {
			return fmt.Errorf("reanalyze: --since %q: use YYYY-MM-DD or an RFC 3339 time", *sinceArg)
		}
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	target, err := db.FindIngestTarget(ctx, id)
	if err != nil {
		return fmt.Errorf("reanalyze: %w", err)
	}
	start, last := time.Now(), time.Time{}
	res, err := db.ReanalyzeBrand(ctx, id, since, ingest.MentionFinder(target), func(p sightline.ReanalyzeProgress) {
		if time.Since(last) >= time.Second {
			fmt.Fprintf(c.stdout, "  %d runs analyzed through %s, %d changed\n", p.Runs, p.Through.Format(time.DateOnly), p.Changed)
			last = time.Now()
		}
	})
	if err != nil {
		return fmt.Errorf("reanalyze: %w", err)
	}
	fmt.Fprintf(c.stdout, "brand %s: %d runs analyzed again in %.1fs; %d changed (%d mentions before, %d after)",
		id, res.Runs, time.Since(start).Seconds(), res.Changed, res.MentionsBefore, res.MentionsAfter)
	if res.Changed > 0 {
		fmt.Fprint(c.stdout, "; rollups rebuilt")
	}
	fmt.Fprintln(c.stdout)
	return nil
}
