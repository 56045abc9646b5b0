package rules

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// The rules read lines and groups through lint/match (line_reading.go,
// and crawlerView in blocks_everything.go); these tests hold those
// readings to match.Compile, which answers the queries of the
// command's test and the language server, over the corpus and over
// generated files that aim at the lines the readings split differently:
// NUL bytes, vertical tabs and form feeds, lines past Google's length
// limit, missing colons, misspelled and prefixed keys, byte order marks in
// a line. Every disagreement is a bug in one of them.

// readingFiles returns the files to compare: the corpus, when ../shared is
// there, and generated files.
func readingFiles(t *testing.T) map[string][]byte {
	files := map[string][]byte{}
	for _, p := range linttest.CorpusFilesIfPresent() {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = src
	}
	rng := rand.New(rand.NewPCG(0x6c696e6573, 0x726561646572))
	for k := range 3000 {
		files[fmt.Sprintf("generated-%04d", k)] = []byte(genReadingFile(rng))
	}
	return files
}

var (
	genReadingKeys = []string{
		"User-agent", "user-agent", "USER-AGENT", "User agent", "Useragent", "User-agents", "User_agent",
		"Allow", "allow", "Allowed", "Disallow", "disallow", "Disalow", "Dissallow", "Disallowed", "Diasllow",
		"Sitemap", "Site-map", "Crawl-delay", "Host", "Noindex", "Foo", "Dis allow", "\u00ef\u00bb\u00bfDisallow",
	}
	genReadingValues = []string{
		"*", "* x", "Googlebot", "googlebot/2.1", "Googlebot-Image", "bingbot", "BingBot/2.0", "MJ12bot", "*bot",
		"/", "/a", "/a/", "/*", "/*.php$", "/dir/index.html", "/ツ", "/%aa", "", "a b", "/a#c", "/a:b",
		"/a\x00b", "\x00/x", "/a\vb", "/\fx", "\v/x", "/a\x01b", "/\u200bx", "/\u00a0x", "https://example.com/s.xml",
	}
	genReadingSeps = []string{": ", ":", " : ", ":\t", " ", "\t", "\v", "\f", " \v ", "\x00: ", ":\x00", "\u00a0"}
	genReadingJunk = []string{
		"", "", "# comment", "Disallow /a /b", ": /x", "<html>", "garbage", "\v", "\x00", "Disallow", "# Disallow: /",
	}
)

// genReadingFile returns a file of lines built from the vocabulary above,
// a few of them past Google's line limit.
func genReadingFile(rng *rand.Rand) string {
	var b strings.Builder
	n := 1 + rng.IntN(14)
	eol := []string{"\n", "\r\n", "\r"}[rng.IntN(3)]
	for range n {
		switch k := rng.IntN(20); {
		case k < 3:
			b.WriteString(genReadingJunk[rng.IntN(len(genReadingJunk))])
		case k < 4:
			key := genReadingKeys[rng.IntN(len(genReadingKeys))]
			b.WriteString(key + ": /" + strings.Repeat("ab/", syntax.GoogleMaxLineBytes/3-len(key)/3+rng.IntN(3)) + "c")
		default:
			key := genReadingKeys[rng.IntN(len(genReadingKeys))]
			if k < 9 {
				key = []string{"User-agent", "Allow", "Disallow"}[k%3]
			}
			b.WriteString(key + genReadingSeps[rng.IntN(len(genReadingSeps))] + genReadingValues[rng.IntN(len(genReadingValues))])
			if rng.IntN(8) == 0 {
				b.WriteString(" # note")
			}
		}
		b.WriteString(eol)
	}
	return b.String()
}

// compiledLine is what a compiled file says of one line: the user-agent
// token or the rule it reads there.
type compiledLine struct {
	d     syntax.Directive // DirectiveNone for a line in no group
	value string           // the token, or the pattern
}

// compiledLines returns what r reads on each line that is in a group.
func compiledLines(r *match.Robots) map[int]compiledLine {
	out := map[int]compiledLine{}
	for _, g := range r.Groups {
		for k, ua := range g.UserAgents {
			out[ua] = compiledLine{syntax.DirectiveUserAgent, g.Agents[k]}
		}
		for _, rule := range g.Rules {
			if _, ok := out[rule.Line]; ok {
				continue // Google's second reading of an index.html rule
			}
			d := syntax.DirectiveDisallow
			if rule.Allow {
				d = syntax.DirectiveAllow
			}
			out[rule.Line] = compiledLine{d, rule.Pattern}
		}
	}
	return out
}

// firstGroupLine returns the first user-agent line r reads, or the number
// of lines: rules before it are in no group.
func firstGroupLine(r *match.Robots) int {
	if len(r.Groups) == 0 {
		return len(r.File.Lines)
	}
	return r.Groups[0].UserAgents[0]
}

