package lint

import (
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// TestProveSafe checks ProveSafe on edits of line 1: Google's reading
// first, then the other targets' verdicts, and the budget.
func TestProveSafe(t *testing.T) {
	google := []*match.Profile{match.Google}
	tests := []struct {
		src     string
		at      int // where on line 1 the edit starts, from the line's start
		del     int // how many bytes it replaces
		insert  string
		targets []*match.Profile
		safe    bool
	}{
		// Google reads "Disallow /x" already; a colon keeps its reading.
		{"User-agent: *\nDisallow /x\n", 8, 0, ":", google, true},
		// The other targets then come to read it as Google does.
		{"User-agent: *\nDisallow /x\n", 8, 0, ":", DefaultTargets(), true},
		// Google reads a rule either side, but not the same one.
		{"User-agent: *\nDisalow: /x\n", 0, 7, "Allow", google, false},
		// Google stops at the vertical tab: a colon makes it read a rule
		// where it read none.
		{"User-agent: *\nDisallow\v/x\n", 8, 0, ":", google, false},
		// No profile reads a rule or user-agent line either side.
		{"User-agent: *\nCrawl-delay 5\n", 11, 0, ":", DefaultTargets(), true},
		// An edit outside the line proves nothing.
		{"User-agent: *\nDisallow /x\n", 20, 0, ":", google, false},
	}
	for _, tt := range tests {
		f := syntax.Parse([]byte(tt.src))
		start := f.Lines[1].Span.Start + tt.at
		p := &Pass{File: f, Targets: tt.targets}
		edits := []Edit{{Span: syntax.Span{Start: start, End: start + tt.del}, NewText: tt.insert}}
		if got := p.ProveSafe(1, edits); got != tt.safe {
			t.Errorf("%q, %q at %d: ProveSafe says %v", tt.src, tt.insert, tt.at, got)
		}
	}
}

// TestProveSafeBudget checks that a proof past the budget says unsafe
// rather than running long: a fix in a group of many rules, with many
// crawlers named, costs more than one run may spend.
func TestProveSafeBudget(t *testing.T) {
	var b strings.Builder
	for k := range 300 {
		b.WriteString("User-agent: bot" + strings.Repeat("x", k%26) + "\n")
	}
	b.WriteString("Disallow /x\n")
	for range 300 {
		b.WriteString("Disallow: /y\n")
	}
	f := syntax.Parse([]byte(b.String()))
	line := 300
	start := f.Lines[line].Span.Start + len("Disallow")
	p := &Pass{File: f, Targets: DefaultTargets()}
	if p.ProveSafe(line, []Edit{{Span: syntax.Span{Start: start, End: start}, NewText: ":"}}) {
		t.Error("a proof past the budget says safe")
	}
}
