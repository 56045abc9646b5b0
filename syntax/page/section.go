package page

import "github.com/robotslint/robotslint/syntax"

// SectionKind tells the section markers apart.
type SectionKind uint8

// The kinds of section marker.
const (
	// Spiderline is the robots comment tag of the Spiderline document:
	// <!-- robots content="noindex" --> … <!-- /robots -->.
	Spiderline SectionKind = iota
	// YandexNoindexTag is Yandex's <noindex> … </noindex> element.
	YandexNoindexTag
	// YandexNoindexComment is Yandex's <!--noindex--> … <!--/noindex-->.
	YandexNoindexComment
	// GoogleOff is the Google Search Appliance's <!--googleoff: index-->
	// … <!--googleon: index--> pair, which Google web search ignores.
	GoogleOff
	// DataNosnippet is an element with a data-nosnippet attribute, whose
	// text Google keeps out of snippets.
	DataNosnippet
)

var sectionKindNames = [...]string{"spiderline", "yandex-noindex-tag", "yandex-noindex-comment", "googleoff", "data-nosnippet"}

// String returns the kind's name as the corpus golden shows it.
func (k SectionKind) String() string {
	if int(k) < len(sectionKindNames) {
		return sectionKindNames[k]
	}
	return "SectionKind(?)"
}

// Section is one marked part of a page.
type Section struct {
	// Kind is the kind of marker.
	Kind SectionKind
	// Open is the opening marker (the comment or start tag); for an
	// orphan closing marker it is empty, at Close.Start.
	Open syntax.Span
	// Close is the closing marker (comment or end tag); when the section
	// is not closed it is empty, at the end of the page.
	Close syntax.Span
	// Closed reports whether a closing marker was found.
	Closed bool
	// Orphan reports a closing marker with no opening one before it.
	Orphan bool
	// Rules are the Spiderline content values or the googleoff flags.
	Rules []Rule
}
