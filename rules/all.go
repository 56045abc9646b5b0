package rules

import "github.com/robotslint/robotslint/lint"

// all is every rule, in the order the documentation lists them: what the
// server sent and how it is encoded, then directive names, user agents and
// groups, paths and rule sets, the engine's own, the rules of HTML pages
// (lint.ScopePage) and of sitemaps (lint.ScopeSitemap), and last the rules about
// how a site serves its robots.txt (lint.ScopeFetch), which only a fetch of
// a URL can check.
var all = []*lint.Rule{
	// The file and its content.
	FileName,
	NotRobotsTxt,
	InvalidEncoding,
	ByteOrderMark,
	ControlCharacter,
	LineTooLong,
	FileTooLarge,
	EmptyFile,
	MissingSitemap,
	YandexLimits,
	BlocksEverything,
	BlocksResources,
	BlocksQueryStrings,
	// Directive names and values.
	MisspelledDirective,
	MissingColon,
	InvalidLine,
	MissingLineBreak,
	UnknownDirective,
	NoindexDirective,
	UnsupportedDirective,
	CrawlDelay,
	SitemapURL,
	SitemapSite,
	// User agents and groups.
	MissingUserAgent,
	EmptyRecord,
	AgentSubstring,
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
	EmptyAllow,
	RegexInPath,
	HashInPath,
	HTMLEntity,
	UnencodedPath,
	InvalidPercentEncoding,
	PathCase,
	InformationDisclosure,
	// The rules that compare rules with each other come last: the engine
	// starts on the last rules first, on a core of its own, and these
	// share the costliest reading of a large file (see lint.runPasses).
	DuplicateRule,
	ConflictingRules,
	RedundantRule,
	OverriddenRule,
	RuleOrder,
	EmptyDisallowMixed,
	PrefixMatch,
	lint.UnusedSuppression,
	// The rules of HTML pages (lint.ScopePage): names and values first,
	// then how the rules combine, then the page with its site's robots.txt.
	MisspelledRobotsName,
	UnknownIndexingRule,
	InvalidIndexingValue,
	MetaOutsideHead,
	IndexifembeddedWithoutNoindex,
	NoindexWithNofollow,
	ExpiredUnavailableAfter,
	ConflictingIndexingRules,
	MetaAndHeaderDuplicate,
	HiddenByRobotsTxt,
	// The page's section markers last: parts of a page, not the page.
	UnmatchedSectionMarker,
	UnreadSectionMarker,
	// The rules of sitemaps (lint.ScopeSitemap): whether the sitemap can be
	// read and its size, then its URLs as written, then what the site's
	// robots.txt and pages say of them.
	SitemapMalformed,
	SitemapTooLarge,
	SitemapNestedIndex,
	SitemapInvalidLoc,
	SitemapLastmod,
	SitemapOutOfScope,
	SitemapDuplicateURL,
	SitemapDisallowed,
	SitemapBlockedURL,
	SitemapNoindexURL,
	// The fetch of a site's robots.txt, in the order the command reports
	// them: what the answer was, how it was reached, then what it holds
	// and how long it took.
	FetchStatus,
	FetchRedirect,
	FetchContentType,
	FetchSize,
	FetchSlow,
	// The sitemaps robots.txt lists, which only following its Sitemap:
	// lines can check.
	SitemapUnreachable,
}

// All returns every rule, in the order the documentation lists them: the
// one catalogue that configuration, suppression comments, listings and
// documentation check names against. The engine runs only the rules with
// a Run function, so All can be passed to lint.LintFile as it is.
func All() []*lint.Rule { return append([]*lint.Rule(nil), all...) }

// byName indexes all: the language server looks up the rule of every
// diagnostic it publishes.
var byName = func() map[string]*lint.Rule {
	m := make(map[string]*lint.Rule, len(all))
	for _, r := range all {
		m[r.Name] = r
	}
	return m
}()

// Lookup returns the rule named name, or nil.
func Lookup(name string) *lint.Rule { return byName[name] }
