package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// answerKind sorts the answers to a request for robots.txt by where
// crawlers differ on them.
type answerKind int

const (
	answerFile        answerKind = iota // a 2xx: crawlers obey the body
	answerForbidden                     // 401 or 403
	answerClientError                   // any other 4xx but 429: the site says it has no file
	answerTooMany                       // 429 Too Many Requests
	answerServerError                   // a 5xx, or a status outside the classes HTTP defines
	answerLost                          // a redirect chain that leads nowhere: too long, or a 3xx without a Location
	answerNone                          // no answer: no connection, a timeout, a body that broke off, a redirect crawlers cannot follow
	answerKinds
)

// answer returns the kind of answer r got.
func (r *fetchResult) answer() answerKind {
	switch r.cause {
	case causeStatus:
	case causeUnfollowable, causeTooManyRedirects:
		return answerLost
	default:
		return answerNone
	}
	switch s := r.Status; {
	case r.Outcome == fetchFetched:
		return answerFile
	case s == 401 || s == 403:
		return answerForbidden
	case s == 429:
		return answerTooMany
	case s >= 400 && s < 500:
		return answerClientError
	}
	return answerServerError
}

// siteReading is what a crawler does with a site whose robots.txt it did
// not get.
type siteReading int

const (
	// readAllowAll: as if the site had no robots.txt; everything is
	// allowed.
	readAllowAll siteReading = iota + 1
	// readDenied: the site said no, so the whole site is disallowed.
	readDenied
	// readUnreachable: the whole site is disallowed until robots.txt can
	// be fetched (RFC 9309 §2.3.1.4).
	readUnreachable
	// readPaused: Google's schedule for an unreachable robots.txt.
	readPaused
)

// crawlerReadings says, for each profile, what its crawlers do after each
// kind of answer that gives them no file, in the order messages name the
// crawlers. The sources are in ../shared/docs/robots-semantics.md.
var crawlerReadings = []struct {
	profile *match.Profile
	reads   [answerKinds]siteReading
}{
	// Google's robots.txt specification: any 4xx but 429 means no
	// robots.txt; a 429, a 5xx or no answer stops crawling for 12 hours,
	// then the last cached copy applies for up to 30 days, or nothing
	// without one; more than 5 redirects count as a 404.
	{match.Google, [answerKinds]siteReading{
		answerForbidden: readAllowAll, answerClientError: readAllowAll, answerTooMany: readPaused,
		answerServerError: readPaused, answerLost: readAllowAll, answerNone: readPaused,
	}},
	// Bing documents none of this; its profile follows RFC 9309 where
	// Bing says nothing.
	{match.Bing, rfc9309Reads},
	// Yandex: a robots.txt not served with 200 OK leaves the site open
	// for indexing (a second-hand copy of Yandex's help); that speaks of
	// answers, so no answer at all is read as RFC 9309 reads it.
	{match.Yandex, [answerKinds]siteReading{
		answerForbidden: readAllowAll, answerClientError: readAllowAll, answerTooMany: readAllowAll,
		answerServerError: readAllowAll, answerLost: readAllowAll, answerNone: readUnreachable,
	}},
	{match.RFC9309, rfc9309Reads},
	// Koster's 1997 draft §3.1: 401 and 403 restrict the whole site, a
	// 404 restricts nothing, and after a temporary failure (a 429, a 5xx,
	// no answer) robots defer their visits.
	{match.Legacy, [answerKinds]siteReading{
		answerForbidden: readDenied, answerClientError: readAllowAll, answerTooMany: readUnreachable,
		answerServerError: readUnreachable, answerLost: readAllowAll, answerNone: readUnreachable,
	}},
}

// rfc9309Reads is RFC 9309 §2.3.1: every 4xx, 429 included, means the file
// is unavailable and everything is allowed; a 5xx or no answer means it is
// unreachable; after more than 5 redirects crawlers may take it as
// unavailable.
var rfc9309Reads = [answerKinds]siteReading{
	answerForbidden: readAllowAll, answerClientError: readAllowAll, answerTooMany: readAllowAll,
	answerServerError: readUnreachable, answerLost: readAllowAll, answerNone: readUnreachable,
}

