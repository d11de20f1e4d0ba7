package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// The examples of the README and docs/api.md run as printed, against a
// real `sightline serve --demo` on SQLite, with the variables it prints.
//
// Every fenced sh block of those files is read; each command that calls
// curl or sightline (continuation lines joined) is an example and runs by
// itself in sh, in the server's working directory (so sightline's default
// --db is the server's database), with PATH leading to:
//
//   - sightline: the binary the CLI tests build (buildOnce), without the
//     race detector: the examples check the docs, and the demo that
//     serve --demo loads costs several times as much under -race;
//   - curl: the machine's curl (real quoting, globbing and flags, which a
//     parser of curl lines would get wrong in the very ways a reader
//     would trip on), wrapped to record each answer's status and body.
//
// An example passes when it exits 0 and every answer is 2xx, or the status
// the comment line after it shows (`# 401 {"error":{"code":…`), with that
// error code; a list it answers (JSON data array, CSV rows, NDJSON lines)
// must not be empty: the examples show the demo's data, and an empty
// answer means the example matches nothing.
//
// A reader brings a few things no server prints, and the test brings them
// too: the operator's admin token (set for serve as well), a password
// ($PASSWORD) and a provider key in a file (readerFiles). The ids in capitals (ORG_ID, BRAND_ID,
// USER_ID, KEY_ID, TOPIC_ID) are what a reader copies from the output of
// an example above; the test takes them from there (docPlaceholders).

// docFiles are the Markdown files whose examples run, in order: the
// README's come first, as a reader meets them.
var docFiles = []string{"../../README.md", "../../docs/api.md"}

// docSkips are the examples that do not run here, each with its reason; a
// skip that matches no example fails the test, so the list cannot rot.
var docSkips = []struct {
	re     *regexp.Regexp
	reason string
}{
	{regexp.MustCompile(`^sightline serve\b`), "the server itself: the test runs it"},
	{regexp.MustCompile(`--db '?postgres://`), "the reader's PostgreSQL server"},
	{regexp.MustCompile(`^sightline demo\b`), "loads the data set a second time into an empty database; TestEndToEnd_Demo runs it"},
}

// docMayBeEmpty are the examples whose list the test's short demo cannot
// fill, each with its reason; they must still answer 2xx, and an entry that
// matches no example fails the test.
var docMayBeEmpty = []struct {
	re     *regexp.Regexp
	reason string
}{
	{regexp.MustCompile(`/signals\b`), "a signal compares a week with a 4-week baseline: the 2-day demo has none"},
}

// docPlaceholders are the ids a reader copies from an earlier example's
// output, with how to find them in it; the latest match wins.
var docPlaceholders = map[string]*regexp.Regexp{
	"ORG_ID":   regexp.MustCompile(`Organization "[^"]*" created: ([0-9a-f-]{36})`),
	"BRAND_ID": regexp.MustCompile(`Brand "[^"]*" created: ([0-9a-f-]{36})`),
	"USER_ID":  regexp.MustCompile(`User ([0-9a-f-]{36}) \(`),
	"KEY_ID":   regexp.MustCompile(`API key ([0-9a-f-]{36}) created`),
	"TOPIC_ID": regexp.MustCompile(`"id":"([0-9a-f-]{36})","name"`),
}

// readerFiles are the files a reader's examples read that no example
// writes.
var readerFiles = map[string]string{
	"openai-key.txt": "sk-doc-example-0123456789abcdef\n",
	// one AI crawler's visit in the combined format (docs/agents.md)
	"access.log": `203.0.113.9 - - [27/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 512 "-" ` +
		`"Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"` + "\n",
}

// docExample is one command of a fenced sh block.
type docExample struct {
	file    string
	line    int
	cmd     string
	status  int    // the status the comment after it shows; 0: any 2xx
	errCode string // the error code that comment shows
}

var (
	docInvokes   = regexp.MustCompile(`(^|[|;&(]\s*)(curl|sightline)\s`)
	docStatusRE  = regexp.MustCompile(`^#\s*(\d{3})\b`)
	docErrCodeRE = regexp.MustCompile(`"code":"([A-Z_a-z]+)"`)
)

// readDocExamples returns the examples of the fenced sh blocks of path.
func readDocExamples(t *testing.T, path string) []docExample {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []docExample
	inSh, cont := false, ""
	contLine := 0
	for i, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			inSh = !inSh && strings.TrimPrefix(trimmed, "```") == "sh"
			continue
		}
		if !inSh {
			continue
		}
		if m := docStatusRE.FindStringSubmatch(trimmed); m != nil && cont == "" && len(out) > 0 {
			out[len(out)-1].status, _ = strconv.Atoi(m[1])
			if c := docErrCodeRE.FindStringSubmatch(trimmed); c != nil {
				out[len(out)-1].errCode = c[1]
			}
			continue
		}
		if strings.HasPrefix(trimmed, "#") || trimmed == "" {
			continue
		}
		if cont == "" {
			contLine = i + 1
		}
		if s, ok := strings.CutSuffix(line, "\\"); ok {
			cont += s + " "
			continue
		}
		cmd := strings.TrimSpace(cont + line)
		cont = ""
		if docInvokes.MatchString(cmd) {
			out = append(out, docExample{file: filepath.Base(path), line: contLine, cmd: cmd})
		}
	}
	return out
}