// lineDisagreement compares one reading of line i with the compiled one:
// d and value are what the reading says, value already as the profile
// compares it (a token, or a pattern).
func lineDisagreement(r *match.Robots, lines map[int]compiledLine, i int, d syntax.Directive, value string) string {
	want, in := lines[i]
	groupish := d == syntax.DirectiveUserAgent || d.IsRule()
	switch {
	case !in && !groupish:
		return ""
	case !in && d.IsRule() && i < firstGroupLine(r):
		return "" // a rule before any group
	case !in:
		return fmt.Sprintf("reads %s %q, compiled reads nothing", d.Canonical(), value)
	case !groupish:
		return fmt.Sprintf("reads %s, compiled reads %s %q", d.Canonical(), want.d.Canonical(), want.value)
	case want.d != d || want.value != value:
		return fmt.Sprintf("reads %s %q, compiled reads %s %q", d.Canonical(), value, want.d.Canonical(), want.value)
	}
	return ""
}

// readingCases counts what a differential test compared.
type readingCases struct {
	files, lines, queries int
	disagree              []string
}

func (c *readingCases) add(name string, i int, what, why string) {
	if why != "" {
		if len(why) > 200 {
			why = why[:200] + "…"
		}
		c.disagree = append(c.disagree, fmt.Sprintf("%s:%d: %s: %s", name, i+1, what, why))
	}
}

func (c *readingCases) report(t *testing.T, name string) {
	t.Logf("%s: %d files, %d lines and %d (file, crawler) selections compared, %d disagreements", name, c.files, c.lines, c.queries, len(c.disagree))
	for k, d := range c.disagree {
		if k == 40 {
			t.Errorf("and %d more", len(c.disagree)-k)
			break
		}
		t.Error(d)
	}
}

// TestReadingLines compares the rules' line readings with match.Compile
// for Google and RFC 9309, line by line.
func TestReadingLines(t *testing.T) {
	var c readingCases
	for name, src := range readingFiles(t) {
		c.files++
		f := syntax.Parse(src)
		google := match.Compile(f, match.Google)
		rfc := match.Compile(f, match.RFC9309)
		gLines, rLines := compiledLines(google), compiledLines(rfc)
		read := match.Google.Read(f)
		for i := range read.Lines {
			if i == len(read.Lines)-1 && read != f {
				break // the line across the size limit
			}
			c.lines++
			text := f.Text(f.Lines[i].Text())
			for _, g := range []struct {
				name string
				r    lineReading
			}{{"readAsGoogle", readAsGoogle(text)}, {"readGoogleLine", readGoogleLine(f, i)}} {
				v := g.r.token()
				if g.r.d.IsRule() {
					v = match.EscapePattern(v)
				}
				c.add(name, i, g.name, lineDisagreement(google, gLines, i, g.r.d, v))
			}
			s := readAsStandard(text)
			c.add(name, i, "readAsStandard", standardDisagreement(rfc, rLines, i, s.d, s.value))
			if s.blank != (f.Lines[i].Kind == syntax.LineBlank) {
				c.add(name, i, "readAsStandard", "reads the line as blank or not, the file otherwise")
			}
		}
	}
	c.report(t, "line readings")
}

// standardDisagreement is lineDisagreement for the standards, whose
// patterns the test cannot normalise: rules are compared by kind, tokens
// by value.
func standardDisagreement(r *match.Robots, lines map[int]compiledLine, i int, d syntax.Directive, value string) string {
	if want, ok := lines[i]; ok && want.d.IsRule() && d == want.d {
		return ""
	}
	if d == syntax.DirectiveUserAgent {
		value = syntax.LowerASCII(value)
	}
	return lineDisagreement(r, lines, i, d, value)
}

// TestReadingCrawlerView compares the groups blocks-everything and
// blocks-resources see, and those each search crawler obeys, with the
// compiled file's.
func TestReadingCrawlerView(t *testing.T) {
	var c readingCases
	for name, src := range readingFiles(t) {
		c.files++
		f := syntax.Parse(src)
		for _, sc := range searchCrawlers {
			c.queries++
			v := readForCrawler(match.ReadLayout(f, sc.profile), sc)
			r := match.Compile(f, sc.profile)
			var got, want [][2][]int
			for k := range v.groups {
				var agents, rules []int
				for _, a := range v.l.GroupAgents(k) {
					agents = append(agents, int(a.Line))
				}
				for _, r := range v.rules(k) {
					rules = append(rules, r.line)
				}
				got = append(got, [2][]int{agents, rules})
			}
			for _, g := range r.Groups {
				var rules []int
				for _, rule := range g.Rules {
					if len(rules) == 0 || rules[len(rules)-1] != rule.Line {
						rules = append(rules, rule.Line)
					}
				}
				want = append(want, [2][]int{g.UserAgents, rules})
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				c.add(name, 0, sc.name+" groups", fmt.Sprintf("view %v, compiled %v", got, want))
				continue
			}
			selected := r.Select(sc.token)
			if !slices.Equal(v.selected, selected) && len(v.selected)+len(selected) > 0 {
				c.add(name, 0, sc.name+" selection", fmt.Sprintf("view %v, compiled %v", v.selected, selected))
			}
		}
	}
	c.report(t, "crawler views")
}
