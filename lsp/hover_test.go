package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/explain"
	"github.com/robotslint/robotslint/syntax"
)

// markedDocument builds a document from text with the cursor marked by
// "|", and returns the cursor's byte offset in the text without it.
func markedDocument(t *testing.T, marked string, cfg *lint.Config, enc syntax.Encoding) (*document, int) {
	t.Helper()
	off := strings.Index(marked, "|")
	if off < 0 {
		t.Fatalf("no | in %q", marked)
	}
	text := marked[:off] + marked[off+1:]
	return newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(text), cfg, enc), off
}

// spanAround returns the span of the occurrence of word in text that
// contains off, its end included.
func spanAround(t *testing.T, text []byte, word string, off int) syntax.Span {
	t.Helper()
	for from := 0; from <= off; {
		k := strings.Index(string(text[from:]), word)
		if k < 0 {
			break
		}
		start := from + k
		if start <= off && off <= start+len(word) {
			return syntax.Span{Start: start, End: start + len(word)}
		}
		from = start + 1
	}
	t.Fatalf("%q does not occur around offset %d of %q", word, off, text)
	return syntax.Span{}
}

func TestHover(t *testing.T) {
	cases := []struct {
		name    string
		text    string // "|" marks the hovered position
		targets []*match.Profile
		word    string   // the text the range covers; with none, no hover
		none    bool     // hover must be nil
		plain   []string // in the plain text
		md      []string // in the markdown
		absent  []string // in neither
	}{
		{
			name: "directive name", text: "User-agent: *\nCrawl-de|lay: 5\n", word: "Crawl-delay",
			plain: []string{"Crawl-delay — asks a crawler to wait between requests.", "Read by Bing; ignored by Google, Yandex and RFC 9309 crawlers.", "It was never standardised"},
			md:    []string{"**Crawl-delay** — asks"},
		},
		{
			name: "directive name with configured targets", text: "User-agent: *\n|Crawl-delay: 5\n", targets: []*match.Profile{match.Google}, word: "Crawl-delay",
			plain: []string{"Ignored by Google."},
		},
		{
			name: "misspelling Google reads", text: "User-agent: *\nDisa|low: /x\n", word: "Disalow",
			plain: []string{"Disalow is a misspelling of Disallow, which asks crawlers not to fetch", "Google reads it as Disallow; Bing, Yandex and RFC 9309 crawlers ignore the line. Write Disallow."},
			md:    []string{"**Disalow** is a misspelling of **Disallow**", "Write `Disallow`."},
		},
		{
			name: "misspelling nobody reads", text: "User-agent: *\nDis-allow|: /x\n", word: "Dis-allow",
			plain: []string{"misspelling of Disallow", "Crawlers ignore the line. Write Disallow."},
		},
		{
			name: "unknown key", text: "User-agent: *\nFoo|bar: x\n", word: "Foobar",
			plain: []string{"Foobar is not a robots.txt directive: crawlers ignore the line."},
		},
		{
			name: "crawler with its own group", text: "User-agent: *\nDisallow: /\n\nUser-agent: GPT|Bot\nDisallow: /private/\n", word: "GPTBot",
			plain: []string{"GPTBot — a crawler that collects content to train AI models, run by OpenAI.", "obeys robots.txt", "In this file, GPTBot uses the group at line 4 (User-agent: GPTBot)."},
			md:    []string{"**GPTBot**", "(`User-agent: GPTBot`)"},
		},
		{
			name: "crawler without a group of its own", text: "User-agent: *\nDisallow: /\n\nUser_agent: |GPTBot\nDisallow: /x\n", word: "GPTBot",
			plain: []string{"In this file, GPTBot has no group of its own: it follows User-agent: * (line 1)."},
		},
		{
			name: "profiles that pick another group", text: "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot/2.|1\nAllow: /\n", word: "Googlebot/2.1",
			plain: []string{
				"Googlebot — a search engine crawler, run by Google.",
				"for Google this line names googlebot.",
				"In this file, Googlebot uses the group at line 4 (User-agent: Googlebot/2.1).",
				"For Bing, Yandex and RFC 9309 crawlers, it has no group of its own: it follows User-agent: * (line 1).",
			},
		},
		{
			name: "crawler that falls back to another's group", text: "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /\n\nUser_agent: Apple|bot\n", word: "Applebot",
			plain: []string{"In this file, Applebot has no group of its own, so it follows the Googlebot group instead, as its operator documents: the group at line 4 (User-agent: Googlebot)."},
		},
		{
			name: "crawler with merged groups", text: "User-agent: GPTBot\nDisallow: /a\n\nUser-agent: GP|TBot\nDisallow: /b\n", word: "GPTBot",
			plain:  []string{"In this file, GPTBot uses the groups at lines 1 and 4, merged."},
			absent: []string{"For "},
		},
		{
			name: "unknown crawler", text: "User-agent: MyB|ot\nDisallow: /\n", word: "MyBot",
			plain: []string{"MyBot is not a crawler robotslint knows.", "In this file, MyBot uses the group at line 1 (User-agent: MyBot)."},
		},
		{
			name: "star", text: "User-agent: |*\nDisallow: /\n\nUser-agent: Googlebot\nUser-agent: MyBot\nAllow: /\n", word: "*",
			plain: []string{"* — every crawler without a group of its own.", "Known crawlers with a group of their own here, which ignore this one: Googlebot (line 4).", "1 other name has a group of its own too."},
			md:    []string{"**\\*** — every crawler"},
		},
		{
			name: "disallow overridden by a longer allow", text: "User-agent: *\nDisallow: /pri|vate/\nAllow: /private/help\n", word: "/private/",
			plain: []string{
				"Disallow /private/ blocks every URL whose path starts with /private/.",
				"Matches /private/, /private/page.html and /private/a/b?id=1; not /private.",
				"Allow: /private/help (line 3) overrides it for URLs such as /private/help: the longer pattern wins.",
			},
			// The overrides are a list: lines joined by a single newline
			// would run together in Markdown.
			md: []string{"**Disallow** `/private/` blocks", "\n\n- `Allow: /private/help` (line 3) overrides it"},
		},
		{
			name: "allow overriding a shorter disallow", text: "User-agent: *\nDisallow: /private/\nAllow: /private/he|lp\n", word: "/private/help",
			plain: []string{"Allow /private/help allows every URL whose path starts with /private/help.", "It overrides Disallow: /private/ (line 2) for URLs such as /private/help: the longer pattern wins."},
		},
		{
			name: "tie", text: "User-agent: *\nDisallow: /x|y\nAllow: /xy\n", word: "/xy",
			plain: []string{"Allow: /xy (line 3) overrides it for URLs such as /xy: Allow wins a tie."},
		},
		{
			name: "rule of another group", text: "User-agent: a\nAllow: /private/help\n\nUser-agent: *\nDisallow: /pri|vate/\n", word: "/private/",
			plain:  []string{"blocks every URL whose path starts with /private/."},
			absent: []string{"overrides"},
		},
		{
			name: "wildcards", text: "User-agent: *\nDisallow: /*.p|df$\n", word: "/*.pdf$",
			plain: []string{
				"Disallow /*.pdf$ blocks every URL whose path ends in .pdf.",
				"Matches /report.pdf and /docs/report.pdf; not /report.pdf?page=2.",
				"* stands for any run of characters; the final $ marks the end of the URL.",
			},
			md: []string{"`*` stands for any run of characters; the final `$` marks"},
		},
		{
			name: "wildcards read literally", text: "User-agent: *\nDisallow: /*.p|df$\n", targets: []*match.Profile{match.Google, match.Legacy}, word: "/*.pdf$",
			plain: []string{"Crawlers that follow the 1994 standard read * and $ as plain characters."},
		},
		{
			name: "query wildcard", text: "User-agent: *\nDisallow: /shop/*?so|rt=\n", word: "/shop/*?sort=",
			plain: []string{"every URL whose path starts with /shop/, then contains ?sort=.", "Matches /shop/page?sort=1"},
		},
		{
			name: "leading wildcard", text: "User-agent: *\nDisallow: *|.pdf\n", word: "*.pdf",
			plain: []string{"Disallow *.pdf blocks every URL whose path contains .pdf.", "Matches /report.pdf, /docs/report.pdf?page=2"},
		},
		{
			name: "case-sensitive paths", text: "User-agent: *\nDisallow: /he|lp\n", word: "/help",
			plain: []string{"Matches /help, /help.html and /help/page.html; not /Help (paths are case-sensitive)."},
		},
		{
			name: "empty disallow", text: "User-agent: *\nDisallow:|\n", word: "",
			plain: []string{"An empty Disallow allows everything: it blocks no URL."},
		},
		{
			name: "pattern without a slash", text: "User-agent: *\nDisallow: priv|ate/\n", word: "private/",
			plain: []string{"Disallow private/ matches no URL: a URL's path always starts with /."},
		},
		{
			name: "rule outside any group", text: "Disallow: /x|\nUser-agent: *\n", word: "/x",
			plain: []string{"it belongs to no group and no crawler reads it."},
		},
		{
			name: "sitemap", text: "Sitemap: https://example.com/site|map.xml\n", word: "https://example.com/sitemap.xml",
			plain: []string{"Sitemap https://example.com/sitemap.xml", "Crawlers fetch this sitemap", "it applies to every crawler"},
			md:    []string{"**Sitemap** [https://example.com/sitemap.xml](https://example.com/sitemap.xml)"},
		},
		{
			name: "relative sitemap", text: "Sitemap: /site|map.xml\n", word: "/sitemap.xml",
			plain: []string{"Sitemap /sitemap.xml is not an absolute URL, so Google and Yandex ignore it"},
		},
		{name: "comment line", text: "User-agent: *\n# a com|ment\n", none: true},
		{name: "blank line", text: "User-agent: *\n|\nDisallow: /\n", none: true},
		{name: "comment after a value", text: "User-agent: *\nDisallow: /x # a no|te\n", none: true},
		{name: "separator", text: "User-agent: *\nDisallow |: /x\n", none: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var cfg *lint.Config
			if tc.targets != nil {
				cfg = &lint.Config{Targets: tc.targets}
			}
			d, off := markedDocument(t, tc.text, cfg, syntax.UTF16)
			for _, markdown := range []bool{false, true} {
				h := hover(d, off, markdown)
				if tc.none {
					if h != nil {
						t.Fatalf("hover = %+v, want nil", h.Contents)
					}
					continue
				}
				if h == nil {
					t.Fatalf("markdown=%v: no hover", markdown)
				}
				content := h.Contents.(*protocol.MarkupContent)
				want := tc.plain
				wantKind := protocol.MarkupKindPlainText
				if markdown {
					want, wantKind = tc.md, protocol.MarkupKindMarkdown
				} else if strings.Contains(content.Value, "**") || strings.Contains(content.Value, "`") || strings.Contains(content.Value, "](") {
					t.Errorf("plain text holds markdown:\n%s", content.Value)
				}
				if content.Kind != wantKind {
					t.Errorf("kind = %s, want %s", content.Kind, wantKind)
				}
				for _, phrase := range want {
					if !strings.Contains(content.Value, phrase) {
						t.Errorf("markdown=%v: missing %q in\n%s", markdown, phrase, content.Value)
					}
				}
				for _, phrase := range tc.absent {
					if strings.Contains(content.Value, phrase) {
						t.Errorf("markdown=%v: unexpected %q in\n%s", markdown, phrase, content.Value)
					}
				}
				if wantRange := d.conv.rng(spanAround(t, d.text(), tc.word, off)); h.Range == nil || *h.Range != wantRange {
					t.Errorf("range = %v, want %v", h.Range, wantRange)
				}
			}
		})
	}
}

