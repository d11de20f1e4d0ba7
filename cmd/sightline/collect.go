package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/collect"
	"github.com/sightline/sightline/internal/provider"
	"github.com/sightline/sightline/internal/secret"
	"github.com/sightline/sightline/internal/sqlstore"
)

const collectUsage = `Usage: sightline collect --once [--brand ID] [--providers chatgpt,claude,…] [--samples N] [--dry-run]
                         [--db DSN] [--secret-key-file FILE] [--prices FILE] [--provider-rate N]

Collects in the foreground everything due now: each collecting brand's (or
--brand's, even with its collection off) active prompts on each of its
providers in each of its regions, as many samples as the current cadence
slot still lacks. --providers and --samples override the brands' settings
for this run only. --dry-run prints what would be asked and what it would
cost, and asks nothing. A server's scheduler does the same on a schedule
(docs/collect.md). Exits non-zero when every call failed.

`

// CollectCommand runs collection once in the foreground.
type CollectCommand struct {
	env            Config
	stdout, stderr io.Writer
}

// Run collects and prints progress and a summary.
func (c *CollectCommand) Run(ctx context.Context, args []string) error {
	cfg := c.env
	fs := newFlags("collect", collectUsage, c.stderr)
	cfg.dbFlag(fs)
	cfg.collectFlags(fs)
	once := fs.Bool("once", false, "collect what is due now, then exit")
	brand := fs.String("brand", "", "collect only this brand (even with its collection off)")
	providers := fs.String("providers", "", "comma-separated providers, replacing the brands' for this run")
	samples := fs.Int("samples", 0, "samples per prompt, provider and region in this slot, replacing the brands' for this run")
	dryRun := fs.Bool("dry-run", false, "print what would be asked and its estimated cost; ask nothing")
	if err := fs.parseFlags(args); err != nil {
		return err
	}
	switch {
	case fs.NArg() > 0:
		return fmt.Errorf("collect: unexpected argument %q", fs.Arg(0))
	case !*once:
		fs.Usage()
		return errors.New("collect: give --once (sightline serve collects on a schedule)")
	case *brand != "" && !sightline.IsUUID(strings.ToLower(*brand)):
		return fmt.Errorf("collect: --brand must be a brand id")
	case *samples < 0 || *samples > sightline.MaxSamples:
		return fmt.Errorf("collect: --samples must be between 1 and %d", sightline.MaxSamples)
	}
	if err := cfg.validateCollect(); err != nil {
		return err
	}
	opts := collect.OnceOptions{BrandID: strings.ToLower(*brand), Samples: *samples, DryRun: *dryRun}
	if *providers != "" {
		var v sightline.ValidationErrors
		opts.Providers = sightline.NormalizeProviders(splitList(*providers), &v, "--providers")
		if err := v.Err(); err != nil {
			return err
		}
	}
	logger := cfg.logger(c.stderr)
	db, err := openExisting(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	col, err := newCollector(cfg, db, logger)
	if err != nil {
		return err
	}
	if col.Box == nil && !*dryRun {
		return fmt.Errorf("collect: %w", secret.ErrNoKey)
	}
	names := map[string]string{}
	brandName := func(id string) string {
		if n, ok := names[id]; ok {
			return n
		}
		n := id
		if b, err := db.FindBrandByIDAnyOrg(ctx, id); err == nil {
			n = b.Name
		}
		names[id] = n
		return n
	}
	start := time.Now()
	opts.Progress = func(e collect.Event) { c.progress(e, brandName) }
	res, err := col.Once(ctx, opts)
	if res != nil {
		asOf := ""
		if p, ok := col.Prices.(*provider.Prices); ok {
			asOf = p.AsOf
		}
		c.summary(res, opts.DryRun, brandName, time.Since(start), asOf)
	}
	if err != nil {
		return err
	}
	if !opts.DryRun && res.Tally.Asked() > 0 && res.Tally.Done == 0 {
		return fmt.Errorf("collect: every one of the %d calls failed", res.Tally.Asked())
	}
	return nil
}

// progress prints a plan as it starts and each sample as it ends.
func (c *CollectCommand) progress(e collect.Event, brandName func(string) string) {
	p := e.Plan
	if e.Sample == nil {
		fmt.Fprintf(c.stdout, "%s · %s · slot %s: %d sample(s), estimated %s\n", brandName(p.BrandID), p.Provider,
			p.Slot.Format("2006-01-02 15:04Z"), len(p.Samples), usdOf(p.EstimateMicros))
		return
	}
	a := e.Attempt
	outcome := "ok"
	if a.Status != sightline.AttemptOK {
		outcome = "FAILED " + *a.ReasonCode
	}
	width := len(fmt.Sprint(e.Of))
	fmt.Fprintf(c.stdout, "  [%*d/%d] %-10s %s #%d  %-24s %5.1fs  %q\n", width, e.N, e.Of, e.Sample.Provider, e.Sample.Region,
		e.Sample.Sample+1, outcome, float64(a.DurationMS)/1000, clip(e.Sample.Prompt, 60))
	if a.Status != sightline.AttemptOK && a.Reason != nil {
		fmt.Fprintf(c.stdout, "      %s\n", clip(*a.Reason, 200))
	}
}

// summary prints what was planned (dry run) or done.
func (c *CollectCommand) summary(res *collect.Result, dryRun bool, brandName func(string) string, elapsed time.Duration, pricesAsOf string) {
	if dryRun {
		var n int
		var cost int64
		for _, p := range res.Plans {
			if p.Skip != "" {
				fmt.Fprintf(c.stdout, "%s · %s: nothing to ask: %s\n", brandName(p.BrandID), orDash(p.Provider), p.Skip)
				continue
			}
			fmt.Fprintf(c.stdout, "%s · %s · slot %s: %d sample(s), estimated %s\n", brandName(p.BrandID), p.Provider,
				p.Slot.Format("2006-01-02 15:04Z"), len(p.Samples), usdOf(p.EstimateMicros))
			if p.Warning != "" {
				fmt.Fprintf(c.stdout, "  WARNING: these calls would fail: %s\n", p.Warning)
			}
			for _, line := range groupSamples(p.Samples) {
				fmt.Fprintf(c.stdout, "  %s\n", line)
			}
			n += len(p.Samples)
			cost += p.EstimateMicros
		}
		fmt.Fprintf(c.stdout, "Dry run: %d call(s) would be made, estimated %s (price list of %s). Nothing was asked.\n", n, usdOf(cost), pricesAsOf)
		return
	}
	for _, p := range res.Plans {
		if p.Skip != "" {
			fmt.Fprintf(c.stdout, "%s · %s: skipped: %s\n", brandName(p.BrandID), orDash(p.Provider), p.Skip)
		}
	}
	codes := make([]string, 0, len(res.ByProvider))
	for code := range res.ByProvider {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		t := res.ByProvider[code]
		fmt.Fprintf(c.stdout, "  %-10s done %d, failed %d%s, %s\n", code, t.Done, t.Failed, reasons(t.Reasons), usdOf(t.CostMicros))
	}
	t := res.Tally
	fmt.Fprintf(c.stdout, "Collected in %.1fs: %d done, %d failed, %d skipped; tokens %d in / %d out; estimated cost %s.\n",
		elapsed.Seconds(), t.Done, t.Failed, t.Skipped, t.InputTokens, t.OutputTokens, usdOf(t.CostMicros))
}

// groupSamples lists a plan's samples one line per prompt and region.
func groupSamples(ss []sightline.CollectionSample) []string {
	var out []string
	count := map[string]int{}
	var order []string
	for _, s := range ss {
		k := s.Region + "\x00" + s.Prompt
		if count[k] == 0 {
			order = append(order, k)
		}
		count[k]++
	}
	for _, k := range order {
		region, prompt, _ := strings.Cut(k, "\x00")
		out = append(out, fmt.Sprintf("%s ×%d  %q", region, count[k], clip(prompt, 80)))
	}
	return out
}

func reasons(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// newCollector builds the collector of this process: one paced Caller per
// provider (base URLs and models from the environment), the price list, and
// the master key when one is configured (nil Box otherwise).
func newCollector(cfg Config, db *sqlstore.DB, logger *slog.Logger) (*collect.Collector, error) {
	prices := provider.DefaultPrices()
	if cfg.PricesFile != "" {
		var err error
		if prices, err = provider.LoadPrices(cfg.PricesFile); err != nil {
			return nil, err
		}
	}
	col := &collect.Collector{Store: db, Prices: prices, Logger: logger, Askers: map[string]collect.Asker{}, Models: map[string]string{}}
	// one pacing per API key whichever provider calls with it: a SERP
	// vendor's key serves several surfaces (docs/collect.md#failures-are-data)
	keys := provider.NewKeyPacing()
	for _, code := range provider.Codes() {
		if !slices.Contains(sightline.CollectProviders, code) {
			continue
		}
		pc, err := provider.ConfigFromEnv(code, cfg.providerSetting)
		if err != nil {
			return nil, err
		}
		pc.MaxSearches = cfg.MaxSearches
		a, err := provider.New(code, pc)
		if err != nil {
			return nil, err
		}
		col.Askers[code] = provider.NewCaller(a, provider.CallerConfig{RatePerMinute: cfg.ProviderRate, Concurrency: cfg.ProviderConcurrency, Keys: keys})
		col.Models[code] = a.Model()
	}
	box, err := secret.Load(cfg.SecretKey, cfg.SecretKeyFile)
	switch {
	case errors.Is(err, secret.ErrNoKey):
	case err != nil:
		return nil, err
	default:
		col.Box = box
	}
	return col, nil
}
