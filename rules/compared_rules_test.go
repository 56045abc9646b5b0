package rules

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// TestComparisonDifferential compares the comparison, the path rules' view
// of a file's rules built from the profiles' layouts, with match.Compile
// for each profile, over the corpus and generated files: each rule's
// Google group, kind, pattern and priority, its RFC 9309, Yandex and
// blank-line groups and priorities, and the twins (repeats and conflicts)
// it finds. Written first against the private reading it replaced
// (pathModel), whose only disagreements were past 500 KiB.
func TestComparisonDifferential(t *testing.T) {
	var bodies []string
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "files", "*.txt"))
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, string(src))
	}
	rng := rand.New(rand.NewPCG(14, 14))
	for range 3000 {
		bodies = append(bodies, genPathModelFile(rng))
	}
	seen := map[string]int{}
	cases, special := 0, 0
	for _, body := range bodies {
		f := syntax.Parse([]byte(body))
		m := comparisonOf(f)
		if cutDirective(f) {
			special++
			continue
		}
		n, diffs := comparePathModel(f, m)
		cases += n
		for _, d := range diffs {
			// By design: the comparison holds the rules Google reads, and
			// legacy parsers read on past 500 KiB, where Google stops.
			if len(body) > syntax.SizeLimit {
				d = "past 500 KiB: " + d
			}
			if seen[d]++; seen[d] == 1 && len(seen) <= 40 && len(body) <= syntax.SizeLimit {
				t.Errorf("%s\nfile %q", d, body[:min(len(body), 400)])
			}
		}
	}
	t.Logf("%d files (%d left alone: Google cuts a directive line), %d (file, profile, line) cases compared, %d kinds of disagreement", len(bodies), special, cases, len(seen))
	for _, d := range slices.Sorted(maps.Keys(seen)) {
		t.Logf("%dx %s", seen[d], d)
	}
}

// comparePathModel returns the number of (profile, line) cases compared
// and the kinds of disagreement found.
func comparePathModel(f *syntax.File, m *comparison) (int, []string) {
	var diffs []string
	cases := 0
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }

	// Google.
	g := match.Compile(f, match.Google)
	type ruleAt struct {
		group int
		rule  *match.Rule
		extra *match.Rule
	}
	byLine := map[int]ruleAt{}
	for gi := range g.Groups {
		for k := range g.Groups[gi].Rules {
			r := &g.Groups[gi].Rules[k]
			if at, ok := byLine[r.Line]; ok {
				at.extra = r
				byLine[r.Line] = at
			} else {
				byLine[r.Line] = ruleAt{group: gi, rule: r}
			}
		}
	}
	if len(g.Groups) != len(m.groups) {
		add("google: %d groups, the comparison %d", len(g.Groups), len(m.groups))
	} else {
		for gi := range g.Groups {
			if !slices.Equal(g.Groups[gi].Agents, m.agents(int32(gi))) {
				add("google: group agents %q, the comparison %q", g.Groups[gi].Agents, m.agents(int32(gi)))
			}
		}
	}
	modelLines := map[int]*comparedRule{}
	for k := range m.rules {
		r := &m.rules[k]
		modelLines[int(r.line)] = r
		cases++
		at, ok := byLine[int(r.line)]
		if !ok {
			add("google: the comparison reads a rule Google does not")
			continue
		}
		if at.group != int(r.group) {
			add("google: group %d, the comparison %d", at.group, r.group)
		}
		if at.rule.Allow != r.allow {
			add("google: allow %v, the comparison %v", at.rule.Allow, r.allow)
		}
		if pat := string(m.pat(r)); pat != at.rule.Pattern || int32(len(pat)) != at.rule.Priority {
			add("google: pattern %q (%d), the comparison %q", at.rule.Pattern, at.rule.Priority, pat)
		}
		if (at.extra != nil) != r.indexHTML {
			add("google: index.html rule %v, the comparison %v", at.extra != nil, r.indexHTML)
		}
	}
	for line := range byLine {
		if modelLines[line] == nil {
			add("google: a rule the comparison does not read")
		}
	}

	// RFC 9309 and Bing; the blank-line readers.
	for _, p := range []*match.Profile{match.RFC9309, match.Yandex, match.Legacy} {
		c := match.Compile(f, p)
		read := map[int]bool{}
		for gi := range c.Groups {
			for k := range c.Groups[gi].Rules {
				rule := &c.Groups[gi].Rules[k]
				read[rule.Line] = true
				cases++
				r := modelLines[rule.Line]
				if r == nil {
					add("%s: reads a rule the comparison does not have", p.Name)
					continue
				}
				group := r.exact
				switch p {
				case match.Yandex:
					group = r.yandex
				case match.Legacy:
					group = r.blank
				}
				if int(group) != gi {
					add("%s: group %d, the comparison %d", p.Name, gi, group)
				}
				switch p {
				case match.RFC9309:
					if int32(len(rule.Pattern)) != r.rfcLen {
						add("rfc9309: priority %d, the comparison %d", len(rule.Pattern), r.rfcLen)
					}
					if (rule.Pattern == string(m.pat(r))) != r.rfcAsGoogle {
						add("rfc9309: pattern %q as Google's %q: %v, the comparison %v", rule.Pattern, m.pat(r), !r.rfcAsGoogle, r.rfcAsGoogle)
					}
				case match.Yandex:
					if r.yandexDrop {
						add("yandex: reads a rule the comparison drops")
					}
				}
			}
		}
		for _, r := range modelLines {
			var want bool
			switch p {
			case match.RFC9309:
				want = r.exact >= 0
			case match.Yandex:
				want = r.yandex >= 0 && !r.yandexDrop
			case match.Legacy:
				want = r.blank >= 0
			}
			if want && !read[int(r.line)] {
				add("%s: the comparison reads a rule the profile does not", p.Name)
			}
		}
	}

	// Twins: a repeat or conflict is an earlier rule with the same Google
	// pattern in a group of the same set of crawler tokens.
	setOf := func(gi int) string {
		a := slices.Clone(g.Groups[gi].Agents)
		slices.Sort(a)
		return strings.Join(slices.Compact(a), "\n")
	}
	type key struct {
		set, pat string
		allow    bool
	}
	first := map[key]int{}
	for k := range m.rules {
		r := &m.rules[k]
		at, ok := byLine[int(r.line)]
		if !ok {
			continue
		}
		s := setOf(at.group)
		wantSame, wantOther := -1, -1
		if j, ok := first[key{s, at.rule.Pattern, at.rule.Allow}]; ok {
			wantSame = j
		} else {
			first[key{s, at.rule.Pattern, at.rule.Allow}] = k
		}
		if j, ok := first[key{s, at.rule.Pattern, !at.rule.Allow}]; ok {
			wantOther = j
		}
		same, other := m.twinsOf(k)
		if int(same) != wantSame || int(other) != wantOther {
			add("twins: (%d, %d), the comparison (%d, %d)", wantSame, wantOther, same, other)
		}
	}
	return cases, diffs
}

