// Command genwords writes the English word list the analyzer embeds
// (internal/analyze/words.txt.gz) from a Debian word list: every entry of at
// least two ASCII letters as it is written — ordinary words in lowercase,
// proper nouns ("Monday", "Columbia") capitalized; no possessives, no accented
// words — one a line, sorted, gzip-compressed without a timestamp so the
// output is reproducible.
//
//	apt-get install wamerican   # SCOWL size 50, /usr/share/dict/american-english
//	go run ./internal/analyze/internal/genwords -in /usr/share/dict/american-english -out internal/analyze/words.txt.gz
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"slices"
)

func main() {
	in := flag.String("in", "/usr/share/dict/american-english", "word list, one word a line")
	out := flag.String("out", "words.txt.gz", "output file")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "genwords:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	var words []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w := sc.Text(); isLetters(w) {
			words = append(words, w)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	slices.Sort(words)
	words = slices.Compact(words)
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return err
	}
	for _, w := range words {
		fmt.Fprintln(zw, w)
	}
	if err := zw.Close(); err != nil {
		return err
	}
	fmt.Printf("%d words, %d bytes compressed\n", len(words), buf.Len())
	return os.WriteFile(out, buf.Bytes(), 0o644)
}

// isLetters reports words of at least two ASCII letters.
func isLetters(w string) bool {
	if len(w) < 2 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}
