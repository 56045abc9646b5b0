package explain

import (
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax/page"
)

func TestPageAt(t *testing.T) {
	cases := []struct {
		name    string
		html    string // "|" marks the offset
		targets []*match.Profile
		word    string   // the text explained; none for an empty Doc
		blocks  []string // blocks the Doc holds, in this order, perhaps with others between
		absent  []string // text no block holds
	}{
		{
			name: "rule read by every engine",
			html: "<head><meta name=\"robots\" content=\"noin|dex\"></head>", word: "noindex",
			blocks: []string{
				"noindex — keeps the page out of search results.",
				"- Google reads it: only if Googlebot may fetch the page under robots.txt\n- Bing reads it: ",
				"Where noindex and index both apply, from any tags or headers of the page, Google and Bing follow noindex and Yandex follows index.",
				"Sources: https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag, ",
			},
		},
		{
			name: "rule in a tag for one crawler",
			html: "<head><meta name=\"googlebot\" content=\"noindex, |index\"></head>", word: "index",
			blocks: []string{"index — allows the page in search results, which is the default.", "- Google reads it: the default", "Google follows noindex."},
			absent: []string{"Bing", "Yandex follows"},
		},
		{
			name: "rule with a value crawlers cannot read",
			html: "<head><meta name=\"robots\" content=\"max-image-preview: hu|ge\"></head>", word: "max-image-preview: huge",
			blocks: []string{"max-image-preview — limits the size of the image preview.", "Its value: none (no image preview)", "Crawlers cannot read huge as its value, and ignore the rule."},
		},
		{
			name: "misspelled rule",
			html: "<head><meta name=\"robots\" content=\"|noidex\"></head>", word: "noidex",
			blocks: []string{"noidex is not a rule any search engine knows, so crawlers ignore it. Did you mean noindex?"},
		},
		{
			name: "unknown rule",
			html: "<head><meta name=\"robots\" content=\"bana|na\"></head>", word: "banana",
			blocks: []string{"banana is not a rule any search engine knows, so crawlers ignore it."},
		},
		{
			name: "rule under a misspelled name",
			html: "<head><meta name=\"robot\" content=\"|noindex\"></head>", word: "noindex",
			blocks: []string{"Only Google is seen to read the rules of this tag, taking its name, robot, for robots; Bing and Yandex ignore them."},
		},
		{
			name: "rule under a name no crawler reads",
			html: "<head><meta name=\"robtos\" content=\"|noindex\"></head>", word: "noindex",
			blocks: []string{"No crawler reads the rules of this tag: its name, robtos, addresses none."},
		},
		{
			name: "robots", targets: []*match.Profile{match.Google, match.RFC9309},
			html: "<head><meta name=\"Rob|ots\" content=\"noindex\"></head>", word: "Robots",
			blocks: []string{"Robots — every search engine's crawler, but not Google's non-search crawlers such as AdsBot-Google.", "Google reads the rules of this tag."},
		},
		{
			name: "crawler's name",
			html: "<head><meta name=\"bing|bot\" content=\"noindex\"></head>", word: "bingbot",
			blocks: []string{"bingbot — Bing only.", "Bing reads the rules of this tag.", "decided by the robots.txt group of bingbot"},
		},
		{
			name: "misspelled name",
			html: "<head><meta name=\"ro|bot\" content=\"noindex\"></head>", word: "robot",
			blocks: []string{"robot is not a name search engines document: Google is seen to read it as robots, but Bing and Yandex ignore this tag. Did you mean robots?"},
		},
		{
			name: "misspelled name no crawler reads",
			html: "<head><meta name=\"google|bots\" content=\"noindex\"></head>", word: "googlebots",
			blocks: []string{"googlebots is not a name search engines read robots rules under, so no crawler obeys this tag. Did you mean googlebot?"},
		},
		{
			name: "Yandex's noindex comment, closing",
			html: "<body><!--noindex-->x<!--/noi|ndex--></body>", word: "<!--/noindex-->",
			blocks: []string{"<!--noindex--> … <!--/noindex--> — keeps part of a page's text out of Yandex's index, in valid HTML.", "- Google ignores it: Yandex's own marker", "- Yandex reads it: "},
		},
		{
			name: "googleoff",
			html: "<body><!--google|off: index-->x<!--googleon: index--></body>", word: "<!--googleoff: index-->",
			blocks: []string{"told the Google Search Appliance to skip part of a page", "- Google ignores it: Google Search Appliance only", "Source"},
		},
		{
			name: "http-equiv",
			html: "<head><meta http-equiv=\"X-Robots|-Tag\" content=\"noindex\"></head>", word: "X-Robots-Tag",
			blocks: []string{"X-Robots-Tag — an X-Robots-Tag header written as a META tag (http-equiv)."},
		},
		{
			name: "crawler prefix in http-equiv",
			html: "<head><meta http-equiv=\"X-Robots-Tag\" content=\"google|bot: noindex\"></head>", word: "googlebot",
			blocks: []string{"googlebot — Google Search: all text results."},
		},
		{name: "content attribute name", html: "<head><meta name=\"robots\" con|tent=\"noindex\"></head>"},
		{name: "description meta", html: "<head><meta name=\"description\" content=\"noin|dex\"></head>"},
		{name: "text", html: "<body><p>User-agent: |*</p></body>"},
		{name: "no page", html: "|"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			off := strings.Index(tt.html, "|")
			src := []byte(tt.html[:off] + tt.html[off+1:])
			doc, span := PageAt(page.ParseHTML(src), off, tt.targets)
			if tt.word == "" {
				if len(doc.Blocks) != 0 {
					t.Fatalf("want no explanation, got:\n%s", doc)
				}
				return
			}
			if got := string(src[span.Start:span.End]); got != tt.word {
				t.Errorf("explains %q, want %q", got, tt.word)
			}
			texts := blockTexts(doc)
			at := 0
			for _, want := range tt.blocks {
				k := slices.IndexFunc(texts[at:], func(s string) bool { return strings.Contains(s, want) })
				if k < 0 {
					t.Errorf("no block after block %d holds %q; got:\n%s", at, want, doc)
					continue
				}
				at += k
			}
			for _, no := range tt.absent {
				if strings.Contains(doc.String(), no) {
					t.Errorf("holds %q:\n%s", no, doc)
				}
			}
		})
	}
	if doc, _ := PageAt(nil, 0, nil); len(doc.Blocks) != 0 {
		t.Error("a nil page is explained")
	}
}
