package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/sightline/sightline/internal/agentlog"
	"github.com/sightline/sightline/internal/sqlstore"
)

// Config holds the settings shared by the subcommands: each is a flag of
// the commands that use it, filled from its SIGHTLINE_* variable when the
// command line leaves it out (env.go).
type Config struct {
	DB         string
	Addr       string
	AdminToken string `mask:"true"`
	LogFormat  string // text or json
	LogLevel   string
	// SecretKey (base64) or SecretKeyFile is the master key provider keys
	// are sealed under (internal/secret).
	SecretKey     string `mask:"true"`
	SecretKeyFile string
	// PricesFile overrides the embedded provider price list.
	PricesFile string
	// BotRanges is a directory of the AI operators' published address
	// ranges replacing the built-in snapshot (docs/agents.md#verification).
	BotRanges string
	// VerifyDNS confirms agents by reverse DNS (crawls ingest), asking
	// DNSServer when set.
	VerifyDNS bool
	DNSServer string
	// ProviderRate (calls per minute per key) and ProviderConcurrency
	// (calls in flight per key) pace the calls to each provider; 0 keeps
	// the provider package's defaults.
	ProviderRate        float64
	ProviderConcurrency int
	// MaxSearches caps the web searches of one provider call (Claude's
	// max_uses, OpenAI's max_tool_calls); 0 keeps the provider package's
	// default.
	MaxSearches int
	// Providers holds each provider's base URL and model, by the
	// variable prefix of provider.ConfigFromEnv (OPENAI, ANTHROPIC, …).
	Providers map[string]*string
	// SignalThreshold is the smallest change, in percentage points, that
	// raises a signal (0: the default, docs/metrics.md).
	SignalThreshold float64

	// TrustProxyHeaders believes X-Forwarded-Proto and X-Forwarded-For
	// (the dashboard's Secure cookie and sign-in throttle behind a proxy).
	TrustProxyHeaders bool
}

// DefaultConfig returns the built-in defaults.
func DefaultConfig() Config {
	return Config{DB: sqlstore.DefaultDSN, Addr: "127.0.0.1:8080", LogFormat: "text", LogLevel: "info"}
}

// Validate checks the configuration.
func (c Config) Validate() error {
	if err := checkDSN(c.DB); err != nil {
		return fmt.Errorf("--db %q: %w", c.DB, err)
	}
	if err := checkLogFormat(c.LogFormat); err != nil {
		return fmt.Errorf("--log-format %q: %w", c.LogFormat, err)
	}
	if err := checkLogLevel(c.LogLevel); err != nil {
		return fmt.Errorf("--log-level %q: %w", c.LogLevel, err)
	}
	return nil
}

func checkDSN(dsn string) error {
	if !strings.HasPrefix(dsn, "sqlite:") && !strings.HasPrefix(dsn, "postgres://") && !strings.HasPrefix(dsn, "postgresql://") {
		return errors.New("use sqlite:PATH or postgres://…")
	}
	return nil
}

func checkLogFormat(f string) error {
	if f != "text" && f != "json" {
		return errors.New("use text or json")
	}
	return nil
}

// checkLogLevel refuses a log level slog does not know, instead of
// logging at info silently.
func checkLogLevel(l string) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(l)); err != nil {
		return errors.New("use debug, info, warn or error")
	}
	return nil
}

// checkedString is a string flag whose value is checked when it is set,
// so that a bad value from the environment is refused with its variable.
type checkedString struct {
	dst   *string
	check func(string) error
}

func (v checkedString) String() string {
	if v.dst == nil {
		return ""
	}
	return *v.dst
}

func (v checkedString) Set(s string) error {
	if err := v.check(s); err != nil {
		return err
	}
	*v.dst = s
	return nil
}

// dbFlag registers --db, --log-format and --log-level on fs: every command
// that opens a database logs.
func (c *Config) dbFlag(fs *flagSet) {
	fs.Var(checkedString{&c.DB, checkDSN}, "db", "database `DSN`: sqlite:PATH or postgres://…")
	fs.env("db", "SIGHTLINE_DB")
	c.logFlags(fs)
}

// logFlags registers --log-format and --log-level on fs.
func (c *Config) logFlags(fs *flagSet) {
	fs.Var(checkedString{&c.LogFormat, checkLogFormat}, "log-format", "log `format`: text or json")
	fs.env("log-format", "SIGHTLINE_LOG_FORMAT")
	fs.Var(checkedString{&c.LogLevel, checkLogLevel}, "log-level", "log `level`: debug, info, warn or error")
	fs.env("log-level", "SIGHTLINE_LOG_LEVEL")
}

