package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"

	"github.com/sightline/sightline/internal/sqlstore"
)

// Config holds the settings shared by the subcommands, filled from the
// environment and then from flags.
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
	// ProviderRate (calls per minute per key) and ProviderConcurrency
	// (calls in flight per key) pace the calls to each provider; 0 keeps
	// the provider package's defaults.
	ProviderRate        float64
	ProviderConcurrency int
	// SignalThreshold is the smallest change, in percentage points, that
	// raises a signal (0: the default, docs/metrics.md).
	SignalThreshold float64

	// TrustProxyHeaders believes X-Forwarded-Proto and X-Forwarded-For
	// (the dashboard's Secure cookie and sign-in throttle behind a proxy).
	TrustProxyHeaders bool

	badEnv string // an environment value that could not be read
}

// DefaultConfig returns the built-in defaults.
func DefaultConfig() Config {
	return Config{DB: sqlstore.DefaultDSN, Addr: "127.0.0.1:8080", LogFormat: "text", LogLevel: "info"}
}

// envConfig applies SIGHTLINE_* variables to the defaults.
func envConfig() Config {
	c := DefaultConfig()
	if v := os.Getenv("SIGHTLINE_DB"); v != "" {
		c.DB = v
	}
	if v := os.Getenv("SIGHTLINE_ADDR"); v != "" {
		c.Addr = v
	}
	c.AdminToken = os.Getenv("SIGHTLINE_ADMIN_TOKEN")
	if v := os.Getenv("SIGHTLINE_LOG_FORMAT"); v != "" {
		c.LogFormat = v
	}
	if v := os.Getenv("SIGHTLINE_LOG_LEVEL"); v != "" {
		c.LogLevel = v
	}
	if v := os.Getenv("SIGHTLINE_TRUST_PROXY_HEADERS"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			c.badEnv = fmt.Sprintf("SIGHTLINE_TRUST_PROXY_HEADERS=%q: use true or false", v)
		}
		c.TrustProxyHeaders = b
	}
	c.SecretKey = os.Getenv("SIGHTLINE_SECRET_KEY")
	c.SecretKeyFile = os.Getenv("SIGHTLINE_SECRET_KEY_FILE")
	c.PricesFile = os.Getenv("SIGHTLINE_PRICES_FILE")
	if v, err := strconv.ParseFloat(os.Getenv("SIGHTLINE_PROVIDER_RATE"), 64); err == nil {
		c.ProviderRate = v
	}
	if v, err := strconv.Atoi(os.Getenv("SIGHTLINE_PROVIDER_CONCURRENCY")); err == nil {
		c.ProviderConcurrency = v
	}
	if v := os.Getenv("SIGHTLINE_SIGNAL_THRESHOLD"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			c.badEnv = fmt.Sprintf("SIGHTLINE_SIGNAL_THRESHOLD=%q: use a number of percentage points", v)
		}
		c.SignalThreshold = f
	}
	return c
}

// Validate checks the configuration.
func (c Config) Validate() error {
	if c.badEnv != "" {
		return errors.New(c.badEnv)
	}
	if !strings.HasPrefix(c.DB, "sqlite:") && !strings.HasPrefix(c.DB, "postgres://") && !strings.HasPrefix(c.DB, "postgresql://") {
		return fmt.Errorf("--db %q: use sqlite:PATH or postgres://…", c.DB)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		return fmt.Errorf("--log-format %q: use text or json", c.LogFormat)
	}
	return c.validateLogLevel()
}

// validateLogLevel refuses a log level slog does not know, instead of
// logging at info silently.
func (c Config) validateLogLevel() error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return fmt.Errorf("SIGHTLINE_LOG_LEVEL=%q: use debug, info, warn or error", c.LogLevel)
	}
	return nil
}

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name, usage string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprint(out, usage)
		fs.PrintDefaults()
	}
	return fs
}

// dbFlag registers --db on fs.
func (c *Config) dbFlag(fs *flag.FlagSet) {
	fs.StringVar(&c.DB, "db", c.DB, "database: sqlite:PATH or postgres://… (env SIGHTLINE_DB)")
}

// secretKeyFlag registers --secret-key-file on fs.
func (c *Config) secretKeyFlag(fs *flag.FlagSet) {
	fs.StringVar(&c.SecretKeyFile, "secret-key-file", c.SecretKeyFile,
		"file holding the master key that encrypts provider keys, base64 of 32 bytes (env SIGHTLINE_SECRET_KEY_FILE; or the key itself in SIGHTLINE_SECRET_KEY)")
}

// collectFlags registers the flags of calling the providers on fs.
func (c *Config) collectFlags(fs *flag.FlagSet) {
	c.secretKeyFlag(fs)
	fs.StringVar(&c.PricesFile, "prices", c.PricesFile, "JSON price list overriding the built-in one for cost estimates (env SIGHTLINE_PRICES_FILE; docs/collect.md)")
	fs.Float64Var(&c.ProviderRate, "provider-rate", c.ProviderRate, "calls per minute per provider key (env SIGHTLINE_PROVIDER_RATE; default 30)")
	fs.IntVar(&c.ProviderConcurrency, "provider-concurrency", c.ProviderConcurrency, "calls in flight per provider key (env SIGHTLINE_PROVIDER_CONCURRENCY; default 4)")
}

// validateCollect checks the provider pacing settings.
func (c Config) validateCollect() error {
	if c.ProviderRate < 0 || c.ProviderConcurrency < 0 {
		return fmt.Errorf("--provider-rate and --provider-concurrency must not be negative")
	}
	return nil
}

// logger builds the process logger writing to w.
func (c Config) logger(w io.Writer) *slog.Logger {
	level := slog.LevelInfo
	_ = level.UnmarshalText([]byte(c.LogLevel)) // refused before: validateLogLevel
	opts := &slog.HandlerOptions{Level: level}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDB opens and migrates the configured database.
func openDB(ctx context.Context, c Config, logger *slog.Logger) (*sqlstore.DB, error) {
	db, err := sqlstore.Open(ctx, c.DB, logger)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
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
