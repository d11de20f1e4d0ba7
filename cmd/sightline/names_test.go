package main

import (
	"strings"
	"testing"

	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// The CLI commands that create names apply the API's rule
// (docs/api.md#names): a name holding a direction control or a zero-width
// character is refused naming the field, and a name is stored in NFC.
func TestCLI_Names(t *testing.T) {
	t.Parallel()
	dsn := sqlstoretest.NewDSN(t)
	org := createOrg(t, dsn, "Acme")
	const pw = "a long enough passphrase"
	for _, tt := range []struct {
		stdin string
		args  []string
		field string
	}{
		{"", []string{"orgs", "create", "--name", "Acme\u202Eemca"}, "name holds U+202E (RIGHT-TO-LEFT OVERRIDE)"},
		{"", []string{"brands", "create", "--org", org, "--name", "Ac\u200Bme"}, "name holds U+200B (ZERO WIDTH SPACE)"},
		{pw + "\n", []string{"users", "create", "--org", org, "--email", "bob@example.com", "--name", "Bob\uFEFF"}, "name holds U+FEFF"},
		{"", []string{"keys", "create", "--org", org, "--user", "bob@example.com", "--name", "ci\u2066key"}, "name holds U+2066"},
	} {
		args := append(tt.args, "--db", dsn)
		_, _, err := runWith(t, tt.stdin, args...)
		if err == nil || !strings.Contains(errorText(err), tt.field) {
			t.Errorf("%v: %v, want an error saying %q", tt.args, err, tt.field)
		}
	}
	// stored in NFC: the decomposed name is created as the composed one
	if out := mustCLI(t, "brands", "create", "--db", dsn, "--org", org, "--name", "Cafe\u0301"); !strings.HasPrefix(out, `Brand "Café" created: `) {
		t.Errorf("brands create of %q printed %q", "Cafe\u0301", out)
	}
}
