package lint_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/format"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

func compare(before, after string, opt lint.CompareOptions) *lint.Comparison {
	return lint.CompareFiles(syntax.Parse([]byte(before)), syntax.Parse([]byte(after)), opt)
}

// findChange returns the change of agent to allowed decided after by line
// afterLine, or fails.
func findChange(t *testing.T, c *lint.Comparison, agent string, allowed bool, afterLine int) lint.VerdictChange {
	t.Helper()
	for _, ch := range c.Changes {
		if ch.Agent == agent && ch.Allowed == allowed && ch.AfterLine == afterLine {
			return ch
		}
	}
	t.Fatalf("no change of %s to allowed=%v by line %d among %+v", agent, allowed, afterLine, c.Changes)
	return lint.VerdictChange{}
}

var defaultProfileNames = []string{"google", "bing", "yandex", "rfc9309"}

// TestCompareOneCharacter: dropping the slash of "Disallow: /p/" blocks
// /products/ for every crawler the file addresses, which the change names
// by its new line, with the given URL first among the examples.
func TestCompareOneCharacter(t *testing.T) {
	before := "User-agent: *\nDisallow: /private\nDisallow: /p/\n"
	after := "User-agent: *\nDisallow: /private\nDisallow: /p\n"
	c := compare(before, after, lint.CompareOptions{URLs: []string{"/p/q", "/products/shoe", "/about"}})
	ch := findChange(t, c, "*", false, 2)
	if !slices.Equal(ch.Profiles, defaultProfileNames) {
		t.Errorf("profiles %v, want %v", ch.Profiles, defaultProfileNames)
	}
	if ch.AfterRule != "Disallow: /p" || ch.BeforeLine != -1 || ch.BeforeReason != "no rule" || ch.AfterReason != "rule" {
		t.Errorf("change %+v: want by line 2 `Disallow: /p`, was allowed by no rule", ch)
	}
	if ch.Given != 1 || len(ch.Examples) == 0 || ch.Examples[0] != "/products/shoe" {
		t.Errorf("given %d, examples %v: want /products/shoe first, the one given URL that changes", ch.Given, ch.Examples)
	}
	if ch.Count < 2 || len(ch.Examples) > 5 {
		t.Errorf("count %d, %d examples: want probes such as /px too, and at most 5 examples", ch.Count, len(ch.Examples))
	}
	for _, other := range c.Changes {
		if other.Allowed {
			t.Errorf("nothing becomes allowed, yet %+v", other)
		}
	}
	// Googlebot, bingbot and Yandex read the * group, so their changes are
	// those of "*".
	for _, agent := range []string{"*", "Googlebot", "bingbot", "Yandex"} {
		if !slices.Contains(c.Agents, agent) {
			t.Errorf("agents %v lack %s", c.Agents, agent)
		}
	}
	if len(c.Changes) != 1 || len(c.Moves) != 0 {
		t.Errorf("want one change and no move, got %+v and %+v", c.Changes, c.Moves)
	}
	if c.Compared.Given != 3 || c.Compared.Probes == 0 || c.Compared.Profiles != 4 {
		t.Errorf("compared %+v", c.Compared)
	}
}

