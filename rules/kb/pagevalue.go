package kb

import (
	"slices"
	"strings"
	"sync"

	"github.com/agext/levenshtein"
	"github.com/robotslint/robotslint/syntax"
)

// Reading says how crawlers following one profile treat a page rule (a
// robots meta tag or X-Robots-Tag value, or a section marker).
type Reading string

// The ways a crawler can treat a page rule.
const (
	// Read: the crawler acts on the rule as PageValue.Doc describes it.
	Read Reading = "read"
	// Ignored: the crawler does not act on the rule; its operator does not
	// list it among the rules it supports, or says it no longer uses it.
	Ignored Reading = "ignored"
	// ReadDifferently: the crawler acts on the rule, but not the way the
	// other crawlers do; PageSupport.Note says how.
	ReadDifferently Reading = "differently"
)

// PageSupport says how crawlers following one profile treat a page rule.
type PageSupport struct {
	Profile Profile
	Reading Reading
	// Note qualifies the answer where a webmaster needs more than the
	// reading; it may be empty.
	Note string
}

// PageArg is the kind of value a page rule takes after a colon
// ("max-snippet: 50").
type PageArg int

// The kinds of value a page rule takes.
const (
	// ArgNone: the rule is a bare word ("noindex").
	ArgNone PageArg = iota
	// ArgNumber: a whole number, -1 or more; PageValue.ArgSyntax says what
	// 0 and -1 mean.
	ArgNumber
	// ArgChoice: one of PageValue.Choices.
	ArgChoice
	// ArgDate: a date and time in one of the formats ParseDate reads.
	ArgDate
)

// PageValue is what robotslint knows about one rule of the robots meta
// tag and the X-Robots-Tag header (Google calls them rules, Bing and
// Yandex directives or values): "noindex", "max-snippet" and so on.
type PageValue struct {
	// Name is the rule's name as crawlers document it, in lower case.
	Name string
	// Arg is the kind of value the rule takes.
	Arg PageArg
	// Choices are the words an ArgChoice rule accepts, the most
	// restrictive first.
	Choices []string
	// ArgSyntax describes the value the rule takes, as a noun phrase, and
	// what its special values mean; it is empty for ArgNone.
	ArgSyntax string
	// Restricts is true for a rule that takes something away (noindex,
	// nosnippet, max-snippet) and false for one that grants what is
	// already the default (index, follow, all).
	Restricts bool
	// Opposite is the rule this one contradicts ("index" for "noindex"),
	// or "" when none does. Crawlers resolve the pair by their profile's
	// Conflicts policy.
	Opposite string
	// Implies lists the rules this one stands for ("none" is "noindex,
	// nofollow"); it is empty for the others.
	Implies []string
	// Subsumes lists rules this one makes moot when both are given:
	// nosnippet hides every snippet, whatever max-snippet allows.
	// Crawlers resolve the pair as they resolve an Opposite.
	Subsumes []string
	// Summary says in a line, lower case and without a final period, what
	// the rule does.
	Summary string
	// Doc explains the rule to a webmaster in a short paragraph.
	Doc string
	// Support holds one entry per profile, in PageProfiles order.
	Support []PageSupport
	// Source cites the pages the facts come from: URLs, separated by "; ".
	Source string
}

// SupportFor returns how crawlers following profile p treat the rule, and
// false if p is not one of PageProfiles.
func (v *PageValue) SupportFor(p Profile) (PageSupport, bool) {
	for _, s := range v.Support {
		if s.Profile == p {
			return s, true
		}
	}
	return PageSupport{}, false
}

// ValidArg reports whether arg, already trimmed of spaces, is a value the
// rule accepts. A rule without a value accepts only "". Crawlers ignore a
// rule whose value they cannot read: Google says max-snippet is "ignored
// if no valid number" is given, and unavailable_after "if no valid date".
func (v *PageValue) ValidArg(arg string) bool {
	switch v.Arg {
	case ArgNone:
		return arg == ""
	case ArgNumber:
		_, ok := ParseNumber(arg)
		return ok
	case ArgChoice:
		return slices.Contains(v.Choices, syntax.LowerASCII(arg))
	case ArgDate:
		_, ok := ParseDate(arg)
		return ok
	}
	return false
}

