// Package ingest turns prompt-run records (JSONL or a JSON array, docs/ingest.md)
// into analyzed runs and stores them: the one path by which data gets in,
// used by `sightline ingest`, the internal HTTP endpoint and the demo.
package ingest

import (
	"context"
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
const DefaultBatchSize = 4096

// chunkSize is how many records a worker analyzes at a time: small, so that
// every worker stays busy and the next batch is ready when the store wants
// it; large enough that handing chunks around costs nothing.
const chunkSize = 128

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

// LineError is one problem with a rejected record: its line (JSONL) or
// 1-based position (JSON array), the offending field and why.
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
	Skipped    int           `json:"skipped"`    // bad records not stored (all records in a rejected strict ingest)
	Errors     []LineError   `json:"errors"`     // every problem of every bad record (at most 1000)
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
	cites   citeCache
}

// New returns an Ingester writing to st.
func New(st Store) *Ingester {
	return &Ingester{Store: st, targets: map[string]*target{}}
}

// Ingest reads every record from r and stores it. In strict mode a bad
// record makes Ingest store nothing and return a VALIDATION_FAILED error
// listing the bad lines; otherwise bad records are skipped and listed in
// the result. A read or storage failure stops the ingest; batches already
// committed stay (each is one transaction, never half-written), in strict
// mode nothing does.
func (in *Ingester) Ingest(ctx context.Context, r io.Reader, opts Options) (Result, error) {
	start := time.Now()
	if opts.BatchSize <= 0 {
		opts.BatchSize = DefaultBatchSize
	}
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	opts.BrandID = strings.ToLower(strings.TrimSpace(opts.BrandID))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	p := in.start(ctx, r, opts)
	var res Result
	var err error
	if opts.Strict {
		err = in.storeStrict(ctx, p, &res)
	} else {
		err = in.storeBatches(ctx, p, opts, &res)
	}
	cancel()
	p.stop()
	if a, ok := in.Store.(analyzer); ok && res.Inserted >= analyzeAfter {
		// A bulk load leaves PostgreSQL's statistics stale; refresh them
		// (best effort: the data is stored either way).
		if aerr := a.Analyze(context.WithoutCancel(ctx)); aerr != nil && err == nil {
			err = aerr
		}
	}
	res.Elapsed = time.Since(start)
	return res, err
}

// analyzer is a store that can refresh its planner statistics.
type analyzer interface {
	Analyze(ctx context.Context) error
}

// analyzeAfter is how many new runs make an ingest refresh the statistics.
const analyzeAfter = 1000

// storeBatches stores the runs of each batch in one transaction as soon as
// the whole batch is analyzed, so a transaction never waits for input.
func (in *Ingester) storeBatches(ctx context.Context, p *pipeline, opts Options, res *Result) error {
	var runs []*sightline.AnalyzedRun
	for {
		clear(runs) // let the stored batch be collected
		runs = runs[:0]
		records, ended := 0, true
		for c := range p.queue {
			<-c.done
			res.add(c)
			records += c.records
			runs = append(runs, c.runs...)
			if c.last {
				ended = false
				break
			}
		}
		if ended && p.readErr != nil {
			return p.readErr // the batch being read is incomplete: dropped
		}
		if len(runs) > 0 {
			stats, err := in.Store.IngestRuns(ctx, iterRuns(runs))
			if err != nil {
				return err
			}
			res.Inserted += stats.Inserted
			res.Duplicates += stats.Duplicates
		}
		if records > 0 && opts.Progress != nil {
			opts.Progress(*res)
		}
		if ended {
			return nil
		}
	}
}

// errRejected aborts the strict transaction when a bad record was seen.
var errRejected = errors.New("ingest rejected")

// storeStrict streams every run into one transaction and aborts it when a
// record is bad or the input cannot be read to its end.
func (in *Ingester) storeStrict(ctx context.Context, p *pipeline, res *Result) error {
	seq := func(yield func(*sightline.AnalyzedRun, error) bool) {
		for c := range p.queue {
			<-c.done
			res.add(c)
			if res.Skipped > 0 {
				continue // keep reading to report every bad line; nothing will be kept
			}
			for _, run := range c.runs {
				if !yield(run, nil) {
					return
				}
			}
		}
		if p.readErr != nil {
			yield(nil, p.readErr)
		} else if res.Skipped > 0 {
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

func (r *Result) add(c *chunk) {
	r.Records += c.records
	r.Skipped += c.bad
	for _, e := range c.errors {
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

// pipeline reads records, analyzes them on several workers and hands the
// results over in input order.
type pipeline struct {
	queue   chan *chunk // chunks in input order; closed after readErr is set
	readErr error       // why reading stopped early, nil at the end of the input
	workers sync.WaitGroup
}

// chunk is a run of consecutive records analyzed by one worker.
type chunk struct {
	lines []rawLine
	buf   []byte // holds the lines' bytes
	last  bool   // the last chunk of a batch
	done  chan struct{}

	// set by analysis
	records int
	bad     int // records rejected
	runs    []*sightline.AnalyzedRun
	errors  []LineError
}

type rawLine struct {
	line int
	data []byte
}

// start launches the reader and the workers.
func (in *Ingester) start(ctx context.Context, r io.Reader, opts Options) *pipeline {
	perBatch := (opts.BatchSize + chunkSize - 1) / chunkSize
	// Two batches in flight: one analyzed while the other is stored.
	p := &pipeline{queue: make(chan *chunk, 2*perBatch)}
	work := make(chan *chunk, opts.Workers)
	for range opts.Workers {
		p.workers.Add(1)
		go func() {
			defer p.workers.Done()
			for c := range work {
				in.analyzeChunk(ctx, c, opts)
				close(c.done)
			}
		}()
	}
	go func() {
		defer close(p.queue)
		defer close(work)
		p.readErr = in.read(ctx, r, opts, work, p.queue)
	}()
	return p
}

// stop waits for the reader and the workers to finish; ctx must be done.
func (p *pipeline) stop() {
	for range p.queue {
	}
	p.workers.Wait()
}

// read cuts the input into chunks that never straddle two batches, and
// hands each to the workers and then to the queue, so that every chunk in
// the queue gets analyzed.
func (in *Ingester) read(ctx context.Context, r io.Reader, opts Options, work, queue chan<- *chunk) error {
	rr, err := newRecordReader(r)
	if err != nil {
		return err
	}
	inBatch := 0
	for {
		n := min(chunkSize, opts.BatchSize-inBatch)
		c := &chunk{lines: make([]rawLine, 0, n), done: make(chan struct{})}
		for len(c.lines) < n {
			ok, err := rr.next(c)
			if err != nil {
				return err
			}
			if !ok {
				break
			}
		}
		got := len(c.lines) // c belongs to the workers once handed over
		if got == 0 {
			return nil
		}
		if inBatch += got; inBatch == opts.BatchSize {
			c.last, inBatch = true, 0
		}
		select {
		case work <- c:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case queue <- c:
		case <-ctx.Done():
			return ctx.Err()
		}
		if got < n {
			return nil // end of input
		}
	}
}

// analyzeChunk validates and analyzes every record of c.
func (in *Ingester) analyzeChunk(ctx context.Context, c *chunk, opts Options) {
	c.records = len(c.lines)
	for _, l := range c.lines {
		run, errs := in.analyzeLine(ctx, l, opts)
		if len(errs) > 0 {
			c.bad++
			c.errors = append(c.errors, errs...)
		} else if run != nil {
			c.runs = append(c.runs, run)
		}
	}
	c.lines, c.buf = nil, nil // analysis copied what it keeps
}
