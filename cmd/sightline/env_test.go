package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// envConfig is the Config a serve would run with from the environment
// alone (tests that build a Main themselves).
func envConfig() Config {
	c := DefaultConfig()
	fs := newFlags("test", "", io.Discard)
	c.dbFlag(fs)
	c.collectFlags(fs)
	fs.BoolVar(&c.TrustProxyHeaders, "trust-proxy-headers", false, "")
	fs.Float64Var(&c.SignalThreshold, "signal-threshold", 0, "")
	fs.secret(&c.AdminToken, "SIGHTLINE_ADMIN_TOKEN")
	fs.envAll()
	_ = fs.parseFlags(nil)
	return c
}

// envCases is every variable of envVars with a value that does not parse
// and a command that reads it; "" is a variable any value suits (a
// name, an address, a path, a secret checked where it is used).
var envCases = map[string]struct {
	bad  string
	args []string
}{
	"SIGHTLINE_DB":                      {"mysql://x", []string{"orgs", "list"}},
	"SIGHTLINE_LOG_FORMAT":              {"xml", []string{"orgs", "list"}},
	"SIGHTLINE_LOG_LEVEL":               {"loud", []string{"keys", "list", "--org", testUUID}},
	"SIGHTLINE_ADDR":                    {"", nil},
	"SIGHTLINE_ADMIN_TOKEN":             {"", nil},
	"SIGHTLINE_DEMO":                    {"maybe", serveArgs},
	"SIGHTLINE_DEMO_DAYS":               {"many", serveArgs},
	"SIGHTLINE_SHUTDOWN_TIMEOUT":        {"soon", serveArgs},
	"SIGHTLINE_WORKERS":                 {"two", serveArgs},
	"SIGHTLINE_JOB_LEASE":               {"long", serveArgs},
	"SIGHTLINE_WORKER_POLL":             {"often", serveArgs},
	"SIGHTLINE_WORKER_JOB_DELAY":        {"1 minute", serveArgs},
	"SIGHTLINE_REGENERATE_QUOTA":        {"ten", serveArgs},
	"SIGHTLINE_COMPUTE_QUOTA":           {"1.5", serveArgs},
	"SIGHTLINE_DISMISS_COOLDOWN":        {"2 weeks", serveArgs},
	"SIGHTLINE_COLLECT_INTERVAL":        {"hourly", serveArgs},
	"SIGHTLINE_SIGNAL_THRESHOLD":        {"five", serveArgs},
	"SIGHTLINE_ALLOW_INSECURE_WEBHOOKS": {"perhaps", serveArgs},
	"SIGHTLINE_TRUST_PROXY_HEADERS":     {"yes please", serveArgs},
	"SIGHTLINE_RATE_LIMIT":              {"lots", serveArgs},
	"SIGHTLINE_ORG_RATE_LIMIT":          {"1e3", serveArgs},
	"SIGHTLINE_CORS_ORIGINS":            {"https://a.example.com/path", serveArgs},
	"SIGHTLINE_METRICS_ADDR":            {"", nil},
	"SIGHTLINE_PRUNE_INTERVAL":          {"10", serveArgs},
	"SIGHTLINE_JOB_RETENTION":           {"a week", serveArgs},
	"SIGHTLINE_READ_HEADER_TIMEOUT":     {"0", serveArgs},
	"SIGHTLINE_READ_TIMEOUT":            {"-1s", serveArgs},
	"SIGHTLINE_WRITE_TIMEOUT":           {"soon", serveArgs},
	"SIGHTLINE_IDLE_TIMEOUT":            {"2m30", serveArgs},
	"SIGHTLINE_MAX_HEADER_BYTES":        {"64k", serveArgs},
	"SIGHTLINE_MAX_BODY_BYTES":          {"-1", serveArgs},
	"SIGHTLINE_REQUEST_TIMEOUT":         {"soon", serveArgs},
	"SIGHTLINE_WRITE_REQUEST_TIMEOUT":   {"0s", serveArgs},
	"SIGHTLINE_HEAVY_REQUESTS":          {"0", serveArgs},
	"SIGHTLINE_HEAVY_WAIT":              {"5", serveArgs},
	"SIGHTLINE_SECRET_KEY":              {"", nil},
	"SIGHTLINE_SECRET_KEY_FILE":         {"", nil},
	"SIGHTLINE_PRICES_FILE":             {"", nil},
	"SIGHTLINE_BOT_RANGES":              {"/nonexistent/bot-ranges", []string{"crawls", "ingest", "--brand", testUUID, "-"}},
	"SIGHTLINE_VERIFY_DNS":              {"perhaps", []string{"crawls", "ingest", "--brand", testUUID, "-"}},
	"SIGHTLINE_DNS_SERVER":              {"localhost", []string{"crawls", "ingest", "--brand", testUUID, "-"}},
	"SIGHTLINE_PROVIDER_RATE":           {"fast", []string{"collect", "--once", "--dry-run"}},
	"SIGHTLINE_PROVIDER_CONCURRENCY":    {"4.5", serveArgs},
	"SIGHTLINE_MAX_SEARCHES":            {"five", serveArgs},
	"SIGHTLINE_OPENAI_BASE_URL":         {"api.openai.com", serveArgs},
	"SIGHTLINE_OPENAI_MODEL":            {"", nil},
	"SIGHTLINE_ANTHROPIC_BASE_URL":      {"ftp://api.anthropic.com", []string{"collect", "--once", "--dry-run"}},
	"SIGHTLINE_ANTHROPIC_MODEL":         {"", nil},
	"SIGHTLINE_GEMINI_BASE_URL":         {"/v1", serveArgs},
	"SIGHTLINE_GEMINI_MODEL":            {"", nil},
	"SIGHTLINE_PERPLEXITY_BASE_URL":     {"http://", serveArgs},
	"SIGHTLINE_PERPLEXITY_MODEL":        {"", nil},
	"SIGHTLINE_XAI_BASE_URL":            {"api.x.ai/v1", serveArgs},
	"SIGHTLINE_XAI_MODEL":               {"", nil},
	"SIGHTLINE_SERPAPI_BASE_URL":        {"serpapi.com", []string{"collect", "--once", "--dry-run"}},
	"SIGHTLINE_DATAFORSEO_BASE_URL":     {"ftp://api.dataforseo.com", serveArgs},
	"SIGHTLINE_MCP_ADDR":                {"", nil},
	"SIGHTLINE_UPSTREAM":                {"", nil},
	"SIGHTLINE_API_KEY":                 {"", nil},
}

