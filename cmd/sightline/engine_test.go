package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/sightline/sightline"
	"github.com/sightline/sightline/internal/sqlstore"
	"github.com/sightline/sightline/internal/sqlstore/sqlstoretest"
)

// buildOnce builds the sightline binary once per test run.
var buildOnce = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "sightline-bin-")
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "sightline")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		return "", &buildError{out: string(out), err: err}
	}
	return bin, nil
})

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// proc is a running `sightline serve` process.
type proc struct {
	cmd    *exec.Cmd
	addr   string
	logs   *lockedBuffer
	done   chan error    // the exit error, once
	exited chan struct{} // closed when the process has exited
}

var listeningRE = regexp.MustCompile(`listening on http://(\S+)`)

// startServe runs the binary's serve command on a free port and waits
// until it listens.
func startServe(t *testing.T, bin, dsn string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--db", dsn, "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), "SIGHTLINE_DB=", "SIGHTLINE_ADDR=")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, logs: &lockedBuffer{}, done: make(chan error, 1), exited: make(chan struct{})}
	cmd.Stderr = p.logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := listeningRE.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	go func() {
		err := cmd.Wait()
		close(p.exited)
		p.done <- err
	}()
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			_ = cmd.Process.Kill()
			<-p.exited
		}
	})
	select {
	case p.addr = <-addr:
	case err := <-p.done:
		t.Fatalf("serve exited: %v\n%s", err, p.logs.String())
	case <-time.After(60 * time.Second):
		t.Fatalf("serve did not start\n%s", p.logs.String())
	}
	return p
}

// computeStatus reads GET …/opportunities/compute.
func computeStatus(t *testing.T, addr, brandID, key string, method string) (int, sightline.ComputeStatus) {
	t.Helper()
	req, _ := http.NewRequest(method, "http://"+addr+"/api/v2/brands/"+brandID+"/opportunities/compute", nil)
	req.Header.Set("X-API-KEY", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s compute: %v", method, err)
	}
	defer resp.Body.Close()
	var body struct{ Data sightline.ComputeStatus }
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body.Data
}

