package lint

import "github.com/robotslint/robotslint/syntax"

// A Diagnostic is one finding of a rule in a file.
type Diagnostic struct {
	// Rule is the name of the rule that reported it.
	Rule string
	// Severity is the rule's severity, as configured.
	Severity Severity
	// Span is the byte range the finding is about: in the linted file,
	// or, when Header is not 0, in that header's value.
	Span syntax.Span
	// Header is 0 for a finding in the linted file. For a finding of a
	// page rule about an X-Robots-Tag header, which is not in the page, it
	// is n for the n-th header value of the page (PageInput.Headers[n-1]),
	// counted from 1 as people count headers, and Span is a byte range in
	// that value. Such a finding has no fixes: headers are set in the
	// server's configuration.
	Header int
	// Message says what is wrong and what crawlers will do: lower case,
	// without a final period.
	Message string
	// Related are other places involved, such as the earlier line of a
	// duplicate.
	Related []Related
	// Fixes are the ways to fix it, safe ones first.
	Fixes []Fix
	// URLs are, for a sitemap finding about many URLs (those one
	// robots.txt line blocks, say), how many and a few of them; nil for
	// other findings.
	URLs *URLGroup
}

// URLGroup is the URLs one finding is about, counted rather than listed:
// a sitemap can hold 50,000 URLs that one line blocks.
type URLGroup struct {
	Count    int
	Examples []string
	// Profiles are, for URLs some crawlers may not fetch, the names of
	// the profiles whose crawlers those are ("google", "rfc9309"); nil
	// for a group that is not about crawlers.
	Profiles []string
}

// Related is another place a diagnostic involves.
type Related struct {
	Span    syntax.Span
	Message string
	// Header is, as Diagnostic.Header is, 0 for a place in the linted
	// file and n for one in the page's n-th X-Robots-Tag header value.
	Header int
	// InRobotsTxt says that Span is a range in the site's robots.txt
	// (PageInput.Robots) rather than in the linted page: a page rule's
	// finding can name the robots.txt line that keeps a crawler away.
	InRobotsTxt bool
}

// A Fix is a change that fixes a diagnostic: a title in the imperative
// ("Rename to Disallow") and non-overlapping edits.
type Fix struct {
	Title string
	// Safe says that the fix keeps every verdict of the google profile for
	// every crawler and URL, and changes other profiles' verdicts only to
	// agree with Google's. For a page, it says that the fix changes
	// nothing any crawler does with the page (removing a robotslint
	// comment); a fix that makes crawlers obey a rule they ignored, such
	// as a misspelled noindex corrected, is never safe. Only safe fixes
	// are applied without asking.
	Safe  bool
	Edits []Edit
}

// An Edit replaces the bytes of Span with NewText; an empty Span inserts.
type Edit struct {
	Span    syntax.Span
	NewText string
}
