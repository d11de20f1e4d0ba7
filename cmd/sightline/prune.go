package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/sightline/sightline"
)

const pruneUsage = `Usage: sightline prune --before YYYY-MM-DD [--db DSN]

Deletes the answers, mentions and citations of every brand's runs before
that day (UTC), one day per transaction, with progress, and the agent
visits and AI referrals read from access logs before it (docs/agents.md). The runs, ads and
every rollup stay: whole-day metrics over those days keep their numbers, a
run id ingested again is still a duplicate, and a request that needs the
deleted facts (a window edge inside a pruned day, a prompt, region or
brand_ids filter over pruned days) gets 400 INVALID_PARAMETER instead of a
short answer. The day must keep at least 90 days. See docs/retention.md.

`

// PruneCommand deletes old raw facts.
type PruneCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run prunes and reports what it deleted.
func (c *PruneCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlags("prune", pruneUsage, c.stderr)
	cfg.dbFlag(fs)
	before := fs.String("before", "", "the first day to keep, YYYY-MM-DD (UTC)")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if *before == "" {
		fs.Usage()
		return fmt.Errorf("prune: --before is required")
	}
	day, err := time.Parse(time.DateOnly, *before)
	if err != nil {
		return fmt.Errorf("--before %q: use a day, YYYY-MM-DD", *before)
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	start, last := time.Now(), time.Now()
	res, err := db.PruneFacts(ctx, day, func(p sightline.FactPruneProgress) {
		if time.Since(last) >= time.Second || p.Day.AddDate(0, 0, 1).Equal(day) {
			fmt.Fprintf(c.stdout, "  brand %s: %s pruned (%d answers, %d mentions, %d citations)\n",
				p.BrandID, p.Day.Format(time.DateOnly), p.Answers, p.Mentions, p.Citations)
			last = time.Now()
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "pruned before %s: %d answers, %d mentions, %d citations of %d brand(s), %d agent visits, %d AI referrals in %.1fs; runs, ads and rollups kept\n",
		day.Format(time.DateOnly), res.Answers, res.Mentions, res.Citations, res.Brands, res.AgentVisits, res.AIReferrals, time.Since(start).Seconds())
	if db.Engine() == "sqlite" {
		fmt.Fprintln(c.stdout, "the database file keeps its size: run VACUUM on it (with the server stopped) to give the space back")
	}
	return nil
}
