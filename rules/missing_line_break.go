package rules

import (
	"bytes"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// MissingLineBreak reports a directive that runs on from the text before
// it without a line break: glued to a comment (`# see docs.Disallow:
// /cache/`), which every crawler skips whole, or after the value of an
// Allow or Disallow rule (`Allow: /foo Disallow: /bar`), which crawlers
// read as one pattern. Either way the directive is lost.
//
// A comment that mentions a directive in prose ("# Disallow rules below"),
// or that holds a directive set apart by a space or at its start ("#
// Disallow: /old/", a rule commented out), is what its writer meant. User-agent
// and Sitemap values are left to invalid-user-agent and sitemap-url, which
// report any space in them.
var MissingLineBreak = &lint.Rule{
	Name:    "missing-line-break",
	Summary: "a directive run on from a comment or a rule without a line break, which crawlers never read",
	Doc: lint.Doc{
		What: "Reports a directive written in the middle of a line: glued to the text of a comment " +
			"(`# see docs.Disallow: /cache/`), or after the path of an Allow or Disallow rule " +
			"(`Allow: /foo Disallow: /bar`, `Disallow: /a.htmlDisallow: /b`). It looks for a directive's name, a colon " +
			"and a value of the right shape (a path, a crawler's name, a URL, a number), so a comment that only " +
			"mentions a directive (`# Disallow rules below`) or comments one out (`# Disallow: /old/`) is left alone.",
		Why: "A directive is read only at the start of a line. In a comment it is skipped with the rest of the " +
			"comment; after a rule's path, every crawler reads the whole rest of the line as the path: " +
			"`Allow: /foo Disallow: /bar` is one Allow rule for URLs that start with `/foo Disallow: /bar`, which " +
			"no URL does (URLs carry a space as `%20`). The Disallow is lost, and `/foo` is not allowed either. " +
			"This is what a lost line break does, when a file is pasted through a form or an editor that drops them.",
		Instead: "Put each directive on a line of its own, and start comments on their own line or after a space.",
		FixSafety: "The fix breaks the line before each such directive and is never safe (applied only with " +
			"`--unsafe-fixes`): the directive then takes effect for every crawler, and the rule before it matches " +
			"the URLs its path names.",
	},
	Flagged:  "User-agent: *\nAllow: /public/ Disallow: /private/\n",
	Clean:    "User-agent: *\n# Disallow rules below\nAllow: /public/\nDisallow: /private/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runMissingLineBreak,
}

func runMissingLineBreak(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	content := judgeContent(pass)
	scan := newLineScan(pass)
	for _, i := range linesWithInnerColon(f, pass.ReadLines()) {
		if !content.reads(i) {
			continue
		}
		l := &f.Lines[i]
		if bytes.IndexByte(f.Text(l.Span), '\\') >= 0 {
			if info, ok := scan.judges(i); ok && info.invalid == invalidEscapes {
				continue // line breaks written out as `\r\n`, which invalid-line reports
			}
		}
		if c := l.Comment(); c.Len() > 0 {
			reportGluedToComment(pass, c)
		}
		if _, ok := googleRuleKind(f, i); ok {
			reportRunOnRule(pass, i)
		}
	}
}

// linesWithInnerColon returns, in order, the lines among the first n
// holding a colon other than the one after a directive's key: the
// directives this rule looks for end their names with one, in a comment or
// a rule's value. Nearly every line of a file holds a colon, but after its
// key almost none does.
func linesWithInnerColon(f *syntax.File, n int) []int {
	var lines []int
	src := f.Bytes()
	for i := range n {
		l := &f.Lines[i]
		start := l.Span.Start
		if l.Kind == syntax.LineDirective {
			start = l.Sep().End
		}
		if bytes.IndexByte(src[start:l.Span.End], ':') >= 0 {
			lines = append(lines, i)
		}
	}
	return lines
}

// reportGluedToComment reports the directives glued to the prose of
// comment c. A comment that starts with a directive is a line commented
// out, whatever follows in it.
func reportGluedToComment(pass *lint.Pass, c syntax.Span) {
	f := pass.File
	text := f.Text(c)
	start := 1
	for start < len(text) && (text[start] == '#' || text[start] == ' ' || text[start] == '\t') {
		start++
	}
	if d, _ := directiveAt(text, start); d != syntax.DirectiveNone {
		return
	}
	var at []int
	for k := start + 1; k < len(text); k++ {
		if d, _ := directiveAt(text, k); d != syntax.DirectiveNone && glued(text[k-1]) {
			at = append(at, c.Start+k)
		}
	}
	if len(at) == 0 {
		return
	}
	d, end := directiveAt(text, at[0]-c.Start)
	directive := prose.Quote(text[at[0]-c.Start : end])
	msg := fmt.Sprintf("%s is glued to the comment before it: crawlers skip the whole comment, so the %s is lost; "+
		"start it on a line of its own", directive, d.Canonical())
	pass.Report(syntax.Span{Start: at[0], End: c.Start + end}, msg, lint.WithFix(breakLinesFix(f, at)))
}

// reportRunOnRule reports the directives after the path of the rule on
// line i, which crawlers read as part of the path.
func reportRunOnRule(pass *lint.Pass, i int) {
	f := pass.File
	d, _, value, _ := match.GoogleLine(f, i)
	l := &f.Lines[i]
	if !bytes.Equal(f.Text(l.Value()), value) {
		// Google splits the line anew (a control character, a line
		// too long): the file rules report that first.
		return
	}
	var at []int
	for k := 1; k < len(value); k++ {
		if e, _ := directiveAt(value, k); e != syntax.DirectiveNone && (value[k-1] == ' ' || value[k-1] == '\t' || glued(value[k-1])) {
			at = append(at, l.Value().Start+k)
		}
	}
	if len(at) == 0 {
		return
	}
	k := at[0] - l.Value().Start
	_, end := directiveAt(value, k)
	directive := prose.Quote(value[k:end])
	readers := "crawlers read"
	if sd, sv := match.StandardLine(f, i); sd != d || !bytes.Equal(sv, value) {
		readers = "Google reads" // a misspelled key: the standards skip the line
	}
	lost := directive + " is lost"
	if len(at) > 1 {
		lost = fmt.Sprintf("%s and %s after it are lost", directive, prose.Count(len(at)-1, "more directive", "more directives"))
	}
	msg := fmt.Sprintf("%s runs on from the %s rule before it without a line break: %s the whole as one %s rule for the pattern %s, "+
		"which no longer matches the URLs under %s, and %s; put each directive on its own line",
		directive, d.Canonical(), readers, d.Canonical(), prose.Quote(value), prose.Quote(bytes.TrimRight(value[:k], " \t")), lost)
	pass.Report(syntax.Span{Start: at[0], End: l.Value().End}, msg, lint.WithFix(breakLinesFix(f, at)))
}

// glued reports whether a directive's name after byte c is glued to the
// prose of a comment, as after the end of a word or a sentence
// ("docs.Disallow:"). After a space, a quote or a bracket the comment
// mentions the directive, and after '#', '-', '=' or '*' it comments it
// out in its own way.
func glued(c byte) bool {
	return isAlnum(c) || c == '.' || c == ',' || c == ';' || c == '!' || c == '?'
}

// nameGoesOn reports whether the name found at text[k] continues a word
// that is itself a name: "allow" in "disallow".
func nameGoesOn(text []byte, k int) bool {
	return k >= 3 && bytes.EqualFold(text[k-3:k], []byte("dis"))
}

// lineBreakNames are the directives that missing-line-break looks for in
// the middle of a line, with what their value must start with.
var lineBreakNames = []struct {
	name string
	d    syntax.Directive
	// value reports whether rest, the text after the colon and the
	// spaces, starts as the directive's value does.
	value func(rest []byte) bool
}{
	{"user-agent", syntax.DirectiveUserAgent, func(r []byte) bool { return len(r) > 0 && (r[0] == '*' || isAlnum(r[0])) }},
	{"disallow", syntax.DirectiveDisallow, startsPath},
	{"allow", syntax.DirectiveAllow, startsPath},
	{"sitemap", syntax.DirectiveSitemap, func(r []byte) bool { return len(r) >= 4 && bytes.EqualFold(r[:4], []byte("http")) }},
	{"crawl-delay", syntax.DirectiveCrawlDelay, func(r []byte) bool { return len(r) > 0 && '0' <= r[0] && r[0] <= '9' }},
}

// writtenBreak reports whether b starts with a line break written out,
// `\r` or `\n`.
func writtenBreak(b []byte) bool { return len(b) > 1 && b[0] == '\\' && (b[1] == 'r' || b[1] == 'n') }

func startsPath(r []byte) bool { return len(r) > 0 && (r[0] == '/' || r[0] == '*') }

// directiveAt reports whether text[k:] starts with a directive: its name
// in any case, a colon, optional spaces and a value of the right shape.
// It returns the directive and the end of its value's first word.
func directiveAt(text []byte, k int) (d syntax.Directive, end int) {
	if k >= len(text) {
		return syntax.DirectiveNone, 0
	}
	switch text[k] | 0x20 {
	case 'u', 'd', 'a', 's', 'c':
	default:
		return syntax.DirectiveNone, 0 // most bytes start no name
	}
	if nameGoesOn(text, k) {
		return syntax.DirectiveNone, 0
	}
	for _, n := range lineBreakNames {
		if len(text)-k <= len(n.name) || !bytes.EqualFold(text[k:k+len(n.name)], []byte(n.name)) || text[k+len(n.name)] != ':' {
			continue
		}
		v := k + len(n.name) + 1
		for v < len(text) && (text[v] == ' ' || text[v] == '\t') {
			v++
		}
		if !n.value(text[v:]) {
			return syntax.DirectiveNone, 0
		}
		end = v
		for end < len(text) && text[end] != ' ' && text[end] != '\t' && !writtenBreak(text[end:]) {
			end++
		}
		return n.d, end
	}
	return syntax.DirectiveNone, 0
}

// breakLinesFix returns the fix that starts a line at each offset in at,
// in place of the spaces before it.
func breakLinesFix(f *syntax.File, at []int) lint.Fix {
	src := f.Bytes()
	fix := lint.Fix{Title: "Put each directive on its own line"}
	for _, a := range at {
		s := a
		for s > 0 && (src[s-1] == ' ' || src[s-1] == '\t') {
			s--
		}
		fix.Edits = append(fix.Edits, lint.Edit{Span: syntax.Span{Start: s, End: a}, NewText: f.Newline()})
	}
	return fix
}