// secretKeyFlag registers --secret-key-file on fs, and the key itself from
// SIGHTLINE_SECRET_KEY.
func (c *Config) secretKeyFlag(fs *flagSet) {
	fs.StringVar(&c.SecretKeyFile, "secret-key-file", c.SecretKeyFile,
		"file holding the master key that encrypts provider keys, base64 of 32 bytes (or the key itself in SIGHTLINE_SECRET_KEY)")
	fs.env("secret-key-file", "SIGHTLINE_SECRET_KEY_FILE")
	fs.secret(&c.SecretKey, "SIGHTLINE_SECRET_KEY")
}

// botRangesFlag registers --bot-ranges on fs.
func (c *Config) botRangesFlag(fs *flagSet) {
	fs.Var(checkedString{&c.BotRanges, checkDir}, "bot-ranges", "`directory` of the AI operators' published range files replacing the built-in snapshot (docs/agents.md#verification)")
	fs.env("bot-ranges", "SIGHTLINE_BOT_RANGES")
}

// verifyDNSFlags registers --verify-dns and --dns-server on fs.
func (c *Config) verifyDNSFlags(fs *flagSet) {
	fs.BoolVar(&c.VerifyDNS, "verify-dns", false, "confirm agents by reverse DNS where their operator documents it (docs/agents.md#reverse-dns)")
	fs.env("verify-dns", "SIGHTLINE_VERIFY_DNS")
	fs.Var(checkedString{&c.DNSServer, checkHostPort}, "dns-server", "`host:port` of the DNS server --verify-dns asks (default: the system's resolver)")
	fs.env("dns-server", "SIGHTLINE_DNS_SERVER")
}

// checkHostPort refuses an address that is not host:port with a port.
func checkHostPort(s string) error {
	host, port, err := net.SplitHostPort(s)
	if err != nil {
		return err
	}
	if host == "" {
		return errors.New("no host")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return fmt.Errorf("port %q is not a number from 1 to 65535", port)
	}
	return nil
}

// dnsVerifier is --verify-dns's verifier, nil when it is off.
func (c Config) dnsVerifier() *agentlog.DNSVerifier {
	if !c.VerifyDNS {
		return nil
	}
	v := &agentlog.DNSVerifier{}
	if server := c.DNSServer; server != "" {
		v.Resolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, network, server)
		}}
	}
	return v
}

// checkDir refuses a path that is not a directory.
func checkDir(s string) error {
	st, err := os.Stat(s)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return errors.New("not a directory")
	}
	return nil
}

// botRanges loads --bot-ranges, or the built-in snapshot without it.
func (c Config) botRanges() (*agentlog.Ranges, error) {
	if c.BotRanges == "" {
		r, _, err := agentlog.Snapshot()
		return r, err
	}
	return agentlog.LoadRanges(c.BotRanges)
}

// collectFlags registers the flags of calling the providers on fs.
func (c *Config) collectFlags(fs *flagSet) {
	c.secretKeyFlag(fs)
	fs.StringVar(&c.PricesFile, "prices", c.PricesFile, "JSON price list overriding the built-in one for cost estimates (docs/collect.md)")
	fs.env("prices", "SIGHTLINE_PRICES_FILE")
	fs.Float64Var(&c.ProviderRate, "provider-rate", c.ProviderRate, "calls per minute per provider key (default 30)")
	fs.env("provider-rate", "SIGHTLINE_PROVIDER_RATE")
	fs.IntVar(&c.ProviderConcurrency, "provider-concurrency", c.ProviderConcurrency, "calls in flight per provider key (default 4)")
	fs.env("provider-concurrency", "SIGHTLINE_PROVIDER_CONCURRENCY")
	fs.IntVar(&c.MaxSearches, "max-searches", c.MaxSearches, "web searches at most per provider call, ChatGPT and Claude (default 5)")
	fs.env("max-searches", "SIGHTLINE_MAX_SEARCHES")
	c.Providers = map[string]*string{}
	for _, p := range []struct{ prefix, name string }{{"OPENAI", "chatgpt"}, {"ANTHROPIC", "claude"}, {"GEMINI", "gemini"}, {"PERPLEXITY", "perplexity"}, {"XAI", "grok"}} {
		lower := strings.ToLower(p.prefix)
		base, model := new(string), new(string)
		fs.Var(checkedString{base, checkBaseURL}, lower+"-base-url", "base `URL` of the "+p.name+" API (default: the provider's public API; docs/collect.md)")
		fs.env(lower+"-base-url", "SIGHTLINE_"+p.prefix+"_BASE_URL")
		fs.StringVar(model, lower+"-model", "", "model "+p.name+" is asked with (default: docs/collect.md)")
		fs.env(lower+"-model", "SIGHTLINE_"+p.prefix+"_MODEL")
		c.Providers["SIGHTLINE_"+p.prefix+"_BASE_URL"] = base
		c.Providers["SIGHTLINE_"+p.prefix+"_MODEL"] = model
	}
	// The SERP data vendors that ask the search surfaces have a base URL
	// and no model (docs/collect.md#search-surfaces).
	for _, v := range []struct{ prefix, name string }{{"SERPAPI", "SerpApi"}, {"DATAFORSEO", "DataForSEO"}} {
		lower := strings.ToLower(v.prefix)
		base := new(string)
		fs.Var(checkedString{base, checkBaseURL}, lower+"-base-url", "base `URL` of the "+v.name+" API (default: the vendor's public API; docs/collect.md)")
		fs.env(lower+"-base-url", "SIGHTLINE_"+v.prefix+"_BASE_URL")
		c.Providers["SIGHTLINE_"+v.prefix+"_BASE_URL"] = base
	}
}