const testUUID = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"

var serveArgs = []string{"serve", "--addr", "127.0.0.1:0"}

// Every SIGHTLINE_* variable with a value that does not parse stops the
// command that reads it with the variable's name, before any database is
// opened or created; the table covers every variable the program reads.
func TestEnv_UnparsableValueNamesVariable(t *testing.T) {
	for _, v := range envVars {
		if _, ok := envCases[v.Name]; !ok {
			t.Errorf("%s (%s) has no case in envCases", v.Name, v.Flag)
		}
	}
	for name, tc := range envCases {
		if !slices.ContainsFunc(envVars, func(v struct{ Name, Flag string }) bool { return v.Name == name }) {
			t.Errorf("envCases: %s is not in envVars", name)
		}
		if tc.bad == "" {
			continue
		}
		t.Run(name, func(t *testing.T) {
			t.Setenv(name, tc.bad)
			dir := t.TempDir()
			args := append(slices.Clone(tc.args), "--db", "sqlite:"+filepath.Join(dir, "x.db"))
			if name == "SIGHTLINE_DB" {
				args = tc.args
			}
			_, _, err := cli(t, args...)
			if err == nil || !strings.Contains(err.Error(), name+"=") {
				t.Errorf("%s=%q, sightline %s: %v, want an error naming %s", name, tc.bad, strings.Join(tc.args, " "), err, name)
			}
			noDatabase(t, dir, name+"="+tc.bad)
		})
	}
	// The provider pacing was once read and silently dropped when bad:
	// serve refuses it too.
	t.Setenv("SIGHTLINE_PROVIDER_RATE", "fast")
	if _, _, err := cli(t, append(serveArgs, "--db", "sqlite:"+filepath.Join(t.TempDir(), "x.db"))...); err == nil ||
		!strings.Contains(err.Error(), `SIGHTLINE_PROVIDER_RATE="fast"`) {
		t.Errorf("serve with SIGHTLINE_PROVIDER_RATE=fast: %v", err)
	}
}

