package rules

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

var update = flag.Bool("update", false, "rewrite the fix goldens of the rule cases")

// A rule case is a robots.txt file under testdata/rules/RULE/ whose
// comments say which diagnostics it must produce, as analysistest's
// "// want" does:
//
//	Disalow: /x   # want "misspelled-directive"
//	              # want+1 "blank-line-in-group"   (the next line)
//	# want@3 "rule: part of the message"           (line 3)
//
// A line "# test-targets: google,legacy" sets the target profiles. Files
// that cannot hold comments (UTF-16, binary) list their expectations in a
// sidecar NAME.want, one "LINE RULE" a line. Every diagnostic must be
// wanted and every want met. When the safe fixes change the file, the
// result must equal NAME.golden; when the unsafe ones change it further,
// NAME.unsafe.golden (go test -update rewrites both).

// caseWant is one expected diagnostic.
type caseWant struct {
	line    int // 1-based
	rule    string
	message string // a part of the message, or ""
	met     bool
}

var wantRE = regexp.MustCompile(`#\s*want(@\d+|[+-]\d+)?((?:\s+"[^"]*")+)`)
var quotedRE = regexp.MustCompile(`"[^"]*"`)

func parseWants(t *testing.T, path string, f *syntax.File) ([]*caseWant, []*match.Profile) {
	var wants []*caseWant
	var targets []*match.Profile
	for i := range f.Lines {
		text := string(f.Text(f.Lines[i].Text()))
		if rest, ok := strings.CutPrefix(strings.TrimSpace(text), "# test-targets:"); ok {
			targets = []*match.Profile{}
			for _, name := range strings.Split(rest, ",") {
				p := match.LookupProfile(strings.TrimSpace(name))
				if p == nil {
					t.Fatalf("%s:%d: unknown profile %q", path, i+1, name)
				}
				targets = append(targets, p)
			}
		}
		for _, m := range wantRE.FindAllStringSubmatch(text, -1) {
			line := i + 1
			switch at := m[1]; {
			case strings.HasPrefix(at, "@"):
				line, _ = strconv.Atoi(at[1:])
			case at != "":
				n, _ := strconv.Atoi(at)
				line += n
			}
			for _, q := range quotedRE.FindAllString(m[2], -1) {
				rule, msg, _ := strings.Cut(strings.Trim(q, `"`), ": ")
				wants = append(wants, &caseWant{line: line, rule: rule, message: msg})
			}
		}
	}
	if side, err := os.ReadFile(path + ".want"); err == nil {
		for _, l := range strings.Split(strings.TrimSpace(string(side)), "\n") {
			var w caseWant
			if _, err := fmt.Sscan(l, &w.line, &w.rule); err != nil {
				t.Fatalf("%s.want: %q: %v", path, l, err)
			}
			wants = append(wants, &w)
		}
	}
	return wants, targets
}

// caseFiles returns the rule cases, by rule directory.
func caseFiles(t *testing.T) map[string][]string {
	dirs, err := filepath.Glob(filepath.Join("..", "testdata", "rules", "*"))
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]string{}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		cases[filepath.Base(dir)] = files
	}
	return cases
}

// lineOf is the 1-based line a diagnostic is on; the byte order mark
// counts as line 1.
func lineOf(f *syntax.File, d lint.Diagnostic) int {
	return max(f.LineAt(d.Span.Start), 0) + 1
}

// TestRuleCases runs every rule case: every diagnostic wanted, every want
// met, fixes equal to their goldens, safe fixes proven safe one by one, and
// fixing idempotent.
func TestRuleCases(t *testing.T) {
	for dir, files := range caseFiles(t) {
		if Lookup(dir) == nil {
			t.Errorf("testdata/rules/%s: no rule has that name", dir)
		}
		for _, path := range files {
			t.Run(dir+"/"+filepath.Base(path), func(t *testing.T) { runCase(t, path) })
		}
	}
}

func runCase(t *testing.T, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := syntax.Parse(src)
	wants, targets := parseWants(t, path, f)
	cfg := &lint.Config{Targets: targets}
	diags := lint.LintFile(f, All(), cfg)
	for _, d := range diags {
		if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
			t.Errorf("%s: %s: span %v outside the file", path, d.Rule, d.Span)
		}
		line := lineOf(f, d)
		i := slices.IndexFunc(wants, func(w *caseWant) bool {
			return !w.met && w.line == line && w.rule == d.Rule && strings.Contains(d.Message, w.message)
		})
		if i < 0 {
			t.Errorf("%s:%d: unexpected %s: %s", path, line, d.Rule, d.Message)
			continue
		}
		wants[i].met = true
	}
	for _, w := range wants {
		if !w.met {
			t.Errorf("%s:%d: no %s diagnostic%s", path, w.line, w.rule, ifMessage(w.message))
		}
	}

	// Each safe fix alone keeps Google's verdicts and moves the others'
	// only towards Google's.
	for _, d := range diags {
		for _, fix := range d.Fixes {
			if !fix.Safe {
				continue
			}
			after, applied := lint.ApplyFixes(src, []lint.Diagnostic{{Fixes: []lint.Fix{fix}}}, false)
			if len(applied) == 0 {
				t.Errorf("%s: the safe fix %q of %s does not apply", path, fix.Title, d.Rule)
				continue
			}
			if why := lint.CheckFixSafety(src, after, cfg.Targets); why != "" {
				t.Errorf("%s: the safe fix %q of %s is not safe: %s", path, fix.Title, d.Rule, why)
			}
		}
	}
	checkGolden(t, path+".golden", src, cfg, false)
	checkGolden(t, path+".unsafe.golden", src, cfg, true)
}

func ifMessage(m string) string {
	if m == "" {
		return ""
	}
	return fmt.Sprintf(" with %q in its message", m)
}

// checkGolden compares the fixed file with the golden, which exists only
// when fixing changes the file (for the unsafe golden, changes it beyond
// the safe fixes), and checks that fixing again changes nothing.
func checkGolden(t *testing.T, golden string, src []byte, cfg *lint.Config, unsafe bool) {
	fixed, _ := lint.FixAll(src, All(), cfg, unsafe)
	base := src
	if unsafe {
		base, _ = lint.FixAll(src, All(), cfg, false)
	}
	changed := !bytes.Equal(fixed, base)
	if again, _ := lint.FixAll(fixed, All(), cfg, unsafe); !bytes.Equal(again, fixed) {
		t.Errorf("%s: fixing twice changes the file again:\n%s", golden, again)
	}
	if *update {
		if changed {
			os.WriteFile(golden, fixed, 0o644)
		} else {
			os.Remove(golden)
		}
		return
	}
	want, err := os.ReadFile(golden)
	switch {
	case err != nil && changed:
		t.Errorf("%s is missing; the fixes give:\n%s", golden, fixed)
	case err == nil && !changed:
		t.Errorf("%s exists, but the fixes change nothing", golden)
	case err == nil && !bytes.Equal(fixed, want):
		t.Errorf("%s: the fixes give\n%s\nwant\n%s", golden, fixed, want)
	}
}
