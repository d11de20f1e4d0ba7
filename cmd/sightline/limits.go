package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/sightline/sightline/internal/httpapi"
)

// limitSettings are the serve limits of docs/api.md (Limits): each a flag
// and a SIGHTLINE_* variable.
type limitSettings struct {
	Limits       httpapi.Limits
	MaxBodyBytes int64
}

// limitEnv reads the SIGHTLINE_* variables of the limits; a value that is
// not a duration or a number is an error naming the variable.
func limitEnv() (limitSettings, error) {
	l := limitSettings{Limits: httpapi.DefaultLimits(), MaxBodyBytes: httpapi.DefaultMaxBodyBytes}
	for _, d := range []struct {
		env string
		dst *time.Duration
	}{
		{"SIGHTLINE_READ_HEADER_TIMEOUT", &l.Limits.ReadHeaderTimeout},
		{"SIGHTLINE_READ_TIMEOUT", &l.Limits.ReadTimeout},
		{"SIGHTLINE_WRITE_TIMEOUT", &l.Limits.WriteTimeout},
		{"SIGHTLINE_IDLE_TIMEOUT", &l.Limits.IdleTimeout},
		{"SIGHTLINE_REQUEST_TIMEOUT", &l.Limits.RequestTimeout},
		{"SIGHTLINE_WRITE_REQUEST_TIMEOUT", &l.Limits.WriteRequestTimeout},
		{"SIGHTLINE_HEAVY_WAIT", &l.Limits.HeavyWait},
	} {
		if v := os.Getenv(d.env); v != "" {
			x, err := time.ParseDuration(v)
			if err != nil || x <= 0 {
				return l, fmt.Errorf("%s=%q: use a positive duration such as 30s", d.env, v)
			}
			*d.dst = x
		}
	}
	for _, n := range []struct {
		env string
		dst *int
	}{
		{"SIGHTLINE_MAX_HEADER_BYTES", &l.Limits.MaxHeaderBytes},
		{"SIGHTLINE_HEAVY_REQUESTS", &l.Limits.Heavy},
	} {
		if v := os.Getenv(n.env); v != "" {
			x, err := strconv.Atoi(v)
			if err != nil || x <= 0 {
				return l, fmt.Errorf("%s=%q: use a positive integer", n.env, v)
			}
			*n.dst = x
		}
	}
	if v := os.Getenv("SIGHTLINE_MAX_BODY_BYTES"); v != "" {
		x, err := strconv.ParseInt(v, 10, 64)
		if err != nil || x <= 0 {
			return l, fmt.Errorf("SIGHTLINE_MAX_BODY_BYTES=%q: use a positive integer", v)
		}
		l.MaxBodyBytes = x
	}
	return l, nil
}

// flags registers the limits on fs, with the environment's values as
// defaults.
func (l *limitSettings) flags(fs *flag.FlagSet) {
	fs.DurationVar(&l.Limits.ReadHeaderTimeout, "read-header-timeout", l.Limits.ReadHeaderTimeout, "time to read a request's headers (env SIGHTLINE_READ_HEADER_TIMEOUT)")
	fs.DurationVar(&l.Limits.ReadTimeout, "read-timeout", l.Limits.ReadTimeout, "time to read a whole request (env SIGHTLINE_READ_TIMEOUT)")
	fs.DurationVar(&l.Limits.WriteTimeout, "write-timeout", l.Limits.WriteTimeout, "time to write a response (env SIGHTLINE_WRITE_TIMEOUT)")
	fs.DurationVar(&l.Limits.IdleTimeout, "idle-timeout", l.Limits.IdleTimeout, "how long an idle keep-alive connection stays open (env SIGHTLINE_IDLE_TIMEOUT)")
	fs.IntVar(&l.Limits.MaxHeaderBytes, "max-header-bytes", l.Limits.MaxHeaderBytes, "largest request line and headers, bytes (env SIGHTLINE_MAX_HEADER_BYTES)")
	fs.Int64Var(&l.MaxBodyBytes, "max-body-bytes", l.MaxBodyBytes, "largest JSON request body of the API, bytes (env SIGHTLINE_MAX_BODY_BYTES; ingest has its own, docs/ingest.md)")
	fs.DurationVar(&l.Limits.RequestTimeout, "request-timeout", l.Limits.RequestTimeout, "deadline of one API read's database work; past it 503 UNAVAILABLE (env SIGHTLINE_REQUEST_TIMEOUT)")
	fs.DurationVar(&l.Limits.WriteRequestTimeout, "write-request-timeout", l.Limits.WriteRequestTimeout, "deadline of one API write's database work; past it 503 UNAVAILABLE, the write rolled back (env SIGHTLINE_WRITE_REQUEST_TIMEOUT)")
	fs.IntVar(&l.Limits.Heavy, "heavy-requests", l.Limits.Heavy, "analytics requests run at once by this process (env SIGHTLINE_HEAVY_REQUESTS)")
	fs.DurationVar(&l.Limits.HeavyWait, "heavy-wait", l.Limits.HeavyWait, "how long an analytics request waits for a slot before 503 UNAVAILABLE (env SIGHTLINE_HEAVY_WAIT)")
}

// validate refuses limits that cannot work.
func (l limitSettings) validate() error {
	if l.MaxBodyBytes <= 0 {
		return fmt.Errorf("--max-body-bytes %d: use a positive number of bytes", l.MaxBodyBytes)
	}
	return l.Limits.Validate()
}
