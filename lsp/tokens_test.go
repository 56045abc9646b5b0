package lsp

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// decodeTokens undoes the relative encoding of semantic tokens, giving
// "line:column+length type[.modifier]" for each.
func decodeTokens(t *testing.T, data []uint32) []string {
	t.Helper()
	if len(data)%5 != 0 {
		t.Fatalf("%d integers, not a multiple of 5", len(data))
	}
	var out []string
	line, col := uint32(0), uint32(0)
	for i := 0; i < len(data); i += 5 {
		if data[i] > 0 {
			line, col = line+data[i], data[i+1]
		} else {
			col += data[i+1]
		}
		s := fmt.Sprintf("%d:%d+%d %s", line, col, data[i+2], semanticTokenTypes[data[i+3]])
		for bit, name := range semanticTokenModifiers {
			if data[i+4]&(1<<bit) != 0 {
				s += "." + name
			}
		}
		out = append(out, s)
	}
	return out
}

// TestSemanticTokensColumns checks columns and lengths after and inside
// text holding 😀 (two UTF-16 units, four bytes) and é (one unit, two
// bytes), in the two encodings clients use.
func TestSemanticTokensColumns(t *testing.T) {
	text := "Disallow: /😀é*x$ # é😀 c\n" +
		"\n" +
		"User-agent: é😀bot\n" +
		"😀 é oops # 😀\n"
	want := map[syntax.Encoding][]string{
		syntax.UTF16: {
			"0:0+8 keyword", "0:10+4 string", "0:14+1 operator", "0:15+1 string", "0:16+1 operator", "0:18+7 comment",
			"2:0+10 keyword", "2:12+6 type",
			"3:0+9 comment.deprecated", "3:10+4 comment",
		},
		syntax.UTF8: {
			"0:0+8 keyword", "0:10+7 string", "0:17+1 operator", "0:18+1 string", "0:19+1 operator", "0:21+10 comment",
			"2:0+10 keyword", "2:12+9 type",
			"3:0+12 comment.deprecated", "3:13+6 comment",
		},
	}
	for enc, want := range want {
		d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(text), nil, enc)
		got := decodeTokens(t, semanticTokens(d))
		if strings.Join(got, ", ") != strings.Join(want, ", ") {
			t.Errorf("encoding %d:\n got %v\nwant %v", enc, got, want)
		}
	}
}

// TestSemanticTokensTypes checks the type each part of a line gets.
func TestSemanticTokensTypes(t *testing.T) {
	text := "\xEF\xBB\xBFUser-agent: *\n" + // the byte order mark is a column
		"  disallow: /a$b$\n" + // '$' is an operator only at the end
		"Disalow: /a*\n" + // an unknown key, whose value is no path
		"Crawl-delay: 0.5\n" +
		"Crawl-delay: soon\n" +
		"Sitemap: https://example.com/s.xml # maps\n" +
		": no key\n" +
		"Disallow:\n"
	want := []string{
		"0:1+10 keyword", "0:13+1 operator",
		"1:2+8 keyword", "1:12+4 string", "1:16+1 operator",
		"2:0+7 property", "2:9+3 string",
		"3:0+11 keyword", "3:13+3 number",
		"4:0+11 keyword", "4:13+4 string",
		"5:0+7 keyword", "5:9+25 string", "5:35+6 comment",
		"6:0+8 comment.deprecated",
		"7:0+8 keyword",
	}
	d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, []byte(text), nil, syntax.UTF16)
	if got := decodeTokens(t, semanticTokens(d)); strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Errorf("tokens\n got %v\nwant %v", got, want)
	}
}

// TestSemanticTokensCorpus checks, on every corpus file and in every
// encoding, that the encoded tokens are where the converter puts their
// byte ranges, each on one line, in order and apart.
func TestSemanticTokensCorpus(t *testing.T) {
	paths := linttest.CorpusFiles(t)
	tokens := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, enc := range []syntax.Encoding{syntax.UTF16, syntax.UTF8, syntax.UTF32} {
			d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, src, nil, enc)
			spans := documentTokens(d.file)
			data := semanticTokens(d)
			if len(data) != 5*len(spans) {
				t.Fatalf("%s: %d integers for %d tokens", path, len(data), len(spans))
			}
			line, col := uint32(0), uint32(0)
			prevEnd := -1
			for k, s := range spans {
				if data[5*k] > 0 {
					line, col = line+data[5*k], data[5*k+1]
				} else {
					col += data[5*k+1]
				}
				r := d.conv.rng(s.span)
				if r.Start.Line != line || r.Start.Character != col || r.End.Line != line || r.End.Character-col != data[5*k+2] {
					t.Fatalf("%s, encoding %d: token %d at %d:%d+%d, converter says %s", path, enc, k, line, col, data[5*k+2], formatRange(r))
				}
				if s.span.Start < prevEnd || s.span.Len() == 0 {
					t.Fatalf("%s: token %d %v overlaps the one before or is empty", path, k, s.span)
				}
				prevEnd = s.span.End
			}
			tokens += len(spans)
		}
	}
	t.Logf("%d files, %d tokens in three encodings", len(paths), tokens)
}
