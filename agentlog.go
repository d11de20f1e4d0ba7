package sightline

import (
	"context"
	"fmt"
	"time"
)

// AgentVisit is one request of an AI agent to a brand's site, read from
// the site's access logs (docs/agents.md). It holds no client address:
// Network is the address's /24 (IPv4) or /48 (IPv6).
type AgentVisit struct {
	Key          string // natural key: the same log line gives the same key (docs/agents.md#idempotency)
	At           time.Time
	Host         string // the requested host, one of the brand's domains
	Page         string // path (and query without tracking parameters)
	URL          string // Host and Page as a normalized URL, the form citations store (docs/agents.md#pages)
	Method       string
	Status       int
	Agent        string // name in the agent table, e.g. GPTBot
	Operator     string // e.g. openai
	Purpose      string // training, search or user
	Verification string // verified, spoofed or unverified
	Network      string // e.g. 203.0.113.0/24
}

// AIReferral is one visit a person made from an AI assistant's answer.
type AIReferral struct {
	Key    string
	At     time.Time
	Host   string
	Page   string // the landing page without tracking parameters
	URL    string // Host and Page as a normalized URL (docs/agents.md#pages)
	Source string // chatgpt, perplexity, claude, …
}

// AgentLogStored counts what one StoreAgentLog call inserted.
type AgentLogStored struct {
	Visits, Referrals int
}

// AgentLogService stores what the access logs tell.
type AgentLogService interface {
	// StoreAgentLog stores a brand's visits and referrals in one
	// transaction; one whose Key the brand has already is left as it is.
	// NOT_FOUND when the brand is not the organization's.
	StoreAgentLog(ctx context.Context, orgID, brandID string, visits []AgentVisit, referrals []AIReferral) (AgentLogStored, error)
}

// AgentLogRecord is one access-log request in the plain JSON format
// (docs/agents.md#log-formats), as POST …/agent_logs takes it.
type AgentLogRecord struct {
	Timestamp  string `json:"timestamp"`
	Method     string `json:"method,omitempty"`
	Host       string `json:"host"`
	Path       string `json:"path"`
	StatusCode int    `json:"status_code"`
	IP         string `json:"ip"`
	UserAgent  string `json:"user_agent,omitempty"`
	Referer    string `json:"referer,omitempty"`
}

// AgentLogError is a bad line of an access log.
type AgentLogError struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

func (e AgentLogError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Message) }

// AgentLogResult counts one access-log ingest (docs/agents.md#ingest).
type AgentLogResult struct {
	Records       int             `json:"records"`      // lines or elements read, bad ones included
	AgentVisits   int             `json:"agent_visits"` // lines of AI agents kept
	Referrals     int             `json:"referrals"`    // visits AI assistants referred, kept
	Inserted      int             `json:"inserted"`     // visits and referrals stored now
	Duplicates    int             `json:"duplicates"`   // kept but stored already, unchanged
	OtherHosts    int             `json:"other_hosts"`  // skipped: a host not among the brand's domains
	Ignored       int             `json:"ignored"`      // neither an AI agent nor an AI referral
	Skipped       int             `json:"skipped"`      // bad lines
	Errors        []AgentLogError `json:"errors"`       // the bad lines, at most 1000
	Verifications map[string]int  `json:"verifications"`
	Elapsed       time.Duration   `json:"-"`
}
