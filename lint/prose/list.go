package prose

import (
	"strings"

	"github.com/robotslint/robotslint/lint/match"
)

// Join writes items as a list in a sentence: "a", "a and b", "a, b and c".
func Join(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// JoinCapped is Join naming at most n items and counting the rest: "a, b,
// c and 4 more".
func JoinCapped(items []string, n int) string {
	if len(items) <= n {
		return Join(items)
	}
	return strings.Join(items[:n], ", ") + " and " + Int(len(items)-n) + " more"
}

// Plural reports whether names, joined as the subject of a sentence, take
// a verb in the plural: two names or more, or one that names a group of
// crawlers ("RFC 9309 crawlers"); a single crawler or company ("Google",
// "Googlebot", "YandexImages") takes the singular.
func Plural(names []string) bool {
	if len(names) != 1 {
		return true
	}
	last := names[0][strings.LastIndexByte(names[0], ' ')+1:]
	for _, noun := range pluralNouns {
		if last == noun {
			return true
		}
	}
	return false
}

// pluralNouns are the words that end the names of groups of crawlers in
// messages: match.Profile.Readers ("RFC 9309 crawlers", "1994-standard
// crawlers") and the fallbacks when no profile is named ("crawlers", "other
// crawlers").
var pluralNouns = []string{"crawlers", "parsers", "robots", "fetchers"}

// Subject writes names as the subject of a sentence followed by the verb
// that agrees with them: one ("reads", "still applies") after a single
// crawler, many ("read", "still apply") otherwise. "Google reads", "Google
// and Bing read", "RFC 9309 crawlers read".
func Subject(names []string, one, many string) string {
	return Join(names) + " " + Verb(names, one, many)
}

// Verb returns the form of a verb that agrees with names as its subject,
// for a verb further on in the sentence: "Bing compares the whole value and
// so applies...".
func Verb(names []string, one, many string) string {
	if Plural(names) {
		return many
	}
	return one
}

// Readers returns the names that messages give the crawlers of profiles,
// in the order given (match.Profile.Readers).
func Readers(profiles []*match.Profile) []string {
	names := make([]string, 0, len(profiles))
	for _, p := range profiles {
		names = append(names, p.Readers)
	}
	return names
}
