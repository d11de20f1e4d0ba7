package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sightline/sightline/internal/ingest"
)

const ingestUsage = `Usage: sightline ingest [--db DSN] [--strict] [--batch N] FILE.jsonl | -

Loads prompt runs (one JSON record per line, or a JSON array; docs/ingest.md).
Records with an id already stored are left unchanged. A bad record is
reported with its line number and field; by default it is skipped and the
rest is stored batch by batch, with --strict nothing is stored at all.

`

// IngestCommand loads prompt runs from a file or stdin.
type IngestCommand struct {
	env            Config
	stdin          io.Reader
	stdout, stderr io.Writer
}

// Run ingests the file and prints progress and a summary.
func (c *IngestCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlags("ingest", ingestUsage, c.stderr)
	cfg.dbFlag(fs)
	strict := fs.Bool("strict", false, "reject the whole input if any record is bad")
	batch := fs.Int("batch", ingest.DefaultBatchSize, "records per transaction")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("ingest: give one FILE.jsonl or - for standard input")
	}
	in := c.stdin
	if name := fs.Arg(0); name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	db, err := openExisting(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()

	last := time.Now()
	res, err := ingest.New(db).Ingest(ctx, in, ingest.Options{
		Strict: *strict, BatchSize: *batch,
		Progress: func(r ingest.Result) {
			if time.Since(last) >= 2*time.Second {
				last = time.Now()
				fmt.Fprintf(c.stdout, "… %d records read, %d stored, %d duplicates, %d skipped\n", r.Records, r.Inserted, r.Duplicates, r.Skipped)
			}
		},
	})
	for _, e := range res.Errors {
		fmt.Fprintln(c.stderr, e.String())
	}
	if err != nil {
		return err
	}
	rate := float64(res.Records) / max(res.Elapsed.Seconds(), 1e-9)
	fmt.Fprintf(c.stdout, "%d records read: %d stored, %d duplicates unchanged, %d skipped (%.1fs, %.0f records/s)\n",
		res.Records, res.Inserted, res.Duplicates, res.Skipped, res.Elapsed.Seconds(), rate)
	if res.Skipped > 0 {
		return fmt.Errorf("%d bad record(s) skipped", res.Skipped)
	}
	return nil
}
