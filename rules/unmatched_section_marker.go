package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax/page"
)

// UnmatchedSectionMarker reports a section marker that is opened and never
// closed, such as Yandex's <!--noindex--> without <!--/noindex-->, which
// hides the whole rest of the page from Yandex, and a closing marker with
// no opening one before it.
var UnmatchedSectionMarker = &lint.Rule{
	Name:    "unmatched-section-marker",
	Summary: "a section marker never closed, such as Yandex's noindex, which then hides the rest of the page from Yandex, or a closing marker that closes nothing",
	Doc: lint.Doc{
		What: "Reports a section marker opened and never closed: Yandex's `<noindex>` or `<!--noindex-->`, the " +
			"Spiderline robots comment `<!-- robots content=\"...\" -->`, a `<!--googleoff: ...-->` without " +
			"`<!--googleon: ...-->`. It also reports a closing marker with no opening one before it. It is a warning " +
			"for markers a targeted crawler reads (Yandex's), and information for the others. An element with " +
			"`data-nosnippet` and no end tag is not reported: browsers close it, and Google reads the page as they do.",
		Why: "A marker covers everything up to its closing marker. Yandex documents that without the closing tag " +
			"\"the entire contents of the page is considered hidden\": a template that opens `<!--noindex-->` around " +
			"a menu and loses the closing comment keeps the page's main text out of Yandex. A closing marker that " +
			"closes nothing usually means the opening one was dropped or misspelled, so the text meant to be hidden " +
			"is not.",
		Instead: "Close every marker right after the text it is meant to cover, and remove closing markers left over " +
			"from removed ones.",
	},
	Flagged:  "<html><head><title>Menu</title></head>\n<body>\n<!--noindex--><nav>Menu</nav>\n<main>Article</main>\n</body></html>\n",
	Clean:    "<html><head><title>Menu</title></head>\n<body>\n<!--noindex--><nav>Menu</nav><!--/noindex-->\n<main>Article</main>\n</body></html>\n",
	Severity: lint.Warning,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Yandex},
	RunPage:  runUnmatchedSectionMarker,
}

func runUnmatchedSectionMarker(pass *lint.PagePass) {
	doc := pass.Page.Doc
	if doc == nil {
		return
	}
	for i := range doc.Sections {
		s := &doc.Sections[i]
		names, known := markerNames[s.Kind]
		if !known || s.Kind == page.DataNosnippet || s.Closed && !s.Orphan {
			continue
		}
		readers := markerReaders(pass, s.Kind)
		var opts []lint.ReportOption
		if len(readers) == 0 {
			opts = append(opts, lint.WithSeverity(lint.Info))
		}
		if s.Orphan {
			msg := fmt.Sprintf("this %s closes no %s before it: if the opening marker was dropped or misspelled, the text it was meant to cover is not covered", names[1], names[0])
			pass.Report(s.Close, msg, opts...)
			continue
		}
		pass.Report(s.Open, unclosedMessage(s.Kind, names, readers), opts...)
	}
}

// unclosedMessage says what a marker of kind k left open does: it covers
// the rest of the page, for the crawlers that read it.
func unclosedMessage(k page.SectionKind, names [2]string, readers []*match.Profile) string {
	msg := fmt.Sprintf("this %s is never closed by a %s", names[0], names[1])
	switch {
	case (k == page.YandexNoindexTag || k == page.YandexNoindexComment) && len(readers) > 0:
		return msg + ": Yandex keeps the whole rest of the page out of its index"
	case k == page.YandexNoindexTag || k == page.YandexNoindexComment:
		return msg + ": Yandex, which the site does not target, would keep the whole rest of the page out of its index"
	case k == page.GoogleOff:
		return msg + ": the Google Search Appliance skipped the whole rest of the page (Google web search ignores the marker)"
	case len(readers) > 0:
		return msg + fmt.Sprintf(": its rules apply to the whole rest of the page, for %s", prose.Join(prose.Readers(readers)))
	}
	return msg + ": its rules apply to the whole rest of the page, for the tools that read it (no search engine does)"
}
