package agentlog

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"io"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/analyze"
)

// Ingester reads logs into a brand's agent visits and AI referrals.
type Ingester struct {
	Store  sightline.AgentLogService
	Ranges *Ranges // nil: every agent unverified
	// DNS, when set, confirms by reverse DNS the agents whose operator
	// documents it and that Ranges does not verify.
	DNS *DNSVerifier
}

// Options of one ingest.
type Options struct {
	OrgID, BrandID string
	// Domains are the brand's registrable domains, the primary first: a
	// line of another host is skipped; a combined line (no host) is the
	// primary domain's.
	Domains []string
	Format  Format
	// MaxRecords refuses an input of more records, before storing any,
	// when BatchSize is at least as large (0: no cap).
	MaxRecords int
	// BatchSize is how many kept records go in one transaction.
	BatchSize int
	// Progress is called after every batch stored.
	Progress func(Result)
}

// DefaultBatchSize is the kept records per transaction.
const DefaultBatchSize = 2000

// MaxErrors caps the errors a Result lists; the count goes on.
const MaxErrors = 1000

// Result counts one ingest (docs/agents.md#ingest).
type Result = sightline.AgentLogResult

// ErrTooMany is an input of more than Options.MaxRecords records.
var ErrTooMany = errors.New("too many records")

// Ingest reads r and stores what it keeps, batch by batch.
func (in *Ingester) Ingest(ctx context.Context, r io.Reader, o Options) (Result, error) {
	start := time.Now()
	res := Result{Verifications: map[string]int{}}
	if o.BatchSize <= 0 {
		o.BatchSize = DefaultBatchSize
	}
	c := newClassifier(in.Ranges, o.BrandID, o.Domains)
	c.ctx, c.dns = ctx, in.DNS
	var visits []sightline.AgentVisit
	var refs []sightline.AIReferral
	flush := func() error {
		if len(visits)+len(refs) == 0 {
			return nil
		}
		st, err := in.Store.StoreAgentLog(ctx, o.OrgID, o.BrandID, visits, refs)
		if err != nil {
			return err
		}
		res.Inserted += st.Visits + st.Referrals
		res.Duplicates += len(visits) + len(refs) - st.Visits - st.Referrals
		visits, refs = visits[:0], refs[:0]
		if o.Progress != nil {
			res.Elapsed = time.Since(start)
			o.Progress(res)
		}
		return nil
	}
	rd := NewReader(r, o.Format)
	for {
		rec, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		var le *LineError
		if err == nil || errors.As(err, &le) {
			if res.Records++; o.MaxRecords > 0 && res.Records > o.MaxRecords {
				return res, ErrTooMany
			}
		}
		if le != nil {
			res.Skipped++
			if len(res.Errors) < MaxErrors {
				res.Errors = append(res.Errors, *le)
			}
			continue
		} else if err != nil {
			return res, err
		}
		v, ref, kind := c.classify(&rec)
		switch kind {
		case keptVisit:
			res.AgentVisits++
			res.Verifications[v.Verification]++
			visits = append(visits, v)
		case keptReferral:
			res.Referrals++
			refs = append(refs, ref)
		case otherHost:
			res.OtherHosts++
		default:
			res.Ignored++
		}
		if len(visits)+len(refs) >= o.BatchSize {
			if err := flush(); err != nil {
				return res, err
			}
		}
		if res.Records%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return res, err
			}
		}
	}
	if err := flush(); err != nil {
		return res, err
	}
	res.Elapsed = time.Since(start)
	if res.Errors == nil {
		res.Errors = []LineError{}
	}
	return res, nil
}

type kind int

const (
	ignored kind = iota
	keptVisit
	keptReferral
	otherHost
)

// classifier turns records into visits and referrals of one brand.
type classifier struct {
	ctx     context.Context
	ranges  *Ranges
	dns     *DNSVerifier
	brandID string
	domains []string
	seen    map[[16]byte]uint32 // occurrences of a key so far
}

// maxSeen bounds the occurrence counts kept (docs/agents.md#idempotency).
const maxSeen = 1 << 20

func newClassifier(r *Ranges, brandID string, domains []string) *classifier {
	return &classifier{ranges: r, brandID: brandID, domains: domains, seen: map[[16]byte]uint32{}}
}