// ParseNumber reads the value of an ArgNumber rule: a whole number of -1
// or more, without sign (except -1's), spaces or fractions.
func ParseNumber(s string) (n int, ok bool) {
	if s == "-1" {
		return -1, true
	}
	if s == "" || len(s) > 9 {
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// pageProfiles are the profiles page rules are described for: robots meta
// tags and X-Robots-Tag are search engines' inventions, documented by each
// engine and by no standard.
var pageProfiles = []Profile{ProfileGoogle, ProfileBing, ProfileYandex}

// PageProfiles returns the profiles that PageValue.Support, PageName and
// Marker.Support describe, in the order they list them.
func PageProfiles() []Profile { return append([]Profile(nil), pageProfiles...) }

// PageValues returns every page rule robotslint knows, in a fixed order:
// the indexing rules first, then snippets and previews, then the rules
// only one engine reads, then the retired ones.
func PageValues() []PageValue { return append([]PageValue(nil), pageValues...) }

// LookupPageValue returns the page rule named name, compared ignoring
// ASCII case, or nil.
func LookupPageValue(name string) *PageValue {
	if i, ok := pageValueIndex()[syntax.LowerASCII(name)]; ok {
		return &pageValues[i]
	}
	return nil
}

var pageValueIndex = sync.OnceValue(func() map[string]int {
	m := make(map[string]int, len(pageValues))
	for i, v := range pageValues {
		m[v.Name] = i
	}
	return m
})

// SuggestPageValue returns the names of the page rules that name, which
// is no rule's name, was probably meant as: the same letters without the
// hyphens, underscores and spaces ("no-index", "max_snippet"), or a typo
// away ("noidex", "noindexx", "nosnipet"). It returns nil for a known
// name and for a name that is nothing like one, and more than one name
// only when they are equally close.
func SuggestPageValue(name string) []string {
	names := make([]string, len(pageValues))
	for i, v := range pageValues {
		names[i] = v.Name
	}
	return suggest(name, names)
}

// suggest returns the candidates closest to name, compared in lower case:
// first those equal to it once '-', '_' and spaces are removed from both,
// then those a typo or two away, a swap of neighbouring letters counting
// as one. Short names take one edit and must keep
// their first letter, since short words are two edits from many others
// ("none" and "nine", "all" and "alt"); longer ones take two.
func suggest(name string, candidates []string) []string {
	lower := syntax.LowerASCII(strings.TrimSpace(name))
	if lower == "" || slices.Contains(candidates, lower) {
		return nil
	}
	squeezed := squeeze(lower)
	var out []string
	for _, c := range candidates {
		if squeeze(c) == squeezed {
			out = append(out, c)
		}
	}
	if out != nil {
		return out
	}
	best := 3
	for _, c := range candidates {
		limit := 2
		if len(c) <= 5 {
			limit = 1
			if lower[0] != c[0] {
				continue
			}
		}
		if d := len(lower) - len(c); d > limit || -d > limit {
			continue
		}
		d := levenshtein.Distance(squeezed, squeeze(c), nil)
		if d == 2 && swapped(squeezed, squeeze(c)) {
			d = 1
		}
		switch {
		case d > limit || d > best:
		case d < best:
			best, out = d, []string{c}
		default:
			out = append(out, c)
		}
	}
	return out
}

// swapped reports whether a and b differ only by two neighbouring letters
// trading places ("idnex", "index"): one slip of the fingers, though
// Levenshtein counts it as two edits.
func swapped(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// squeeze removes the separators people put inside or drop from names:
// "no-index", "no_index" and "no index" are all "noindex".
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, s)
}

func read(note string) PageSupport      { return PageSupport{Reading: Read, Note: note} }
func skipped(note string) PageSupport   { return PageSupport{Reading: Ignored, Note: note} }
func different(note string) PageSupport { return PageSupport{Reading: ReadDifferently, Note: note} }

// perEngine lists page support in PageProfiles order.
func perEngine(google, bing, yandex PageSupport) []PageSupport {
	s := []PageSupport{google, bing, yandex}
	for i := range s {
		s[i].Profile = pageProfiles[i]
	}
	return s
}

// The pages the page knowledge comes from.
const (
	srcGoogle        = "https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag"
	srcGoogleEmbed   = "https://developers.google.com/search/blog/2022/01/robots-meta-tag-indexifembedded"
	srcGoogleSnippet = "https://developers.google.com/search/blog/2019/09/more-controls-on-search"
	srcGoogleODP     = "https://developers.google.com/search/blog/2006/07/more-control-over-page-snippets"
	srcNoarchive     = "https://seocheckmate.com/google-moves-noarchive-tag-to-historical-reference-in-search-central-documentation-update (quoting Google's page)"
	srcBing          = "https://www.bing.com/webmaster/help/which-robots-metatags-does-bing-support-5198d240"
	srcBing2020      = "https://searchengineland.com/bing-adds-snippet-controls-to-help-sites-control-their-search-result-previews-332442 (Bing's announcement, quoted)"
	srcBing2023      = "https://blogs.bing.com/webmaster/september-2023/Announcing-new-options-for-webmasters-to-control-usage-of-their-content-in-Bing-Chat"
	srcYandex        = "https://yandex.com/support/webmaster/controlling-robot/meta-robots.html"
	srcMDN           = "https://developer.mozilla.org/en-US/docs/Web/HTTP/Reference/Headers/X-Robots-Tag"
	srcScreamingFrog = "https://www.screamingfrog.co.uk/guides/directives/ (nofollow \"generally used by mistake in combination with noindex\")"
)

func sources(urls ...string) string { return strings.Join(urls, "; ") }

const (
	notInBing       = "not among the values Bing documents"
	notInYandex     = "not among the directives Yandex documents"
	defaultNoEffect = "the default: it changes nothing, and loses to a contradicting restriction"
)

// pageValues are the page rules, in the order PageValues documents.
var pageValues = []PageValue{
	{
		Name:     "all",
		Opposite: "none",
		Implies:  []string{"index", "follow"},
		Summary:  "allows everything, which is the default",
		Doc: "Says there are no restrictions: the page may be indexed, its links followed and snippets shown. It is " +
			"the default, so writing it changes nothing for Google, and it does not undo a noindex or nofollow given " +
			"elsewhere. Yandex, which lets allowing rules win, reads it as index and follow and so cancels them.",
		Support: perEngine(
			read(defaultNoEffect),
			skipped(notInBing+"; it would change nothing, being the default"),
			different("read as index and follow, which for Yandex cancel a noindex or nofollow given elsewhere"),
		),
		Source: sources(srcGoogle, srcBing, srcYandex),
	},
	{
		Name:     "index",
		Opposite: "noindex",
		Summary:  "allows the page in search results, which is the default",
		Doc: "Allows the page to be indexed and shown in search results, which crawlers do anyway. Google lets a " +
			"noindex given anywhere win over it; Yandex lets it win over a noindex.",
		Support: perEngine(
			read(defaultNoEffect),
			read("the default: \"By default we assume index\""),
			different("cancels a noindex given in any tag or header of the page"),
		),
		Source: sources(srcGoogle, srcBing, srcYandex),
	},
	{
		Name:      "noindex",
		Opposite:  "index",
		Restricts: true,
		Summary:   "keeps the page out of search results",
		Doc: "Asks search engines not to show the page in their results. The crawler must be able to fetch the page " +
			"to see the rule: a page that robots.txt disallows is never read, so its noindex is never seen and the URL " +
			"can still be listed when other pages link to it. Links on the page are still followed unless nofollow is " +
			"also given.",
		Support: perEngine(
			read("only if Googlebot may fetch the page under robots.txt"),
			read("\"we need to be able to crawl the page to see this tag, so do not block access to the page\""),
			read("\"If the page is prohibited in the robots.txt file, the meta tag or header directive does not apply\"; an index or all given anywhere on the page cancels it"),
		),
		Source: sources(srcGoogle, srcBing, srcYandex),
	},
	{
		Name:     "follow",
		Opposite: "nofollow",
		Summary:  "allows crawlers to follow the page's links, which is the default",
		Doc: "Allows crawlers to follow the links on the page, which they do anyway. Google lets a nofollow given " +
			"anywhere win over it; Yandex lets it win over a nofollow.",
		Support: perEngine(
			read(defaultNoEffect),
			read("the default: \"By default we assume follow\""),
			different("cancels a nofollow given in any tag or header of the page"),
		),
		Source: sources(srcGoogle, srcBing, srcYandex),
	},
	{
		Name:      "nofollow",
		Opposite:  "follow",
		Restricts: true,
		Summary:   "asks crawlers not to follow the page's links",
		Doc: "Asks crawlers not to follow any link on the page. It does not keep the page itself out of results, and " +
			"the linked pages can still be found through other links. Audit tools find it added by mistake together " +
			"with noindex: a page that is only noindexed still leads crawlers on to the pages it links to, and " +
			"nofollow stops that too.",
		Support: perEngine(
			read(""),
			read("Bing discounts all outgoing links of the page"),
			read("the robot can still learn of the links from other pages and sites; a follow or all given anywhere on the page cancels it"),
		),
		Source: sources(srcGoogle, srcBing, srcYandex, srcScreamingFrog),
	},
	{
		Name:      "none",
		Opposite:  "all",
		Restricts: true,
		Implies:   []string{"noindex", "nofollow"},
		Summary:   "is short for noindex, nofollow",
		Doc: "Means noindex and nofollow together: the page is kept out of results and its links are not followed. " +
			"Bing does not list it; write \"noindex, nofollow\" to reach every engine.",
		Support: perEngine(
			read("equivalent to noindex, nofollow"),
			skipped(notInBing+"; write noindex, nofollow to be sure Bing reads it"),
			read("similar to noindex and nofollow"),
		),
		Source: sources(srcGoogle, srcBing, srcYandex),
	},
	{
		Name:      "noarchive",
		Opposite:  "archive",
		Restricts: true,
		Summary:   "asks search engines not to offer a cached copy of the page",
		Doc: "Asked search engines not to link to a cached copy of the page. Google no longer uses it, since its " +
			"cached pages are gone, but says other engines may. Bing keeps the page out of Bing Chat (Copilot) answers " +
			"and out of training Microsoft's AI models, while still listing it in search; Yandex hides the link to its " +
			"saved copy.",
		Support: perEngine(
			skipped("\"no longer used by Google Search to control whether a cached link is shown in search results, as the cached link feature no longer exists\""),
			different("since 2023 it keeps the page out of Bing Chat answers and out of training Microsoft's generative AI models; with nocache also given, Bing follows nocache"),
			read("hides the link to the saved copy in results; an archive given anywhere on the page cancels it"),
		),
		Source: sources(srcNoarchive, srcBing, srcBing2023, srcYandex),
	},
	{
		Name:      "nocache",
		Restricts: true,
		// Bing: "If content has both NOCACHE and NOARCHIVE tags, we will
		// treat it as NOCACHE."
		Subsumes: []string{"noarchive"},
		Summary:  "is Bing's name for noarchive, with its own meaning in Bing Chat",
		Doc: "Bing lists it as another name for noarchive (no cached copy). Since 2023 the two differ in Bing Chat " +
			"(Copilot): with nocache, answers may use the page but show only its URL, title and snippet, and only " +
			"those may train Microsoft's AI models; with noarchive, the page is left out of answers and training " +
			"altogether. Other engines ignore it.",
		Support: perEngine(
			skipped("not among the rules Google documents"),
			different("the same as noarchive for cached pages; in Bing Chat only the URL, title and snippet are used, and it wins over noarchive when both are given"),
			skipped(notInYandex),
		),
		Source: sources(srcBing, srcBing2023, srcGoogle, srcYandex),
	},
	{
		Name:     "archive",
		Opposite: "noarchive",
		Summary:  "allows a cached copy, which is Yandex's default",
		Doc:      "A Yandex directive that cancels noarchive given elsewhere on the page. Other engines ignore it.",
		Support: perEngine(
			skipped("not among the rules Google documents"),
			skipped(notInBing),
			different("cancels a noarchive given in any tag or header of the page"),
		),
		Source: sources(srcYandex, srcGoogle, srcBing),
	},
	{
		Name:      "nosnippet",
		Restricts: true,
		Subsumes:  []string{"max-snippet"},
		Summary:   "asks search engines not to show a text snippet or video preview",
		Doc: "Asks search engines to show no text snippet and no video preview for the page; a static thumbnail may " +
			"still appear. The page is still indexed. To hide only some text, mark it with data-nosnippet instead. " +
			"Given with max-snippet, nosnippet wins.",
		Support: perEngine(
			read("a static image thumbnail may still be shown; it wins over max-snippet"),
			read("no description and no preview thumbnail"),
			skipped(notInYandex+"; noyaca controls Yandex's generated descriptions"),
		),
		Source: sources(srcGoogle, srcMDN, srcBing, srcYandex),
	},
	{
		Name:      "max-snippet",
		Arg:       ArgNumber,
		ArgSyntax: "a number of characters: 0 shows no text snippet, as nosnippet does, and -1 sets no limit",
		Restricts: true,
		Summary:   "limits the length of the text snippet",
		Doc: "Limits the text snippet shown for the page to at most that many characters: \"max-snippet: 50\". 0 means " +
			"no snippet at all, and -1 lets the search engine choose. A value that is not a whole number of -1 or " +
			"more is ignored. Given twice, the smaller limit applies; given with nosnippet, nosnippet wins.",
		Support: perEngine(
			read("ignored if no valid number is given; the smaller of two values applies"),
			read("since 2020; 0 means no text snippet, -1 no limit"),
			skipped(notInYandex),
		),
		Source: sources(srcGoogle, srcMDN, srcBing2020, srcYandex),
	},
	{
		Name:      "max-image-preview",
		Arg:       ArgChoice,
		Choices:   []string{"none", "standard", "large"},
		ArgSyntax: "none (no image preview), standard (a default-size preview) or large (a preview up to the width of the screen)",
		Restricts: true,
		Summary:   "limits the size of the image preview",
		Doc: "Sets the largest image preview search engines may show for the page: none, standard or large. Without it " +
			"they may show a preview of the default size. Given twice, the smaller size applies.",
		Support: perEngine(
			read("none, standard or large"),
			read("since 2020; Bing reads any other value as no limit"),
			skipped(notInYandex),
		),
		Source: sources(srcGoogle, srcMDN, srcBing2020, srcYandex),
	},
	{
		Name:      "max-video-preview",
		Arg:       ArgNumber,
		ArgSyntax: "a number of seconds: 0 allows at most a still image, and -1 sets no limit",
		Restricts: true,
		Summary:   "limits the length of video previews",
		Doc: "Limits video previews for the videos on the page to at most that many seconds: \"max-video-preview: 10\". " +
			"0 allows at most a still image (as max-image-preview permits), and -1 sets no limit. A value that is not " +
			"a whole number of -1 or more is ignored.",
		Support: perEngine(
			read("ignored if no valid number is given"),
			read("since 2020; 0 allows a static image, -1 no limit"),
			skipped(notInYandex),
		),
		Source: sources(srcGoogle, srcMDN, srcBing2020, srcYandex),
	},
	{
		Name:      "noimageindex",
		Restricts: true,
		Summary:   "asks search engines not to index the images on the page",
		Doc: "Asks search engines not to index the images on the page, so they do not appear in image search as " +
			"coming from it. The page itself is still indexed. An image linked from elsewhere without the rule may " +
			"still be indexed.",
		Support: perEngine(
			read(""),
			skipped(notInBing),
			skipped(notInYandex),
		),
		Source: sources(srcGoogle, srcMDN, srcBing, srcYandex),
	},
	{
		Name:      "notranslate",
		Restricts: true,
		Summary:   "asks search engines not to offer a translation of the page",
		Doc: "Asks search engines not to offer a translated version of the page in results. Without it, the title " +
			"and snippet may be translated into the searcher's language.",
		Support: perEngine(
			read(""),
			skipped(notInBing),
			skipped(notInYandex),
		),
		Source: sources(srcGoogle, srcMDN, srcBing, srcYandex),
	},
	{
		Name:    "indexifembedded",
		Summary: "lets Google index the page's content when another page embeds it, despite noindex",
		Doc: "Lets Google index the content of the page when it is embedded in another page through an iframe or " +
			"similar element, even though the page itself carries noindex: a podcast player page can stay out of " +
			"results while the recipes that embed it are indexed with it. It has an effect only together with noindex " +
			"addressed to the same crawler. Only Google reads it.",
		Support: perEngine(
			read("only together with noindex"),
			skipped("a Google-only rule: \"only Google supports the indexifembedded tag\""),
			skipped("a Google-only rule: \"only Google supports the indexifembedded tag\""),
		),
		Source: sources(srcGoogle, srcGoogleEmbed, srcMDN),
	},
	{
		Name:      "unavailable_after",
		Arg:       ArgDate,
		ArgSyntax: "a date, optionally with a time, in RFC 822, RFC 850 or ISO 8601 form, such as 2026-12-31 or Wed, 31 Dec 2026 15:00:00 GMT",
		Restricts: true,
		Summary:   "drops the page from search results after a date",
		Doc: "Asks search engines not to show the page in results after the given date and time: " +
			"\"unavailable_after: 2026-12-31\". Before then the page is shown as usual. A date that cannot be read is " +
			"ignored, and a date already past keeps the page out of results as noindex does. Crawlers visit the page " +
			"much less often after the date.",
		Support: perEngine(
			read("ignored if no valid date is given"),
			skipped(notInBing),
			skipped(notInYandex),
		),
		Source: sources(srcGoogle, srcMDN, srcBing, srcYandex),
	},
	{
		Name:      "noyaca",
		Restricts: true,
		Summary:   "asks Yandex not to use an automatically generated description",
		Doc: "A Yandex directive: asks Yandex not to show a description it generated automatically in its results. " +
			"Other engines ignore it; for Google and Bing, nosnippet and max-snippet control the snippet.",
		Support: perEngine(
			skipped("a Yandex-only directive"),
			skipped("a Yandex-only directive"),
			read(""),
		),
		Source: sources(srcYandex),
	},
	{
		Name:      "noodp",
		Restricts: true,
		Summary:   "asked search engines not to use the Open Directory Project's description",
		Doc: "Asked search engines not to describe the page with its entry in the Open Directory Project (DMOZ). The " +
			"directory closed in 2017, so the rule has no effect anywhere; remove it.",
		Support: perEngine(
			skipped("retired: the Open Directory Project closed in 2017"),
			skipped("still listed by Bing, but the Open Directory Project closed in 2017"),
			skipped(notInYandex),
		),
		Source: sources(srcGoogleODP, srcBing, srcYandex),
	},
}