// TestCompareMergedGroup: merging bingbot's group into the * group
// changes no verdict here, since both held the same rule, but bingbot now
// reads another group, which is reported.
func TestCompareMergedGroup(t *testing.T) {
	before := "User-agent: bingbot\nDisallow: /private/\n\nUser-agent: *\nDisallow: /private/\n"
	after := "User-agent: bingbot\nUser-agent: *\nDisallow: /private/\n"
	c := compare(before, after, lint.CompareOptions{})
	if len(c.Changes) != 0 {
		t.Errorf("no verdict changes, yet %+v", c.Changes)
	}
	i := slices.IndexFunc(c.Moves, func(m lint.GroupMove) bool { return m.Agent == "bingbot" })
	if i < 0 {
		t.Fatalf("no move of bingbot among %+v", c.Moves)
	}
	m := c.Moves[i]
	if !slices.Equal(m.Profiles, defaultProfileNames) {
		t.Errorf("profiles %v, want %v", m.Profiles, defaultProfileNames)
	}
	want := "bingbot now reads the group of bingbot, * at line 1, not its own group at line 1: its own group at line 1 was merged into the group at line 1"
	if m.Message != want {
		t.Errorf("message\n%s\nwant\n%s", m.Message, want)
	}
	if len(m.BeforeGroups) != 1 || len(m.AfterGroups) != 1 || !slices.Equal(m.AfterGroups[0].Agents, []string{"bingbot", "*"}) || m.AfterGroups[0].Rules != 1 {
		t.Errorf("groups %+v -> %+v", m.BeforeGroups, m.AfterGroups)
	}
}

// TestCompareLostRules: a group whose rules are all deleted is a move,
// and its crawler's verdicts change.
func TestCompareLostRules(t *testing.T) {
	before := "User-agent: *\nDisallow: /\n\nUser-agent: bingbot\nDisallow: /b\n"
	after := "User-agent: *\nDisallow: /\n\nUser-agent: bingbot\n"
	c := compare(before, after, lint.CompareOptions{Targets: []*match.Profile{match.Bing}})
	if len(c.Moves) != 1 || c.Moves[0].Message != "bingbot reads the same groups, but its own group at line 4 lost every rule" {
		t.Errorf("moves %+v", c.Moves)
	}
	ch := findChange(t, c, "bingbot", true, -1)
	if ch.BeforeLine != 4 || ch.AfterReason != "no rule" {
		t.Errorf("change %+v", ch)
	}
	// The 1994 standard has no record of user-agent lines alone: bingbot
	// falls back to the * record, which disallows everything.
	c = compare(before, after, lint.CompareOptions{Targets: []*match.Profile{match.Legacy}})
	if len(c.Moves) != 1 || c.Moves[0].Message != "bingbot now reads the * group at line 1, not its own group at line 4" {
		t.Errorf("legacy moves %+v", c.Moves)
	}
	ch = findChange(t, c, "bingbot", false, 1)
	if ch.AfterRule != "Disallow: /" || !slices.Contains(ch.Examples, "/x") {
		t.Errorf("legacy change %+v", ch)
	}
}

