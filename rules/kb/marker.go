package kb

// MarkerKind names a kind of section marker: a tag, comment or attribute
// that asks crawlers to treat part of a page differently from the rest.
// The kinds are named as package syntax/page's SectionKind.String names
// them, so that MarkerKind(kind.String()) converts one to the other.
type MarkerKind string

// The kinds of section marker.
const (
	// MarkerSpiderline is the Spiderline robots comment tag:
	// <!-- robots content="noindex" --> … <!-- /robots -->.
	MarkerSpiderline MarkerKind = "spiderline"
	// MarkerYandexNoindexTag is Yandex's <noindex> … </noindex> element.
	MarkerYandexNoindexTag MarkerKind = "yandex-noindex-tag"
	// MarkerYandexNoindexComment is Yandex's <!--noindex--> …
	// <!--/noindex--> comment pair.
	MarkerYandexNoindexComment MarkerKind = "yandex-noindex-comment"
	// MarkerGoogleOff is the Google Search Appliance's <!--googleoff: …-->
	// … <!--googleon: …--> comment pair.
	MarkerGoogleOff MarkerKind = "googleoff"
	// MarkerDataNosnippet is Google's data-nosnippet attribute.
	MarkerDataNosnippet MarkerKind = "data-nosnippet"
)

// Marker is what robotslint knows about one kind of section marker.
type Marker struct {
	Kind MarkerKind
	// Syntax shows how the marker is written, open and close.
	Syntax string
	// Values are the words the marker takes, in lower case: the rules of
	// the Spiderline tag, the flags of googleoff. Empty when it takes none.
	Values []string
	// Summary says in a line, lower case and without a final period, what
	// the marker does.
	Summary string
	// Doc explains the marker to a webmaster in a short paragraph: who
	// reads it, what it covers and what happens when it is not closed.
	Doc string
	// Support holds one entry per profile, in PageProfiles order.
	Support []PageSupport
	// Source cites the pages the facts come from: URLs, separated by "; ".
	Source string
}

// SupportFor returns how crawlers following profile p treat the marker,
// and false if p is not one of PageProfiles.
func (m *Marker) SupportFor(p Profile) (PageSupport, bool) {
	for _, s := range m.Support {
		if s.Profile == p {
			return s, true
		}
	}
	return PageSupport{}, false
}

// Markers returns every kind of section marker robotslint knows.
func Markers() []Marker { return append([]Marker(nil), markers...) }

// LookupMarker returns what is known about markers of kind k, or nil.
func LookupMarker(k MarkerKind) *Marker {
	for i := range markers {
		if markers[i].Kind == k {
			return &markers[i]
		}
	}
	return nil
}

const (
	srcYandexNoindex  = "https://yandex.com/support/webmaster/adding-site/indexing-prohibition.html"
	srcGSA            = "https://www.novascotia.ca/search/faq/faq_011.asp (a Google Search Appliance site's copy of its documentation)"
	srcGoogleNoSyntax = "https://seoclaims.com/en/d/no-syntax-to-exclude-sections-of-a-page-from-snippets (a 2010 Google Search Central video, quoted)"
	yandexOnlyMarker  = "Yandex's own marker; other engines index the text"
)

// markers are the section markers, in the order of syntax/page's kinds.
var markers = []Marker{
	{
		Kind:    MarkerSpiderline,
		Syntax:  "<!-- robots content=\"noindex\" --> … <!-- /robots -->",
		Values:  []string{"noindex", "nofollow", "none", "index", "follow", "all"},
		Summary: "applies robots rules to part of a page, for Spiderline",
		Doc: "The robots comment tag of the Spiderline document robotslint grew from: the rules in its content " +
			"attribute (noindex, nofollow, none, index, follow, all) apply to the part of the page up to " +
			"<!-- /robots -->, and where it and a robots meta tag both apply, the more restrictive reading wins. No " +
			"major search engine reads it: to keep text out of Google's snippets use data-nosnippet, and out of " +
			"Yandex's index <!--noindex-->.",
		Support: perEngine(
			skipped("not a Google feature; use data-nosnippet to keep text out of snippets"),
			skipped("not a Bing feature"),
			skipped("not a Yandex feature; use <!--noindex--> … <!--/noindex-->"),
		),
		Source: "the Spiderline document (robotslint issue 17)",
	},
	{
		Kind:    MarkerYandexNoindexTag,
		Syntax:  "<noindex> … </noindex>",
		Summary: "keeps part of a page's text out of Yandex's index",
		Doc: "A Yandex element that keeps the text inside it out of Yandex's index; links inside are still seen. It is " +
			"not valid HTML, so <!--noindex--> … <!--/noindex--> does the same in a comment. Yandex: if there is no " +
			"closing tag, \"the entire contents of the page is considered hidden\", and in nested noindex tags " +
			"everything after the first closing tag is ignored. Other engines index the text.",
		Support: perEngine(
			skipped(yandexOnlyMarker),
			skipped(yandexOnlyMarker),
			read("text only; without a closing tag, the rest of the page is hidden"),
		),
		Source: srcYandexNoindex,
	},
	{
		Kind:    MarkerYandexNoindexComment,
		Syntax:  "<!--noindex--> … <!--/noindex-->",
		Summary: "keeps part of a page's text out of Yandex's index, in valid HTML",
		Doc: "The comment form of Yandex's <noindex> element, which keeps the HTML valid: the text between the two " +
			"comments stays out of Yandex's index; links inside are still seen. Without the closing comment, the rest " +
			"of the page is hidden from Yandex. Other engines index the text.",
		Support: perEngine(
			skipped(yandexOnlyMarker),
			skipped(yandexOnlyMarker),
			read("text only; without a closing comment, the rest of the page is hidden"),
		),
		Source: srcYandexNoindex,
	},
	{
		Kind:    MarkerGoogleOff,
		Syntax:  "<!--googleoff: index--> … <!--googleon: index-->",
		Values:  []string{"index", "anchor", "snippet", "all"},
		Summary: "told the Google Search Appliance to skip part of a page",
		Doc: "A marker of the Google Search Appliance, Google's discontinued site-search server: between " +
			"<!--googleoff: FLAG--> and <!--googleon: FLAG-->, index keeps words out of the index, anchor keeps link " +
			"text from describing the linked page, snippet keeps text out of snippets, and all does all three. Google " +
			"web search does not read it: it offers no way to keep part of a page out of its index, and data-nosnippet " +
			"keeps text out of its snippets.",
		Support: perEngine(
			skipped("Google Search Appliance only; Google web search ignores it (use data-nosnippet for snippets)"),
			skipped("a Google Search Appliance marker"),
			skipped("a Google Search Appliance marker"),
		),
		Source: sources(srcGSA, srcGoogleNoSyntax),
	},
	{
		Kind:    MarkerDataNosnippet,
		Syntax:  "<span data-nosnippet> … </span> (also div and section)",
		Summary: "keeps part of a page's text out of Google's snippets",
		Doc: "An HTML attribute, without a value, on span, div and section elements: Google does not use the text " +
			"inside in snippets. The text is still indexed. Google asks for valid HTML with the element properly " +
			"closed, so that it can tell where the excluded text ends; a nosnippet rule for the whole page wins over it.",
		Support: perEngine(
			read("snippets only; the text is still indexed"),
			skipped("not documented by Bing"),
			skipped("not documented by Yandex"),
		),
		Source: sources(srcGoogle, srcGoogleSnippet),
	},
}
