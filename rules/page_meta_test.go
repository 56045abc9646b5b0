package rules

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// checkPageRule checks what TestRuleList checks of a page rule (ScopePage):
// RunPage and no Run, HTML examples that behave as documented (with the
// rule's example robots.txt and path), and page cases, only HTML ones,
// that show it firing, not firing, and fixing exactly when it is fixable.
func checkPageRule(t *testing.T, r *lint.Rule, cases []string) {
	if r.RunPage == nil || r.Run != nil {
		t.Errorf("%s: a page rule needs RunPage and no Run", r.Name)
	}
	if (r.ExampleRobots == "") != (r.ExamplePath == "") {
		t.Errorf("%s: ExampleRobots and ExamplePath go together", r.Name)
	}
	example := func(html string) *lint.PageInput {
		in := &lint.PageInput{Doc: page.ParseHTML([]byte(html)), Headers: r.ExampleHeaders, Path: r.ExamplePath, Now: exampleNow}
		if r.ExampleRobots != "" {
			in.Robots = syntax.Parse([]byte(r.ExampleRobots))
		}
		return in
	}
	if !firesOnPage(r, example(r.Flagged), &lint.Config{}) {
		t.Errorf("%s: the flagged example is not flagged:\n%s", r.Name, r.Flagged)
	}
	if r.Clean == "" || firesOnPage(r, example(r.Clean), &lint.Config{}) {
		t.Errorf("%s: the clean example is flagged or missing:\n%s", r.Name, r.Clean)
	}
	fired, quiet, fixed := false, false, false
	for _, path := range cases {
		if filepath.Ext(path) != ".html" {
			t.Errorf("%s: %s: a page rule's cases are HTML pages", r.Name, path)
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		_, in, cfg := readPageCase(t, path, src)
		if firesOnPage(r, in, cfg) {
			fired = true
		} else {
			quiet = true
		}
		for _, d := range lint.LintPage(in, All(), cfg) {
			if d.Rule == r.Name && len(d.Fixes) > 0 {
				fixed = true
			}
		}
	}
	if !fired || !quiet {
		t.Errorf("%s: testdata/rules/%s needs a case where it fires and one where it must not (fires %v, quiet %v)", r.Name, r.Name, fired, quiet)
	}
	if fixed != r.Fixable {
		t.Errorf("%s: Fixable is %v, but its test cases produce a fix: %v", r.Name, r.Fixable, fixed)
	}
}

// exampleNow is the time the page examples are linted at: any time after
// their past dates and before their future ones.
var exampleNow = time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)

// firesOnPage reports whether page rule r reports anything on the page in
// with every rule on.
func firesOnPage(r *lint.Rule, in *lint.PageInput, cfg *lint.Config) bool {
	for _, d := range lint.LintPage(in, All(), cfg) {
		if d.Rule == r.Name {
			return true
		}
	}
	return false
}
