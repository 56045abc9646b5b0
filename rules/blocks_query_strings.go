package rules

import (
	"bytes"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
)

// BlocksQueryStrings says what `Disallow: /*?` does: it blocks every URL
// with a query string, the useful ones with the rest. It is advice, not a
// mistake: many sites mean exactly that, so it stays silent when the group
// also allows some queries back.
var BlocksQueryStrings = &lint.Rule{
	Name:    "blocks-query-strings",
	Summary: "a Disallow rule that blocks every URL with a query string",
	Doc: lint.Doc{
		What: "Reports `Disallow: /*?` and its spellings (`/*?*`, `*?`), which match every URL with a query " +
			"string, unless the same group allows some queries back with an Allow rule holding a `?` " +
			"(`Allow: /*?page=`). Only groups for all crawlers (`*`) or for a search engine's crawler are looked at, " +
			"and each once.",
		Why: "Blocking query strings keeps crawlers out of faceted navigation, sort orders, session and tracking " +
			"parameters (`?utm_source=`), which can waste much of a crawl. But the same rule blocks paginated " +
			"lists (`?page=2`), search and filter pages a site may want found, and every page whose only URL " +
			"has a query, such as `/index.php?id=42`. Blocked URLs can still be indexed without their content " +
			"when they are linked, and a crawler cannot see a canonical link on a page it may not fetch. Crawlers " +
			"that follow the 1994 standard read the `*` literally and block nothing.",
		Instead: "Block the parameters that create duplicates by name (`Disallow: /*?*sort=`, `Disallow: /*?*sessionid=`), " +
			"or keep `Disallow: /*?` and allow back what should be crawled (`Allow: /*?page=`). Rather than " +
			"blocking duplicates, a canonical link on each variant lets crawlers fold them together.",
	},
	Flagged:  "User-agent: *\nDisallow: /*?\n",
	Clean:    "User-agent: *\nDisallow: /*?*sort=\nDisallow: /*?*sessionid=\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runBlocksQueryStrings,
}

func runBlocksQueryStrings(pass *lint.Pass) {
	if notRobotsTxt(pass) {
		return
	}
	layout := pass.Layout(match.Google)
	f := layout.File
	readers := subjectReaders(pass, match.Google, match.Bing, match.Yandex, match.RFC9309)
	for g := range layout.Groups {
		if !searchGroup(layout, g) || allowsQueries(layout, g) {
			continue
		}
		// The first such rule of the group: `/*?*` beside `/*?` says the
		// same twice, and duplicate-rule and redundant-rule see to that.
		for _, r := range layout.GroupRules(g) {
			if !r.Allow && allQueries(f.Text(r.Value())) {
				pass.Report(r.Value(), fmt.Sprintf("%s blocks every URL with a query string for %s: faceted, sorted and tracking URLs, "+
					"but also paginated lists (`?page=2`), search pages and any page reached only through a query; "+
					"block parameters by name, or allow back those that should be crawled",
					prose.Quote(f.Text(r.Value())), prose.Join(readers)))
				break
			}
		}
	}
}

// searchGroup reports whether group g of layout speaks to search engines:
// it names `*` or a search engine's crawler. For an SEO tool's or an AI
// crawler's group, what stays out of search results does not matter.
func searchGroup(layout *match.Layout, g int) bool {
	for _, a := range layout.GroupAgents(g) {
		token := layout.Tokens[a.Token]
		if token == "*" {
			return true
		}
		if c := kb.LookupCrawler(token); c != nil && c.Category == kb.CategorySearch {
			return true
		}
	}
	return false
}

// allQueries reports whether a Disallow value matches exactly the URLs
// with a query: a '*' then a '?', with any further '*'.
func allQueries(v []byte) bool {
	v = bytes.TrimLeft(v, "/")
	v = bytes.TrimRight(v, "*")
	return len(v) >= 2 && v[len(v)-1] == '?' && len(bytes.Trim(v[:len(v)-1], "*")) == 0
}

// allowsQueries reports whether group g of layout has an Allow rule with a
// query.
func allowsQueries(layout *match.Layout, g int) bool {
	for _, r := range layout.GroupRules(g) {
		if r.Allow && bytes.IndexByte(layout.File.Text(r.Value()), '?') >= 0 {
			return true
		}
	}
	return false
}
