package explain

import (
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// marked parses text with the offset marked by "|" and returns the file
// and the offset in the text without the mark.
func marked(t *testing.T, text string) (*syntax.File, int) {
	t.Helper()
	off := strings.Index(text, "|")
	if off < 0 {
		t.Fatalf("no | in %q", text)
	}
	return syntax.Parse([]byte(text[:off] + text[off+1:])), off
}

// blockTexts returns the text of each block of d.
func blockTexts(d Doc) []string {
	var texts []string
	for _, b := range d.Blocks {
		texts = append(texts, Doc{Blocks: []Block{b}}.String())
	}
	return texts
}

func TestAt(t *testing.T) {
	cases := []struct {
		name    string
		text    string // "|" marks the offset
		targets []*match.Profile
		word    string   // the text explained; none for an empty Doc
		blocks  []string // blocks the Doc holds, in this order, perhaps with others between
		first   []Span   // the first block's spans, when given
		lists   int      // how many of the blocks are lists
	}{
		{
			name: "user-agent with a group of its own",
			text: "User-agent: *\nDisallow: /\n\nUser-agent: GPT|Bot\nDisallow: /private/\n", word: "GPTBot",
			blocks: []string{"In this file, GPTBot uses the group at line 4 (User-agent: GPTBot)."},
		},
		{
			name: "unknown user-agent",
			text: "User-agent: My|Bot\nDisallow: /\n", word: "MyBot",
			blocks: []string{"MyBot is not a crawler robotslint knows.", "In this file, MyBot uses the group at line 1 (User-agent: MyBot)."},
			first:  []Span{{Term, "MyBot"}, {Text, " is not a crawler robotslint knows."}},
		},
		{
			name: "user-agent Google cuts short",
			text: "User-agent: *\nDisallow: /\n\nUser-agent: MyBot/2.|1\nAllow: /\n", word: "MyBot/2.1",
			blocks: []string{
				"Google reads only the leading letters, '_' and '-' of a User-agent value: for Google this line names mybot.",
				"In this file, MyBot/2.1 uses the group at line 4 (User-agent: MyBot/2.1).",
			},
		},
		{
			name: "user-agent the other profiles read otherwise",
			text: "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot/2.|1\nAllow: /\n", word: "Googlebot/2.1",
			blocks: []string{
				"In this file, Googlebot uses the group at line 4 (User-agent: Googlebot/2.1).",
				"For Bing, Yandex and RFC 9309 crawlers, it has no group of its own: it follows User-agent: * (line 1).",
			},
			lists: 1, // Googlebot's quirks
		},
		{
			name: "user-agent named in the * group",
			text: "User-agent: *\nUser-agent: My|Bot\nDisallow: /\n", word: "MyBot",
			blocks: []string{"In this file, MyBot uses the group at line 2 (User-agent: MyBot)."},
		},
		{
			name: "user-agent with no group and no * group",
			text: "User-agent: a\nDisallow: /\n\nUser_agent: My|Bot\n", word: "MyBot",
			blocks: []string{"In this file, MyBot has no group of its own and there is no User-agent: * group, so it may fetch everything."},
		},
		{
			name: "star",
			text: "User-agent: |*\nDisallow: /x\n\nUser-agent: *\nDisallow: /y\n\nUser-agent: MyBot\nAllow: /\n", word: "*",
			blocks: []string{"* — every crawler without a group of its own.", "No crawler robotslint knows has a group of its own here; 1 other name has a group of its own.", "Google merges the rules of the * groups at lines 1 and 4."},
		},
		{
			name: "rule overridden by a longer one",
			text: "User-agent: *\nDisallow: /pri|vate/\nAllow: /private/help\n", word: "/private/",
			blocks: []string{
				"Disallow /private/ blocks every URL whose path starts with /private/.",
				"Matches /private/, /private/page.html and /private/a/b?id=1; not /private.",
				"- Allow: /private/help (line 3) overrides it for URLs such as /private/help: the longer pattern wins.",
			},
			first: []Span{{Term, "Disallow"}, {Text, " "}, {Code, "/private/"}, {Text, " blocks every URL whose path starts with "}, {Code, "/private/"}, {Text, "."}},
			lists: 1,
		},
		{
			name: "rule overriding a shorter one",
			text: "User-agent: *\nDisallow: /private/\nAllow: /private/he|lp\n", word: "/private/help",
			blocks: []string{"- It overrides Disallow: /private/ (line 2) for URLs such as /private/help: the longer pattern wins."},
			lists:  1,
		},
		{
			name: "tie",
			text: "User-agent: *\nDisallow: /x|y\nAllow: /xy\n", word: "/xy",
			blocks: []string{"- Allow: /xy (line 3) overrides it for URLs such as /xy: Allow wins a tie."},
			lists:  1,
		},
		{
			name: "wildcards, read literally by the 1994 standard",
			text: "User-agent: *\nDisallow: /*.p|df$\n", targets: []*match.Profile{match.Google, match.Legacy}, word: "/*.pdf$",
			blocks: []string{
				"Disallow /*.pdf$ blocks every URL whose path ends in .pdf.",
				"Matches /report.pdf and /docs/report.pdf; not /report.pdf?page=2.",
				"* stands for any run of characters; the final $ marks the end of the URL.",
				"Crawlers that follow the 1994 standard read * and $ as plain characters.",
			},
		},
		{
			name: "allow of an index page",
			text: "User-agent: *\nDisallow: /dir/\nAllow: /dir/index.ht|ml\n", word: "/dir/index.html",
			blocks: []string{"- It overrides Disallow: /dir/ (line 2) for URLs such as /dir/index.html: the longer pattern wins."},
			lists:  1,
		},
		{
			name: "rule before any group",
			text: "Disallow: /x|\nUser-agent: *\n", word: "/x",
			blocks: []string{"The line comes before any User-agent line, so it belongs to no group and no crawler reads it."},
		},
		{
			name: "empty allow",
			text: "User-agent: *\nAllow:|\n", word: "",
			blocks: []string{"An empty Allow matches no URL: the line changes nothing."},
		},
		{
			name: "sitemap",
			text: "Sitemap: https://example.com/site|map.xml\n", word: "https://example.com/sitemap.xml",
			blocks: []string{"Sitemap https://example.com/sitemap.xml", "Crawlers fetch this sitemap to discover the site's URLs. The line belongs to no group: it applies to every crawler, wherever it appears."},
			first:  []Span{{Term, "Sitemap"}, {Text, " "}, {Link, "https://example.com/sitemap.xml"}},
		},
		{
			name: "relative sitemap",
			text: "Sitemap: /site|map.xml\n", word: "/sitemap.xml",
			blocks: []string{"Sitemap /sitemap.xml is not an absolute URL, so Google and Yandex ignore it: write the full address, such as https://example.com/sitemap.xml."},
		},
		{
			name: "directive name",
			text: "User-agent: *\nCrawl-de|lay: 5\n", targets: []*match.Profile{match.Google, match.Bing}, word: "Crawl-delay",
			blocks: []string{"Read by Bing; ignored by Google."},
		},
		{
			name: "misspelled directive",
			text: "User-agent: *\nDisa|low: /x\n", word: "Disalow",
			blocks: []string{"Google reads it as Disallow; Bing, Yandex and RFC 9309 crawlers ignore the line. Write Disallow."},
		},
		{
			name: "key Google reads by its prefix",
			text: "User-agent: *\nDisallowxyz|: /x\n", targets: []*match.Profile{match.Google}, word: "Disallowxyz",
			blocks: []string{"Disallowxyz is not a directive, but Google reads it as Disallow: its parser accepts any key that starts with a directive's name. Other crawlers ignore the line."},
		},
		{name: "comment", text: "User-agent: *\n# a com|ment\n"},
		{name: "comment after a value", text: "User-agent: *\nDisallow: /x # no|te\n"},
		{name: "line without a colon being typed", text: "Disal|\n"},
		{name: "separator", text: "User-agent: *\nDisallow |: /x\n"},
		{name: "value of a directive with nothing to say", text: "User-agent: *\nCrawl-delay: |5\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, off := marked(t, tc.text)
			doc, span := At(f, off, tc.targets)
			if tc.word == "" && tc.blocks == nil {
				if len(doc.Blocks) > 0 {
					t.Fatalf("explains %q:\n%s", tc.text, doc)
				}
				return
			}
			if got := string(f.Text(span)); got != tc.word || span.Start > off || span.End < off {
				t.Errorf("explains %q (%v), want %q around %d", got, span, tc.word, off)
			}
			texts := blockTexts(doc)
			at := 0
			for _, want := range tc.blocks {
				k := slices.Index(texts[at:], want)
				if k < 0 {
					t.Fatalf("no block %q after block %d in\n%s", want, at, doc)
				}
				at += k + 1
			}
			if tc.first != nil && !slices.Equal(doc.Blocks[0].Spans, tc.first) {
				t.Errorf("first block's spans:\n%#v\nwant\n%#v", doc.Blocks[0].Spans, tc.first)
			}
			lists := 0
			for _, b := range doc.Blocks {
				if b.Kind == List {
					lists++
				}
			}
			if lists != tc.lists {
				t.Errorf("%d lists, want %d, in\n%s", lists, tc.lists, doc)
			}
		})
	}
}

// TestAtQuirks checks that a crawler's quirks are a list of their own.
func TestAtQuirks(t *testing.T) {
	f, off := marked(t, "User-agent: *\nDisallow: /\n\nUser-agent: Google|bot\nAllow: /\n")
	doc, _ := At(f, off, nil)
	if len(doc.Blocks) == 0 || doc.Blocks[0].Spans[0] != (Span{Term, "Googlebot"}) {
		t.Fatalf("does not start with the crawler's name:\n%s", doc)
	}
	if !slices.ContainsFunc(doc.Blocks, func(b Block) bool { return b.Kind == List && len(b.Items) > 0 }) {
		t.Errorf("Googlebot's quirks are not listed:\n%s", doc)
	}
}
