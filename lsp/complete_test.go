package lsp

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// sortedLabels returns the items' labels in the order their sort texts
// give, the order a client shows them in before filtering.
func sortedLabels(items []protocol.CompletionItem) []string {
	items = slices.Clone(items)
	slices.SortStableFunc(items, func(a, b protocol.CompletionItem) int {
		sa, _ := a.SortText.Get()
		sb, _ := b.SortText.Get()
		return strings.Compare(sa, sb)
	})
	labels := make([]string, len(items))
	for k, it := range items {
		labels[k] = it.Label
	}
	return labels
}

func TestCompletion(t *testing.T) {
	paths := "User-agent: *\n"
	for k := range 60 {
		paths += fmt.Sprintf("Disallow: /p%d/\n", k)
	}
	cases := []struct {
		name     string
		text     string   // "|" marks the cursor
		first    []string // the first labels, in order
		labels   []string // labels that must be offered
		absent   []string // labels that must not be
		count    int      // the number of items, when not 0
		insert   map[string]string
		replaced string // the text every edit replaces
		kind     protocol.CompletionItemKind
		none     bool
	}{
		{
			name: "empty file", text: "|",
			first: []string{"User-agent", "Disallow", "Allow", "Sitemap", "Crawl-delay"}, absent: []string{"Noindex", "Nofollow", "Noarchive"},
			insert: map[string]string{"Disallow": "Disallow: ", "User-agent": "User-agent: "}, kind: protocol.CompletionItemKindKeyword,
		},
		{
			name: "partial key", text: "User-agent: *\nDis|\n",
			labels: []string{"Disallow", "Clean-param"}, insert: map[string]string{"Disallow": "Disallow: "}, replaced: "Dis", kind: protocol.CompletionItemKindKeyword,
		},
		{
			name: "key before its colon", text: "User-agent: *\nDis|allow: /x\n",
			insert: map[string]string{"Allow": "Allow"}, replaced: "Disallow",
		},
		{
			name: "key before a value without a colon", text: "User-agent: *\nDis| /x\n",
			insert: map[string]string{"Disallow": "Disallow:"}, replaced: "Dis",
		},
		{
			name: "blank line with trailing blanks", text: "User-agent: *\n|  \n",
			insert: map[string]string{"Allow": "Allow: "}, replaced: "  ",
		},
		{
			name: "user-agent", text: "User-agent: GP|\n",
			first: []string{"*"}, labels: []string{"GPTBot", "Googlebot", "ChatGPT-User"}, count: len(kb.Crawlers()) + 1,
			insert: map[string]string{"GPTBot": "GPTBot"}, replaced: "GP", kind: protocol.CompletionItemKindValue,
		},
		{
			name: "misspelled user-agent key", text: "User agent: |\n",
			first: []string{"*"}, replaced: "",
		},
		{
			name: "sitemap", text: "Sitemap: https://example.com/sitemap.xml\nSitemap: https://example.com/news.xml\nSitemap: |\n",
			first: []string{"https://example.com/", "https://"}, count: 2, insert: map[string]string{"https://": "https://"}, replaced: "",
		},
		{
			name: "path", text: "User-agent: *\nDisallow: /private/\nAllow: /private/help\nDisallow: /tmp/\nDisallow: /tmp/\nDisallow:\nDisallow: /p|\n",
			first: []string{"/", "/private/", "/private/help", "/tmp/"}, count: 4, absent: []string{"/p"},
			insert: map[string]string{"/tmp/": "/tmp/"}, replaced: "/p", kind: protocol.CompletionItemKindValue,
		},
		{
			name: "path in the middle of a value", text: "User-agent: *\nDisallow: /tmp/\nAllow: /pri|vate/ # why\n",
			first: []string{"/", "/tmp/"}, replaced: "/private/",
		},
		{name: "at most 50 paths", text: paths + "Allow: |\n", count: 51},
		{name: "comment", text: "# Dis|\n", none: true},
		{name: "comment after a value", text: "Disallow: /x # |\n", none: true},
		{name: "value completion does not know", text: "User-agent: *\nCrawl-delay: |\n", none: true},
		{name: "second word without a colon", text: "Disallow /x|\n", none: true},
		{name: "indentation before a key", text: " | Disallow: /x\n", none: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d, off := markedDocument(t, tc.text, nil, syntax.UTF16)
			items := completion(d, off)
			if tc.none {
				if len(items) != 0 {
					t.Fatalf("got %d items, want none: %v", len(items), sortedLabels(items))
				}
				return
			}
			labels := sortedLabels(items)
			if tc.count != 0 && len(items) != tc.count {
				t.Errorf("got %d items, want %d: %v", len(items), tc.count, labels)
			}
			if len(labels) < len(tc.first) || !slices.Equal(labels[:len(tc.first)], tc.first) {
				t.Errorf("labels start %v, want %v", labels[:min(len(labels), len(tc.first))], tc.first)
			}
			for _, l := range tc.labels {
				if !slices.Contains(labels, l) {
					t.Errorf("%q not offered", l)
				}
			}
			for _, l := range tc.absent {
				if slices.Contains(labels, l) {
					t.Errorf("%q offered", l)
				}
			}
			seen := map[string]bool{}
			for _, it := range items {
				if seen[it.Label] {
					t.Errorf("%q offered twice", it.Label)
				}
				seen[it.Label] = true
				edit, ok := it.TextEdit.(*protocol.TextEdit)
				if !ok {
					t.Fatalf("%q: text edit %T", it.Label, it.TextEdit)
				}
				if want, ok := tc.insert[it.Label]; ok && edit.NewText != want {
					t.Errorf("%q inserts %q, want %q", it.Label, edit.NewText, want)
				}
				if s := d.conv.span(edit.Range); s.Start > off || s.End < off || string(d.text()[s.Start:s.End]) != tc.replaced {
					t.Errorf("%q replaces %q (%v), want %q around offset %d", it.Label, d.text()[s.Start:s.End], edit.Range, tc.replaced, off)
				}
				if tc.kind != 0 && it.Kind != tc.kind {
					t.Errorf("%q has kind %v, want %v", it.Label, it.Kind, tc.kind)
				}
			}
		})
	}
}

