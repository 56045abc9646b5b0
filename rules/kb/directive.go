package kb

import (
	"sync"

	"github.com/robotslint/robotslint/syntax"
)

// Profile names a way of reading robots.txt: a standard's or a search
// engine's. The names are those of lint/match's profiles.
type Profile string

// The profiles the knowledge base describes support for.
const (
	// ProfileGoogle is Google's crawlers, as Google's open-source parser
	// reads a file.
	ProfileGoogle Profile = "google"
	// ProfileRFC9309 is RFC 9309 (2022) as written.
	ProfileRFC9309 Profile = "rfc9309"
	// ProfileBing is Bingbot, as far as Microsoft documents it.
	ProfileBing Profile = "bing"
	// ProfileYandex is Yandex's robots.
	ProfileYandex Profile = "yandex"
	// ProfileLegacy is the 1994 standard with Koster's 1997 draft, which
	// older and simpler crawlers still follow.
	ProfileLegacy Profile = "legacy"
)

var profiles = []Profile{ProfileGoogle, ProfileRFC9309, ProfileBing, ProfileYandex, ProfileLegacy}

// Profiles returns every profile, in the order Directive.Support lists
// them.
func Profiles() []Profile { return append([]Profile(nil), profiles...) }

// Support says whether crawlers following one profile act on a directive.
type Support struct {
	Profile Profile
	// Honoured is true when the directive changes what such a crawler
	// does. A directive it ignores is read as an unknown line.
	Honoured bool
	// Note qualifies the answer where a webmaster needs more than yes or
	// no; it may be empty.
	Note string
}

// Spelling is a misspelling of a directive's name, as found in real files.
type Spelling struct {
	// Key is the misspelled name, in lower case.
	Key string
	// ReadByGoogle is true when Google's parser still reads the line as
	// the directive: it accepts a few frequent typos, and any key that
	// starts with a directive's name or with one of those typos.
	ReadByGoogle bool
}

// Directive is what robotslint knows about one directive.
type Directive struct {
	// Kind is the directive as package syntax names it.
	Kind syntax.Directive
	// Name is the directive's conventional spelling ("User-agent").
	Name string
	// Misspellings are the misspelled names that mean this directive; none
	// is another directive's name or appears under two directives.
	Misspellings []Spelling
	// Value describes the value the directive takes, as a noun phrase.
	Value string
	// Summary says in a line, lower case and without a final period, what
	// the directive does.
	Summary string
	// Doc explains the directive to a webmaster in a short paragraph.
	Doc string
	// Support holds one entry per profile, in Profiles order.
	Support []Support
}

// SupportFor returns how crawlers following profile p treat the directive,
// and false if p is not one of Profiles.
func (d *Directive) SupportFor(p Profile) (Support, bool) {
	for _, s := range d.Support {
		if s.Profile == p {
			return s, true
		}
	}
	return Support{}, false
}

// Directives returns every directive syntax knows by name, in the order of
// syntax.Directives.
func Directives() []Directive { return append([]Directive(nil), directives...) }

// LookupDirective returns what is known about d, or nil for
// syntax.DirectiveNone and syntax.DirectiveOther.
func LookupDirective(d syntax.Directive) *Directive {
	i := int(d) - int(syntax.DirectiveUserAgent)
	if i < 0 || i >= len(directives) {
		return nil
	}
	return &directives[i]
}

// Misspelling resolves a key that is a known misspelling of a directive's
// name, compared ignoring ASCII case, to the directive that was meant. A
// directive's own name is not a misspelling: syntax.LookupDirective
// resolves those.
func Misspelling(key string) (d syntax.Directive, ok bool) {
	d, ok = misspellings()[syntax.LowerASCII(key)]
	return d, ok
}

var misspellings = sync.OnceValue(func() map[string]syntax.Directive {
	m := make(map[string]syntax.Directive)
	for _, d := range directives {
		for _, s := range d.Misspellings {
			m[s.Key] = d.Kind
		}
	}
	return m
})

func honoured(note string) Support { return Support{Honoured: true, Note: note} }
func ignored(note string) Support  { return Support{Note: note} }

// perProfile lists support in Profiles order.
func perProfile(google, rfc9309, bing, yandex, legacy Support) []Support {
	s := []Support{google, rfc9309, bing, yandex, legacy}
	for i := range s {
		s[i].Profile = profiles[i]
	}
	return s
}

const (
	pathValue    = "a path pattern starting with / (may use * and $)"
	notInLegacy  = "in neither the 1994 standard nor the 1997 draft"
	yandexOnly   = "Yandex-only"
	undocumented = "not documented"
)