// TestHoverEncodings checks that a hover's range counts columns in the
// negotiated encoding when the line holds characters that UTF-16 and UTF-8
// count differently.
func TestHoverEncodings(t *testing.T) {
	const text = "User-agent: *\nDisallow: /é😀/private # 😀\n"
	for _, tc := range []struct {
		enc       syntax.Encoding
		at        uint32 // a column inside "private"
		end       uint32
		wantMatch string
	}{
		{syntax.UTF16, 16, 22, "/é😀/private/"},
		{syntax.UTF8, 19, 25, "/é😀/private/"},
	} {
		d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(text), nil, tc.enc)
		off := d.conv.offset(protocol.Position{Line: 1, Character: tc.at})
		h := hover(d, off, true)
		if h == nil {
			t.Fatalf("encoding %v: no hover", tc.enc)
		}
		want := protocol.Range{Start: protocol.Position{Line: 1, Character: 10}, End: protocol.Position{Line: 1, Character: tc.end}}
		if *h.Range != want {
			t.Errorf("encoding %v: range = %v, want %v", tc.enc, *h.Range, want)
		}
		if v := h.Contents.(*protocol.MarkupContent).Value; !strings.Contains(v, tc.wantMatch) {
			t.Errorf("encoding %v: examples are not written as in the file:\n%s", tc.enc, v)
		}
	}
}

// TestHoverMarkdown checks how each kind of span and block is written in
// Markdown: prose escaped, code in code spans even when it holds a
// backtick, links whose target survives spaces and parentheses.
func TestHoverMarkdown(t *testing.T) {
	doc := explain.Doc{Blocks: []explain.Block{
		{Kind: explain.Paragraph, Spans: []explain.Span{{Kind: explain.Term, Text: "*"}, {Kind: explain.Text, Text: " — a_b [c]"}}},
		{Kind: explain.Paragraph, Spans: []explain.Span{{Kind: explain.Code, Text: "/a`b"}, {Kind: explain.Text, Text: " "}, {Kind: explain.Code, Text: "/*.pdf$"}}},
		{Kind: explain.List, Items: [][]explain.Span{{{Kind: explain.Link, Text: "https://example.com/a (1).xml"}}, {{Kind: explain.Text, Text: "two"}}}},
	}}
	want := "**\\*** — a\\_b \\[c\\]\n\n`` /a`b `` `/*.pdf$`\n\n- [https://example.com/a (1).xml](https://example.com/a%20%281%29.xml)\n- two"
	if got := markdownOf(doc); got != want {
		t.Errorf("markdownOf:\n%s\nwant\n%s", got, want)
	}
}
