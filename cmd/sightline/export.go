package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/httpapi"
	"github.com/sightline/sightline/internal/ingest"
)

const exportUsage = `Usage: sightline export [--db DSN] --brand ID [--since DATE] [--until DATE] [--format ndjson|csv] [--out FILE]

Writes a brand's prompt runs, newest first, as GET /api/v2/brands/{id}/runs
streams them with Accept: application/x-ndjson: one JSON object a line,
every run of the window (docs/api.md#runs). Each line is a record that
"sightline ingest" accepts, so an export loads into another database
(docs/ingest.md#round-trip). DATE is YYYY-MM-DD or RFC 3339; --since
defaults to 30 days ago, --until to the end of today (UTC); a date-only
--until includes that day. --format csv writes the same runs as the CSV of
/runs with Accept: text/csv (docs/api.md#csv-exports): a header row, one
row a run, nested objects flattened, lists as JSON text.

`

// ExportCommand writes a brand's runs.
type ExportCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run exports the runs of one brand.
func (c *ExportCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlags("export", exportUsage, c.stderr)
	cfg.dbFlag(fs)
	brandID := fs.String("brand", "", "the brand's id (required)")
	since := fs.String("since", "", "first day or instant of the window (default 30 days ago)")
	until := fs.String("until", "", "last day or instant of the window (default the end of today, UTC)")
	format := fs.String("format", "ndjson", "ndjson (one run a line, what ingest reads) or csv (the columns of /runs with Accept: text/csv, docs/api.md)")
	out := fs.String("out", "-", "output file, - for standard output")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		fs.Usage()
		return fmt.Errorf("export: unexpected argument %q", fs.Arg(0))
	}
	id := strings.ToLower(strings.TrimSpace(*brandID))
	if !sightline.IsUUID(id) {
		return errors.New("export: --brand must be a brand id (UUID)")
	}
	switch *format {
	case "ndjson":
	case "csv":
	default:
		return fmt.Errorf("export: --format %q: use ndjson or csv", *format)
	}
	if err := cfg.Validate(); err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(c.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	w := sightline.DefaultWindow(db.Now().UTC(), sightline.DefaultWindowDays)
	if *since != "" {
		t, _, err := parseDate(*since)
		if err != nil {
			return fmt.Errorf("export: --since: %w", err)
		}
		w.Start = t
	}
	if *until != "" {
		t, dateOnly, err := parseDate(*until)
		if err != nil {
			return fmt.Errorf("export: --until: %w", err)
		}
		if dateOnly {
			t = t.AddDate(0, 0, 1)
		} else {
			t = t.Add(time.Microsecond)
		}
		w.End = t
	}
	if !w.Start.Before(w.End) {
		return errors.New("export: --since must be before --until")
	}
	target, err := db.FindIngestTarget(ctx, id)
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	dst := c.stdout
	if *out != "-" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		dst = f
	}
	f := sightline.RunFilter{Scope: sightline.Scope{BrandID: id, Window: w}, Status: sightline.RunOK}
	var n int
	if *format == "csv" {
		n, err = writeRunsCSV(ctx, db, target.OrgID, f, dst)
	} else {
		n, err = ingest.WriteNDJSON(ctx, db, target.OrgID, f, dst)
	}
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	if *out != "-" {
		fmt.Fprintf(c.stderr, "%d runs written to %s\n", n, *out)
	}
	return nil
}

// parseDate reads YYYY-MM-DD or RFC 3339 (UTC).
func parseDate(s string) (t time.Time, dateOnly bool, err error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t.UTC(), true, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC().Truncate(time.Microsecond), false, nil
	}
	return time.Time{}, false, fmt.Errorf("%q is neither YYYY-MM-DD nor RFC 3339", s)
}

// writeRunsCSV writes the runs of f as the CSV of GET …/runs with
// Accept: text/csv (docs/api.md#csv-exports): the same columns, every run.
func writeRunsCSV(ctx context.Context, st ingest.RunSource, orgID string, f sightline.RunFilter, w io.Writer) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := httpapi.NewCSVRowWriter(bw, httpapi.CSVColumns(reflect.TypeFor[sightline.Run]()))
	n, err := ingest.EachRun(ctx, st, orgID, f, func(r *sightline.Run) error {
		return cw.Write(reflect.ValueOf(r))
	})
	if err != nil {
		return n, err
	}
	if err := cw.Flush(); err != nil {
		return n, err
	}
	return n, bw.Flush()
}
