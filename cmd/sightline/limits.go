package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
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

// positive is a flag.Value of a duration or a number that must be more
// than zero, refused when it is set, from the command line or the
// environment.
type positive struct {
	dur *time.Duration
	num *int
	big *int64
}

func (p positive) String() string {
	switch {
	case p.dur != nil:
		return p.dur.String()
	case p.num != nil:
		return strconv.Itoa(*p.num)
	case p.big != nil:
		return strconv.FormatInt(*p.big, 10)
	}
	return ""
}

func (p positive) Set(s string) error {
	if p.dur != nil {
		d, err := time.ParseDuration(s)
		if err != nil || d <= 0 {
			return errors.New("use a positive duration such as 30s")
		}
		*p.dur = d
		return nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || (p.num != nil && n > math.MaxInt32) {
		return errors.New("use a positive integer")
	}
	if p.num != nil {
		*p.num = int(n)
	} else {
		*p.big = n
	}
	return nil
}

// flags registers the limits on fs.
func (l *limitSettings) flags(fs *flag.FlagSet) {
	fs.Var(positive{dur: &l.Limits.ReadHeaderTimeout}, "read-header-timeout", "time to read a request's headers (a positive `duration`)")
	fs.Var(positive{dur: &l.Limits.ReadTimeout}, "read-timeout", "time to read a whole request (a positive `duration`)")
	fs.Var(positive{dur: &l.Limits.WriteTimeout}, "write-timeout", "time to write a response (a positive `duration`)")
	fs.Var(positive{dur: &l.Limits.IdleTimeout}, "idle-timeout", "how long an idle keep-alive connection stays open (a positive `duration`)")
	fs.Var(positive{num: &l.Limits.MaxHeaderBytes}, "max-header-bytes", "largest request line and headers, bytes (a positive `number`)")
	fs.Var(positive{big: &l.MaxBodyBytes}, "max-body-bytes", "largest JSON request body of the API, bytes (ingest has its own, docs/ingest.md) (a positive `number`)")
	fs.Var(positive{dur: &l.Limits.RequestTimeout}, "request-timeout", "deadline of one API read's database work; past it 503 UNAVAILABLE (a positive `duration`)")
	fs.Var(positive{dur: &l.Limits.WriteRequestTimeout}, "write-request-timeout", "deadline of one API write's database work; past it 503 UNAVAILABLE, the write rolled back (a positive `duration`)")
	fs.Var(positive{num: &l.Limits.Heavy}, "heavy-requests", "analytics requests run at once by this process (a positive `number`)")
	fs.Var(positive{dur: &l.Limits.HeavyWait}, "heavy-wait", "how long an analytics request waits for a slot before 503 UNAVAILABLE (a positive `duration`)")
}

// validate refuses limits that cannot work.
func (l limitSettings) validate() error {
	if l.MaxBodyBytes <= 0 {
		return fmt.Errorf("--max-body-bytes %d: use a positive number of bytes", l.MaxBodyBytes)
	}
	return l.Limits.Validate()
}
