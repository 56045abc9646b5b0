package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax/page"
)

// UnreadSectionMarker reports a section marker that no crawler the site
// targets reads: above all googleoff, which only the discontinued Google
// Search Appliance read, and which webmasters still write for Google.
var UnreadSectionMarker = &lint.Rule{
	Name:    "unread-section-marker",
	Summary: "a section marker no targeted crawler reads, such as googleoff, which Google web search ignores",
	Doc: lint.Doc{
		What: "Reports a section marker that none of the site's targeted crawlers reads: `<!--googleoff: ...-->`, " +
			"which only the Google Search Appliance read, and the Spiderline robots comment " +
			"`<!-- robots content=\"...\" -->`, which no search engine reads, as warnings; Yandex's `<noindex>` on a site " +
			"that does not target Yandex, and `data-nosnippet` on one that does not target Google, as information.",
		Why: "`googleoff` and `googleon` were read by the Google Search Appliance, Google's site-search server, " +
			"since discontinued. Google web search ignores them: the text between them is indexed and can " +
			"appear in snippets. Google offers no way to keep part of a page out of its index; `data-nosnippet` keeps " +
			"text out of its snippets. Every other marker is one search engine's own, and the others index the text.",
		Instead: "To keep text out of Google's snippets, put it in a `<span>`, `<div>` or `<section>` with a " +
			"`data-nosnippet` attribute; to keep it out of Yandex's index, in `<!--noindex-->` … `<!--/noindex-->`. " +
			"To keep text out of Google's index, leave it off the page or move it to a page with `noindex`.",
	},
	Flagged:  "<html><head><title>Offer</title></head>\n<body>\n<!--googleoff: snippet--><p>Price list</p><!--googleon: snippet-->\n</body></html>\n",
	Clean:    "<html><head><title>Offer</title></head>\n<body>\n<div data-nosnippet><p>Price list</p></div>\n</body></html>\n",
	Severity: lint.Warning,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunPage:  runUnreadSectionMarker,
}

func runUnreadSectionMarker(pass *lint.PagePass) {
	doc := pass.Page.Doc
	if doc == nil {
		return
	}
	for i := range doc.Sections {
		s := &doc.Sections[i]
		// An orphan closing marker is unmatched-section-marker's finding.
		if s.Orphan || len(markerReaders(pass, s.Kind)) > 0 {
			continue
		}
		switch s.Kind {
		case page.GoogleOff:
			pass.Report(s.Open, "googleoff only worked on the Google Search Appliance, which Google discontinued: Google web search ignores it and indexes the text; data-nosnippet keeps text out of Google's snippets, and nothing keeps part of a page out of Google's index")
		case page.Spiderline:
			pass.Report(s.Open, "no search engine reads the robots comment tag, so its rules apply to nothing: data-nosnippet keeps text out of Google's snippets, and <!--noindex--> out of Yandex's index")
		default:
			names := markerNames[s.Kind]
			readers := prose.Readers(allMarkerReaders(s.Kind))
			if len(readers) == 0 {
				continue
			}
			msg := fmt.Sprintf("only %s %s, and the site does not target %s: the crawlers it targets ignore it",
				prose.Subject(readers, "reads", "read"), names[0], prose.Verb(readers, "it", "them"))
			pass.Report(s.Open, msg, lint.WithSeverity(lint.Info))
		}
	}
}

// allMarkerReaders returns the profiles, targeted or not, whose crawlers
// act on section markers of kind k.
func allMarkerReaders(k page.SectionKind) []*match.Profile {
	m := kb.LookupMarker(kb.MarkerKind(k.String()))
	if m == nil {
		return nil
	}
	var out []*match.Profile
	for _, name := range kb.PageProfiles() {
		if s, ok := m.SupportFor(name); ok && s.Reading != kb.Ignored {
			if p := match.LookupProfile(string(name)); p != nil {
				out = append(out, p)
			}
		}
	}
	return out
}
