// Package ingest turns prompt-run records (JSONL or a JSON array, DESIGN §6)
// into analyzed runs and stores them: the one path by which data gets in,
// used by `sightline ingest`, the internal HTTP endpoint and the demo.
package ingest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/sightline/sightline"
)

// Store is what ingest needs from storage.
type Store interface {
	FindIngestTarget(ctx context.Context, brandID string) (*sightline.IngestTarget, error)
	IngestRuns(ctx context.Context, runs iter.Seq2[*sightline.AnalyzedRun, error]) (sightline.IngestStats, error)
}

// DefaultBatchSize is how many records one transaction stores.
const DefaultBatchSize = 1000

// Options tune one ingest.
type Options struct {
	// Strict rejects the whole input when any record is bad; otherwise bad
	// records are reported and skipped, and good ones stored batch by batch.
	Strict bool
	// BrandID, when set, is the only brand records may name; records
	// without brand_id get it.
	BrandID string
	// BatchSize is the number of records per transaction (default 1000);
	// in strict mode everything is one transaction.
	BatchSize int
	// Workers analyze records in parallel (default GOMAXPROCS).
	Workers int
	// Progress, when set, is called after every stored batch.
	Progress func(Result)
}

// LineError is one rejected record: its line (JSONL) or 1-based position
// (JSON array), the offending field and why.
type LineError struct {
	Line    int    `json:"line"`
	Field   string `json:"field,omitempty"`
	Code    string `json:"code"`
	Message string `json:"message"`
}

// String formats the error as "line N: field: message".
func (e LineError) String() string {
	if e.Field == "" {
		return fmt.Sprintf("line %d: %s", e.Line, e.Message)
	}
	return fmt.Sprintf("line %d: %s: %s", e.Line, e.Field, e.Message)
}

// Result tells what an ingest did.
type Result struct {
	Records    int           `json:"records"`    // records read
	Inserted   int           `json:"inserted"`   // new runs stored
	Duplicates int           `json:"duplicates"` // runs already stored, left unchanged
	Skipped    int           `json:"skipped"`    // bad records not stored
	Errors     []LineError   `json:"errors"`
	Elapsed    time.Duration `json:"-"`
}

// maxReportedErrors bounds the error list of a result.
const maxReportedErrors = 1000

// Ingester analyzes and stores records. It caches what it learns about
// brands for its lifetime, so use one per ingest.
type Ingester struct {
	Store Store

	mu      sync.Mutex
	targets map[string]*target
}

// New returns an Ingester writing to st.
func New(st Store) *Ingester {
	return &Ingester{Store: st, targets: map[string]*target{}}
}

// Ingest reads every record from r and stores it. In strict mode a bad
// record makes Ingest store nothing and return a VALIDATION_FAILED error
// listing the bad lines; otherwise bad records are skipped and listed in
// the result. A storage failure stops the ingest; batches already committed
// stay (each is one transaction, never half-written).
func (in *Ingester) Ingest(ctx context.Context, r io.Reader, opts Options) (Result, error) {
	start := time.Now()
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	opts.BrandID = strings.ToLower(opts.BrandID)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	batches := make(chan *batch, 1) // analyze the next batch while one is stored
	var readErr error
	go func() {
		defer close(batches)
		readErr = in.produce(ctx, r, opts, batches)
	}()

	var res Result
	var err error
	if opts.Strict {
		err = in.storeStrict(ctx, batches, &res)
	} else {
		err = in.storeBatches(ctx, batches, opts, &res)
	}
	cancel()
	for range batches { // let the producer finish
	}
	res.Elapsed = time.Since(start)
	if err == nil {
		err = readErr
	}
	return res, err
}

func (in *Ingester) storeBatches(ctx context.Context, batches <-chan *batch, opts Options, res *Result) error {
	for b := range batches {
		res.add(b)
		if len(b.runs) > 0 {
			stats, err := in.Store.IngestRuns(ctx, iterRuns(b.runs))
			if err != nil {
				return err
			}
			res.Inserted += stats.Inserted
			res.Duplicates += stats.Duplicates
		}
		if opts.Progress != nil {
			opts.Progress(*res)
		}
	}
	return nil
}

// errRejected aborts the strict transaction when a bad record was seen.
var errRejected = errors.New("ingest rejected")

func (in *Ingester) storeStrict(ctx context.Context, batches <-chan *batch, res *Result) error {
	seq := func(yield func(*sightline.AnalyzedRun, error) bool) {
		for b := range batches {
			res.add(b)
			if len(res.Errors) > 0 {
				continue // keep reading to report every bad line; nothing will be kept
			}
			for _, run := range b.runs {
				if !yield(run, nil) {
					return
				}
			}
		}
		if len(res.Errors) > 0 {
			yield(nil, errRejected)
		}
	}
	stats, err := in.Store.IngestRuns(ctx, seq)
	if errors.Is(err, errRejected) {
		res.Skipped = res.Records
		return rejection(res.Errors)
	} else if err != nil {
		return err
	}
	res.Inserted, res.Duplicates = stats.Inserted, stats.Duplicates
	return nil
}

