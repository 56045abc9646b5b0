package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// MultiplePaths reports an Allow or Disallow line that lists several paths
// separated by spaces. No crawler splits the value: each reads it as one
// pattern with the spaces in it, and since URLs carry a space as %20, the
// pattern matches nothing.
var MultiplePaths = &lint.Rule{
	Name:    "multiple-paths",
	Summary: "several paths on one Allow or Disallow line",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow line whose value holds several paths separated by spaces, " +
			"such as `Disallow: /cgi-bin/ /tmp/`.",
		Why: "Every crawler reads the whole value as one pattern, spaces included: Googlebot looks for URLs " +
			"that start with `/cgi-bin/ /tmp/`. URLs never hold a raw space (browsers and crawlers send `%20`), " +
			"so the rule blocks nothing, and neither path is protected.",
		Instead: "Write one path per line, each on its own Allow or Disallow line.",
		FixSafety: "The fix puts each path on an Allow or Disallow line of its own and is never safe (applied only with " +
			"`--unsafe-fixes`): the line matches no URL now, and each path it lists then takes effect for every " +
			"crawler.",
	},
	Flagged:  "User-agent: *\nDisallow: /cgi-bin/ /tmp/\n",
	Clean:    "User-agent: *\nDisallow: /cgi-bin/\nDisallow: /tmp/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runMultiplePaths,
}

func runMultiplePaths(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	for _, x := range f.Facts {
		if x.Kind != syntax.FactMultipleValues {
			continue
		}
		l := &f.Lines[x.Line]
		allow, ok := googleRuleKind(f, x.Line)
		if !ok {
			continue
		}
		words, ok := severalPaths(f.Text(l.Value()))
		if !ok {
			continue
		}
		verb := "blocks"
		if allow {
			verb = "allows"
		}
		msg := fmt.Sprintf("this line lists %s, but crawlers read the whole value %s as one pattern, spaces included, "+
			"and URLs carry a space as `%%20`: the rule %s nothing; put each path on its own line",
			prose.Count(len(words), "path", "paths"), prose.Quote(f.Text(l.Value())), verb)
		pass.Report(l.Value(), msg, lint.WithFix(splitFix(f, x.Line, words)))
	}
}

// severalPaths splits a rule's value at spaces and tabs, and reports
// whether it reads as several paths: every word starts with '/' or '*'.
// A value like `/my page.pdf` or `/ tmp /` is one path with spaces in it
// (unencoded-path reports it), and `/a.htmlDisallow: /b` is two lines run
// together, which is another mistake.
func severalPaths(value []byte) ([][]byte, bool) {
	if len(value) == 0 || value[0] != '/' && value[0] != '*' {
		return nil, false
	}
	words := bytes.FieldsFunc(value, func(r rune) bool { return r == ' ' || r == '\t' })
	if len(words) < 2 {
		return nil, false
	}
	if joinedLines(value) {
		return nil, false
	}
	for _, w := range words[1:] {
		if w[0] != '/' && w[0] != '*' {
			return nil, false
		}
	}
	return words, true
}

// joinedLines reports whether a value holds another directive, as
// `/a.htmlDisallow: /b` does: lines run together, which is a mistake of
// its own, not a path with spaces.
func joinedLines(value []byte) bool {
	if bytes.IndexByte(value, ':') < 0 {
		return false
	}
	lower := strings.ToLower(string(value))
	for _, key := range []string{"allow:", "user-agent:", "sitemap:", "crawl-delay:"} {
		if strings.Contains(lower, key) {
			return true
		}
	}
	return false
}

// splitFix returns the fix that puts each of the words of line i on a
// line of its own, with the same key and indentation, and the file's line
// terminator between them; the comment stays on the last line. It changes
// what every crawler reads (it blocks paths that were not blocked), so it
// is unsafe.
func splitFix(f *syntax.File, i int, words [][]byte) lint.Fix {
	l := &f.Lines[i]
	prefix := string(f.Text(syntax.Span{Start: l.Span.Start, End: l.Value().Start}))
	eol := f.Newline()
	var b strings.Builder
	for k, w := range words {
		if k > 0 {
			b.WriteString(eol)
			b.WriteString(prefix)
		}
		b.Write(w)
	}
	return lint.Fix{
		Title: "Put each path on its own line",
		Edits: []lint.Edit{{Span: l.Value(), NewText: b.String()}},
	}
}
