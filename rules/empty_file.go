package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// EmptyFile reports a robots.txt without a single directive: empty, blank
// or only comments. Such a file is valid and allows every crawler every
// URL, as no robots.txt at all does; that is worth knowing, since an empty
// file is as often a deployment that lost its content as a choice.
var EmptyFile = &lint.Rule{
	Name:    "empty-file",
	Summary: "a robots.txt without any directive, which allows every crawler everything",
	Doc: lint.Doc{
		What: "Reports, as information, a file that holds no directive: empty, only blank lines, or only comments.",
		Why: "An empty robots.txt is valid: RFC 9309, Google, Bing and Yandex read it as allowing every crawler " +
			"every URL, as they read a site without one. That may be the intent, but an empty file is also what " +
			"a build that failed to write the real one, or a template that was never filled in, leaves behind.",
		Instead: "If everything is to be allowed, say so: a `User-agent: *` group with an empty `Disallow:`, and the " +
			"site's Sitemap lines.",
	},
	Flagged:  "# robots.txt\n",
	Clean:    "User-agent: *\nDisallow:\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runEmptyFile,
}

func runEmptyFile(pass *lint.Pass) {
	f := pass.File
	comments := false
	for i := range f.Lines {
		switch f.Lines[i].Kind {
		case syntax.LineComment:
			comments = true
		case syntax.LineBlank:
		default:
			return
		}
	}
	what := "the file is empty"
	if comments {
		what = "the file holds only comments"
	}
	var span syntax.Span
	if len(f.Lines) > 0 {
		span = f.Lines[0].Text()
	}
	pass.Report(span, what+": every crawler may fetch every URL, as if the site had no robots.txt")
}
