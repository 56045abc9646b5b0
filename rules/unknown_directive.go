package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// UnknownDirective reports a line whose name is no directive that
// crawlers know, and not close to one ("Hit-rate: 30"). Misspellings are
// misspelled-directive's; the extensions the syntax knows (Crawl-delay,
// Host, Clean-param...) and recognised newer ones (Content-Signal,
// License, TDM-Reservation) are left to the rules about them or left
// alone, since a crawler that does not read them loses nothing.
var UnknownDirective = &lint.Rule{
	Name:    "unknown-directive",
	Summary: "a line whose name is no directive crawlers know",
	Doc: lint.Doc{
		What: "Reports a `Name: value` line whose name is no directive that crawlers know and is not a misspelling " +
			"of one (`Hit-rate: 30`, `Concurrent-hits: 2`, `Status: 404`). Also reports a name that merely starts with " +
			"a directive's name (`Sitemap-index:`, `Allow-ai:`), which Google's parser reads as that directive.",
		Why: "Crawlers ignore names they do not know, so the line has no effect, whatever it was meant to do. Google " +
			"matches names by prefix: it reads `Sitemap-index:` as `Sitemap:` and `Allow-ai: no` as an Allow rule, while " +
			"other crawlers ignore those lines, so crawlers disagree on them. Recognised extensions are not reported " +
			"here: Crawl-delay, Host, Clean-param and the like have rules of their own, and newer ones such as " +
			"Content-Signal, License and TDM-Reservation are harmless to crawlers that do not read them.",
		Instead: "Remove the line, or turn it into a comment with `#` if it is a note.",
	},
	Flagged:  "User-agent: *\nHit-rate: 30\nDisallow: /search\n",
	Clean:    "User-agent: *\nDisallow: /search\n",
	Severity: lint.Warning,
	Run:      runUnknownDirective,
}

func runUnknownDirective(pass *lint.Pass) {
	f := pass.File
	scan := newLineScan(pass)
	scan.each(func(i int, info *lineInfo) {
		if !info.unknown || info.ext != extNone {
			return
		}
		key := f.Lines[i].Key()
		written := f.Text(key)
		if d := match.GoogleDirective(written); d != syntax.DirectiveOther {
			prefix := "a spelling of its name"
			if lower := syntax.LowerASCII(string(written)); strings.HasPrefix(lower, d.String()) {
				prefix = "`" + string(written[:len(d.String())]) + "`"
			}
			others := targetsWhere(pass, func(p *match.Profile) bool { return p != match.Google })
			msg := fmt.Sprintf("%s is no directive, but Google reads it as %s because it starts with %s", prose.Quote(written), d.Canonical(), prefix)
			if len(others) > 0 {
				msg += ", while " + prose.Subject(prose.Readers(others), "ignores", "ignore") + " the line"
			}
			pass.Report(key, msg)
			return
		}
		names := prose.Readers(targetsWhere(pass, func(*match.Profile) bool { return true }))
		if len(names) == 0 {
			names = []string{"crawlers"}
		}
		pass.Report(key, fmt.Sprintf("%s %s, which is no directive %s, so the line has no effect",
			prose.Subject(names, "ignores", "ignore"), prose.Quote(written), prose.Verb(names, "it knows", "they know")))
	})
}