// directives is indexed by syntax.Directive minus DirectiveUserAgent.
//
// The facts come from the standards (1994, the 1997 draft, RFC 9309),
// Google's documentation and open-source parser, and Bing's and Yandex's
// documentation. The misspellings are the typos Google's parser accepts,
// keys its prefix matching accepts ("disallowed"), the typos its source
// and tests name as rejected ("alow", "dis-allow"), and typos seen in real
// files: this project's corpus, issue reports against other parsers and
// validators, and surveys of Common Crawl.
var directives = []Directive{
	{
		Kind: syntax.DirectiveUserAgent,
		Name: "User-agent",
		Misspellings: []Spelling{
			{"useragent", true},
			{"user agent", true},
			{"user-agents", true},
			{"useragents", true},
			{"user_agent", false},
			{"user-agnt", false},
			{"usear-agent", false},
		},
		Value:   "a product token of letters, '_' and '-', or *",
		Summary: "names the crawlers that the rules below it apply to",
		Doc: "Starts a group: the Allow and Disallow lines that follow apply to the crawlers named by this line " +
			"and by the User-agent lines just above it. A crawler obeys the group that names its token, compared " +
			"ignoring case, or the * group when no group names it; a crawler that has a group of its own ignores " +
			"the * group entirely. Write the bare token (GPTBot), not a whole user-agent string: Google reads only " +
			"the leading letters, '_' and '-', so \"Googlebot/2.1\" means Googlebot and \"MJ12bot\" means MJ.",
		Support: perProfile(
			honoured("only the leading letters, '_' and '-' of the value count; the groups naming the crawler merge and replace the * group"),
			honoured("exact product-token match, ignoring case; all groups naming the crawler merge"),
			honoured("a group naming bingbot replaces the * group, except that a Crawl-delay in the * group still applies"),
			honoured("a group applies to every Yandex robot whose name contains its value (\"Yandex\" covers YandexBot), and the * group is then ignored; a blank line ends the group"),
			honoured("case-insensitive substring match; the 1997 draft takes the first matching record"),
		),
	},
	{
		Kind: syntax.DirectiveAllow,
		Name: "Allow",
		Misspellings: []Spelling{
			{"allowed", true},
			{"alow", false},
			{"alllow", false},
		},
		Value:   pathValue,
		Summary: "lets crawlers fetch URLs whose path matches, overriding a shorter Disallow",
		Doc: "Allows URLs whose path and query start with the pattern. When an Allow and a Disallow both match a URL, " +
			"Google, Bing, Yandex and RFC 9309 follow the longer pattern, and Allow wins a tie; crawlers that follow the " +
			"1997 draft take the first matching line in the group instead. '*' matches any run of characters and a " +
			"final '$' anchors the end of the URL. Paths are case-sensitive.",
		Support: perProfile(
			honoured("the longest matching pattern wins, counting * and $; Allow wins a tie"),
			honoured("the longest match wins; Allow should win a tie"),
			honoured("the longest match wins, by secondary accounts; Bing does not document it"),
			honoured("rules are sorted by length and the longest match wins"),
			honoured("not in the 1994 standard; added by the 1997 draft, where the first matching line wins"),
		),
	},
	{
		Kind: syntax.DirectiveDisallow,
		Name: "Disallow",
		Misspellings: []Spelling{
			{"dissallow", true},
			{"dissalow", true},
			{"disalow", true},
			{"diasllow", true},
			{"disallaw", true},
			{"disallowed", true},
			{"diaslow", false},
			{"dis-allow", false},
			{"disllow", false},
			{"disalllow", false},
			{"disllaow", false},
			{"desallow", false},
			{"diallow", false},
			{"dosallow", false},
			{"disabllow", false},
		},
		Value:   pathValue,
		Summary: "asks crawlers not to fetch URLs whose path matches",
		Doc: "Blocks URLs whose path and query start with the pattern: \"Disallow: /help\" blocks /help.html and " +
			"/help/index.html, \"Disallow: /help/\" only the folder. An empty value blocks nothing. Disallow stops " +
			"crawling, not indexing: a blocked URL can still appear in search results when other pages link to it, " +
			"and a noindex on a blocked page is never seen.",
		Support: perProfile(
			honoured("an empty value blocks nothing; a pattern starting with neither / nor * never matches"),
			honoured("patterns start with /, and * and $ are special; an empty value blocks nothing"),
			honoured("* and $ are special"),
			honoured("rules must start with / or *; a rule after a blank line belongs to no group"),
			honoured("a plain prefix, without wildcards; an empty value allows everything"),
		),
	},
	{
		Kind: syntax.DirectiveSitemap,
		Name: "Sitemap",
		Misspellings: []Spelling{
			{"site-map", true},
			{"sitemaps", true},
		},
		Value:   "an absolute URL",
		Summary: "gives the address of an XML sitemap",
		Doc: "Gives the full URL of a sitemap or sitemap index, which may be on another host. It belongs to no " +
			"group: it applies to every crawler wherever it appears, and it does not end a group. Repeat the line " +
			"for several sitemaps. The URL must be absolute; Google and Yandex reject a relative one.",
		Support: perProfile(
			honoured("an absolute URL, on any host; not tied to a group"),
			honoured("not part of the protocol, but named as a record crawlers may read; it must not end a group"),
			honoured(""),
			honoured("the URL must be absolute"),
			ignored(notInLegacy),
		),
	},
	{
		Kind:    syntax.DirectiveCrawlDelay,
		Name:    "Crawl-delay",
		Value:   "a number of seconds, such as 10 or 0.5",
		Summary: "asks a crawler to wait between requests",
		Doc: "Asks for a pause, in seconds, between requests. It was never standardised: Bing, Yahoo, Common Crawl, " +
			"Ahrefs, Majestic and Anthropic honour it, while Google, Yandex (since 2018), Baidu, Applebot and " +
			"Amazonbot ignore it; set their crawl rate in their webmaster tools instead. Google reads the line as " +
			"unknown, so User-agent lines on either side of it form a single group.",
		Support: perProfile(
			ignored("never supported; the parser reads it as an unknown line"),
			ignored("not part of the protocol; crawlers may read it as another record"),
			honoured("takes precedence over the crawl-control setting in Bing Webmaster Tools"),
			ignored("ignored since 22 February 2018; use the crawl-rate setting in Yandex Webmaster"),
			ignored(notInLegacy),
		),
	},
	{
		Kind:    syntax.DirectiveHost,
		Name:    "Host",
		Value:   "a host name, optionally with scheme and port",
		Summary: "named the main mirror of a site for Yandex",
		Doc: "A Yandex directive that named the main host among mirrors serving the same site. Yandex deprecated " +
			"it in 2018: redirect the other hosts to the main one with a 301 instead. Other crawlers ignore it.",
		Support: perProfile(
			ignored(yandexOnly),
			ignored(yandexOnly),
			ignored(yandexOnly),
			ignored("deprecated in 2018; use a 301 redirect to the main mirror"),
			ignored(yandexOnly),
		),
	},
	{
		Kind:    syntax.DirectiveCleanParam,
		Name:    "Clean-param",
		Value:   "parameter names joined by &, optionally followed by a space and a path prefix",
		Summary: "tells Yandex which URL parameters do not change a page",
		Doc: "A Yandex directive: \"Clean-param: ref&sid /catalog/\" says that the ref and sid query parameters do " +
			"not change the content of pages under /catalog/, so Yandex treats URLs differing only in them as one " +
			"page. It neither blocks nor allows anything and has no effect on Allow and Disallow matching. Other " +
			"crawlers ignore it.",
		Support: perProfile(
			ignored(yandexOnly),
			ignored(yandexOnly),
			ignored(yandexOnly),
			honoured("merges URLs that differ only in the listed parameters; no effect on Allow and Disallow matching"),
			ignored(yandexOnly),
		),
	},
	{
		Kind:    syntax.DirectiveRequestRate,
		Name:    "Request-rate",
		Value:   "a rate such as 1/10s or 20/1h, optionally followed by a UTC time window such as 1300-1659",
		Summary: "asks for at most so many requests per unit of time",
		Doc: "From Sean Conner's 1996 \"extended standard for robot exclusion\" (robots.txt 2.0): \"Request-rate: " +
			"1/10m\" asks for one request every ten minutes. Hardly any crawler implements it; Seznam once said " +
			"it supported most of that proposal, and Python's urllib.robotparser reads it. Google ignores it.",
		Support: perProfile(
			ignored("the parser reads it as an unknown line"),
			ignored("not part of the protocol"),
			ignored(undocumented),
			ignored(undocumented),
			ignored("from the 1996 robots.txt 2.0 proposal, not the 1994 standard or the 1997 draft"),
		),
	},
	{
		Kind:    syntax.DirectiveVisitTime,
		Name:    "Visit-time",
		Value:   "a UTC time window such as 0600-0845",
		Summary: "asks crawlers to visit only within a daily time window",
		Doc: "Also from the 1996 robots.txt 2.0 proposal: \"Visit-time: 0600-0845\" asks crawlers to visit only " +
			"between those times, in UTC. Hardly any crawler implements it; Google ignores it.",
		Support: perProfile(
			ignored("the parser reads it as an unknown line"),
			ignored("not part of the protocol"),
			ignored(undocumented),
			ignored(undocumented),
			ignored("from the 1996 robots.txt 2.0 proposal, not the 1994 standard or the 1997 draft"),
		),
	},
	{
		Kind:    syntax.DirectiveNoindex,
		Name:    "Noindex",
		Value:   pathValue,
		Summary: "was an unofficial way to keep URLs out of Google's index",
		Doc: "Never part of any robots.txt standard. Google followed it unofficially until 1 September 2019, and " +
			"no major crawler reads it now. To keep a page out of search results, send a robots meta tag or an " +
			"X-Robots-Tag: noindex header, and leave the page crawlable: a crawler that a Disallow keeps out never " +
			"sees the noindex.",
		Support: perProfile(
			ignored("support retired on 1 September 2019; use a robots meta tag or X-Robots-Tag"),
			ignored("not part of the protocol"),
			ignored(""),
			ignored(""),
			ignored(notInLegacy),
		),
	},
	{
		Kind:    syntax.DirectiveNofollow,
		Name:    "Nofollow",
		Value:   pathValue,
		Summary: "was an unofficial way to ask Google not to follow links",
		Doc: "Never part of any robots.txt standard; Google stopped reading it, with Noindex, on 1 September 2019. " +
			"Use a robots meta tag (content=\"nofollow\") or rel=\"nofollow\" on the links instead.",
		Support: perProfile(
			ignored("support retired on 1 September 2019; use a robots meta tag or rel=\"nofollow\""),
			ignored("not part of the protocol"),
			ignored(""),
			ignored(""),
			ignored(notInLegacy),
		),
	},
	{
		Kind:    syntax.DirectiveNoarchive,
		Name:    "Noarchive",
		Value:   pathValue,
		Summary: "asks search engines not to keep a cached copy, which robots.txt cannot do",
		Doc: "Not a robots.txt directive: noarchive is a value of the robots meta tag, and even there Google no " +
			"longer uses it, since its cached pages are gone (Amazon reads the meta tag as a request not to train " +
			"models on the page). Crawlers ignore it in robots.txt.",
		Support: perProfile(
			ignored("the parser reads it as an unknown line; the meta tag value is no longer used either"),
			ignored("not part of the protocol"),
			ignored(""),
			ignored(""),
			ignored(notInLegacy),
		),
	},
	{
		Kind:    syntax.DirectiveContentSignal,
		Name:    "Content-Signal",
		Value:   "comma-separated preferences search, ai-input and ai-train, each =yes or =no",
		Summary: "states whether content may be used for search, AI answers and AI training",
		Doc: "From Cloudflare's Content Signals Policy: \"Content-Signal: search=yes, ai-train=no\" in a group states " +
			"the site's preferences for search indexing (search), use as input to AI answers (ai-input) and AI model " +
			"training (ai-train). It states a preference and blocks nothing; whether a crawler respects it is up " +
			"to its operator. Google's parser ignores the line, and Search Console reports it as not understood.",
		Support: perProfile(
			ignored("the parser reads it as an unknown line; Search Console flags it"),
			ignored("an extension, not part of the protocol"),
			ignored(undocumented),
			ignored(undocumented),
			ignored(notInLegacy),
		),
	},
	{
		Kind:    syntax.DirectiveContentUsage,
		Name:    "Content-Usage",
		Value:   "an optional path pattern, then preferences such as train-ai=n or search=y",
		Summary: "states preferences for AI use of content, as the IETF AIPREF drafts propose",
		Doc: "Proposed by the IETF AI Preferences working group as an update to RFC 9309: \"Content-Usage: train-ai=n\" " +
			"in a group, optionally with a path first (\"Content-Usage: /news/ train-ai=n\"), states preferences " +
			"about uses of the content, such as AI training (train-ai) and search, with the values y and n. Paths " +
			"match as in Allow and Disallow, and the preferences only concern URLs crawlers may fetch. It is still " +
			"a draft: no major crawler documents reading it, though Google has said it intends to support a shared " +
			"training-preference signal.",
		Support: perProfile(
			ignored("the parser reads it as an unknown line; Google has announced it intends to support a shared training-preference signal"),
			ignored("proposed as an update to RFC 9309 (draft-ietf-aipref-attach)"),
			ignored(undocumented),
			ignored(undocumented),
			ignored(notInLegacy),
		),
	},
}