// TestCompareSplitGroup: a group of two crawlers split in two keeps
// their verdicts and moves both.
func TestCompareSplitGroup(t *testing.T) {
	before := "User-agent: a\nUser-agent: b\nDisallow: /x\n"
	after := "User-agent: a\nDisallow: /x\n\nUser-agent: b\nDisallow: /x\n"
	c := compare(before, after, lint.CompareOptions{Targets: []*match.Profile{match.Google}})
	if len(c.Changes) != 0 {
		t.Errorf("no verdict changes, yet %+v", c.Changes)
	}
	var got []string
	for _, m := range c.Moves {
		got = append(got, m.Message)
	}
	want := []string{
		"a now reads its own group at line 1, not the group of a, b at line 1: the group of a, b at line 1 was split",
		"b now reads its own group at line 4, not the group of a, b at line 1: the group of a, b at line 1 was split",
	}
	if !slices.Equal(got, want) {
		t.Errorf("moves\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCompareBlankLine: a blank line inside a group ends it for Yandex
// and the 1994 standard, whose crawlers then read the rule after it in no
// group; Google, Bing and RFC 9309 crawlers read the file as before.
func TestCompareBlankLine(t *testing.T) {
	before := "User-agent: *\nDisallow: /a\nDisallow: /b\n"
	after := "User-agent: *\nDisallow: /a\n\nDisallow: /b\n"
	targets := append(lint.DefaultTargets(), match.Legacy)
	c := compare(before, after, lint.CompareOptions{Targets: targets})
	ch := findChange(t, c, "*", true, -1)
	if !slices.Equal(ch.Profiles, []string{"yandex", "legacy"}) || ch.BeforeLine != 2 || ch.AfterReason != "no rule" {
		t.Errorf("change %+v: want /b newly allowed for yandex and legacy only", ch)
	}
	if !slices.Contains(ch.Examples, "/b") {
		t.Errorf("examples %v lack /b", ch.Examples)
	}
	for _, other := range c.Changes {
		if slices.Contains(other.Profiles, "google") || slices.Contains(other.Profiles, "rfc9309") {
			t.Errorf("google and rfc9309 read the same rules, yet %+v", other)
		}
	}
}

// TestCompareNoChange: files that crawlers read alike compare equal: the
// same file, one with other comments, one reformatted by robotslint fmt.
func TestCompareNoChange(t *testing.T) {
	messy := "# shop\nuser-agent:Googlebot\nuser-agent : bingbot\n  disallow:/cart # cart\nALLOW: /cart/help\n\n\n" +
		"User-agent: *\r\nDisallow: /search?\r\nDisallow: /*.pdf$\r\nCrawl-delay: 5\r\nSitemap: https://example.com/s.xml\r\n"
	recommented := strings.ReplaceAll(strings.ReplaceAll(messy, "# cart", "# the cart, see JIRA-12"), "# shop", "# shop\n# reviewed 2026")
	targets := append(lint.DefaultTargets(), match.Legacy)
	for name, after := range map[string]string{
		"same":      messy,
		"comments":  recommented,
		"formatted": string(format.Format([]byte(messy))),
	} {
		if name != "same" && after == messy {
			t.Fatalf("%s: the edit changed nothing", name)
		}
		c := compare(messy, after, lint.CompareOptions{URLs: []string{"/cart", "/cart/help", "/x.pdf"}, Targets: targets})
		if c.Changed() {
			t.Errorf("%s: changes %+v, moves %+v", name, c.Changes, c.Moves)
		}
		if c.Compared.Probes < 10 || c.Compared.Agents < 4 {
			t.Errorf("%s: compared %+v: the probes and crawlers of the file are missing", name, c.Compared)
		}
	}
}

// TestCompareOrder: changes are ordered by most URLs first, then crawler.
func TestCompareOrder(t *testing.T) {
	before := "User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /x$\n"
	after := "User-agent: a\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n"
	c := compare(before, after, lint.CompareOptions{})
	if len(c.Changes) < 2 {
		t.Fatalf("changes %+v", c.Changes)
	}
	for i := 1; i < len(c.Changes); i++ {
		if c.Changes[i-1].Count < c.Changes[i].Count {
			t.Errorf("change %d has fewer URLs than change %d: %+v", i-1, i, c.Changes)
		}
	}
	again := compare(before, after, lint.CompareOptions{})
	if fmt.Sprint(again) != fmt.Sprint(c) {
		t.Errorf("two comparisons differ:\n%+v\n%+v", c, again)
	}
}

// TestCompareProperty compares random pairs of corpus files, and corpus
// files with random edits of themselves, on a URL list: for every crawler
// CompareFiles asks and every profile, the number of listed URLs whose
// verdict differs, as Compile and Check give them directly, is the number
// the changes count as given for that crawler, or for "*" when it reads
// the same groups as a crawler the files do not name (it then has no
// change of its own).
func TestCompareProperty(t *testing.T) {
	paths := linttest.CorpusFiles(t)
	// Files of up to 32 KiB: two unrelated large files differ for every
	// crawler on every URL, which makes a pair cost seconds and tests
	// nothing more.
	var files [][]byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) <= 32<<10 {
			files = append(files, data)
		}
	}
	rng := rand.New(rand.NewPCG(19, 2026))
	targets := append(lint.DefaultTargets(), match.Legacy)
	pairs := 300
	if testing.Short() {
		pairs = 60
	}
	changed := 0
	for n := range pairs {
		before := files[rng.IntN(len(files))]
		var after []byte
		if n%3 == 0 {
			after = files[rng.IntN(len(files))]
		} else {
			after = randomEdit(rng, before)
		}
		fb, fa := syntax.Parse(before), syntax.Parse(after)
		urls := propertyURLs(rng, fb, fa)
		c := lint.CompareFiles(fb, fa, lint.CompareOptions{URLs: urls, Targets: targets})
		if c.Changed() {
			changed++
		}
		given := func(agent, profile string) (n int, any bool) {
			for _, ch := range c.Changes {
				if ch.Agent == agent && slices.Contains(ch.Profiles, profile) {
					n += ch.Given
					any = true
				}
			}
			return n, any
		}
		for _, p := range targets {
			rb, ra := match.Compile(fb, p), match.Compile(fa, p)
			for _, agent := range c.Agents {
				query := agent
				if agent == "*" {
					query = "UnknownRobotslintBot"
				}
				want := 0
				for _, u := range urls {
					if rb.Check(query, u).Allowed != ra.Check(query, u).Allowed {
						want++
					}
				}
				got, any := given(agent, p.Name)
				if !any && want > 0 {
					got, _ = given("*", p.Name)
				}
				if got != want {
					t.Fatalf("pair %d, %s, %s: %d listed URLs change verdict, the changes count %d\nbefore:\n%s\nafter:\n%s", n, p.Name, agent, want, got, clip(before), clip(after))
				}
			}
		}
	}
	if changed < pairs/3 {
		t.Errorf("only %d of %d pairs changed anything: the edits are too weak to test", changed, pairs)
	}
}

func clip(b []byte) []byte { return b[:min(len(b), 2000)] }

// randomEdit returns src with one line deleted, duplicated or swapped with
// the next, a byte of a path changed, or a blank line inserted.
func randomEdit(rng *rand.Rand, src []byte) []byte {
	lines := bytes.SplitAfter(src, []byte("\n"))
	if len(lines) < 2 {
		return append([]byte("User-agent: *\nDisallow: /\n"), src...)
	}
	i := rng.IntN(len(lines) - 1)
	out := slices.Clone(lines)
	switch rng.IntN(5) {
	case 0:
		out = slices.Delete(out, i, i+1)
	case 1:
		out = slices.Insert(out, i, lines[i])
	case 2:
		out[i], out[i+1] = out[i+1], out[i]
	case 3:
		// A byte of a path, or of the line when it has none.
		line := slices.Clone(lines[i])
		at := bytes.IndexByte(line, '/')
		if at < 0 || at+1 >= len(line) {
			at = rng.IntN(len(line))
		} else {
			at += rng.IntN(len(line) - at)
		}
		line[at] = "/ap*$x-"[rng.IntN(7)]
		out[i] = line
	default:
		out = slices.Insert(out, i, []byte("\n"))
	}
	return bytes.Join(out, nil)
}

// propertyURLs returns URLs to list for a pair of files: paths around the
// values of their lines, made without the engine's probes, and some of the
// benchmark's URLs when present.
func propertyURLs(rng *rand.Rand, files ...*syntax.File) []string {
	var urls []string
	for _, f := range files {
		for i := range f.Lines {
			l := &f.Lines[i]
			if l.Kind != syntax.LineDirective {
				continue
			}
			v := string(f.Text(l.Value()))
			if !strings.HasPrefix(v, "/") || rng.IntN(3) > 0 {
				continue
			}
			v = strings.TrimSuffix(strings.ReplaceAll(v, "*", "z"), "$")
			urls = append(urls, v, v+"a", v[:len(v)-1]+"/")
		}
	}
	urls = append(urls[:min(len(urls), 120)], "/", "/robots.txt", "/index.html", "/a/b?c=d")
	// CompareFiles asks a URL given twice once.
	slices.Sort(urls)
	return slices.Compact(urls)
}
