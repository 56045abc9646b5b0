package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// FetchStatus is about the status the server answered the request for
// robots.txt with, or the answer that never came. The command reports it
// for a URL argument, at the severity the targeted crawlers' reading of
// the status deserves.
var FetchStatus = &lint.Rule{
	Name:    "fetch-status",
	Summary: "the server answers robots.txt with an error status, or does not answer",
	Doc: lint.Doc{
		What: "For a URL argument, reports how the server answered the request for /robots.txt when it did " +
			"not answer with a 2xx status, or did not answer at all (a timeout, a host name that does not resolve, " +
			"a failed TLS handshake, a refused connection, a body that broke off). The severity follows what the " +
			"targeted crawlers do, and the message names which of them do what: information when all of them " +
			"crawl as if there were no robots.txt, a warning when some take the whole site as disallowed because " +
			"the server said no, an error when some stop crawling because robots.txt is unreachable.",
		Why: "Crawlers decide what the status means before they read a line, and they do not agree. Any 4xx " +
			"means there is no robots.txt and crawlers may fetch everything (RFC 9309 §2.3.1.3), 401 and 403 " +
			"included for RFC 9309 and Google, which advises against using them to limit crawling; but Koster's " +
			"1997 draft, the legacy profile, and crawlers that follow it, such as Python's urllib.robotparser, " +
			"read 401 and 403 as disallowing the whole site. After a 5xx or no answer, RFC 9309 §2.3.1.4 has " +
			"crawlers assume the whole site is disallowed. Google stops crawling the site for 12 hours, then " +
			"obeys its last cached copy of robots.txt for up to 30 days (allowing everything if it has none), " +
			"and after that crawls as if there were no robots.txt while the rest of the site is up; it treats " +
			"a 429 like a 5xx, although RFC 9309 counts it among the 4xx. Yandex takes any answer but a 200 as " +
			"no robots.txt. A 404 or 410 is the usual way to say a site has no rules: everything is allowed, " +
			"which may or may not be meant.",
		Instead: "Serve robots.txt as a static file with a 200 status from every host of the site, answer " +
			"404 when the site has no rules, and keep it out of reach of logins, bot challenges and rate " +
			"limits. To pause crawling for a short while, answer 503 on purpose.",
	},
	Severity: lint.Error,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Scope:    lint.ScopeFetch,
}
