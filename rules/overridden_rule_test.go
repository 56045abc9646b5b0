package rules

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// The crawlers and paths the differential tests ask about, and the
// targets they lint with.
var (
	diffCrawlers = []string{"Googlebot", "Bingbot", "YandexBot", "YandexImages", "Yandex", "OtherBot"}
	diffPaths    = append(smallStrings("/", "ab/", 5), "/a/index.html", "/b/index.html", "/a/index.htmlx")
	diffTargets  = [][]*match.Profile{lint.DefaultTargets(), {match.Google}, {match.Yandex}, {match.RFC9309, match.Legacy}}
)

// smallFiles returns n generated small files that mix wildcards, anchors,
// index.html rules, repeated and blank-separated groups for crawlers whose
// names overlap.
func smallFiles(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	agents := []string{"*", "Googlebot", "Bingbot", "Yandex", "YandexBot"}
	pattern := func() string {
		if rng.IntN(8) == 0 {
			return []string{"/a/index.html", "/b/index.html", "/a/", "/*index.html"}[rng.IntN(4)]
		}
		var b strings.Builder
		b.WriteByte("/*"[rng.IntN(4)/3])
		for range rng.IntN(4) {
			b.WriteByte("ab/*"[rng.IntN(4)])
		}
		if rng.IntN(4) == 0 {
			b.WriteByte('$')
		}
		return b.String()
	}
	files := make([]string, n)
	for i := range files {
		var src strings.Builder
		for range 1 + rng.IntN(3) {
			for range 1 + rng.IntN(2) {
				src.WriteString("User-agent: " + agents[rng.IntN(len(agents))] + "\n")
			}
			for range 1 + rng.IntN(5) {
				if rng.IntN(12) == 0 {
					src.WriteString("\n")
				}
				kind := "Disallow"
				if rng.IntN(2) == 0 {
					kind = "Allow"
				}
				src.WriteString(kind + ": " + pattern() + "\n")
			}
			if rng.IntN(2) == 0 {
				src.WriteString("\n")
			}
		}
		files[i] = src.String()
	}
	return files
}

// TestOverriddenRuleDifferential lints generated small files and checks
// every rule overridden-rule reports against the matcher: for no crawler
// and no URL may the reported line decide a verdict, in any longest-match
// profile targeted.
func TestOverriddenRuleDifferential(t *testing.T) {
	reported := 0
	for n, src := range smallFiles(15, 3000) {
		targets := diffTargets[n%len(diffTargets)]
		f := syntax.Parse([]byte(src))
		diags := lint.LintFile(f, []*lint.Rule{OverriddenRule}, &lint.Config{Targets: targets})
		if len(diags) == 0 {
			continue
		}
		for _, p := range targets {
			if p == match.Legacy {
				continue
			}
			robots := match.Compile(f, p)
			for _, d := range diags {
				line := f.LineAt(d.Span.Start)
				// Google still follows an index.html rule for its
				// directory when the message says so.
				if p == match.Google && strings.Contains(d.Message, "Google still follows") {
					continue
				}
				reported++
				for _, c := range diffCrawlers {
					for _, path := range diffPaths {
						if v := robots.Check(c, path); v.Reason == match.ReasonRule && v.Line == line {
							t.Fatalf("%s: %s decides %s for %s, but overridden-rule says:\n%s\nin\n%s", p.Name, lineRef(int32(line)), path, c, d.Message, src)
						}
					}
				}
			}
		}
	}
	if reported < 100 {
		t.Errorf("only %d findings checked: the generator misses the rule", reported)
	}
	t.Logf("%d findings checked", reported)
}

// TestRedundantRuleDifferential lints generated small files and checks
// each rule redundant-rule reports, within a group or across the groups
// crawlers merge, against the matcher: deleting it alone, or all of them
// at once, changes no verdict of any crawler for any URL, in any profile
// targeted.
func TestRedundantRuleDifferential(t *testing.T) {
	reported, across := 0, 0
	for n, src := range smallFiles(16, 2000) {
		targets := diffTargets[n%len(diffTargets)]
		diags := lint.Lint([]byte(src), []*lint.Rule{RedundantRule}, &lint.Config{Targets: targets})
		// Each finding alone, then all of them at once.
		for i := range len(diags) + 1 {
			d := lint.Diagnostic{Message: "all of them"}
			fix := diags
			if i < len(diags) {
				d, fix = diags[i], diags[i:i+1]
				reported++
				if strings.Contains(d.Message, "another group") {
					across++
				}
			}
			fixed, _ := lint.ApplyFixes([]byte(src), fix, true)
			before, after := syntax.Parse([]byte(src)), syntax.Parse(fixed)
			for _, p := range targets {
				rb, ra := match.Compile(before, p), match.Compile(after, p)
				for _, c := range diffCrawlers {
					for _, path := range diffPaths {
						if vb, va := rb.Check(c, path), ra.Check(c, path); vb.Allowed != va.Allowed {
							t.Fatalf("%s: deleting the line redundant-rule reports changes %s for %s:\n%s\nin\n%s", p.Name, path, c, d.Message, src)
						}
					}
				}
			}
		}
	}
	if reported < 100 || across < 10 {
		t.Errorf("only %d findings checked, %d across groups: the generator misses the rule", reported, across)
	}
	t.Logf("%d findings checked, %d across groups", reported, across)
}
