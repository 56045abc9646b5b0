package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// MissingUserAgent reports Allow, Disallow and Crawl-delay lines that come
// before the first User-agent line. A rule belongs to the group of the
// User-agent lines above it; with none above, RFC 9309 says to ignore it,
// Google's parser drops it, and Yandex reports an error.
var MissingUserAgent = &lint.Rule{
	Name:    "missing-user-agent",
	Summary: "rules before the first User-agent line, which every crawler ignores",
	Doc: lint.Doc{
		What: "Reports Allow, Disallow and Crawl-delay lines that come before any User-agent line: " +
			"one finding on the first of them, with the others as related locations.",
		Why: "A rule applies to the crawlers named by the User-agent lines above it. With none above, it belongs " +
			"to no group: RFC 9309 crawlers, Google, Bing and Yandex all ignore it, so the paths it was meant " +
			"to block stay open to every crawler.",
		Instead: "Put a User-agent line above the rules, `User-agent: *` for every crawler.",
		FixSafety: "The fix inserts `User-agent: *` above the rules and is never safe (applied only with " +
			"`--unsafe-fixes`): every crawler ignores those rules now, and with the line they apply to every " +
			"crawler that follows the `*` group, blocking what was open. Check that `*` is the group they were " +
			"meant for. When a line above them looks like a User-agent line that crawlers do not read as one " +
			"(`User-agnt: *`, or one behind a garbled byte order mark), no fix is offered here: correcting that " +
			"line (misspelled-directive's fix) is the fix.",
	},
	Flagged:  "Disallow: /private/\n\nUser-agent: *\nDisallow: /tmp/\n",
	Clean:    "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n",
	Severity: lint.Error,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runMissingUserAgent,
}

func runMissingUserAgent(pass *lint.Pass) {
	f := pass.File
	var orphans []int
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective {
			continue
		}
		// A key Google reads as User-agent ("User agent") starts a group
		// for Google: the lines after it are misspelled-directive's
		// concern, not rules without a group.
		g, _, _, _ := match.GoogleLine(f, i)
		if l.Directive == syntax.DirectiveUserAgent || g == syntax.DirectiveUserAgent {
			break
		}
		switch {
		case l.Directive.IsRule(), l.Directive == syntax.DirectiveCrawlDelay, g.IsRule():
			orphans = append(orphans, i)
		}
	}
	// Suppressing the first line leaves the others reported.
	for _, group := range pass.GroupBySuppression(orphans) {
		reportOrphans(pass, group)
	}
}

// reportOrphans reports the rules before any User-agent line, once, on the
// first of them.
func reportOrphans(pass *lint.Pass, orphans []int) {
	f := pass.File
	first := orphans[0]
	who := subjectReaders(pass, match.Google, match.Bing, match.Yandex, match.RFC9309, match.Legacy)
	var msg string
	if len(orphans) == 1 {
		msg = fmt.Sprintf("%s comes before any User-agent line, so it belongs to no group and %s it",
			prose.Quote([]byte(lineText(f, first))), prose.Subject(who, "ignores", "ignore"))
	} else {
		msg = fmt.Sprintf("%s and %s come before any User-agent line, so they belong to no group and %s them",
			prose.Quote([]byte(lineText(f, first))), prose.Count(len(orphans)-1, "more line", "more lines"), prose.Subject(who, "ignores", "ignore"))
	}
	// A line above that was meant as User-agent but is not read as one
	// ("User-agnt: *", or a byte order mark garbled into "ï»¿User-agent")
	// is the real cause: correcting it (misspelled-directive's fix) is the
	// fix, and a User-agent line inserted as well would only repeat it.
	cause := -1
	for i := first - 1; i >= 0 && cause < 0; i-- {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective && l.Kind != syntax.LineInvalid {
			continue
		}
		part := l.Key()
		if l.Kind == syntax.LineInvalid {
			part = syntax.Span{Start: l.Span.Start, End: l.Comment().Start}
		}
		if text := strings.ToLower(string(f.Text(part))); strings.Contains(text, "agent") || strings.Contains(text, "agnt") {
			why := "its key is not exactly `User-agent`"
			if strings.HasPrefix(text, "ï»¿") {
				why = "its key starts with `ï»¿`, a byte order mark saved as Latin-1 text"
			}
			msg += fmt.Sprintf("; %s above is no User-agent line to them, as %s", prose.Quote([]byte(lineText(f, i))), why)
			cause = i
		}
	}
	var opts []lint.ReportOption
	if cause >= 0 {
		opts = append(opts, lint.WithRelated(directiveSpan(&f.Lines[cause]), "meant as a User-agent line"))
	} else {
		opts = append(opts, lint.WithFix(lint.Fix{
			Title: "Insert `User-agent: *` above",
			Edits: []lint.Edit{{
				Span:    syntax.Span{Start: f.Lines[first].Span.Start, End: f.Lines[first].Span.Start},
				NewText: "User-agent: *" + newlineAt(f, first),
			}},
		}))
	}
	const maxRelated = 50
	for _, i := range orphans[1:min(len(orphans), maxRelated+1)] {
		opts = append(opts, lint.WithRelated(directiveSpan(&f.Lines[i]), "also before any User-agent line"))
	}
	pass.Report(directiveSpan(&f.Lines[first]), msg, opts...)
}