// readingOf returns what crawlers of profile p do after an answer of kind.
func readingOf(p *match.Profile, kind answerKind) siteReading {
	for _, c := range crawlerReadings {
		if c.profile == p {
			return c.reads[kind]
		}
	}
	return rfc9309Reads[kind]
}

// readingSeverity is how much an answer of kind matters to the targeted
// crawlers: information when all of them crawl as if there were no
// robots.txt, a warning when some are shut out because the site said no,
// an error when some stop crawling because robots.txt is unreachable.
func readingSeverity(kind answerKind, targets []*match.Profile) lint.Severity {
	sev := lint.Info
	for _, p := range targets {
		switch readingOf(p, kind) {
		case readDenied:
			sev = min(sev, lint.Warning)
		case readUnreachable, readPaused:
			sev = min(sev, lint.Error)
		}
	}
	return sev
}

// readingText says what the targeted crawlers do after an answer of kind,
// naming who does what: "Google takes it as no robots.txt and may fetch
// everything; 1994-standard crawlers take the whole site as disallowed
// (Koster's 1997 draft)". RFC 9309's section is cited where RFC 9309
// crawlers are among the subject.
func readingText(kind answerKind, targets []*match.Profile) string {
	var order []siteReading
	who := map[siteReading][]*match.Profile{}
	for _, p := range messageOrder(targets) {
		r := readingOf(p, kind)
		if who[r] == nil {
			order = append(order, r)
		}
		who[r] = append(who[r], p)
	}
	var clauses []string
	for _, r := range order {
		one, many, cite := readingClause(r, kind)
		clause := sentenceSubject(who[r], one, many)
		if cite != "" && (r == readDenied || slices.Contains(who[r], match.RFC9309)) {
			clause += " (" + cite + ")"
		}
		clauses = append(clauses, clause)
	}
	return strings.Join(clauses, "; ")
}

// readingClause returns the clause for reading r after an answer of kind,
// with %s for the subject, for one crawler and for many (many is "" when
// the same), and the source that prescribes it.
func readingClause(r siteReading, kind answerKind) (one, many, cite string) {
	switch r {
	case readDenied:
		return "%s takes the whole site as disallowed", "%s take the whole site as disallowed", "Koster's 1997 draft"
	case readUnreachable:
		return "%s must assume the whole site is disallowed", "", "RFC 9309 §2.3.1.4"
	case readPaused:
		return "%s stops crawling the site for 12 hours, then obeys its last cached copy for up to 30 days, or allows everything when it has none",
			"%s stop crawling the site for 12 hours, then obey their last cached copy for up to 30 days, or allow everything when they have none", ""
	}
	switch kind {
	case answerLost:
		return "%s gives up and may fetch everything, as when there is no robots.txt",
			"%s give up and may fetch everything, as when there is no robots.txt", "RFC 9309 §2.3.1.2"
	case answerForbidden, answerClientError, answerTooMany:
		return "%s takes it as no robots.txt and may fetch everything", "%s take it as no robots.txt and may fetch everything", "RFC 9309 §2.3.1.3"
	}
	return "%s takes it as no robots.txt and may fetch everything", "%s take it as no robots.txt and may fetch everything", ""
}

// sentenceSubject fills the clause one or many (many = "" when it is the
// same for both) with the crawlers of ps as its subject: "Google",
// "Google and Bing", "Yandex, RFC 9309 and 1994-standard crawlers". A
// single name in the plural ("RFC 9309 crawlers") takes the plural verb.
func sentenceSubject(ps []*match.Profile, one, many string) string {
	names := prose.Readers(ps)
	for i := 1; i < len(names); i++ {
		// "RFC 9309 and 1994-standard crawlers", not "crawlers" twice.
		if strings.HasSuffix(names[i], " crawlers") {
			names[i-1] = strings.TrimSuffix(names[i-1], " crawlers")
		}
	}
	if many == "" {
		many = one
	}
	return fmt.Sprintf(prose.Verb(names, one, many), prose.Join(names))
}

// messageOrder returns targets in the order messages name crawlers: the
// order of crawlerReadings, then any other profile as given.
func messageOrder(targets []*match.Profile) []*match.Profile {
	var out []*match.Profile
	for _, c := range crawlerReadings {
		if slices.Contains(targets, c.profile) {
			out = append(out, c.profile)
		}
	}
	for _, p := range targets {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}