// verify is the verdict on agent seen from addr: the published ranges,
// and reverse DNS where they do not verify it and it is asked for.
func (c *classifier) verify(agent *Agent, addr netip.Addr) Verification {
	v := c.ranges.Verify(agent, addr)
	if v != Verified && c.dns != nil {
		// an inconclusive lookup keeps what the ranges said
		if d, ok := c.dns.Verify(c.ctx, agent, addr); ok && d != Unverified {
			return d
		}
	}
	return v
}

// ownHost returns the brand's host a record is for, or "".
func (c *classifier) ownHost(h string) string {
	if h == "" {
		if len(c.domains) == 0 {
			return ""
		}
		return c.domains[0]
	}
	for _, d := range c.domains {
		if h == d || (len(h) > len(d) && h[len(h)-len(d)-1] == '.' && strings.HasSuffix(h, d)) {
			return h
		}
	}
	return ""
}

func (c *classifier) classify(rec *Record) (sightline.AgentVisit, sightline.AIReferral, kind) {
	agent := FindAgent(rec.UserAgent)
	var source, page string
	if agent == nil {
		var ok bool
		if source, page, ok = Referral(rec.Path, rec.Referer); !ok {
			return sightline.AgentVisit{}, sightline.AIReferral{}, ignored
		}
	}
	host := c.ownHost(rec.Host)
	if host == "" {
		return sightline.AgentVisit{}, sightline.AIReferral{}, otherHost
	}
	at := rec.Time.UTC().Truncate(time.Microsecond)
	network := Network(rec.Addr)
	if agent != nil {
		v := sightline.AgentVisit{At: at, Host: host, Page: StripTracking(rec.Path), Method: rec.Method, Status: rec.Status,
			Agent: agent.Name, Operator: agent.Operator, Purpose: string(agent.Purpose),
			Verification: string(c.verify(agent, rec.Addr)), Network: network}
		v.URL = PageURL(host, v.Page)
		v.Key = c.key("v", at, host, v.Page, v.Method, strconv.Itoa(v.Status), network, rec.UserAgent, rec.Referer)
		return v, sightline.AIReferral{}, keptVisit
	}
	ref := sightline.AIReferral{At: at, Host: host, Page: page, URL: PageURL(host, page), Source: source}
	ref.Key = c.key("r", at, host, rec.Path, rec.Method, strconv.Itoa(rec.Status), network, rec.UserAgent, rec.Referer)
	return sightline.AgentVisit{}, ref, keptReferral
}

// key is the natural key of a kept line: a digest of the brand and the
// line's fields, the network in place of the address, and how many equal
// lines came before it in this input, so that equal lines count apart
// and the same input gives the same keys (docs/agents.md#idempotency).
func (c *classifier) key(kind string, at time.Time, fields ...string) string {
	h := sha256.New()
	h.Write([]byte(c.brandID))
	h.Write([]byte{0})
	h.Write([]byte(kind))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(at.UnixMicro()))
	h.Write(b[:])
	for _, f := range fields {
		h.Write([]byte{0})
		h.Write([]byte(f))
	}
	var id [16]byte
	copy(id[:], h.Sum(nil))
	if len(c.seen) >= maxSeen {
		clear(c.seen)
	}
	n := c.seen[id]
	c.seen[id] = n + 1
	if n > 0 {
		binary.BigEndian.PutUint32(b[:4], n)
		h.Write([]byte{1})
		h.Write(b[:4])
		copy(id[:], h.Sum(nil))
	}
	return hex.EncodeToString(id[:])
}

// StripTracking drops utm_* and click-id parameters from a path's query.
func StripTracking(path string) string {
	q := strings.IndexByte(path, '?')
	if q < 0 {
		return path
	}
	var kept []string
	for _, kv := range strings.Split(path[q+1:], "&") {
		k, _, _ := strings.Cut(kv, "=")
		if kv == "" || strings.HasPrefix(k, "utm_") || trackingParams[k] {
			continue
		}
		kept = append(kept, kv)
	}
	if len(kept) == 0 {
		return path[:q]
	}
	return path[:q] + "?" + strings.Join(kept, "&")
}

// PageURL is a page of the brand's site as citations store a cited one:
// analyze.NormalizeURL of https, the host and the path, so that the pages
// agents fetch and the pages answers cite are matched by equality
// (docs/agents.md#pages). A path it cannot read is kept joined as it is.
func PageURL(host, path string) string {
	raw := "https://" + host + path
	if page, _, err := analyze.NormalizeURL(raw); err == nil {
		return page
	}
	return raw
}
