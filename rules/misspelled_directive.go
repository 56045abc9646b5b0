package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// MisspelledDirective reports a directive whose name is misspelled: a
// misspelling seen in real files ("Disalow", "Useragent", "Sitemaps"), the
// name with other separators ("User agent", "Crawl_delay"), or a name an
// edit or two away from a directive's ("Disallw", "User-agnt").
//
// Google's parser accepts a few frequent typos and any key that starts
// with a directive's name, so such a line works for Googlebot and is lost
// on every other crawler; other misspellings are lost on all of them.
var MisspelledDirective = &lint.Rule{
	Name:    "misspelled-directive",
	Summary: "a directive whose name is misspelled, so that some or all crawlers ignore the line",
	Doc: lint.Doc{
		What: "Reports a line whose name is a misspelling of a directive's: a typo seen in real files (`Disalow`, " +
			"`Dissallow`, `Useragent`, `Sitemaps`, `Disallowed`), the name written with a space or underscore " +
			"(`User agent`, `Crawl_delay`), a name one or two letters away from a directive's (`User-agnt`, " +
			"`Disallw`), or a name behind the garbled byte order mark `ï»¿`.",
		Why: "Crawlers look directives up by name. Google's parser forgives the commonest typos (`Useragent`, " +
			"`User agent`, `Disalow`, `Dissallow`, `Site-map`) and any name that starts with a directive's (`Disallowed`, " +
			"`Sitemaps`), so the line works for Googlebot; Bing, Yandex and crawlers that follow RFC 9309 want the name " +
			"exactly and ignore the line. Any other misspelling is ignored by every crawler: a misspelled `Disallow` " +
			"blocks nothing, and a misspelled `User-agent` leaves its rules to the group above.",
		Instead: "Spell the directive's name exactly.",
		FixSafety: "The fix renames the directive, and adds the colon where one is missing too. It is safe (applied by " +
			"`--fix`) when Google already reads the line as the directive it is renamed to, as it does `Disalow`, " +
			"`Useragent`, `Disallowed` and the other names it forgives, and robotslint proves the rest: it " +
			"compares the verdicts of every other crawler you target before and after the fix, for each crawler " +
			"the file names and for URLs around the rules of the groups the line belongs to, and none may move " +
			"away from Google's. A line that no crawler reads as an Allow, Disallow or User-agent line, before or " +
			"after (a misspelled `Sitemap` or `Crawl-delay`), changes no verdict, and its fix is safe. It is " +
			"unsafe (applied only with `--unsafe-fixes`) when Google ignores the line now: the corrected rule or " +
			"User-agent line then takes effect for Googlebot, which is what the line meant but changes what it " +
			"may fetch. The proof has a budget: in a file with many crawlers and rules, a fix whose comparison " +
			"would cost too much is offered as unsafe (applied only with `--unsafe-fixes`), however harmless it " +
			"may be.",
	},
	Flagged:  "User-agent: *\nDisalow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /private/\n",
	Severity: lint.Error,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex, match.RFC9309},
	Run:      runMisspelledDirective,
}

func runMisspelledDirective(pass *lint.Pass) {
	newLineScan(pass).each(func(i int, info *lineInfo) {
		if info.meant == syntax.DirectiveNone || info.how == matchExact || isNoindexFamily(info.meant) {
			return
		}
		f := pass.File
		written := f.Text(info.name)
		canonical := info.meant.Canonical()
		var msg string
		span := info.name
		severity := lint.Error
		google := match.GoogleDirective(written)
		switch {
		case info.how == matchGarbled:
			span = info.garbled
			msg = fmt.Sprintf("%s is a byte order mark garbled by a wrong character-set conversion: "+
				"crawlers read the name %s, which is no directive, and ignore the line",
				prose.Quote(f.Text(info.garbled)), prose.Quote(f.Text(syntax.Span{Start: info.garbled.Start, End: info.name.End})))
		case google == info.meant:
			dropping := targetsWhere(pass, func(p *match.Profile) bool { return p != match.Google })
			if len(dropping) == 0 {
				severity = lint.Warning
				msg = fmt.Sprintf("%s is a misspelling of %s that Google accepts, but other crawlers ignore the line", prose.Quote(written), canonical)
			} else {
				msg = fmt.Sprintf("Google reads %s as %s, but %s the line", prose.Quote(written), canonical, prose.Subject(prose.Readers(dropping), "ignores", "ignore"))
			}
		default:
			msg = fmt.Sprintf("%s is not a directive: did you mean %s? Every crawler ignores the line", prose.Quote(written), canonical)
		}
		reportName(pass, i, info, span, msg, severity)
	})
}