// checkBaseURL refuses a provider base URL that is not an absolute http(s)
// URL.
func checkBaseURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return errors.New("use an absolute http(s) URL")
	}
	return nil
}

// providerSetting returns a provider setting by its variable name, the
// getenv of provider.ConfigFromEnv.
func (c Config) providerSetting(name string) string {
	if p := c.Providers[name]; p != nil {
		return *p
	}
	return ""
}

// validateCollect checks the provider pacing settings.
func (c Config) validateCollect() error {
	if c.ProviderRate < 0 || c.ProviderConcurrency < 0 || c.MaxSearches < 0 {
		return fmt.Errorf("--provider-rate, --provider-concurrency and --max-searches must not be negative")
	}
	return nil
}

// logger builds the process logger writing to w.
func (c Config) logger(w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	_ = level.UnmarshalText([]byte(c.LogLevel)) // refused before: checkLogLevel
	opts := &slog.HandlerOptions{Level: level}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDatabase opens the configured database as it is; an error names the
// database (a PostgreSQL password masked).
func openDatabase(ctx context.Context, c Config, logger *slog.Logger) (*sqlstore.DB, error) {
	db, err := sqlstore.Open(ctx, c.DB, logger)
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", sqlstore.RedactDSN(c.DB), err)
	}
	return db, nil
}

// openDB opens the configured database and applies the pending migrations,
// creating a SQLite file that does not exist: what serve, demo, bench and
// orgs create (the first record of a database) do.
func openDB(ctx context.Context, c Config, logger *slog.Logger) (*sqlstore.DB, error) {
	db, err := openDatabase(ctx, c, logger)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate database %s: %w", sqlstore.RedactDSN(c.DB), err)
	}
	return db, nil
}

// openExisting opens a database that exists and whose schema is current,
// and migrates nothing: every command that reads, or changes records that
// must exist already, would otherwise leave an empty database behind a
// mistyped path and print nothing (or only "not found").
func openExisting(ctx context.Context, c Config, logger *slog.Logger) (*sqlstore.DB, error) {
	if path, ok := strings.CutPrefix(c.DB, "sqlite:"); ok {
		st, err := os.Stat(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, fmt.Errorf("no database at %s: create one with `sightline migrate --db %s`, or give the --db of an existing one", path, c.DB)
		case err != nil:
			return nil, fmt.Errorf("open database %s: %w", c.DB, err)
		case st.Size() == 0: // opening would write SQLite's header into it
			return nil, fmt.Errorf("database %s is empty: run `sightline migrate --db %s`", c.DB, c.DB)
		}
	}
	db, err := openDatabase(ctx, c, logger)
	if err != nil {
		return nil, err
	}
	pending, err := db.Pending(ctx)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("open database %s: %w", sqlstore.RedactDSN(c.DB), err)
	}
	if len(pending) > 0 {
		db.Close()
		return nil, fmt.Errorf("database %s is not set up or not up to date (%d migration(s) pending): run `sightline migrate --db %s`",
			sqlstore.RedactDSN(c.DB), len(pending), sqlstore.RedactDSN(c.DB))
	}
	return db, nil
}

// masked describes the configuration for the startup log, secrets hidden.
func (c Config) masked() []any {
	token := ""
	if c.AdminToken != "" {
		token = "set"
	}
	masterKey := ""
	if c.SecretKey != "" || c.SecretKeyFile != "" {
		masterKey = "set"
	}
	return []any{"addr", c.Addr, "db", sqlstore.RedactDSN(c.DB), "admin_token", token, "secret_key", masterKey, "log_format", c.LogFormat,
		"trust_proxy_headers", c.TrustProxyHeaders}
}
