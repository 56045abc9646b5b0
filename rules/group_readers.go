package rules

import (
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// This file holds which of the profiles that end a group at a blank line
// read a group, judged by its user-agent values.

// yandexReadsGroup reports whether Yandex's robots read a group with these
// agents (lower-cased values): the * group, or a group whose value Yandex
// robot names contain, which in practice means one that mentions Yandex.
func yandexReadsGroup(agents []string) bool {
	for _, a := range agents {
		if a == "*" || strings.Contains(a, "yandex") {
			return true
		}
	}
	return false
}

// legacyReadsGroup reports whether crawlers that read files as the 1994
// standard does may read a group with these agents (lower-cased values):
// any group except those for Google's, Microsoft's and Yandex's crawlers,
// which read files their own way.
func legacyReadsGroup(agents []string) bool {
	for _, a := range agents {
		if a == "*" {
			return true
		}
		if strings.Contains(a, "yandex") {
			continue
		}
		if c := lookupCrawler([]byte(a)); c != nil && (c.Operator == "Google" || c.Operator == "Microsoft") {
			continue
		}
		return true
	}
	return false
}

// recordReaders returns the targeted profiles that end a group at a
// blank line (Yandex, legacy) and read a group with these agents.
func recordReaders(pass *lint.Pass, agents []string) []*match.Profile {
	var ps []*match.Profile
	if pass.Targeted(match.Yandex) && yandexReadsGroup(agents) {
		ps = append(ps, match.Yandex)
	}
	if pass.Targeted(match.Legacy) && legacyReadsGroup(agents) {
		ps = append(ps, match.Legacy)
	}
	return ps
}