// TestCompletionDetails checks what the items say beyond their labels.
func TestCompletionDetails(t *testing.T) {
	find := func(items []protocol.CompletionItem, label string) protocol.CompletionItem {
		t.Helper()
		for _, it := range items {
			if it.Label == label {
				return it
			}
		}
		t.Fatalf("%q not offered", label)
		return protocol.CompletionItem{}
	}
	d, off := markedDocument(t, "|", nil, syntax.UTF16)
	disallow := find(completion(d, off), "Disallow")
	if detail, _ := disallow.Detail.Get(); detail != kb.LookupDirective(syntax.DirectiveDisallow).Summary {
		t.Errorf("Disallow detail = %q, want the directive's summary", detail)
	}
	if insert, _ := disallow.InsertText.Get(); insert != "Disallow: " {
		t.Errorf("Disallow insert text = %q", insert)
	}

	d, off = markedDocument(t, "User-agent: |", nil, syntax.UTF16)
	gpt := find(completion(d, off), "GPTBot")
	if detail, _ := gpt.Detail.Get(); detail != "OpenAI, AI training" {
		t.Errorf("GPTBot detail = %q, want operator and category", detail)
	}
	if doc, ok := gpt.Documentation.(protocol.String); !ok || string(doc) != kb.LookupCrawler("GPTBot").Notes {
		t.Errorf("GPTBot documentation = %v, want its notes", gpt.Documentation)
	}
}

// TestCompletionEncodings checks the edit's range where UTF-16 and UTF-8
// count the characters before the cursor differently.
func TestCompletionEncodings(t *testing.T) {
	const text = "# 😀\nUser-agent: *\nDisallow: /é😀/a\nAllow: /é😀"
	for _, tc := range []struct {
		enc    syntax.Encoding
		cursor uint32
	}{
		{syntax.UTF16, 11},
		{syntax.UTF8, 14},
	} {
		d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(text), nil, tc.enc)
		items := completion(d, d.conv.offset(protocol.Position{Line: 3, Character: tc.cursor}))
		if got := sortedLabels(items); !slices.Equal(got, []string{"/", "/é😀/a"}) {
			t.Fatalf("encoding %v: labels %v", tc.enc, got)
		}
		want := protocol.Range{Start: protocol.Position{Line: 3, Character: 7}, End: protocol.Position{Line: 3, Character: tc.cursor}}
		for _, it := range items {
			if r := it.TextEdit.(*protocol.TextEdit).Range; r != want {
				t.Errorf("encoding %v: %q replaces %v, want %v", tc.enc, it.Label, r, want)
			}
		}
	}
}
