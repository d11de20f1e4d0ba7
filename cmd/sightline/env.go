package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// envVars lists every SIGHTLINE_* variable the program reads, with the flag
// it sets ("" for a secret, which is never a flag: the command line of a
// process is visible to every user of the machine). A flag is tied to a
// variable that is not listed here panics: the list is the whole truth,
// and the README's configuration table is checked against it.
var envVars = []struct{ Name, Flag string }{
	{"SIGHTLINE_DB", "--db"},
	{"SIGHTLINE_LOG_FORMAT", "--log-format"},
	{"SIGHTLINE_LOG_LEVEL", "--log-level"},
	{"SIGHTLINE_ADDR", "--addr"},
	{"SIGHTLINE_ADMIN_TOKEN", ""},
	{"SIGHTLINE_DEMO", "--demo"},
	{"SIGHTLINE_DEMO_DAYS", "--demo-days"},
	{"SIGHTLINE_SHUTDOWN_TIMEOUT", "--shutdown-timeout"},
	{"SIGHTLINE_WORKERS", "--workers"},
	{"SIGHTLINE_JOB_LEASE", "--job-lease"},
	{"SIGHTLINE_WORKER_POLL", "--worker-poll"},
	{"SIGHTLINE_WORKER_JOB_DELAY", "--worker-job-delay"},
	{"SIGHTLINE_REGENERATE_QUOTA", "--regenerate-quota"},
	{"SIGHTLINE_COMPUTE_QUOTA", "--compute-quota"},
	{"SIGHTLINE_DISMISS_COOLDOWN", "--dismiss-cooldown"},
	{"SIGHTLINE_COLLECT_INTERVAL", "--collect-interval"},
	{"SIGHTLINE_SIGNAL_THRESHOLD", "--signal-threshold"},
	{"SIGHTLINE_ALLOW_INSECURE_WEBHOOKS", "--allow-insecure-webhooks"},
	{"SIGHTLINE_TRUST_PROXY_HEADERS", "--trust-proxy-headers"},
	{"SIGHTLINE_RATE_LIMIT", "--rate-limit"},
	{"SIGHTLINE_ORG_RATE_LIMIT", "--org-rate-limit"},
	{"SIGHTLINE_CORS_ORIGINS", "--cors-origins"},
	{"SIGHTLINE_METRICS_ADDR", "--metrics-addr"},
	{"SIGHTLINE_PRUNE_INTERVAL", "--prune-interval"},
	{"SIGHTLINE_JOB_RETENTION", "--job-retention"},
	{"SIGHTLINE_READ_HEADER_TIMEOUT", "--read-header-timeout"},
	{"SIGHTLINE_READ_TIMEOUT", "--read-timeout"},
	{"SIGHTLINE_WRITE_TIMEOUT", "--write-timeout"},
	{"SIGHTLINE_IDLE_TIMEOUT", "--idle-timeout"},
	{"SIGHTLINE_MAX_HEADER_BYTES", "--max-header-bytes"},
	{"SIGHTLINE_MAX_BODY_BYTES", "--max-body-bytes"},
	{"SIGHTLINE_REQUEST_TIMEOUT", "--request-timeout"},
	{"SIGHTLINE_WRITE_REQUEST_TIMEOUT", "--write-request-timeout"},
	{"SIGHTLINE_HEAVY_REQUESTS", "--heavy-requests"},
	{"SIGHTLINE_HEAVY_WAIT", "--heavy-wait"},
	{"SIGHTLINE_SECRET_KEY", ""},
	{"SIGHTLINE_SECRET_KEY_FILE", "--secret-key-file"},
	{"SIGHTLINE_PRICES_FILE", "--prices"},
	{"SIGHTLINE_BOT_RANGES", "--bot-ranges"},
	{"SIGHTLINE_VERIFY_DNS", "--verify-dns"},
	{"SIGHTLINE_DNS_SERVER", "--dns-server"},
	{"SIGHTLINE_PROVIDER_RATE", "--provider-rate"},
	{"SIGHTLINE_PROVIDER_CONCURRENCY", "--provider-concurrency"},
	{"SIGHTLINE_MAX_SEARCHES", "--max-searches"},
	{"SIGHTLINE_OPENAI_BASE_URL", "--openai-base-url"},
	{"SIGHTLINE_OPENAI_MODEL", "--openai-model"},
	{"SIGHTLINE_ANTHROPIC_BASE_URL", "--anthropic-base-url"},
	{"SIGHTLINE_ANTHROPIC_MODEL", "--anthropic-model"},
	{"SIGHTLINE_GEMINI_BASE_URL", "--gemini-base-url"},
	{"SIGHTLINE_GEMINI_MODEL", "--gemini-model"},
	{"SIGHTLINE_PERPLEXITY_BASE_URL", "--perplexity-base-url"},
	{"SIGHTLINE_PERPLEXITY_MODEL", "--perplexity-model"},
	{"SIGHTLINE_XAI_BASE_URL", "--xai-base-url"},
	{"SIGHTLINE_XAI_MODEL", "--xai-model"},
	{"SIGHTLINE_SERPAPI_BASE_URL", "--serpapi-base-url"},
	{"SIGHTLINE_DATAFORSEO_BASE_URL", "--dataforseo-base-url"},
	{"SIGHTLINE_MCP_ADDR", "--addr"},
	{"SIGHTLINE_UPSTREAM", "--upstream"},
	{"SIGHTLINE_API_KEY", ""},
}

