package rules

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

var update = flag.Bool("update", false, "rewrite the fix goldens of the rule cases")

// The rule cases are the robots.txt files under testdata/rules/RULE/,
// in linttest's format: comments say which diagnostics each must produce,
// and goldens beside it what its fixes make of it (go test -update rewrites
// them).

// readCase parses a rule case and returns its expectations and the
// configuration it is linted with: its test-targets and test-site lines,
// if any.
func readCase(t *testing.T, path string, f *syntax.File) (*linttest.Case, *lint.Config) {
	lines := make([]string, len(f.Lines))
	for i := range f.Lines {
		lines[i] = string(f.Text(f.Lines[i].Text()))
	}
	c, err := linttest.ParseCase(path, lines)
	if err != nil {
		t.Fatal(err)
	}
	return c, &lint.Config{FileName: c.FileName, Site: c.Site, Targets: caseTargets(t, c)}
}

// caseTargets returns the profiles of a case's test-targets, or nil (the
// default targets) when it has none.
func caseTargets(t *testing.T, c *linttest.Case) []*match.Profile {
	if c.Targets == nil {
		return nil
	}
	targets := []*match.Profile{}
	for _, name := range c.Targets {
		p := match.LookupProfile(name)
		if p == nil {
			t.Fatalf("%s: unknown profile %q in test-targets", c.Path, name)
		}
		targets = append(targets, p)
	}
	return targets
}

// caseFiles returns the rule cases, by rule directory.
func caseFiles(t *testing.T) map[string][]string {
	return linttest.CaseFiles(t, filepath.Join("..", "testdata", "rules"))
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
			switch filepath.Ext(path) {
			case ".html":
				t.Run(dir+"/"+filepath.Base(path), func(t *testing.T) { runPageCase(t, path) })
				continue
			case ".xml", ".gz":
				t.Run(dir+"/"+filepath.Base(path), func(t *testing.T) { runSitemapCase(t, path) })
				continue
			}
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
	c, cfg := readCase(t, path, f)
	diags := lint.LintFile(f, All(), cfg)
	var got []linttest.Got
	for _, d := range diags {
		if d.Rule == MissingSitemap.Name && !c.WantsRule(d.Rule) && filepath.Base(filepath.Dir(path)) != d.Rule {
			// A hint about the whole file that fires on nearly every case,
			// which are cut down to show another rule: its own cases, and
			// those that want it, check it.
			continue
		}
		if d.Span.Start < 0 || d.Span.End > len(src) || d.Span.Start > d.Span.End {
			t.Errorf("%s: %s: span %v outside the file", path, d.Rule, d.Span)
		}
		got = append(got, linttest.Got{Line: lineOf(f, d), Rule: d.Rule, Message: d.Message})
	}
	for _, p := range c.Check(got) {
		t.Error(p)
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
	if err := linttest.CheckGolden(golden, fixed, changed, *update); err != nil {
		t.Error(err)
	}
}