func TestDocsExamples(t *testing.T) {
	t.Parallel()
	if sqlstoretest.Engine() != "sqlite" {
		t.Skip("the docs examples run against serve --demo on SQLite, in the SQLite pass; they do not depend on the engine")
	}
	curlPath, err := exec.LookPath("curl")
	if err != nil {
		t.Skip("SKIPPED LOUDLY: curl is not installed: the README's and docs/api.md's examples are not checked (apt-get install curl)")
	}
	shPath, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("SKIPPED LOUDLY: no sh: the docs examples are not checked")
	}
	self, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	var examples []docExample
	for _, f := range docFiles {
		examples = append(examples, readDocExamples(t, f)...)
	}
	if len(examples) < 30 {
		t.Fatalf("found only %d examples in %v", len(examples), docFiles)
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, ".bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	writeExec := func(name, script string) {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeExec("sightline", fmt.Sprintf("#!/bin/sh\nexec %q \"$@\"\n", self))
	// The wrapper appends "status content-type" of each answer to $DOCTEST_LOG,
	// keeps the body in $DOCTEST_LOG.N and writes it where curl would.
	writeExec("curl", fmt.Sprintf(`#!/bin/sh
n=$(wc -l < "$DOCTEST_LOG")
%q "$@" --output "$DOCTEST_LOG.$n" --write-out '%%{http_code} %%{content_type}\n' >> "$DOCTEST_LOG"
rc=$?
cat "$DOCTEST_LOG.$n" 2>/dev/null
exit $rc
`, curlPath))
	for name, content := range readerFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	adminToken := randomHex(t)
	env := []string{"PATH=" + bin + string(os.PathListSeparator) + os.Getenv("PATH"), "HOME=" + dir, "LC_ALL=C"}
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k == "TMPDIR" || strings.HasPrefix(k, "GO") {
			env = append(env, kv)
		}
	}
	// Nothing leaves the machine: every provider's API is a closed local port.
	for _, p := range []string{"OPENAI", "ANTHROPIC", "GEMINI", "PERPLEXITY"} {
		env = append(env, "SIGHTLINE_"+p+"_BASE_URL=http://127.0.0.1:9")
	}
	env = append(env, "SIGHTLINE_ADMIN_TOKEN="+adminToken)

	// serve --demo, as the README says, on 2 days (the default 60 take
	// minutes under -race), without the worker (no webhook delivery
	// leaves the machine) and without the collection scheduler.
	ctx, cancel := context.WithCancel(context.Background())
	serve := exec.CommandContext(ctx, filepath.Join(bin, "sightline"), "serve", "--demo", "--demo-days", "2",
		"--addr", "127.0.0.1:0", "--workers", "0", "--collect-interval", "0")
	serve.Dir, serve.Env = dir, env
	var serveOut, serveErr lockedBuffer
	serve.Stdout, serve.Stderr = &serveOut, &serveErr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		serve.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { serve.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			cancel()
			<-done
		}
		cancel()
		if t.Failed() {
			t.Logf("serve --demo stdout:\n%s\nstderr (tail):\n%s", serveOut.String(), tail(serveErr.String(), 40))
		}
	})
	addr, vars := waitDemo(t, &serveOut)
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		env = append(env, k+"="+vars[k])
	}
	env = append(env, "PASSWORD=a long passphrase of mine")
	logPath := filepath.Join(dir, ".curl.log")
	env = append(env, "DOCTEST_LOG="+logPath)

	skipped := make([]int, len(docSkips))
	emptyUsed := make([]int, len(docMayBeEmpty))
	values := map[string]string{}
	ran := 0
