package rules

import (
	"bytes"
	"os"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// The page rule cases are the HTML pages under testdata/rules/RULE/, in
// linttest's page case format: comments give the page's headers, URL path,
// robots.txt and "now", and say which diagnostics it must produce.

// readPageCase reads a page rule case: its expectations, the page input
// and the configuration it is linted with.
func readPageCase(t *testing.T, path string, src []byte) (*linttest.PageCase, *lint.PageInput, *lint.Config) {
	c, err := linttest.ParsePageCase(path, src)
	if err != nil {
		t.Fatal(err)
	}
	in := &lint.PageInput{Doc: page.ParseHTML(src), Headers: c.Headers, Path: c.Path, Now: c.Now}
	if c.Robots != nil {
		in.Robots = syntax.Parse(c.Robots)
	}
	return c, in, &lint.Config{Targets: caseTargets(t, &c.Case)}
}

// lintPageCase lints the page rule case at path with every rule.
func lintPageCase(t *testing.T, path string) (*linttest.PageCase, []byte, *lint.PageInput, *lint.Config, []lint.Diagnostic) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	c, in, cfg := readPageCase(t, path, src)
	return c, src, in, cfg, lint.LintPage(in, All(), cfg)
}

// runPageCase runs a page rule case: every diagnostic wanted, every want
// met, spans inside the text they index, fixes equal to their golden and
// fixing idempotent.
func runPageCase(t *testing.T, path string) {
	c, src, in, cfg, diags := lintPageCase(t, path)
	lines := pageLineStarts(src)
	var got []linttest.Got
	for _, d := range diags {
		text := src
		line := 0
		if d.Header > 0 {
			if d.Header > len(c.Headers) {
				t.Errorf("%s: %s: header %d of %d", path, d.Rule, d.Header, len(c.Headers))
				continue
			}
			text = []byte(c.Headers[d.Header-1])
			line = c.HeaderLines[d.Header-1]
			if len(d.Fixes) > 0 {
				t.Errorf("%s: %s: a finding in a header has a fix", path, d.Rule)
			}
		}
		if d.Span.Start < 0 || d.Span.End > len(text) || d.Span.Start > d.Span.End {
			t.Errorf("%s: %s: span %v outside its text", path, d.Rule, d.Span)
		}
		for _, r := range d.Related {
			if r.InRobotsTxt && (in.Robots == nil || r.Span.End > len(in.Robots.Bytes())) {
				t.Errorf("%s: %s: related span %v outside the robots.txt", path, d.Rule, r.Span)
			}
		}
		if d.Header == 0 {
			line = lineAtOffset(lines, d.Span.Start)
		}
		got = append(got, linttest.Got{Line: line, Rule: d.Rule, Message: d.Message})
	}
	for _, p := range c.Check(got) {
		t.Error(p)
	}

	// Fixes: every fix applies alone, and all of them together give the
	// golden, which fixing again leaves as it is.
	for _, d := range diags {
		for _, fix := range d.Fixes {
			if _, applied := lint.ApplyFixes(src, []lint.Diagnostic{{Fixes: []lint.Fix{fix}}}, true); len(applied) == 0 {
				t.Errorf("%s: the fix %q of %s does not apply", path, fix.Title, d.Rule)
			}
		}
	}
	checkPageGolden(t, path+".golden", src, in, cfg, false)
	checkPageGolden(t, path+".unsafe.golden", src, in, cfg, true)
}

// checkPageGolden compares the fixed page with the golden, which exists
// only when fixing changes the page (for the unsafe golden, changes it
// beyond the safe fixes), and checks that fixing again changes nothing.
func checkPageGolden(t *testing.T, golden string, src []byte, in *lint.PageInput, cfg *lint.Config, unsafe bool) {
	fixed := fixPage(src, in, cfg, unsafe)
	base := src
	if unsafe {
		base = fixPage(src, in, cfg, false)
	}
	if again := fixPage(fixed, in, cfg, unsafe); !bytes.Equal(again, fixed) {
		t.Errorf("%s: fixing twice changes the page again:\n%s", golden, again)
	}
	if err := linttest.CheckGolden(golden, fixed, !bytes.Equal(fixed, base), *update); err != nil {
		t.Error(err)
	}
}

// fixPage applies the page's fixes, safe ones only unless unsafe is set,
// with in's headers, path and robots.txt.
func fixPage(src []byte, in *lint.PageInput, cfg *lint.Config, unsafe bool) []byte {
	next := *in
	next.Doc = page.ParseHTML(src)
	fixed, _ := lint.FixPage(&next, All(), cfg, unsafe)
	return fixed
}

// pageLineStarts returns where each line of src starts.
func pageLineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineAtOffset returns the 1-based line of offset.
func lineAtOffset(starts []int, offset int) int {
	n := 0
	for n < len(starts) && starts[n] <= offset {
		n++
	}
	return max(n, 1)
}
