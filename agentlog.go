package sightline

import (
	"context"
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