// knownVar panics on a variable envVars does not list.
func knownVar(name string) {
	if !slices.ContainsFunc(envVars, func(v struct{ Name, Flag string }) bool { return v.Name == name }) {
		panic("cmd/sightline: " + name + " is not in envVars")
	}
}

// lookupEnv is the one place the program reads its environment.
func lookupEnv(name string) (string, bool) {
	knownVar(name)
	return os.LookupEnv(name)
}

// flagSet is a command's flag set whose settings also come from SIGHTLINE_*
// variables: a flag given on the command line wins, and a variable whose
// value does not parse stops the command with the variable's name.
type flagSet struct {
	*flag.FlagSet
	vars    map[string]string // flag name → variable
	secrets []envSecret
}

// envSecret is a setting read from a variable only.
type envSecret struct {
	name string
	dst  *string
}

// newFlags returns a flag set that reports errors instead of exiting.
func newFlags(name, usage string, out io.Writer) *flagSet {
	return &flagSet{FlagSet: newFlagSet(name, usage, out), vars: map[string]string{}}
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

// env ties a registered flag to its variable, and -h shows it.
func (f *flagSet) env(flagName, variable string) {
	fl := f.Lookup(flagName)
	if fl == nil {
		panic("cmd/sightline: no flag --" + flagName)
	}
	knownVar(variable)
	if old, ok := f.vars[flagName]; ok {
		fl.Usage = strings.TrimSuffix(fl.Usage, " (env "+old+")")
	}
	f.vars[flagName] = variable
	fl.Usage += " (env " + variable + ")"
}

// envAll ties every flag not tied yet to SIGHTLINE_ and its name in
// capitals, "-" as "_".
func (f *flagSet) envAll() {
	f.VisitAll(func(fl *flag.Flag) {
		if _, ok := f.vars[fl.Name]; !ok {
			f.env(fl.Name, "SIGHTLINE_"+strings.ToUpper(strings.ReplaceAll(fl.Name, "-", "_")))
		}
	})
}

// secret fills dst from a variable that has no flag.
func (f *flagSet) secret(dst *string, variable string) {
	knownVar(variable)
	f.secrets = append(f.secrets, envSecret{variable, dst})
}

// parse parses args, whose flags may come before or after the positional
// arguments, then fills the flags left unset from the environment, and
// returns the positional arguments.
func (f *flagSet) parse(args []string) ([]string, error) {
	pos, err := parseInterspersed(f.FlagSet, args)
	if err != nil {
		return nil, err
	}
	return pos, f.fillFromEnv(lookupEnv)
}

// fillFromEnv sets every flag tied to a variable that the command line left
// unset from that variable, when it is set and not empty, and every
// secret. It is the one function that turns the environment into
// settings, for every command.
func (f *flagSet) fillFromEnv(getenv func(string) (string, bool)) error {
	given := map[string]bool{}
	f.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	var errs []error
	f.VisitAll(func(fl *flag.Flag) {
		name, ok := f.vars[fl.Name]
		if !ok || given[fl.Name] {
			return
		}
		if v, ok := getenv(name); ok && v != "" {
			if err := f.Set(fl.Name, v); err != nil {
				errs = append(errs, fmt.Errorf("%s=%q (--%s): %v", name, v, fl.Name, err))
			}
		}
	})
	for _, s := range f.secrets {
		if v, ok := getenv(s.name); ok {
			*s.dst = v
		}
	}
	return errors.Join(errs...)
}

// noArgs refuses positional arguments of a command that takes none.
func noArgs(cmd string, pos []string) error {
	if len(pos) > 0 {
		return fmt.Errorf("%s: unexpected argument %q", cmd, pos[0])
	}
	return nil
}

// parseFlags parses args, flags first, then fills the flags left unset
// from the environment; the positional arguments stay in Args.
func (f *flagSet) parseFlags(args []string) error {
	if err := f.Parse(args); err != nil {
		return err
	}
	return f.fillFromEnv(lookupEnv)
}

// noEnv unties a flag from its variable.
func (f *flagSet) noEnv(flagName string) {
	if old, ok := f.vars[flagName]; ok {
		fl := f.Lookup(flagName)
		fl.Usage = strings.TrimSuffix(fl.Usage, " (env "+old+")")
		delete(f.vars, flagName)
	}
}
