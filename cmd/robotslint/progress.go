package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/robotslint/robotslint/lint/prose"
)

// progressInterval is the least time between two drawings of the progress
// line: ten a second reads as live, and costs nothing next to the work.
const progressInterval = 100 * time.Millisecond

// progressCounts are what the progress line shows of a sitemap walk.
type progressCounts struct {
	read, found int   // sitemaps read, and found so far (listed in robots.txt or an index)
	urls        int64 // URLs checked
	bytes       int64 // bytes fetched, as served: counted as they come, so the line moves during a long download
}

// progressBar draws the progress of a long sitemap walk on one line of a
// terminal, redrawn in place with a carriage return, and erases it at the
// end, so that only the report remains. It is safe for concurrent use.
type progressBar struct {
	w     io.Writer
	now   func() time.Time
	width int // the terminal's columns; the line stays shorter, so it never wraps

	mu     sync.Mutex
	start  time.Time
	drawn  time.Time // when the line was last drawn; zero before the first
	shown  int       // the length of the line on screen, to erase it
	latest progressCounts
	done   bool
}

// newProgressBar returns a bar drawing on w, a terminal width columns
// wide, with now as its clock.
func newProgressBar(w io.Writer, width int, now func() time.Time) *progressBar {
	if width <= 0 {
		width = 80
	}
	return &progressBar{w: w, now: now, width: width, start: now()}
}

// stderrProgress returns the progress bar for a walk, or nil when there
// should be none: when stderr is not a terminal, in CI (where logs are
// files and a redrawn line is noise), on a dumb terminal, or when the
// report itself goes to stderr.
func stderrProgress(stderr io.Writer, reportOnStderr bool, getenv func(string) string) *progressBar {
	f, ok := stderr.(*os.File)
	if !ok || !wantProgress(term.IsTerminal(int(f.Fd())), reportOnStderr, getenv) {
		return nil
	}
	width, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		width = 80
	}
	return newProgressBar(stderr, width, time.Now)
}

// wantProgress decides whether to draw a progress bar on stderr.
// CI is set by GitHub Actions, GitLab CI, CircleCI, Travis, Buildkite and
// most others, whose logs are files even when they emulate a terminal.
func wantProgress(terminal, reportOnStderr bool, getenv func(string) string) bool {
	return terminal && !reportOnStderr && getenv("CI") == "" && getenv("TERM") != "dumb"
}

// update changes the counts the line shows with change and redraws the
// line, unless it was drawn less than progressInterval ago. A nil bar
// draws nothing.
func (b *progressBar) update(change func(c *progressCounts)) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	change(&b.latest)
	now := b.now()
	if b.done || !b.drawn.IsZero() && now.Sub(b.drawn) < progressInterval {
		return
	}
	b.drawn = now
	b.draw(b.line(b.latest, now.Sub(b.start)))
}

// finish erases the line; the bar draws nothing after it.
func (b *progressBar) finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done {
		return
	}
	b.done = true
	if b.shown > 0 {
		fmt.Fprint(b.w, "\r"+strings.Repeat(" ", b.shown)+"\r")
		b.shown = 0
	}
}

// draw replaces the line on screen with line, blanking what the old one
// had beyond it.
func (b *progressBar) draw(line string) {
	if len(line) > b.width-1 {
		line = line[:b.width-1]
	}
	pad := ""
	if len(line) < b.shown {
		pad = strings.Repeat(" ", b.shown-len(line))
	}
	fmt.Fprint(b.w, "\r"+line+pad)
	b.shown = len(line)
}

// line is the progress line for counts c after elapsed, such as
// "sitemaps: 3 of 20 read, 152,340 URLs checked, 48,210 URLs/s, 12.4 MB
// fetched".
// The rate appears after the first second, when it means something.
func (b *progressBar) line(c progressCounts, elapsed time.Duration) string {
	s := fmt.Sprintf("sitemaps: %s of %s read, %s checked", prose.Int(c.read), prose.Int(c.found), prose.Count(int(c.urls), "URL", "URLs"))
	if elapsed >= time.Second {
		s += fmt.Sprintf(", %s URLs/s", prose.Int(int(float64(c.urls)/elapsed.Seconds())))
	}
	return s + ", " + byteCount(c.bytes) + " fetched"
}

// byteCount is n bytes in decimal units, as the sitemaps.org limit of
// 50 MB is written: "812 bytes", "64.0 kB", "12.4 MB", "1.2 GB".
func byteCount(n int64) string {
	switch {
	case n < 1000:
		return prose.Count(int(n), "byte", "bytes")
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1e3)
	case n < 1000*1000*1000:
		return fmt.Sprintf("%.1f MB", float64(n)/1e6)
	}
	return fmt.Sprintf("%.1f GB", float64(n)/1e9)
}
