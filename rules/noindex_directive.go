package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// NoindexDirective reports Noindex, Nofollow and Noarchive lines. Google
// read Noindex unofficially until 1 September 2019; since then no major
// crawler reads any of them in robots.txt, and the pages they name stay
// indexable.
var NoindexDirective = &lint.Rule{
	Name:    "noindex-directive",
	Summary: "a noindex, nofollow or noarchive line, which no crawler reads in robots.txt",
	Doc: lint.Doc{
		What: "Reports `Noindex:`, `Nofollow:` and `Noarchive:` lines (and their variants such as `No-index:`). " +
			"When a Disallow in the same group blocks the URL a Noindex names, it points to that rule too.",
		Why: "These were never part of any robots.txt standard. Google followed Noindex unofficially until it retired " +
			"the code on 1 September 2019, and no major crawler reads them now, so the pages they name can still " +
			"appear in search results. Noarchive is a value of the robots meta tag, which Google no longer uses at all. " +
			"Blocking the same pages with Disallow makes it worse: a crawler that may not fetch a page never sees a " +
			"noindex on it, and can index the URL from links alone.",
		Instead: "Remove the line. To keep a page out of search results, let crawlers fetch it and send " +
			"`<meta name=\"robots\" content=\"noindex\">` in the page or an `X-Robots-Tag: noindex` HTTP header " +
			"(for PDFs and other files); for links, use `rel=\"nofollow\"`.",
	},
	Flagged:  "User-agent: *\nDisallow: /tmp/\nNoindex: /drafts/\n",
	Clean:    "User-agent: *\nDisallow: /tmp/\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google},
	Run:      runNoindexDirective,
}

func runNoindexDirective(pass *lint.Pass) {
	f := pass.File
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind == syntax.LineDirective && isNoindexFamily(l.Directive) {
			reportNoindex(pass, i, l.Directive, l.Key(), l.Value())
		}
	}
	newLineScan(pass).each(func(i int, info *lineInfo) {
		if isNoindexFamily(info.meant) && info.how != matchExact {
			l := &f.Lines[i]
			value := l.Value()
			if l.Kind != syntax.LineDirective || info.colon != colonOK {
				value = syntax.Span{Start: info.name.End, End: info.name.End}
			}
			reportNoindex(pass, i, info.meant, info.name, value)
		}
	})
}

func reportNoindex(pass *lint.Pass, i int, d syntax.Directive, name, value syntax.Span) {
	f := pass.File
	written := prose.Quote(f.Text(name))
	var msg string
	switch d {
	case syntax.DirectiveNoindex:
		msg = "no crawler reads " + written + " in robots.txt (Google stopped in September 2019), so these pages can still be indexed: " +
			"use a `noindex` robots meta tag or `X-Robots-Tag` header, on pages crawlers may fetch"
	case syntax.DirectiveNofollow:
		msg = "no crawler reads " + written + " in robots.txt (Google stopped in September 2019): " +
			"use a `nofollow` robots meta tag, or `rel=\"nofollow\"` on the links, instead"
	default:
		msg = "no crawler reads " + written + " in robots.txt: noarchive is a robots meta tag value, and Google no longer uses it there either"
	}
	var opts []lint.ReportOption
	if d == syntax.DirectiveNoindex {
		if rule, path, ok := blockingRule(pass, i, string(f.Text(value))); ok {
			opts = append(opts, lint.WithRelated(lineBody(f, &f.Lines[rule]),
				fmt.Sprintf("this rule keeps Google from fetching %s, so it would never see a noindex there", prose.Quote([]byte(path)))))
		}
	}
	pass.Report(name, msg, opts...)
}

// blockingRule returns the rule that keeps Google, reading the group of
// line i, from fetching the path a Noindex names, if one does.
func blockingRule(pass *lint.Pass, i int, pattern string) (int, string, bool) {
	f := pass.File
	g := f.GroupAt(i)
	if g < 0 || !strings.HasPrefix(pattern, "/") {
		return 0, "", false
	}
	// The URLs the pattern names start with its literal part.
	path := pattern
	if k := strings.IndexAny(path, "*$"); k >= 0 {
		path = path[:k]
	}
	for _, ua := range f.Groups[g].UserAgents {
		agent := match.GoogleAgent(f.Text(f.Lines[ua].Value()))
		if agent == "" {
			continue
		}
		v := pass.Robots(match.Google).Check(agent, path)
		if !v.Allowed && v.Reason == match.ReasonRule && v.Line >= 0 {
			return v.Line, path, true
		}
	}
	return 0, "", false
}
