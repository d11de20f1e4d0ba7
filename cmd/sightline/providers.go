package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/secret"
)

const providersUsage = `Usage:
  sightline providers set-key --org ORG_ID CODE [--secret-key-file FILE] [--db DSN]
  sightline providers list    --org ORG_ID [--db DSN]
  sightline providers remove  --org ORG_ID CODE [--db DSN]
  sightline providers set-cap --org ORG_ID --usd-per-day AMOUNT [--db DSN]
  sightline providers set-source --org ORG_ID SURFACE VENDOR [--db DSN]

An organization's own key for each AI provider Sightline collects from
(chatgpt: OpenAI, claude: Anthropic, gemini: Google, perplexity: Perplexity,
grok: xAI). The search surfaces google_ai_overviews, google_ai_mode and
copilot have no API of their own: they are asked through a SERP data
vendor, whose credential is set as its key (serpapi: the API key;
dataforseo: login:password). set-source chooses the vendor of a surface;
without a choice the first vendor with a key asks (serpapi, then
dataforseo); see docs/collect.md#search-surfaces.
set-key reads the key from the first line of standard input, never from a
flag, and stores it encrypted (AES-256-GCM) under the master key from
SIGHTLINE_SECRET_KEY (base64 of 32 bytes) or --secret-key-file; without a
master key it refuses. list shows the last four characters only. set-cap
sets a daily spending cap on collection (0 removes it); see docs/collect.md.

`

// providersCommand manages an organization's provider keys and its
// collection spending cap.
func providersCommand(stdin io.Reader, stdout, stderr io.Writer) *noun {
	return &noun{name: "providers", usage: providersUsage, stdin: stdin, stdout: stdout, stderr: stderr, verbs: []verb{
		{"set-key", providersSetKey}, {"list", providersList}, {"remove", providersRemove}, {"set-cap", providersSetCap},
		{"set-source", providersSetSource},
	}}
}

// providerArgs parses a providers verb's flags and returns its organization
// id and positional arguments.
func providerArgs(fs *flagSet, args []string) (string, []string, error) {
	org := fs.String("org", "", "organization id")
	pos, err := fs.parse(args)
	if err != nil {
		return "", nil, err
	}
	orgID, err := requireID("org", "organization", *org)
	return orgID, pos, err
}

// providerCode returns the one positional argument, a provider or SERP
// data vendor code.
func providerCode(verb string, pos []string) (string, error) {
	codes := sightline.KeyCodes()
	if len(pos) != 1 {
		return "", fmt.Errorf("providers %s: give exactly one provider code (%s)", verb, strings.Join(codes, ", "))
	}
	code := strings.ToLower(pos[0])
	if vs := sightline.SurfaceVendors[code]; vs != nil {
		return "", fmt.Errorf("providers %s: %s is asked through a SERP data vendor: set the key of %s instead", verb, code, strings.Join(vs, " or "))
	}
	if !slices.Contains(codes, code) {
		return "", fmt.Errorf("providers %s: %q is not a provider Sightline collects from; use %s", verb, pos[0], strings.Join(codes, ", "))
	}
	return code, nil
}

func providersSetSource(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("set-source", &cfg)
	orgID, pos, err := providerArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 2 {
		return fmt.Errorf("providers set-source: give a search surface and a vendor, e.g. google_ai_overviews serpapi")
	}
	surface, vendor := strings.ToLower(pos[0]), strings.ToLower(pos[1])
	vendors, ok := sightline.SurfaceVendors[surface]
	if !ok {
		var surfaces []string
		for _, c := range sightline.CollectProviders {
			if sightline.SurfaceVendors[c] != nil {
				surfaces = append(surfaces, c)
			}
		}
		return fmt.Errorf("providers set-source: %q is not a search surface; use %s", pos[0], strings.Join(surfaces, ", "))
	}
	if !slices.Contains(vendors, vendor) {
		return fmt.Errorf("providers set-source: %s is served by %s, not %q", surface, strings.Join(vendors, ", "), pos[1])
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.SetProviderSource(ctx, orgID, surface, vendor); err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "%s of organization %s is asked through %s.\n", surface, orgID, vendor)
	return nil
}

