package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// FetchContentType is about the Content-Type robots.txt is served with.
var FetchContentType = &lint.Rule{
	Name:    "fetch-content-type",
	Summary: "robots.txt is served with a content type other than text/plain, or with none",
	Doc: lint.Doc{
		What: "For a URL argument whose robots.txt was fetched, reports as a warning a Content-Type other " +
			"than text/plain, such as text/html, and as information an answer without a Content-Type.",
		Why: "RFC 9309 §2.3 defines robots.txt as a text/plain file. A server that labels it text/html " +
			"has usually answered with a page instead of the file: an error page sent with a 200 status, " +
			"or a single-page app that answers every path with its shell. Crawlers find no rules in such a " +
			"page and crawl everything (not-robots-txt reports the page itself).",
		Instead: "Serve the file with `Content-Type: text/plain; charset=utf-8`.",
	},
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.RFC9309},
	Scope:    lint.ScopeFetch,
}
