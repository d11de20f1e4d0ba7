package main

import (
	"strings"
	"testing"
)

// A log of two packages: one passes with coverage, one has a failing test
// whose output must be shown, and a passing one whose output must not.
const testLog = `{"Action":"start","Package":"example.com/a"}
{"Action":"run","Package":"example.com/a","Test":"TestSlow"}
{"Action":"output","Package":"example.com/a","Test":"TestSlow","Output":"quiet line of a passing test\n"}
{"Action":"pass","Package":"example.com/a","Test":"TestSlow","Elapsed":12.5}
{"Action":"run","Package":"example.com/a","Test":"TestQuick"}
{"Action":"pass","Package":"example.com/a","Test":"TestQuick","Elapsed":0.1}
{"Action":"output","Package":"example.com/a","Output":"coverage: 81.3% of statements\n"}
{"Action":"output","Package":"example.com/a","Output":"ok  \texample.com/a\t12.7s\tcoverage: 81.3% of statements\n"}
{"Action":"pass","Package":"example.com/a","Elapsed":12.7}
{"Action":"run","Package":"example.com/b","Test":"TestBroken"}
{"Action":"output","Package":"example.com/b","Test":"TestBroken","Output":"    b_test.go:9: want 2, got 3\n"}
{"Action":"fail","Package":"example.com/b","Test":"TestBroken","Elapsed":0.4}
{"Action":"output","Package":"example.com/b","Output":"FAIL\texample.com/b\t0.5s\n"}
{"Action":"fail","Package":"example.com/b","Elapsed":0.5}
`

func TestSummarize(t *testing.T) {
	var out strings.Builder
	failed := summarize(strings.NewReader(testLog), &out, "sqlite", 1)
	got := out.String()
	if !failed {
		t.Error("a failing test was not reported as a failure")
	}
	for _, want := range []string{
		"ok  \texample.com/a\t12.7s\tcoverage: 81.3% of statements", // the result line
		"b_test.go:9: want 2, got 3",                                // the failing test's output
		"summary of the sqlite pass",
		"12.7s  81.3%      pass    example.com/a", // time and coverage per package
		"0.5s  -          fail    example.com/b",
		"12.5s  example.com/a TestSlow", // the slowest test
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the summary lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "quiet line") || strings.Contains(got, "TestQuick") {
		t.Errorf("the summary shows a passing test's output or more than the slowest test:\n%s", got)
	}
	if strings.Index(got, "example.com/a\n") > strings.Index(got, "example.com/b\n") {
		t.Errorf("packages are not slowest first:\n%s", got)
	}
}

func TestSummarize_Passing(t *testing.T) {
	var out strings.Builder
	log := strings.SplitAfterN(testLog, "\n", 10)
	if summarize(strings.NewReader(strings.Join(log[:9], "")), &out, "", 10) {
		t.Errorf("a passing log was reported as a failure:\n%s", out.String())
	}
}