// A flag given on the command line wins over its variable, and a variable
// sets a flag left out, for any command.
func TestEnv_FlagWinsOverVariable(t *testing.T) {
	dir := t.TempDir()
	good := "sqlite:" + filepath.Join(dir, "good.db")
	mustCLI(t, "migrate", "--db", good)
	t.Setenv("SIGHTLINE_DB", good)
	if out := mustCLI(t, "orgs", "list"); !strings.HasPrefix(out, "ID") {
		t.Errorf("orgs list with SIGHTLINE_DB: %q", out)
	}
	_, _, err := cli(t, "orgs", "list", "--db", "sqlite:"+filepath.Join(dir, "other.db"))
	if err == nil || !strings.Contains(err.Error(), "other.db") {
		t.Errorf("orgs list --db other.db with SIGHTLINE_DB set: %v, want the flag's database", err)
	}
}

// -h lists each flag with its variable, for every command that reads one.
func TestEnv_HelpNamesVariables(t *testing.T) {
	store := []string{"SIGHTLINE_DB", "SIGHTLINE_LOG_FORMAT", "SIGHTLINE_LOG_LEVEL"}
	collect := append(slices.Clone(store), "SIGHTLINE_SECRET_KEY_FILE", "SIGHTLINE_PRICES_FILE", "SIGHTLINE_PROVIDER_RATE",
		"SIGHTLINE_PROVIDER_CONCURRENCY", "SIGHTLINE_OPENAI_BASE_URL", "SIGHTLINE_OPENAI_MODEL", "SIGHTLINE_PERPLEXITY_MODEL")
	for _, tc := range []struct {
		args []string
		vars []string
	}{
		{[]string{"orgs", "list", "-h"}, store},
		{[]string{"keys", "create", "-h"}, store},
		{[]string{"export", "-h"}, store},
		{[]string{"migrate", "-h"}, store},
		{[]string{"providers", "set-key", "-h"}, append(slices.Clone(store), "SIGHTLINE_SECRET_KEY_FILE")},
		{[]string{"collect", "-h"}, collect},
		{[]string{"mcp", "-h"}, []string{"SIGHTLINE_MCP_ADDR", "SIGHTLINE_UPSTREAM", "SIGHTLINE_LOG_FORMAT", "SIGHTLINE_LOG_LEVEL"}},
	} {
		_, usage, _ := cli(t, tc.args...)
		for _, name := range tc.vars {
			if !strings.Contains(usage, "(env "+name+")") {
				t.Errorf("sightline %s does not show %s:\n%s", strings.Join(tc.args, " "), name, usage)
			}
		}
	}
	// Every flag of serve has its variable.
	_, usage, _ := cli(t, "serve", "-h")
	flags := regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`).FindAllStringSubmatchIndex(usage, -1)
	if len(flags) < 40 {
		t.Fatalf("serve -h lists %d flags", len(flags))
	}
	for i, m := range flags {
		end := len(usage)
		if i+1 < len(flags) {
			end = flags[i+1][0]
		}
		if !strings.Contains(usage[m[0]:end], "(env SIGHTLINE_") {
			t.Errorf("serve -h: --%s has no variable:\n%s", usage[m[2]:m[3]], usage[m[0]:end])
		}
	}
}

// README's configuration table lists every variable of envVars, and no
// other.
func TestEnv_READMEListsEveryVariable(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := string(readme)
	i := strings.Index(section, "\n## Configuration")
	if i < 0 {
		t.Fatal("README has no Configuration section")
	}
	section = section[i+1:]
	if j := strings.Index(section, "\n## "); j >= 0 {
		section = section[:j]
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("`(SIGHTLINE_[A-Z_]+)`").FindAllStringSubmatch(section, -1) {
		listed[m[1]] = true
	}
	for _, v := range envVars {
		if !listed[v.Name] {
			t.Errorf("README's configuration table does not list %s", v.Name)
		}
		delete(listed, v.Name)
	}
	for name := range listed {
		t.Errorf("README's configuration table lists %s, which the program does not read", name)
	}
}
