package rules

import (
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// This file holds how messages name the crawlers they speak of: the
// targeted profiles, Google first, by the names the profiles give their
// readers (see prose.Readers).

// profileOrder is the order messages name crawlers in.
var profileOrder = []*match.Profile{match.Google, match.Bing, match.Yandex, match.RFC9309, match.Legacy}

// targetsWhere returns the targeted profiles for which keep is true, in
// the order messages name them.
func targetsWhere(pass *lint.Pass, keep func(p *match.Profile) bool) []*match.Profile {
	var out []*match.Profile
	for _, p := range profileOrder {
		if pass.Targeted(p) && keep(p) {
			out = append(out, p)
		}
	}
	for _, p := range pass.Targets {
		if !slices.Contains(profileOrder, p) && keep(p) {
			out = append(out, p)
		}
	}
	return out
}

// targetedReaders returns the names of those of profiles the pass
// targets, in the order messages name crawlers.
func targetedReaders(pass *lint.Pass, profiles ...*match.Profile) []string {
	return prose.Readers(targetsWhere(pass, func(p *match.Profile) bool { return slices.Contains(profiles, p) }))
}

// subjectReaders returns the names of the targeted profiles among profiles,
// or "crawlers" when none is targeted: the subject of a sentence.
func subjectReaders(pass *lint.Pass, profiles ...*match.Profile) []string {
	if names := targetedReaders(pass, profiles...); len(names) > 0 {
		return names
	}
	return []string{"crawlers"}
}

// otherReaders says what the targeted profiles other than Google do, for
// messages: "Bing, Yandex and RFC 9309 crawlers keep", "Bing keeps", or
// "other crawlers keep". one and many are the verb for one subject and
// for several.
func otherReaders(pass *lint.Pass, one, many string) string {
	names := prose.Readers(targetsWhere(pass, func(p *match.Profile) bool { return p != match.Google }))
	if len(names) == 0 {
		names = []string{"other crawlers"}
	}
	return prose.Subject(names, one, many)
}
