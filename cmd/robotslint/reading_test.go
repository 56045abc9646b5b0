package main

import (
	"testing"

	"github.com/robotslint/robotslint/lint/match"
)

// TestReadingText checks the sentences that name who does what: the verb
// agrees with its subject, "crawlers" is said once, and RFC 9309 is cited
// only for a subject that includes its crawlers.
func TestReadingText(t *testing.T) {
	g, b, y, r, l := match.Google, match.Bing, match.Yandex, match.RFC9309, match.Legacy
	tests := []struct {
		kind    answerKind
		targets []*match.Profile
		want    string
	}{
		{answerClientError, []*match.Profile{g}, "Google takes it as no robots.txt and may fetch everything"},
		{answerClientError, []*match.Profile{r}, "RFC 9309 crawlers take it as no robots.txt and may fetch everything (RFC 9309 §2.3.1.3)"},
		{answerClientError, []*match.Profile{b, g}, "Google and Bing take it as no robots.txt and may fetch everything"},
		{answerClientError, []*match.Profile{l, r, y}, "Yandex, RFC 9309 and 1994-standard crawlers take it as no robots.txt and may fetch everything (RFC 9309 §2.3.1.3)"},
		{answerForbidden, []*match.Profile{g, l}, "Google takes it as no robots.txt and may fetch everything; " +
			"1994-standard crawlers take the whole site as disallowed (Koster's 1997 draft)"},
		{answerServerError, []*match.Profile{g, b}, "Google stops crawling the site for 12 hours, then obeys its last cached copy for up to 30 days, " +
			"or allows everything when it has none; Bing must assume the whole site is disallowed"},
		{answerTooMany, []*match.Profile{y}, "Yandex takes it as no robots.txt and may fetch everything"},
		{answerLost, []*match.Profile{r, l}, "RFC 9309 and 1994-standard crawlers give up and may fetch everything, as when there is no robots.txt (RFC 9309 §2.3.1.2)"},
	}
	for _, tt := range tests {
		if got := readingText(tt.kind, tt.targets); got != tt.want {
			t.Errorf("readingText(%d, %d profiles):\n got %q\nwant %q", tt.kind, len(tt.targets), got, tt.want)
		}
	}
}