func providersSetKey(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("set-key", &cfg)
	cfg.secretKeyFlag(fs)
	orgID, pos, err := providerArgs(fs, args)
	if err != nil {
		return err
	}
	code, err := providerCode("set-key", pos)
	if err != nil {
		return err
	}
	box, err := secret.Load(cfg.SecretKey, cfg.SecretKeyFile)
	if err != nil {
		return fmt.Errorf("providers set-key: %w", err)
	}
	key, err := readSecretLine(n.stdin)
	if err != nil {
		return fmt.Errorf("providers set-key: %w", err)
	}
	if l, p, ok := strings.Cut(key, ":"); code == sightline.VendorDataForSEO && (!ok || l == "" || p == "") {
		return fmt.Errorf("providers set-key: the dataforseo credential is login:password (the API login and password of app.dataforseo.com)")
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	cred := &sightline.ProviderCredential{OrgID: orgID, Provider: code, Sealed: box.Seal([]byte(key), secret.ProviderKeyData(orgID, code)),
		KeyID: box.ID(), Last4: last4(key)}
	if err := db.SetProviderCredential(ctx, cred); err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "%s key …%s stored for organization %s (encrypted with master key %s).\n", code, cred.Last4, orgID, box.ID())
	return nil
}

func providersRemove(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("remove", &cfg)
	orgID, pos, err := providerArgs(fs, args)
	if err != nil {
		return err
	}
	code, err := providerCode("remove", pos)
	if err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.DeleteProviderCredential(ctx, orgID, code); err != nil {
		return err
	}
	fmt.Fprintf(n.stdout, "%s key removed from organization %s.\n", code, orgID)
	return nil
}

func providersSetCap(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("set-cap", &cfg)
	usd := fs.String("usd-per-day", "", "the daily cap in US dollars (0 removes it)")
	orgID, pos, err := providerArgs(fs, args)
	if err != nil {
		return err
	}
	if err := noArgs("providers set-cap", pos); err != nil {
		return err
	}
	var capMicros *int64
	amount, err := strconv.ParseFloat(strings.TrimPrefix(strings.TrimSpace(*usd), "$"), 64)
	if *usd == "" || err != nil || amount < 0 || math.IsInf(amount, 0) || amount > 1e9 {
		return fmt.Errorf("providers set-cap: --usd-per-day must be an amount in US dollars such as 25 or 2.50 (0 removes the cap)")
	}
	if amount > 0 {
		m := int64(math.Round(amount * 1e6))
		capMicros = &m
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.SetSpendingCap(ctx, orgID, capMicros); err != nil {
		return err
	}
	if capMicros == nil {
		fmt.Fprintf(n.stdout, "Daily collection spending cap of organization %s removed.\n", orgID)
	} else {
		fmt.Fprintf(n.stdout, "Daily collection spending cap of organization %s set to %s.\n", orgID, usdOf(*capMicros))
	}
	return nil
}

func providersList(ctx context.Context, n *noun, args []string) error {
	cfg := DefaultConfig()
	fs := n.flags("list", &cfg)
	orgID, pos, err := providerArgs(fs, args)
	if err != nil {
		return err
	}
	if err := noArgs("providers list", pos); err != nil {
		return err
	}
	db, err := openExisting(ctx, cfg, cfg.logger(n.stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	creds, err := db.FindProviderCredentials(ctx, orgID)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(n.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PROVIDER\tKEY\tCREATED\tLAST USED\tLAST ERROR")
	for _, k := range creds {
		lastErr := "-"
		if k.LastError != nil {
			lastErr = fmtTime(k.LastErrorAt) + " " + *k.LastError
		}
		fmt.Fprintf(tw, "%s\t…%s\t%s\t%s\t%s\n", k.Provider, k.Last4, k.CreatedAt.UTC().Format(time.RFC3339), fmtTime(k.LastUsedAt), lastErr)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(creds) == 0 {
		fmt.Fprintf(n.stdout, "(no provider keys: sightline providers set-key --org %s CODE < key.txt)\n", orgID)
	}
	sc, err := db.FindSpendingCap(ctx, orgID, time.Now())
	if err != nil {
		return err
	}
	if sc.CapMicros == nil {
		fmt.Fprintf(n.stdout, "Collection spent today (UTC): %s; no daily cap.\n", usdOf(sc.SpentMicros))
	} else {
		fmt.Fprintf(n.stdout, "Collection spent today (UTC): %s of the %s daily cap.\n", usdOf(sc.SpentMicros), usdOf(*sc.CapMicros))
	}
	return nil
}

// readSecretLine reads the first line of r as a secret: trimmed, not empty.
func readSecretLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(io.LimitReader(r, 64<<10)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the key from standard input: %w", err)
	}
	key := strings.TrimSpace(line)
	if key == "" {
		return "", errors.New("no key on standard input: pipe it in, e.g. `sightline providers set-key --org ORG chatgpt < key.txt`")
	}
	if strings.ContainsAny(key, " \t") {
		return "", errors.New("the key on standard input contains spaces; give the key alone on the first line")
	}
	return key, nil
}

// last4 returns the last four characters of a key, the only part shown.
func last4(key string) string { return sightline.CredentialLast4(key) }

// usdOf formats millionths of a dollar as dollars.
func usdOf(micros int64) string {
	return fmt.Sprintf("$%.2f", float64(micros)/1e6)
}