// genPathModelFile returns a small robots.txt file drawn from the lines
// that group, escape and cut differently for the profiles.
func genPathModelFile(rng *rand.Rand) string {
	agents := []string{"*", "Googlebot", "googlebot/2.1", "Bingbot", "Yandex", "YandexBot", "* foo", "Foo Bar", "Bot123", "*bot", ""}
	patterns := []string{"", "/", "/*", "/a", "/a/", "/a/b", "/a/index.html", "/a/index.htm", "/a$", "/*.pdf$", "/%7ea", "/%7Ea",
		"/~a", "/%aa", "/%AA", "/caf\u00e9", "/a b", "a", "*a", "/a?b=c", "/%2f", "/%2F", "/a/%E2%82%AC", "/$"}
	keys := []string{"Allow", "Disallow", "allow", "DISALLOW", "Disalow", "Disallowed", "disallow"}
	var b strings.Builder
	for range 1 + rng.IntN(14) {
		switch n := rng.IntN(20); {
		case n < 5:
			fmt.Fprintf(&b, "User-agent: %s\n", agents[rng.IntN(len(agents))])
		case n < 6:
			fmt.Fprintf(&b, "useragent: %s\n", agents[rng.IntN(len(agents))])
		case n < 14:
			fmt.Fprintf(&b, "%s: %s\n", keys[rng.IntN(len(keys))], patterns[rng.IntN(len(patterns))])
		case n < 15:
			fmt.Fprintf(&b, "Disallow %s\n", patterns[rng.IntN(len(patterns))])
		case n < 17:
			b.WriteString("\n")
		case n < 18:
			b.WriteString("# comment\n")
		case n < 19:
			b.WriteString("Crawl-delay: 5\n")
		default:
			b.WriteString("Sitemap: https://example.com/s.xml\n")
		}
	}
	return b.String()
}

// comparisonOf returns the comparison of f as a run that targets every
// profile builds it.
func comparisonOf(f *syntax.File) *comparison {
	var c *comparison
	probe := &lint.Rule{Name: "probe", Severity: lint.Info, Run: func(pass *lint.Pass) { c = newComparison(pass) }}
	for _, d := range lint.LintFile(f, []*lint.Rule{probe}, &lint.Config{Targets: match.Profiles()}) {
		panic(d.Message)
	}
	return c
}
