package sightline_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sightline/sightline"
)

func TestReconcileOpportunities(t *testing.T) {
	opp := func(key string) *sightline.Opportunity { return &sightline.Opportunity{Key: key} }
	a, b, c := opp("gantt chart template"), opp("best gantt software"), opp("acme pricing")
	tests := []struct {
		name     string
		existing map[string]string
		computed []*sightline.Opportunity
		want     sightline.OpportunityPlan
		wantErr  bool
	}{
		{name: "FirstCompute", computed: []*sightline.Opportunity{a, b},
			want: sightline.OpportunityPlan{Save: []sightline.OpportunitySave{{Opportunity: a}, {Opportunity: b}}}},
		{name: "KeepsIDsDeletesStale",
			existing: map[string]string{a.Key: "id-a", "old query": "id-z", "older query": "id-y"},
			computed: []*sightline.Opportunity{b, a},
			want: sightline.OpportunityPlan{
				Save:   []sightline.OpportunitySave{{Opportunity: b}, {Opportunity: a, ID: "id-a"}},
				Delete: []string{"id-y", "id-z"}}},
		{name: "NothingComputed", existing: map[string]string{c.Key: "id-c"},
			want: sightline.OpportunityPlan{Delete: []string{"id-c"}}},
		{name: "RepeatedKey", computed: []*sightline.Opportunity{a, opp(a.Key)}, wantErr: true},
		{name: "MissingKey", computed: []*sightline.Opportunity{opp("")}, wantErr: true},
	}
	for _, tt := range tests {
		got, err := sightline.ReconcileOpportunities(tt.existing, tt.computed)
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: error %v, want error %v", tt.name, err, tt.wantErr)
			continue
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}
