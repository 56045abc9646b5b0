package match

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// TestLayoutVerdicts checks the layout, the one reading of groups that the
// rules read directly, against Compile's verdicts: for each profile,
// crawler and URL, Layout.Check, which tries every rule of the selected
// groups (Select, AppendPattern, Priority and DirPriority, nothing of
// Compile's index), gives the verdict Robots.Check gives, over the corpus
// and generated files.
func TestLayoutVerdicts(t *testing.T) {
	type file struct {
		body         string
		agents, urls []string
	}
	var files []file
	rng := newDifferentialRand()
	n := 1000
	if testing.Short() {
		n = 200
	}
	for range n {
		gen := genDifferentialFile(rng)
		files = append(files, file{gen.body, gen.agents, gen.urls})
	}
	if paths := linttest.CorpusFilesIfPresent(); !testing.Short() {
		agents := []string{"Googlebot", "Bingbot", "YandexBot", "Yandex", "FooBot", "*"}
		for _, path := range paths {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if len(src) > 100<<10 {
				continue // the large files cost the most and add no kind of line
			}
			files = append(files, file{string(src), agents, corpusURLs(syntax.Parse(src))})
		}
	}
	cases, bad := 0, 0
	for _, fl := range files {
		f := syntax.Parse([]byte(fl.body))
		for _, p := range Profiles() {
			l := ReadLayout(f, p)
			r := CompileLayout(l)
			for _, agent := range fl.agents {
				for _, u := range fl.urls {
					cases++
					want, got := r.Check(agent, u), l.Check(agent, u)
					if !reflect.DeepEqual(got, want) {
						if bad++; bad <= 10 {
							t.Errorf("%s: agent %q url %q: Layout.Check says %+v, Robots.Check %+v\nrobots.txt %q",
								p.Name, agent, u, got, want, fl.body[:min(len(fl.body), 300)])
						}
					}
				}
			}
		}
	}
	t.Logf("%d files, %d (file, profile, crawler, URL) cases, %d disagree", len(files), cases, bad)
}

// corpusURLs returns URLs for a corpus file: the literal prefix of each of
// its first rules, and that prefix continued, up to 16.
func corpusURLs(f *syntax.File) []string {
	urls := []string{"/", "/robots.txt", "/a/index.html"}
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective || !l.Directive.IsRule() {
			continue
		}
		v := string(f.Text(l.Value()))
		if star := strings.IndexAny(v, "*$"); star >= 0 {
			v = v[:star]
		}
		if v == "" || v[0] != '/' {
			continue
		}
		urls = append(urls, v, v+"x.pdf")
		if len(urls) >= 16 {
			break
		}
	}
	return urls
}

// TestLayoutPastLimit checks that a layout of a file past the size limit,
// which parses only the line across the limit again, equals the layout of
// the prefix parsed as a file, wherever the limit falls: in a key, a
// value, a comment, a line terminator, or on a line's start.
func TestLayoutPastLimit(t *testing.T) {
	tails := []string{
		"Disallow: /private/section/ # note\r\n", "Allow: /a/index.html\n", "User-agent: FooBot\n",
		"Disallow: /caf\xc3\xa9/\n", "Disallow: /a\x00b\n", "disallow /x\n", "\n", "Sitemap: https://example.com/s.xml\n",
	}
	n := 0
	for _, tail := range tails {
		for cut := 0; cut <= len(tail); cut++ {
			head := "User-agent: *\nDisallow: /tmp/\n\nUser-agent: BarBot\nAllow: /x\n"
			body := head + strings.Repeat("Disallow: /page-0123456789/\n", (syntax.SizeLimit-len(head))/28-4)
			pad := syntax.SizeLimit - cut - len(body) // so that the limit falls cut bytes into tail
			body += strings.Repeat("#", pad-1) + "\n" + tail + "User-agent: Googlebot\nDisallow: /after\n"
			f := syntax.Parse([]byte(body))
			for _, p := range Profiles() {
				got, want := ReadLayout(f, p), ReadLayout(p.Read(f), p)
				n++
				if !slices.Equal(got.Agents, want.Agents) || !slices.Equal(got.Rules, want.Rules) ||
					!slices.Equal(got.Groups, want.Groups) || !slices.Equal(got.Tokens, want.Tokens) {
					t.Errorf("%s: limit %d bytes into %q: the layout differs from the prefix's:\n%+v\n%+v", p.Name, cut, tail, got.Rules[len(got.Rules)-2:], want.Rules[len(want.Rules)-2:])
				}
			}
		}
	}
	t.Logf("%d (cut, profile) cases", n)
}

// TestLayoutFromBase checks the layouts built from another profile's
// (Layout.For) against reading the file directly as the profile does:
// Yandex's, built from RFC 9309's by ending groups at blank lines, equals
// the blank-line-grouping reader's over the corpus and generated files,
// and past the size limit.
func TestLayoutFromBase(t *testing.T) {
	var bodies []string
	rng := newDifferentialRand()
	for range 1000 {
		bodies = append(bodies, genDifferentialFile(rng).body)
	}
	for _, path := range linttest.CorpusFilesIfPresent() {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, string(src))
	}
	bodies = append(bodies, "User-agent: a\n\nDisallow: /x\nUser-agent: b\nDisallow: y\n\nUser-agent: c\nAllow: /z\n"+strings.Repeat("Disallow: /page/\n", syntax.SizeLimit/17))
	rules := 0
	for _, body := range bodies {
		f := syntax.Parse([]byte(body))
		got := ReadLayout(f, Yandex)
		want := &Layout{File: f, Profile: Yandex, lines: newLineSource(f, Yandex)}
		readExact(want, groupsAtBlankLines)
		rules += len(want.Rules)
		if !slices.Equal(got.Agents, want.Agents) || !slices.Equal(got.Rules, want.Rules) ||
			!slices.Equal(got.Groups, want.Groups) || !slices.Equal(got.Tokens, want.Tokens) {
			t.Errorf("the Yandex layout built from RFC 9309's differs from the direct reading of\n%.300q", body)
		}
	}
	t.Logf("%d files, %d rules", len(bodies), rules)
}
