package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// FetchSlow is about a robots.txt that takes long to fetch, as measured
// where robotslint runs.
var FetchSlow = &lint.Rule{
	Name:    "fetch-slow",
	Summary: "robots.txt takes more than a few seconds to fetch",
	Doc: lint.Doc{
		What: "For a URL argument, reports a fetch of robots.txt, redirects and body included, that took " +
			"longer than the `max-seconds` option (5 seconds by default), as measured from where robotslint " +
			"runs. A fetch that does not finish within --timeout is reported by fetch-status instead.",
		Why: "Crawlers fetch robots.txt before anything else on a site and give up after a timeout of their " +
			"own, which few document. Google counts a timeout like a 5xx: it stops crawling the site for 12 " +
			"hours. A static file arrives in milliseconds; one that takes seconds is usually generated on " +
			"every request or served through an overloaded path, and a little more load makes it time out.",
		Instead: "Serve robots.txt as a static file, or cache it in front of the application.",
	},
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google},
	Options:  []lint.Option{FetchSlowMaxSeconds},
	Scope:    lint.ScopeFetch,
}

// FetchSlowMaxSeconds is how long a fetch may take before fetch-slow
// reports it. A static robots.txt arrives in milliseconds, so 5 seconds
// leaves ample room for a slow network between robotslint and the site,
// while a file that takes longer is half-way to robotslint's own 10 s
// timeout and into the range where crawlers that give up sooner (few say
// when) see no answer at all. No crawler is known to wait ten minutes.
var FetchSlowMaxSeconds = lint.Option{
	Name:    "max-seconds",
	Summary: "the longest fetch, in seconds, that is not reported as slow",
	Kind:    lint.Seconds,
	Default: 5,
	Max:     600,
}
