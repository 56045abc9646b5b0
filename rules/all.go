package rules

import "github.com/robotslint/robotslint/lint"

// all is every rule, in the order the documentation lists them: what the
// server sent and how it is encoded, then directive names, user agents and
// groups, paths and rule sets, and last the engine's own.
var all = []*lint.Rule{
	// The file and its content.
	NotRobotsTxt,
	InvalidEncoding,
	ByteOrderMark,
	ControlCharacter,
	LineTooLong,
	FileTooLarge,
	BlocksEverything,
	BlocksResources,
	// Directive names and values.
	MisspelledDirective,
	MissingColon,
	InvalidLine,
	UnknownDirective,
	NoindexDirective,
	UnsupportedDirective,
	CrawlDelay,
	SitemapURL,
	// User agents and groups.
	MissingUserAgent,
	EmptyRecord,
	MultipleAgents,
	InvalidUserAgent,
	MisspelledUserAgent,
	RetiredUserAgent,
	GroupMergeHazard,
	BlankLineInGroup,
	DuplicateGroup,
	GlobalRulesIgnored,
	// Paths and rule sets.
	MultiplePaths,
	WildcardPortability,
	PathNotAbsolute,
	RegexInPath,
	UnencodedPath,
	InvalidPercentEncoding,
	DuplicateRule,
	ConflictingRules,
	RedundantRule,
	RuleOrder,
	lint.UnusedSuppression,
}

// All returns every rule, in the order the documentation lists them.
func All() []*lint.Rule { return append([]*lint.Rule(nil), all...) }

// Lookup returns the rule named name, or nil.
func Lookup(name string) *lint.Rule {
	for _, r := range all {
		if r.Name == name {
			return r
		}
	}
	return nil
}
