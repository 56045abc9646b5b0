package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax/page"
)

// markerReaders returns the targeted profiles whose crawlers act on
// section markers of kind k, as rules/kb knows them.
func markerReaders(pass *lint.PagePass, k page.SectionKind) []*match.Profile {
	m := kb.LookupMarker(kb.MarkerKind(k.String()))
	if m == nil {
		return nil
	}
	var out []*match.Profile
	for _, p := range pageTargets(pageOf(pass)) {
		if s, ok := m.SupportFor(kb.Profile(p.Name)); ok && s.Reading != kb.Ignored {
			out = append(out, p)
		}
	}
	return out
}

// markerNames are the opening and closing markers of each kind as a
// webmaster writes them, for messages: a comment's own text may run on
// (flags, spaces), and the short form is the one to search the page for.
var markerNames = map[page.SectionKind][2]string{
	page.Spiderline:           {"<!-- robots -->", "<!-- /robots -->"},
	page.YandexNoindexTag:     {"<noindex>", "</noindex>"},
	page.YandexNoindexComment: {"<!--noindex-->", "<!--/noindex-->"},
	page.GoogleOff:            {"<!--googleoff-->", "<!--googleon-->"},
	page.DataNosnippet:        {"data-nosnippet", "end tag"},
}
