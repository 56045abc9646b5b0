package lsp

import (
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/syntax"
)

func TestDocumentLinks(t *testing.T) {
	text := "Sitemap: https://example.com/sitemap.xml?a=1&b=2\n" +
		"User-agent: *\n" +
		"Disallow: /https://example.com/not-a-sitemap\n" +
		"sitemap: HTTP://Example.com/😀é.xml # the scheme's case does not matter\n" +
		"Sitemap: /relative.xml\n" +
		"Sitemap: www.example.com/sitemap.xml\n" +
		"Sitemap: ftp://example.com/sitemap.xml\n" +
		"Sitemap: https:///sitemap.xml\n" +
		"Sitemap: https://example.com/a.xml https://example.com/b.xml\n" +
		"Sitemap:\n"
	want := map[syntax.Encoding][]string{
		syntax.UTF16: {
			"0:9-0:48 https://example.com/sitemap.xml?a=1&b=2 (Open the sitemap)",
			"3:9-3:35 http://Example.com/%F0%9F%98%80%C3%A9.xml (Open the sitemap)",
		},
		syntax.UTF8: {
			"0:9-0:48 https://example.com/sitemap.xml?a=1&b=2 (Open the sitemap)",
			"3:9-3:38 http://Example.com/%F0%9F%98%80%C3%A9.xml (Open the sitemap)",
		},
	}
	for enc, want := range want {
		d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(text), nil, enc)
		var got []string
		for _, l := range documentLinks(d) {
			got = append(got, fmt.Sprintf("%s %s (%s)", formatRange(l.Range), *l.Target, *l.Tooltip))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("encoding %d: links\n%s\nwant\n%s", enc, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
