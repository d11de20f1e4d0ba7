//go:build unix

package agentlog

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"syscall"
	"testing"
	"time"
)

// combinedLog generates n combined lines, one in twenty of an AI agent
// and one in a hundred referred by an AI assistant, the rest browsers
// with ordinary referrers (docs/performance.md#agent-log-intake).
func combinedLog(n int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	agents := make([]string, 0, len(agentUAs))
	for _, ua := range agentUAs {
		agents = append(agents, ua)
	}
	browsers := []string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
		"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
	}
	refs := []string{"-", "https://www.google.com/", "https://www.example.com/blog/", "https://news.ycombinator.com/"}
	var b bytes.Buffer
	b.Grow(n * 230)
	t := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for i := range n {
		ua, ref, path := browsers[rng.IntN(len(browsers))], refs[rng.IntN(len(refs))], fmt.Sprintf("/blog/post-%d", rng.IntN(500))
		switch x := rng.IntN(100); {
		case x < 5:
			ua = agents[rng.IntN(len(agents))]
		case x < 6:
			ref = "https://chatgpt.com/"
			path += "?utm_source=chatgpt.com"
		}
		fmt.Fprintf(&b, "%d.%d.%d.%d - - [%s] \"GET %s HTTP/1.1\" 200 %d \"%s\" \"%s\"\n",
			rng.IntN(223)+1, rng.IntN(256), rng.IntN(256), rng.IntN(256), t.Add(time.Duration(i)*50*time.Millisecond).Format("02/Jan/2006:15:04:05 -0700"),
			path, rng.IntN(50000), ref, ua)
	}
	return b.Bytes()
}

// BenchmarkParseClassify reads and classifies a 1,000,000-line combined
// log: the part of `crawls ingest` before the database. It reports
// lines/s.
func BenchmarkParseClassify(b *testing.B) {
	log := combinedLog(1_000_000)
	ranges, err := LoadRanges(rangesDir(b, map[string]string{"gptbot.json": `{"prefixes":[{"ipv4Prefix":"192.0.2.0/28"}]}`}))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(log)))
	b.ResetTimer()
	cpu0 := cpuTime()
	lines, kept := 0, 0
	for range b.N {
		c := newClassifier(ranges, "3b0e0000-0000-4000-8000-000000000001", []string{"example.com"})
		rd := NewReader(bytes.NewReader(log), FormatAuto)
		for {
			rec, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				b.Fatal(err)
			}
			lines++
			if _, _, k := c.classify(&rec); k == keptVisit || k == keptReferral {
				kept++
			}
		}
	}
	b.ReportMetric(float64(lines)/b.Elapsed().Seconds(), "lines/s")
	// On a shared machine the wall clock counts other processes' turns
	// too: CPU seconds say what the work costs.
	b.ReportMetric(float64(lines)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
	b.ReportMetric(float64(kept)/float64(lines), "kept/line")
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
