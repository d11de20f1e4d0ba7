package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/sightline/sightline/internal/agentlog"
)

const crawlsUsage = `Usage:
  sightline crawls ingest --brand BRAND_ID [--format auto|combined|cloudflare|json] [--bot-ranges DIR] [--verify-dns [--dns-server HOST:PORT]] [--db DSN] FILE | -
  sightline crawls update-ranges --out DIR [--from URL]

ingest reads an access log (nginx/Apache combined, Cloudflare Logpush
HTTP requests NDJSON, or plain JSON lines) and keeps the AI agents' visits
and the visits AI assistants referred, for the brand's domains; a combined
line belongs to the brand's primary domain. Bad lines are reported with
their line number and skipped. Ingesting a file again changes nothing.

update-ranges fetches the AI operators' published address-range files into
DIR, for --bot-ranges DIR. The built-in snapshot is empty: without
--bot-ranges every agent is unverified, except that --verify-dns confirms
Google's, Microsoft's, Apple's and Amazon's agents by reverse DNS, as those
operators document. See docs/agents.md.

`

func crawlsCommand(stdin io.Reader, stdout, stderr io.Writer) *noun {
	return &noun{name: "crawls", usage: crawlsUsage, stdin: stdin, stdout: stdout, stderr: stderr, verbs: []verb{
		{"ingest", crawlsIngest}, {"update-ranges", crawlsUpdateRanges},
	}}
}

func crawlsIngest(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("ingest", &cfg)
	cfg.botRangesFlag(fs)
	cfg.verifyDNSFlags(fs)
	brandFlag := fs.String("brand", "", "brand id")
	formatFlag := fs.String("format", "auto", "log format: auto, combined, cloudflare or json")
	pos, err := fs.parse(args)
	if err != nil {
		return err
	}
	id, err := requireID("brand", "brand", *brandFlag)
	if err != nil {
		return err
	}
	format, err := agentlog.ParseFormat(*formatFlag)
	if err != nil {
		return fmt.Errorf("--format: %w", err)
	}
	if len(pos) != 1 {
		return fmt.Errorf("crawls ingest: give one FILE or - for standard input")
	}
	ranges, err := cfg.botRanges()
	if err != nil {
		return err
	}
	in := n.stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	brand, err := db.FindBrandByIDAnyOrg(ctx, id)
	if err != nil {
		return err
	}
	if len(brand.Domains) == 0 {
		fmt.Fprintln(n.stderr, "the brand has no domains: every line is of another host (sightline brands set --domains)")
	}
	last := time.Now()
	res, err := (&agentlog.Ingester{Store: db, Ranges: ranges, DNS: cfg.dnsVerifier()}).Ingest(ctx, in, agentlog.Options{
		OrgID: brand.OrgID, BrandID: brand.ID, Domains: brand.Domains, Format: format,
		Progress: func(r agentlog.Result) {
			if time.Since(last) >= 2*time.Second {
				last = time.Now()
				fmt.Fprintf(n.stdout, "… %d lines read, %d agent visits, %d AI referrals, %d stored\n", r.Records, r.AgentVisits, r.Referrals, r.Inserted)
			}
		},
	})
	for _, e := range res.Errors {
		fmt.Fprintln(n.stderr, e.Error())
	}
	if res.Skipped > len(res.Errors) {
		fmt.Fprintf(n.stderr, "… and %d more bad lines\n", res.Skipped-len(res.Errors))
	}
	if err != nil {
		return err
	}
	rate := float64(res.Records) / max(res.Elapsed.Seconds(), 1e-9)
	fmt.Fprintf(n.stdout, "%d lines read: %d agent visits (%d verified, %d spoofed, %d unverified), %d AI referrals; %d stored, %d duplicates unchanged; %d of other hosts, %d ignored, %d bad (%.1fs, %.0f lines/s)\n",
		res.Records, res.AgentVisits, res.Verifications["verified"], res.Verifications["spoofed"], res.Verifications["unverified"],
		res.Referrals, res.Inserted, res.Duplicates, res.OtherHosts, res.Ignored, res.Skipped, res.Elapsed.Seconds(), rate)
	if res.Skipped > 0 {
		return fmt.Errorf("%d bad line(s) skipped", res.Skipped)
	}
	return nil
}

func crawlsUpdateRanges(ctx context.Context, n *noun, args []string) error {
	fs := newFlags("crawls update-ranges", crawlsUsage, n.stderr)
	out := fs.String("out", "", "directory to write the range files to")
	from := fs.String("from", "", "base `URL` of a mirror serving the files by their published names (default: each operator's URL)")
	if err := parseNoArgs(fs, "crawls update-ranges", args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("crawls update-ranges: --out DIR is required")
	}
	if *from != "" {
		if err := checkBaseURL(*from); err != nil {
			return fmt.Errorf("--from: %w", err)
		}
	}
	client := &http.Client{Timeout: time.Minute}
	done, err := agentlog.UpdateRanges(ctx, client, *from, *out)
	fmt.Fprintf(n.stdout, "%d of %d range files written to %s: %s\n", len(done), len(agentlog.RangeSources), *out, strings.Join(done, ", "))
	return err
}
