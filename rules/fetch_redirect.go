package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// FetchRedirect is about the redirects on the way to robots.txt: within
// the site, to another host, or ones crawlers cannot follow.
var FetchRedirect = &lint.Rule{
	Name:    "fetch-redirect",
	Summary: "robots.txt is redirected, to another host, too many times or nowhere",
	Doc: lint.Doc{
		What: "For a URL argument, reports redirects on the way to /robots.txt: as information a chain that " +
			"stays on the site (the same host, its www. form, or from http to https), with the number of " +
			"redirects; as a warning one that leads to another host or from https to plain http; as an error " +
			"one that crawlers cannot follow: more than 5 redirects or a loop, a 3xx without a Location, a " +
			"Location that does not parse or is not an http or https URL.",
		Why: "RFC 9309 §2.3.1.2 has crawlers follow at least five redirects, across hosts too, and apply the " +
			"file they reach to the host they started from: a robots.txt on another host governs this one, " +
			"with that host's paths and that host's uptime. After more than five, crawlers may give up and " +
			"treat robots.txt as unavailable; Google does, treating it as a 404, so the whole site is " +
			"allowed. A redirect crawlers cannot follow at all leaves them without a file to obey.",
		Instead: "Serve robots.txt directly at /robots.txt of every host. One redirect from http to https, " +
			"or to the site's canonical host, is fine.",
	},
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.RFC9309},
	Scope:    lint.ScopeFetch,
}