// waitStatus polls the compute status until it is want.
func waitStatus(t *testing.T, addr, brandID, key, want string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		_, st := computeStatus(t, addr, brandID, key, http.MethodGet)
		if st.Status == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("compute status %q after %s, want %q", st.Status, within, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// seedCompute creates a brand with an API key and runs whose cited page
// titles make opportunities.
func seedCompute(t *testing.T, dsn string) (brandID, key string) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlstore.Open(ctx, dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	org, err := db.CreateOrganization(ctx, sightline.OrganizationCreate{Name: "Acme Inc."})
	if err != nil {
		t.Fatal(err)
	}
	brand, err := db.CreateBrand(ctx, sightline.BrandCreate{OrgID: org.ID, Name: "Acme", Domains: []string{"acme.com"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, key, err = db.CreateAPIKey(ctx, sightline.APIKeyCreate{OrgID: org.ID, UserEmail: "a@acme.com", Name: "k"}); err != nil {
		t.Fatal(err)
	}
	ps, err := db.CreatePrompts(ctx, org.ID, brand.ID, []sightline.PromptCreate{{Text: "Best gantt chart software", Intent: "C"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.IngestRuns(ctx, func(yield func(*sightline.AnalyzedRun, error) bool) {
		for i := range 20 {
			r := &sightline.AnalyzedRun{ID: uuid.NewString(), BrandID: brand.ID, PromptID: ps[0].ID, Provider: "chatgpt", Region: "us",
				RanAt: time.Now().Add(-time.Duration(i+1) * time.Hour), Answer: "Try Ganttside.",
				Mentions: []sightline.AnalyzedMention{{Name: "Ganttside", Position: 1, Count: 1, Sentiment: 50}},
				Citations: []sightline.AnalyzedCitation{
					{URL: "https://g2.com/gantt", Page: "https://g2.com/gantt", Domain: "g2.com", PageType: "category_page", DomainType: "review", Type: "source", Title: "Best Gantt Chart Software | G2"},
					{URL: "https://capterra.com/gantt", Page: "https://capterra.com/gantt", Domain: "capterra.com", PageType: "category_page", DomainType: "review", Type: "source", Title: "Gantt Chart Software Reviews | Capterra"},
				}}
			if !yield(r, nil) {
				return
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return brand.ID, key
}

// TestServe_KillDuringCompute kills (SIGKILL) a serve process while its
// worker runs a compute job, starts another one on the same database, and
// checks that the job is retried after its lease and completed once.
func TestServe_KillDuringCompute(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	dsn := sqlstoretest.NewDSN(t)
	brandID, key := seedCompute(t, dsn)

	// A: its worker claims the job, then sits on it (fault injection).
	a := startServe(t, bin, dsn, "--job-lease", "6s", "--worker-poll", "50ms", "--worker-job-delay", "1h")
	if status, st := computeStatus(t, a.addr, brandID, key, http.MethodPost); status != http.StatusAccepted || st.Status != "queued" {
		t.Fatalf("enqueue: %d %+v", status, st)
	}
	waitStatus(t, a.addr, brandID, key, "running", 30*time.Second)
	if err := a.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-a.done

	// B: the job stays running until A's lease expires, then B claims it
	// (a second attempt) and completes it.
	b := startServe(t, bin, dsn, "--job-lease", "6s", "--worker-poll", "50ms")
	if status, st := computeStatus(t, b.addr, brandID, key, http.MethodPost); status != http.StatusOK || st.Status == "completed" {
		t.Fatalf("enqueue while the dead worker's job is live: %d %+v (must return its status, spend nothing)", status, st)
	}
	waitStatus(t, b.addr, brandID, key, "completed", 60*time.Second)
	_, st := computeStatus(t, b.addr, brandID, key, http.MethodGet)
	if st.Quota.Used != 1 || st.Error != nil || st.DurationMS == nil {
		t.Errorf("completed status: %+v", st)
	}
	completions := jobCompletions(a.logs.String()+b.logs.String(), sightline.JobKindOpportunities)
	if completions != 1 || !strings.Contains(b.logs.String(), "attempt=2") {
		t.Errorf("%d completions (want 1, by the second attempt)\nA:\n%s\nB:\n%s", completions, a.logs.String(), b.logs.String())
	}
	req, _ := http.NewRequest(http.MethodGet, "http://"+b.addr+"/api/v2/brands/"+brandID+"/opportunities", nil)
	req.Header.Set("X-API-KEY", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var opps struct{ Data []sightline.Opportunity }
	if err := json.NewDecoder(resp.Body).Decode(&opps); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(opps.Data) == 0 {
		t.Error("no opportunities after the job")
	}

	// B stops gracefully on SIGTERM.
	if err := b.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-b.done:
		if err != nil {
			t.Errorf("serve after SIGTERM: %v\n%s", err, b.logs.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop on SIGTERM")
	}
}

// TestServe_WorkerFlags checks the engine flags are validated.
func TestServe_WorkerFlags(t *testing.T) {
	for _, args := range [][]string{{"--workers", "-1"}, {"--job-lease", "10ms"}, {"--regenerate-quota", "0"}, {"--dismiss-cooldown", "0s"}} {
		_, _, err := cli(t, append([]string{"serve", "--db", "sqlite:" + filepath.Join(t.TempDir(), "x.db"), "--addr", "127.0.0.1:0"}, args...)...)
		if err == nil {
			t.Errorf("serve %v: no error", args)
		}
	}
}

// TestServe_TwoProcesses runs two serve processes on one database and
// sends them concurrent regenerate and compute requests: the regenerate
// quota is spent exactly to its limit, one compute job is enqueued, and
// exactly one of the two workers completes it.
func TestServe_TwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin, err := buildOnce()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	dsn := sqlstoretest.NewDSN(t)
	brandID, key := seedCompute(t, dsn)
	// The job pauses 8 s before its work, so that it is still live while
	// the burst of compute requests arrives, even under -race (a finished job is not: the
	// next compute would rightly enqueue another one).
	flags := []string{"--regenerate-quota", "3", "--compute-quota", "3", "--worker-poll", "20ms", "--worker-job-delay", "8s"}
	procs := []*proc{startServe(t, bin, dsn, flags...), startServe(t, bin, dsn, flags...)}

	race := func(path string) map[int]int {
		var mu sync.Mutex
		got := map[int]int{}
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				req, _ := http.NewRequest(http.MethodPost, "http://"+procs[i%2].addr+"/api/v2/brands/"+brandID+path, nil)
				req.Header.Set("X-API-KEY", key)
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				mu.Lock()
				got[resp.StatusCode]++
				mu.Unlock()
			}()
		}
		close(start)
		wg.Wait()
		return got
	}
	if got := race("/content_studio/recommendations/regenerate"); got[http.StatusOK] != 3 || got[http.StatusTooManyRequests] != 13 {
		t.Errorf("regenerate statuses %v, want 3 × 200 and 13 × 429", got)
	}
	if got := race("/opportunities/compute"); got[http.StatusAccepted] != 1 || got[http.StatusOK] != 15 {
		t.Errorf("compute statuses %v, want one 202 and 15 × 200", got)
	}
	waitStatus(t, procs[0].addr, brandID, key, "completed", 60*time.Second)
	for _, p := range procs {
		if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			t.Fatal(err)
		}
		<-p.done
	}
	if n := jobCompletions(procs[0].logs.String()+procs[1].logs.String(), sightline.JobKindOpportunities); n != 1 {
		t.Errorf("the job completed %d times", n)
	}
}

// jobCompletions counts the "job completed" log lines of jobs whose kind
// starts with kind (ingest also queues change detection, a job of its own).
func jobCompletions(logs, kind string) int {
	n := 0
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, `msg="job completed"`) && strings.Contains(line, " kind="+kind) {
			n++
		}
	}
	return n
}
