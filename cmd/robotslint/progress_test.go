package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time          { return c.t }
func (c *fakeClock) advance(d time.Duration) { c.t = c.t.Add(d) }

// screen is what a terminal shows of text written to it: a carriage
// return moves back to the start of the line, and text overwrites.
func screen(written string) string {
	var line []byte
	col := 0
	for i := 0; i < len(written); i++ {
		switch c := written[i]; c {
		case '\r':
			col = 0
		default:
			if col < len(line) {
				line[col] = c
			} else {
				line = append(line, c)
			}
			col++
		}
	}
	return string(line)
}

// set is the change of a progress bar's counts to c.
func set(c progressCounts) func(*progressCounts) {
	return func(to *progressCounts) { *to = c }
}

func TestProgressBar(t *testing.T) {
	clock := &fakeClock{t: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
	var term bytes.Buffer
	bar := newProgressBar(&term, 120, clock.now)

	bar.update(set(progressCounts{read: 0, found: 1}))
	if got, want := term.String(), "\rsitemaps: 0 of 1 read, 0 URLs checked, 0 bytes fetched"; got != want {
		t.Fatalf("first drawing %q, want %q", got, want)
	}

	// Within a tenth of a second, updates are recorded, not drawn.
	clock.advance(50 * time.Millisecond)
	before := term.Len()
	bar.update(set(progressCounts{read: 1, found: 21, urls: 50000, bytes: 4_200_000}))
	if term.Len() != before {
		t.Errorf("redrawn after 50ms: %q", term.String()[before:])
	}

	// A second on, the line shows the rate.
	clock.advance(950 * time.Millisecond)
	bar.update(set(progressCounts{read: 3, found: 21, urls: 152340, bytes: 12_400_000}))
	want := "sitemaps: 3 of 21 read, 152,340 URLs checked, 152,340 URLs/s, 12.4 MB fetched"
	if got := screen(term.String()); got != want {
		t.Errorf("screen %q, want %q", got, want)
	}

	// A shorter line blanks what the longer one left.
	clock.advance(time.Second)
	bar.update(set(progressCounts{read: 4, found: 21, urls: 1, bytes: 10}))
	if got, want := screen(term.String()), "sitemaps: 4 of 21 read, 1 URL checked, 0 URLs/s, 10 bytes fetched"; strings.TrimRight(got, " ") != want || len(got) < len("sitemaps: 3 of 21 read, 152,340 URLs checked, 152,340 URLs/s, 12.4 MB fetched") {
		t.Errorf("screen %q, want %q padded over the old line", got, want)
	}

	// The end erases the line and leaves the cursor at its start; nothing
	// is drawn after.
	bar.finish()
	if got := screen(term.String()); strings.TrimSpace(got) != "" {
		t.Errorf("after finish the screen shows %q", got)
	}
	if !strings.HasSuffix(term.String(), "\r") {
		t.Errorf("finish leaves the cursor away from the line's start: %q", term.String())
	}
	n := term.Len()
	clock.advance(time.Second)
	bar.update(set(progressCounts{read: 5, found: 21}))
	bar.finish()
	if term.Len() != n {
		t.Errorf("drawn after finish: %q", term.String()[n:])
	}

	// Drawings are at most ten a second, however many updates come.
	term.Reset()
	bar = newProgressBar(&term, 120, clock.now)
	for i := range 1000 {
		bar.update(set(progressCounts{read: i, found: 1000, urls: int64(i) * 100}))
		clock.advance(time.Millisecond)
	}
	if n := strings.Count(term.String(), "\r"); n != 10 {
		t.Errorf("%d drawings in one second of updates, want 10", n)
	}
}

func TestProgressBarNarrow(t *testing.T) {
	clock := &fakeClock{t: time.Unix(0, 0)}
	var term bytes.Buffer
	bar := newProgressBar(&term, 30, clock.now)
	bar.update(set(progressCounts{read: 1, found: 2, urls: 3, bytes: 4}))
	if got := screen(term.String()); len(got) != 29 || !strings.HasPrefix(got, "sitemaps: 1 of 2 read") {
		t.Errorf("on a 30-column terminal the line is %q (%d columns): it must stay under 30 so it does not wrap", got, len(got))
	}
}

func TestProgressBarNil(t *testing.T) {
	var bar *progressBar
	bar.update(set(progressCounts{read: 1}))
	bar.finish()
}

func TestStderrProgress(t *testing.T) {
	none := func(string) string { return "" }
	if bar := stderrProgress(&bytes.Buffer{}, false, none); bar != nil {
		t.Error("a progress bar on a buffer, which is no terminal")
	}
	// A pipe is no terminal either: go test's own stderr may be one.
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if bar := stderrProgress(w, false, none); bar != nil {
		t.Error("a progress bar on a pipe")
	}
}

func TestWantProgress(t *testing.T) {
	env := func(vars ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(vars); i += 2 {
				if vars[i] == k {
					return vars[i+1]
				}
			}
			return ""
		}
	}
	for _, tt := range []struct {
		name                     string
		terminal, reportOnStderr bool
		getenv                   func(string) string
		want                     bool
	}{
		{"terminal", true, false, env("TERM", "xterm-256color"), true},
		{"not a terminal", false, false, env(), false},
		{"CI", true, false, env("CI", "true"), false},
		{"dumb terminal", true, false, env("TERM", "dumb"), false},
		{"report on stderr", true, true, env(), false},
	} {
		if got := wantProgress(tt.terminal, tt.reportOnStderr, tt.getenv); got != tt.want {
			t.Errorf("%s: wantProgress = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestByteCount(t *testing.T) {
	for n, want := range map[int64]string{0: "0 bytes", 1: "1 byte", 999: "999 bytes", 1000: "1.0 kB", 64_000: "64.0 kB", 12_400_000: "12.4 MB", 52_428_800: "52.4 MB", 1_200_000_000: "1.2 GB"} {
		if got := byteCount(n); got != want {
			t.Errorf("byteCount(%d) = %q, want %q", n, got, want)
		}
	}
}
