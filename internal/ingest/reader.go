package ingest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/sightline/sightline"
)

// recordReader yields the records of the input: the elements of a JSON
// array, or the non-blank lines of JSONL.
type recordReader struct {
	br    *bufio.Reader
	array *json.Decoder // nil for JSONL
	n     int           // line (JSONL) or element (array) number of the last record
}

// newRecordReader looks at the first non-blank byte to tell a JSON array
// from JSONL.
func newRecordReader(r io.Reader) (*recordReader, error) {
	br := bufio.NewReaderSize(r, 1<<20)
	first, skipped, err := peekNonSpace(br)
	if err == io.EOF {
		return &recordReader{}, nil
	} else if err != nil {
		return nil, fmt.Errorf("read input: %w", err)
	}
	rr := &recordReader{br: br, n: skipped}
	if first == '[' {
		rr.array, rr.n = json.NewDecoder(br), 0
		if _, err := rr.array.Token(); err != nil {
			return nil, arrayError("Input is not a valid JSON array", err)
		}
	}
	return rr, nil
}

// next appends the next record to c; false at the end of the input.
func (rr *recordReader) next(c *chunk) (bool, error) {
	switch {
	case rr.br == nil:
		return false, nil
	case rr.array != nil:
		return rr.nextElement(c)
	}
	for {
		data, err := rr.br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) { // a line longer than the buffer
			long := append([]byte(nil), data...)
			for errors.Is(err, bufio.ErrBufferFull) {
				data, err = rr.br.ReadSlice('\n')
				long = append(long, data...)
			}
			data = long
		}
		if err != nil && err != io.EOF {
			return false, fmt.Errorf("read input: %w", err)
		}
		if len(data) == 0 && err == io.EOF {
			return false, nil
		}
		rr.n++
		if data = bytes.TrimSpace(data); len(data) > 0 {
			// Lines share one buffer per chunk: one allocation, not one per line.
			at := len(c.buf)
			c.buf = append(c.buf, data...)
			c.lines = append(c.lines, rawLine{line: rr.n, data: c.buf[at:len(c.buf):len(c.buf)]})
			return true, nil
		}
		if err == io.EOF {
			return false, nil
		}
	}
}

func (rr *recordReader) nextElement(c *chunk) (bool, error) {
	if !rr.array.More() {
		rr.br = nil
		if _, err := rr.array.Token(); err != nil {
			return false, arrayError("Input is not a valid JSON array", err)
		}
		return false, nil
	}
	var raw json.RawMessage
	rr.n++
	if err := rr.array.Decode(&raw); err != nil {
		return false, arrayError(fmt.Sprintf("Record %d is not valid JSON", rr.n), err)
	}
	c.lines = append(c.lines, rawLine{line: rr.n, data: raw})
	return true, nil
}

// arrayError reports a malformed JSON array as INVALID_BODY, and a failure
// to read (such as a body over its size limit) as itself.
func arrayError(what string, err error) error {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return sightline.Errorf(sightline.EINVALIDBODY, "%s: %v.", what, err)
	}
	return fmt.Errorf("read input: %w", err)
}

// peekNonSpace skips leading blanks (and a UTF-8 byte order mark) and
// returns the first other byte, unread, and how many newlines it skipped.
func peekNonSpace(br *bufio.Reader) (byte, int, error) {
	newlines := 0
	for {
		c, err := br.ReadByte()
		if err != nil {
			return 0, newlines, err
		}
		switch c {
		case '\n':
			newlines++
		case ' ', '\t', '\r', 0xEF, 0xBB, 0xBF:
		default:
			return c, newlines, br.UnreadByte()
		}
	}
}
