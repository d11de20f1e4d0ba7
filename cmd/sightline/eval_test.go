package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// eval scores a set from a directory, the held-out part apart, and prints
// JSON with the figures the docs name.
func TestEval_SetDir(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tune/a.txt", "industry: demo\nbrands: Acme; Globex\n=== t1 chatgpt prose\npolarity: Acme +\n---\n{Acme} is excellent.\n")
	write("holdout/a.txt", "industry: demo\nbrands: Acme; Globex\n=== h1 chatgpt prose\npolarity: Globex -\n---\n{Globex} is clumsy. Acmeville is a town.\n")

	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"eval", "--set", dir}, nil, &out, &errb); err != nil {
		t.Fatalf("eval: %v\n%s", err, errb.String())
	}
	for _, want := range []string{"Tuning part (1 answers)", "Held-out part (1 answers)", "presence P/R/F1", "demo", "overall"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}

	out.Reset()
	if err := run(context.Background(), []string{"eval", "--set", dir, "--json", "--part", "holdout"}, nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var r struct {
		Parts []struct {
			Part    string
			Overall struct {
				Answers  int `json:"answers"`
				Presence struct {
					F1 float64 `json:"f1"`
				} `json:"presence"`
				PolarityAgreement float64 `json:"polarity_agreement"`
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if len(r.Parts) != 1 || r.Parts[0].Part != "holdout" || r.Parts[0].Overall.Answers != 1 || r.Parts[0].Overall.Presence.F1 != 1 {
		t.Errorf("JSON report %+v", r)
	}
}

// The held-out part is reported by its figures: the names it took for
// brands and its disagreements are listed only with --show-holdout-errors,
// the tuning part's always (docs/accuracy.md#measuring).
func TestEval_HoldoutErrorsHidden(t *testing.T) {
	dir := t.TempDir()
	for name, s := range map[string]string{
		"tune/a.txt":    "industry: demo\nbrands: Acme; Globex\n=== t1 chatgpt list\npolarity: Acme +\n---\n1. **Initrode** – a tracker.\n2. **{Acme}** – excellent.\n",
		"holdout/a.txt": "industry: demo\nbrands: Acme; Globex\n=== h1 chatgpt list\npolarity: Globex -\n---\n1. **Hooli** – a tracker.\n2. **{Globex}** – clumsy.\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	eval := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		if err := run(context.Background(), append([]string{"eval", "--set", dir}, args...), nil, &out, &errb); err != nil {
			t.Fatalf("eval %v: %v\n%s", args, err, errb.String())
		}
		return out.String()
	}
	for _, args := range [][]string{{"--findings"}, {"--findings", "--json"}, {"--part", "holdout", "--findings"}} {
		out := eval(args...)
		if strings.Contains(out, "Hooli") || strings.Contains(out, "h1") {
			t.Errorf("eval %v shows a held-out error:\n%s", args, out)
		}
		if args[0] == "--findings" && !strings.Contains(out, "Initrode") {
			t.Errorf("eval %v hides the tuning part's mistaken name:\n%s", args, out)
		}
		if !strings.Contains(out, "1 names taken for brands") && !strings.Contains(out, `"fp": 1`) {
			t.Errorf("eval %v lacks the held-out count:\n%s", args, out)
		}
	}
	out := eval("--findings", "--show-holdout-errors")
	for _, want := range []string{`"Hooli"×1`, "holdout h1 mistaken Hooli"} {
		if !strings.Contains(out, want) {
			t.Errorf("--show-holdout-errors output lacks %q:\n%s", want, out)
		}
	}
}

func TestEval_BadInput(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.txt"), []byte("industry: x\nbrands: Acme\n=== a chatgpt list\n---\n{Globex}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"eval", "--set", filepath.Join(dir, "missing")}, "is not a directory"},
		{[]string{"eval", "--part", "all-of-it"}, "--part must be"},
		{[]string{"eval", "--set", dir}, "x.txt:3: answer a: mark {Globex}"},
		{[]string{"eval", "extra"}, "unexpected argument"},
	} {
		var out, errb bytes.Buffer
		err := run(context.Background(), tt.args, nil, &out, &errb)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: error %v, want %q", tt.args, err, tt.want)
		}
	}
}
