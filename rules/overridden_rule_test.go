package rules

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// TestOverriddenRuleDifferential lints generated small files and checks
// every rule overridden-rule reports against the matcher: for no crawler
// and no URL may the reported line decide a verdict, in any longest-match
// profile targeted. The files mix wildcards, anchors, index.html rules,
// repeated and blank-separated groups.
func TestOverriddenRuleDifferential(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	agents := []string{"*", "Googlebot", "Bingbot", "Yandex", "YandexBot"}
	crawlers := []string{"Googlebot", "Bingbot", "YandexBot", "YandexImages", "Yandex", "OtherBot"}
	paths := append(smallStrings("/", "ab/", 5), "/a/index.html", "/b/index.html", "/a/index.htmlx")
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
	targetSets := [][]*match.Profile{lint.DefaultTargets(), {match.Google}, {match.Yandex}, {match.RFC9309, match.Legacy}}
	reported := 0
	for n := range 3000 {
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
		targets := targetSets[n%len(targetSets)]
		f := syntax.Parse([]byte(src.String()))
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
				for _, c := range crawlers {
					for _, path := range paths {
						if v := robots.Check(c, path); v.Reason == match.ReasonRule && v.Line == line {
							t.Fatalf("%s: %s decides %s for %s, but overridden-rule says:\n%s\nin\n%s", p.Name, lineRef(int32(line)), path, c, d.Message, src.String())
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
