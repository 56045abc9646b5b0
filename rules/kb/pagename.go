package kb

import (
	"sync"

	"github.com/robotslint/robotslint/syntax"
)

// PageName is a name a robots meta tag (<meta name="googlebot">) or an
// X-Robots-Tag prefix ("X-Robots-Tag: googlebot: noindex") addresses
// crawlers by.
type PageName struct {
	// Name is the name as its operator writes it; crawlers compare it
	// ignoring case.
	Name string
	// Profile is the profile of the crawlers the name addresses, or ""
	// for "robots", which addresses every crawler.
	Profile Profile
	// Token is the robots.txt user-agent token of the crawler the name
	// addresses, whose group decides whether it may fetch the page and so
	// see the tag at all; "" for "robots" and for names that address
	// several crawlers with different tokens.
	Token string
	// Scope says which crawlers or results the name addresses, for a
	// webmaster ("Google's text results").
	Scope string
	// ReadsRobots is true when the crawler the name addresses also obeys
	// the tags and header rules named robots, adding them to its own. It
	// is false for Google's non-search crawlers, which robots does not
	// reach: rules for them must name them.
	ReadsRobots bool
	// Source cites the pages the facts come from: URLs, separated by "; ".
	Source string
}

// PageNames returns every name robots meta tags and X-Robots-Tag prefixes
// address crawlers by, "robots" first.
func PageNames() []PageName { return append([]PageName(nil), pageNames...) }

// LookupPageName returns the page name equal to name, ignoring ASCII
// case, or nil.
func LookupPageName(name string) *PageName {
	if i, ok := pageNameIndex()[syntax.LowerASCII(name)]; ok {
		return &pageNames[i]
	}
	return nil
}

var pageNameIndex = sync.OnceValue(func() map[string]int {
	m := make(map[string]int, len(pageNames))
	for i, n := range pageNames {
		m[syntax.LowerASCII(n.Name)] = i
	}
	return m
})

// SuggestPageName returns the page names, in lower case, that name, which
// is none of them, was probably meant as: "robot" for "robots",
// "google-bot" for "googlebot". It returns nil for a known name and for a
// name that is nothing like one.
func SuggestPageName(name string) []string {
	names := make([]string, len(pageNames))
	for i, n := range pageNames {
		names[i] = syntax.LowerASCII(n.Name)
	}
	return suggest(name, names)
}

const (
	srcGoogleSpecialCrawlers = "https://developers.google.com/crawling/docs/crawlers-fetchers/google-special-case-crawlers"
	googleReadsTwo           = "Google reads two names besides robots, googlebot and googlebot-news; \"other values are ignored\""
)

// pageNames are the names crawlers document for robots meta tags and
// X-Robots-Tag prefixes. Google's AdsBot names are listed because Google's
// page tells sites to address AdsBot-Google by name, robots not reaching
// it, though it also says it reads only googlebot and googlebot-news:
// the two statements are about different crawlers (Search's and Ads').
var pageNames = []PageName{
	{
		Name:        "robots",
		ReadsRobots: true,
		Scope:       "every search engine's crawler, but not Google's non-search crawlers such as AdsBot-Google",
		Source:      sources(srcGoogle, srcBing, srcYandex),
	},
	{
		Name:        "googlebot",
		Profile:     ProfileGoogle,
		Token:       "Googlebot",
		ReadsRobots: true,
		Scope:       "Google Search: all text results. " + googleReadsTwo,
		Source:      srcGoogle,
	},
	{
		Name:        "googlebot-news",
		Profile:     ProfileGoogle,
		Token:       "Googlebot-News",
		ReadsRobots: true,
		Scope:       "Google News results. " + googleReadsTwo,
		Source:      srcGoogle,
	},
	{
		Name:    "AdsBot-Google",
		Profile: ProfileGoogle,
		Token:   "AdsBot-Google",
		Scope:   "Google Ads' landing-page checks on desktop, which robots does not address",
		Source:  sources(srcGoogle, srcGoogleSpecialCrawlers),
	},
	{
		Name:    "AdsBot-Google-Mobile",
		Profile: ProfileGoogle,
		Token:   "AdsBot-Google-Mobile",
		Scope:   "Google Ads' landing-page checks on mobile, which robots does not address",
		Source:  sources(srcGoogle, srcGoogleSpecialCrawlers),
	},
	{
		Name:        "bingbot",
		Profile:     ProfileBing,
		Token:       "bingbot",
		ReadsRobots: true,
		Scope:       "Bing only",
		Source:      srcBing,
	},
	{
		Name:        "msnbot",
		Profile:     ProfileBing,
		Token:       "msnbot",
		ReadsRobots: true,
		Scope:       "Bing only (the name of Bing's former crawler, which Bing still reads)",
		Source:      srcBing,
	},
	{
		Name:        "yandex",
		Profile:     ProfileYandex,
		Token:       "Yandex",
		ReadsRobots: true,
		Scope:       "Yandex's robots only",
		Source:      srcYandex,
	},
}
