package rules

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

var kebab = regexp.MustCompile(`^[a-z]+(-[a-z0-9]+)*$`)

// TestRuleList checks every rule's metadata: a unique kebab-case name, a
// summary in the house style, every documentation section (Fix safety
// exactly for the fixable rules), examples that behave as documented, and test cases that show it firing, not firing,
// and fixing exactly when it is fixable.
func TestRuleList(t *testing.T) {
	cases := caseFiles(t)
	seen := map[string]bool{}
	for _, r := range All() {
		if !kebab.MatchString(r.Name) || seen[r.Name] {
			t.Errorf("rule %q: the name must be unique kebab-case", r.Name)
		}
		seen[r.Name] = true
		s := r.Summary
		if s == "" || strings.HasSuffix(s, ".") || strings.ToLower(s[:1]) != s[:1] {
			t.Errorf("%s: the summary %q must be lower case, without a final period", r.Name, s)
		}
		if r.Doc.What == "" || r.Doc.Why == "" || r.Doc.Instead == "" {
			t.Errorf("%s: every documentation section must be written", r.Name)
		}
		switch hasSafety := r.Doc.FixSafety != ""; {
		case r.Fixable && !hasSafety:
			t.Errorf("%s: a fixable rule's documentation needs a Fix safety section: when is its fix safe, and what could it change for which crawler", r.Name)
		case !r.Fixable && hasSafety:
			t.Errorf("%s: the rule offers no fix, so its documentation must not have a Fix safety section", r.Name)
		}
		if r.Severity < lint.Error || r.Severity > lint.Hint {
			t.Errorf("%s: default severity %v", r.Name, r.Severity)
		}
		// Reading a configuration checks options by their declaration.
		for _, o := range r.Options {
			if !kebab.MatchString(o.Name) || o.Kind == 0 || !(o.Min <= o.Default && o.Default <= o.Max) {
				t.Errorf("%s: option %q needs a kebab-case name, a kind and a default in its range", r.Name, o.Name)
			}
		}
		if r.Scope == lint.ScopeFetch {
			// The command checks the fetch (cmd/robotslint's site tests);
			// there is no file to show or to fix. A fetch rule about a
			// sitemap a Sitemap line names is named for the sitemap.
			if !strings.HasPrefix(r.Name, "fetch-") && !strings.HasPrefix(r.Name, "sitemap-") || r.Run != nil || r.Fixable || r.Flagged != "" || r.Clean != "" || r.Unnecessary || len(cases[r.Name]) > 0 {
				t.Errorf("%s: a fetch rule wants a name starting with fetch- (or sitemap- for a sitemap's fetch), and no Run, fix, example files or rule cases", r.Name)
			}
			continue
		}
		if r.Scope == lint.ScopePage {
			checkPageRule(t, r, cases[r.Name])
			continue
		}
		if r.Scope == lint.ScopeSitemap {
			checkSitemapRule(t, r, cases[r.Name])
			continue
		}
		if r.RunPage != nil || r.ExampleRobots != "" || r.ExamplePath != "" || r.ExampleHeaders != nil {
			t.Errorf("%s: RunPage, ExampleRobots, ExamplePath and ExampleHeaders are for page rules (ScopePage)", r.Name)
		}
		if strings.HasPrefix(r.Name, "fetch-") || r.Scope != lint.ScopeFile {
			t.Errorf("%s: the prefix fetch- is for rules of ScopeFetch", r.Name)
		}
		// The examples show what the rule means under the default targets,
		// or, for a rule about crawlers not targeted by default (legacy),
		// with those crawlers targeted too; file-name's, which are one file
		// under two names, as Robots.txt.
		cfg := &lint.Config{}
		if r == FileName {
			cfg.FileName = "Robots.txt"
			if fires(r, r.Clean, &lint.Config{}) {
				t.Errorf("%s: the clean example is flagged under no name", r.Name)
			}
		}
		if !fires(r, r.Flagged, cfg) {
			targets := lint.DefaultTargets()
			for _, p := range r.Profiles {
				if !slices.Contains(targets, p) {
					targets = append(targets, p)
				}
			}
			cfg.Targets = targets
		}
		if !fires(r, r.Flagged, cfg) {
			// A rule about the site the file is served for needs one.
			cfg.Site = exampleSite
		}
		if !fires(r, r.Flagged, cfg) {
			t.Errorf("%s: the flagged example is not flagged:\n%s", r.Name, r.Flagged)
		}
		if r.Clean == "" || r != FileName && fires(r, r.Clean, cfg) {
			t.Errorf("%s: the clean example is flagged or missing:\n%s", r.Name, r.Clean)
		}
		fired, quiet, fixed := false, false, false
		for _, path := range cases[r.Name] {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if fires(r, string(src), caseConfig(t, path, src)) {
				fired = true
			} else {
				quiet = true
			}
			for _, d := range lint.Lint(src, All(), caseConfig(t, path, src)) {
				if d.Rule == r.Name && len(d.Fixes) > 0 {
					fixed = true
				}
			}
			_, err = os.Stat(path + ".golden")
			fixed = fixed || err == nil
		}
		if !fired || !quiet {
			t.Errorf("%s: testdata/rules/%s needs a case where it fires and one where it must not (fires %v, quiet %v)", r.Name, r.Name, fired, quiet)
		}
		if fixed != r.Fixable {
			t.Errorf("%s: Fixable is %v, but its test cases produce a fix: %v", r.Name, r.Fixable, fixed)
		}
	}
	for dir := range cases {
		if !seen[dir] {
			t.Errorf("%s: a case directory for no rule", filepath.Join("testdata", "rules", dir))
		}
	}
}

// exampleSite is the site the examples of the rules about the site a file
// is served for are linted with.
const exampleSite = "https://www.example.com"

// fires reports whether rule r reports anything in src with every rule on
// (suppression comments need the rule they suppress to run).
func fires(r *lint.Rule, src string, cfg *lint.Config) bool {
	for _, d := range lint.Lint([]byte(src), All(), cfg) {
		if d.Rule == r.Name {
			return true
		}
	}
	return false
}

// caseConfig is the configuration a rule case is linted with: its
// test-targets line, if any.
func caseConfig(t *testing.T, path string, src []byte) *lint.Config {
	_, cfg := readCase(t, path, syntax.Parse(src))
	return cfg
}
