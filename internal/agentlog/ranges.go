package agentlog

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Verification is the verdict on a visit's claimed agent
// (docs/agents.md#verification).
type Verification string

// The verdicts.
const (
	Verified   Verification = "verified"   // the address is in the operator's published ranges
	Spoofed    Verification = "spoofed"    // the operator publishes ranges and the address is in none
	Unverified Verification = "unverified" // no published ranges to check against
)

// RangeSource is a file of published ranges and where its operator
// publishes it.
type RangeSource struct {
	File     string `json:"file"`
	Operator string `json:"operator"`
	URL      string `json:"url"`
}

// RangeSources are the files Agents names, with their documented URLs
// (docs/agents.md#verification); `sightline crawls update-ranges` fetches
// them.
var RangeSources = []RangeSource{
	{"gptbot.json", "openai", "https://openai.com/gptbot.json"},
	{"searchbot.json", "openai", "https://openai.com/searchbot.json"},
	{"chatgpt-user.json", "openai", "https://openai.com/chatgpt-user.json"},
	{"perplexitybot.json", "perplexity", "https://www.perplexity.ai/perplexitybot.json"},
	{"perplexity-user.json", "perplexity", "https://www.perplexity.ai/perplexity-user.json"},
	{"googlebot.json", "google", "https://developers.google.com/static/search/apis/ipranges/googlebot.json"},
	{"bingbot.json", "microsoft", "https://www.bing.com/toolbox/bingbot.json"},
	{"applebot.json", "apple", "https://search.developer.apple.com/applebot.json"},
}

// Ranges are the published address ranges, by file name. A file that is
// missing, or lists no prefix, verifies nothing: its agents are
// unverified.
type Ranges struct {
	// Date is when the files were taken (the snapshot's date, or the
	// newest file's modification time for a directory).
	Date     time.Time
	prefixes map[string][]netip.Prefix
}

//go:embed snapshot
var snapshotFS embed.FS

// SnapshotInfo describes the built-in snapshot (snapshot/sources.json).
type SnapshotInfo struct {
	Date    string        `json:"date"`
	Note    string        `json:"note"`
	Sources []RangeSource `json:"sources"`
}

// Snapshot returns the built-in ranges and their description.
func Snapshot() (*Ranges, SnapshotInfo, error) {
	var info SnapshotInfo
	b, err := snapshotFS.ReadFile("snapshot/sources.json")
	if err != nil {
		return nil, info, err
	}
	if err := json.Unmarshal(b, &info); err != nil {
		return nil, info, fmt.Errorf("snapshot/sources.json: %w", err)
	}
	sub, _ := fs.Sub(snapshotFS, "snapshot")
	r, err := loadRanges(sub)
	if err != nil {
		return nil, info, err
	}
	if r.Date, err = time.Parse(time.DateOnly, info.Date); err != nil {
		return nil, info, fmt.Errorf("snapshot/sources.json: date: %w", err)
	}
	return r, info, nil
}

// LoadRanges reads a directory of published range files (--bot-ranges),
// named as published; it replaces the built-in snapshot whole.
func LoadRanges(dir string) (*Ranges, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("bot ranges: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("bot ranges: %s is not a directory", dir)
	}
	return loadRanges(os.DirFS(dir))
}

// RangesFS reads range files, named as published, from fsys: LoadRanges
// of a file system that is not a directory (the demo's, docs/demo.md).
func RangesFS(fsys fs.FS) (*Ranges, error) { return loadRanges(fsys) }

func loadRanges(fsys fs.FS) (*Ranges, error) {
	r := &Ranges{prefixes: map[string][]netip.Prefix{}}
	for _, src := range RangeSources {
		f, err := fsys.Open(src.File)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		} else if err != nil {
			return nil, fmt.Errorf("bot ranges: %w", err)
		}
		if st, err := f.Stat(); err == nil && st.ModTime().After(r.Date) {
			r.Date = st.ModTime().UTC()
		}
		p, err := ParseRangeFile(io.LimitReader(f, maxRangeFile+1))
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("bot ranges: %s: %w", src.File, err)
		}
		r.prefixes[src.File] = p
	}
	return r, nil
}

// maxRangeFile caps a published range file (the largest, googlebot.json,
// is tens of kilobytes).
const maxRangeFile = 4 << 20

// ParseRangeFile reads the published format:
// {"prefixes":[{"ipv4Prefix":"…"},{"ipv6Prefix":"…"}]}; other members
// (creationTime, syncToken) are ignored.
func ParseRangeFile(r io.Reader) ([]netip.Prefix, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(b) > maxRangeFile {
		return nil, fmt.Errorf("larger than %d bytes", maxRangeFile)
	}
	var doc struct {
		Prefixes *[]struct {
			IPv4 string `json:"ipv4Prefix"`
			IPv6 string `json:"ipv6Prefix"`
		} `json:"prefixes"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("not JSON of the published shape: %w", err)
	}
	if doc.Prefixes == nil {
		return nil, errors.New(`no "prefixes" member`)
	}
	out := []netip.Prefix{}
	for i, e := range *doc.Prefixes {
		s := e.IPv4
		if s == "" {
			s = e.IPv6
		}
		p, err := netip.ParsePrefix(strings.TrimSpace(s))
		if err != nil {
			return nil, fmt.Errorf("prefixes[%d]: %q is not a prefix", i, s)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// Files lists the loaded files with their prefix counts.
func (r *Ranges) Files() map[string]int {
	out := map[string]int{}
	for f, p := range r.prefixes {
		out[f] = len(p)
	}
	return out
}

// Verify returns the verdict on an agent seen from addr.
func (r *Ranges) Verify(a *Agent, addr netip.Addr) Verification {
	if r == nil || a.Ranges == "" || len(r.prefixes[a.Ranges]) == 0 {
		return Unverified
	}
	addr = addr.Unmap()
	if slices.ContainsFunc(r.prefixes[a.Ranges], func(p netip.Prefix) bool { return p.Contains(addr) }) {
		return Verified
	}
	return Spoofed
}

// UpdateRanges fetches every file of RangeSources into dir, each from its
// URL, or from base + "/" + file when base is set (a mirror). A file is
// checked to be of the published shape and written whole (a temporary
// file renamed) or not at all; the files fetched are returned, and the
// first error after trying them all.
func UpdateRanges(ctx context.Context, client *http.Client, base, dir string) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var done []string
	var first error
	for _, src := range RangeSources {
		u := src.URL
		if base != "" {
			u = strings.TrimSuffix(base, "/") + "/" + src.File
		}
		err := fetchRange(ctx, client, u, filepath.Join(dir, src.File))
		if err != nil {
			if first == nil {
				first = fmt.Errorf("%s: %w", u, err)
			}
			continue
		}
		done = append(done, src.File)
	}
	return done, first
}

func fetchRange(ctx context.Context, client *http.Client, u, path string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("HTTP %d", resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxRangeFile+1))
	if err != nil {
		return err
	}
	if _, err := ParseRangeFile(strings.NewReader(string(b))); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".ranges-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