examples:
	for _, ex := range examples {
		name := fmt.Sprintf("%s:%d", ex.file, ex.line)
		for i, s := range docSkips {
			if s.re.MatchString(ex.cmd) {
				skipped[i]++
				t.Logf("%s: not run (%s): %s", name, s.reason, ex.cmd)
				continue examples
			}
		}
		cmd := strings.ReplaceAll(ex.cmd, "127.0.0.1:8080", addr)
		for ph := range docPlaceholders {
			if strings.Contains(cmd, ph) {
				v, ok := values[ph]
				if !ok {
					t.Errorf("%s: %s is used before an example printed it: %s", name, ph, ex.cmd)
					continue examples
				}
				cmd = strings.ReplaceAll(cmd, ph, v)
			}
		}
		for _, m := range regexp.MustCompile(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`).FindAllStringSubmatch(cmd, -1) {
			if _, ok := vars[m[1]]; !ok && !slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, m[1]+"=") }) {
				t.Errorf("%s: $%s is neither printed by serve --demo nor one a reader brings: %s", name, m[1], ex.cmd)
			}
		}
		if err := os.WriteFile(logPath, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		c := exec.Command(shPath, "-c", cmd)
		c.Dir, c.Env = dir, env
		var stdout, stderr strings.Builder
		c.Stdout, c.Stderr = &stdout, &stderr
		timer := time.AfterFunc(3*time.Minute, func() { c.Process.Kill() })
		err := c.Run()
		timer.Stop()
		ran++
		for ph, re := range docPlaceholders {
			if m := re.FindAllStringSubmatch(stdout.String(), -1); m != nil {
				values[ph] = m[len(m)-1][1]
			}
		}
		if err != nil {
			t.Errorf("%s: %s\n  failed: %v\n  stderr: %s\n  stdout: %s", name, ex.cmd, err, tail(stderr.String(), 10), tail(stdout.String(), 10))
			continue
		}
		checkCurlAnswers(t, name, ex, logPath, emptyUsed)
	}
	for i, n := range skipped {
		if n == 0 {
			t.Errorf("the skip %q (%s) matches no example: remove it", docSkips[i].re, docSkips[i].reason)
		}
	}
	for i, n := range emptyUsed {
		if n == 0 {
			t.Errorf("the empty-list exception %q (%s) matches no example: remove it", docMayBeEmpty[i].re, docMayBeEmpty[i].reason)
		}
	}
	t.Logf("%d examples run, %d not run", ran, len(examples)-ran)
}

// checkCurlAnswers checks the answers curl recorded for one example.
func checkCurlAnswers(t *testing.T, name string, ex docExample, logPath string, emptyUsed []int) {
	t.Helper()
	allowEmpty := mayBeEmpty(ex.cmd, emptyUsed)
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(log)), "\n")
	if strings.HasPrefix(ex.cmd, "curl") && (len(lines) == 0 || lines[0] == "") {
		t.Errorf("%s: curl recorded no answer: %s", name, ex.cmd)
		return
	}
	for n, line := range lines {
		if line == "" {
			continue
		}
		statusText, ctype, _ := strings.Cut(line, " ")
		status, _ := strconv.Atoi(statusText)
		body, _ := os.ReadFile(fmt.Sprintf("%s.%d", logPath, n))
		switch {
		case ex.status != 0 && status != ex.status:
			t.Errorf("%s: answered %d, the text shows %d: %s\n  %s", name, status, ex.status, ex.cmd, clipBody(body))
			continue
		case ex.status == 0 && (status < 200 || status > 299):
			t.Errorf("%s: answered %d: %s\n  %s", name, status, ex.cmd, clipBody(body))
			continue
		}
		if ex.errCode != "" {
			var e struct {
				Error struct{ Code string } `json:"error"`
			}
			if json.Unmarshal(body, &e); e.Error.Code != ex.errCode {
				t.Errorf("%s: answered the error %q, the text shows %q: %s", name, e.Error.Code, ex.errCode, ex.cmd)
			}
			continue
		}
		if empty, list := emptyList(ctype, body); list && empty && !allowEmpty {
			t.Errorf("%s: answered an empty list (%s): %s\n  %s", name, ctype, ex.cmd, clipBody(body))
		}
	}
}

// emptyList tells whether body is a list (JSON with a data array, CSV,
// NDJSON) and whether it is empty.
func emptyList(ctype string, body []byte) (empty, list bool) {
	switch {
	case strings.HasPrefix(ctype, "text/csv"):
		return len(strings.Split(strings.TrimSpace(string(body)), "\n")) < 2, true
	case strings.HasPrefix(ctype, "application/x-ndjson"):
		return len(strings.TrimSpace(string(body))) == 0, true
	case strings.HasPrefix(ctype, "application/json"):
		var v struct {
			Data json.RawMessage `json:"data"`
		}
		if json.Unmarshal(body, &v) != nil || len(v.Data) == 0 || v.Data[0] != '[' {
			return false, false
		}
		var items []json.RawMessage
		json.Unmarshal(v.Data, &items)
		return len(items) == 0, true
	}
	return false, false
}

var (
	demoExportRE = regexp.MustCompile(`(?m)^\s*export ([A-Z_][A-Z0-9_]*)=(\S+)$`)
)

// waitDemo waits until serve --demo has printed its variables and answers
// /readyz, and returns its address and the variables.
func waitDemo(t *testing.T, out *lockedBuffer) (string, map[string]string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Minute) // a loaded CI machine under -race
	for time.Now().Before(deadline) {
		s := out.String()
		m := listeningRE.FindStringSubmatch(s)
		if m != nil && strings.Contains(s, "export KEY=") {
			resp, err := http.Get("http://" + m[1] + "/readyz")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					vars := map[string]string{}
					for _, kv := range demoExportRE.FindAllStringSubmatch(s, -1) {
						vars[kv[1]] = kv[2]
					}
					return m[1], vars
				}
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("serve --demo printed no variables or is not ready after 15 minutes:\n%s", out.String())
	return "", nil
}

func randomHex(t *testing.T) string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

func clipBody(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "…"
	}
	return string(b)
}

// mayBeEmpty tells whether cmd's list may be empty (docMayBeEmpty) and
// counts the entry that says so in used.
func mayBeEmpty(cmd string, used []int) bool {
	for i, e := range docMayBeEmpty {
		if e.re.MatchString(cmd) {
			used[i]++
			return true
		}
	}
	return false
}