// rejection is the VALIDATION_FAILED error of a strict ingest.
func rejection(errs []LineError) error {
	v := sightline.ValidationErrors{}
	for _, e := range errs {
		v = append(v, sightline.NewFieldError(e.Field, e.Code, e.String()))
	}
	err := v.Err().(*sightline.Error)
	err.Message = fmt.Sprintf("%d bad record(s); nothing was stored. First: %s", len(errs), errs[0].String())
	return err
}

func (r *Result) add(b *batch) {
	r.Records += b.records
	r.Skipped += len(b.errors)
	for _, e := range b.errors {
		if len(r.Errors) < maxReportedErrors {
			r.Errors = append(r.Errors, e)
		}
	}
}

func iterRuns(runs []*sightline.AnalyzedRun) iter.Seq2[*sightline.AnalyzedRun, error] {
	return func(yield func(*sightline.AnalyzedRun, error) bool) {
		for _, r := range runs {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// batch is a slice of input analyzed in parallel.
type batch struct {
	records int
	runs    []*sightline.AnalyzedRun
	errors  []LineError
}

type rawLine struct {
	line int
	data []byte
}

// produce reads records batch by batch, analyzes each batch on all
// workers, and sends it on.
func (in *Ingester) produce(ctx context.Context, r io.Reader, opts Options, out chan<- *batch) error {
	next, err := records(r)
	if err != nil {
		return err
	}
	for {
		lines := make([]rawLine, 0, opts.BatchSize)
		for len(lines) < opts.BatchSize {
			l, ok, err := next()
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			lines = append(lines, l)
		}
		if len(lines) == 0 {
			return nil
		}
		b := in.analyzeBatch(ctx, lines, opts)
		select {
		case out <- b:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

func (in *Ingester) analyzeBatch(ctx context.Context, lines []rawLine, opts Options) *batch {
	runs := make([]*sightline.AnalyzedRun, len(lines))
	errs := make([][]LineError, len(lines))
	var wg sync.WaitGroup
	chunk := (len(lines) + opts.Workers - 1) / opts.Workers
	for lo := 0; lo < len(lines); lo += chunk {
		hi := min(lo+chunk, len(lines))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				runs[i], errs[i] = in.analyzeLine(ctx, lines[i], opts)
			}
		}()
	}
	wg.Wait()
	b := &batch{records: len(lines)}
	for i := range lines {
		if len(errs[i]) > 0 {
			b.errors = append(b.errors, errs[i]...)
		} else if runs[i] != nil {
			b.runs = append(b.runs, runs[i])
		}
	}
	return b
}

// records returns an iterator over the input's records: the elements of a
// JSON array, or the non-blank lines of JSONL.
func records(r io.Reader) (func() (rawLine, bool, error), error) {
	br := bufio.NewReaderSize(r, 1<<20)
	first, skipped, err := peekNonSpace(br)
	if err == io.EOF {
		return func() (rawLine, bool, error) { return rawLine{}, false, nil }, nil
	} else if err != nil {
		return nil, fmt.Errorf("read input: %w", err)
	}
	if first == '[' {
		dec := json.NewDecoder(br)
		if _, err := dec.Token(); err != nil {
			return nil, sightline.Errorf(sightline.EINVALIDBODY, "Input is not a valid JSON array: %v.", err)
		}
		n := 0
		return func() (rawLine, bool, error) {
			if !dec.More() {
				return rawLine{}, false, nil
			}
			var raw json.RawMessage
			n++
			if err := dec.Decode(&raw); err != nil {
				return rawLine{}, false, sightline.Errorf(sightline.EINVALIDBODY, "Record %d is not valid JSON: %v.", n, err)
			}
			return rawLine{line: n, data: raw}, true, nil
		}, nil
	}
	n := skipped
	return func() (rawLine, bool, error) {
		for {
			data, err := br.ReadBytes('\n')
			if len(data) == 0 && err == io.EOF {
				return rawLine{}, false, nil
			} else if err != nil && err != io.EOF {
				return rawLine{}, false, fmt.Errorf("read input: %w", err)
			}
			n++
			if data = bytes.TrimSpace(data); len(data) > 0 {
				return rawLine{line: n, data: data}, true, nil
			}
			if err == io.EOF {
				return rawLine{}, false, nil
			}
		}
	}, nil
}

// peekNonSpace skips leading blanks (and a UTF-8 byte order mark) and
// returns the first other byte, unread, and how many newlines it skipped.
func peekNonSpace(br *bufio.Reader) (byte, int, error) {
	newlines := 0
	for {
		c, err := br.ReadByte()
		if err != nil {
			return 0, newlines, err
		}
		switch c {
		case '\n':
			newlines++
		case ' ', '\t', '\r', 0xEF, 0xBB, 0xBF:
		default:
			return c, newlines, br.UnreadByte()
		}
	}
}
