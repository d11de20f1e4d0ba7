package web

import (
	"context"
	"strings"
	"time"

	"github.com/sightline/sightline"
)

// failingBanner tells an admin that a brand's last collection slot mostly
// failed (docs/dashboard.md#collection-health).
type failingBanner struct {
	Slot             time.Time
	Failed, Attempts int
	Reasons          string // "no_key 2, server_error 1"
	URL              string // the failed attempts
}

// fillFailing sets the banner of a brand page shown to an admin when more
// than half of the attempts of the brand's last slot failed
// (CollectionHealth.Failing): collection spends the organization's
// credits and keys, which only admins manage, so members are not shown it.
func (s *Server) fillFailing(ctx context.Context, l *Layout) error {
	if l.Brand == nil || l.Session == nil || l.Session.Role != sightline.RoleAdmin {
		return nil
	}
	h, err := s.Store.FindCollectionHealth(ctx, l.Session.OrgID, l.Brand.ID)
	if err != nil || !h.Failing() {
		return err
	}
	l.Failing = &failingBanner{Slot: *h.Slot, Failed: h.Failed(), Attempts: h.Attempts(), Reasons: reasons(h),
		URL: "/brands/" + l.Brand.ID + "/runs?status=failed"}
	return nil
}

// reasons lists a slot's failures by reason, most first.
func reasons(h *sightline.CollectionHealth) string {
	var parts []string
	for _, c := range h.Failures() {
		parts = append(parts, orDefault(c.ReasonCode, "unknown")+" "+count(c.Attempts))
	}
	return strings.Join(parts, ", ")
}

// healthCard is the collection health of a brand on its set-up page, for
// admins: the last slot's attempts and failures by reason, the last
// attempts, and what the organization spent today against its cap.
type healthCard struct {
	Health       *sightline.CollectionHealth
	Reasons      string
	LastAttempts []*sightline.CollectionAttempt
	Spent, Cap   string // US dollars; Cap "" when there is none
	CapReached   bool
}

// lastAttempts is how many of the latest attempts the set-up page lists.
const lastAttempts = 10

func (s *Server) healthCard(ctx context.Context, orgID, brandID string) (*healthCard, error) {
	h, err := s.Store.FindCollectionHealth(ctx, orgID, brandID)
	if err != nil {
		return nil, err
	}
	rep, err := s.Store.FindCollectionReport(ctx, brandID, lastAttempts)
	if err != nil {
		return nil, err
	}
	spend, err := s.Store.FindSpendingCap(ctx, orgID, s.now())
	if err != nil {
		return nil, err
	}
	c := &healthCard{Health: h, Reasons: reasons(h), LastAttempts: rep.Attempts, Spent: dollars(spend.SpentMicros), CapReached: spend.Reached()}
	if spend.CapMicros != nil {
		c.Cap = dollars(*spend.CapMicros)
	}
	return c, nil
}
