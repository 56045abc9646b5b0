package syntax

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// dump renders a parsed file one node a line, with every byte shown by Go
// quoting, so a test's expectation reads like the tree.
func dump(f *File) string {
	var b strings.Builder
	q := func(s Span) string { return fmt.Sprintf("%q", f.Text(s)) }
	if f.BOM.Len() > 0 {
		fmt.Fprintf(&b, "bom %s\n", q(f.BOM))
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		fmt.Fprintf(&b, "%d %s", i+1, l.Kind)
		switch l.Kind {
		case LineDirective:
			fmt.Fprintf(&b, " %s %s%s%s", l.Directive, q(l.Key()), q(l.Sep()), q(l.Value()))
		case LineInvalid:
			fmt.Fprintf(&b, " %s", q(Span{l.Span.Start, l.Comment().Start}))
		}
		if l.Comment().Len() > 0 {
			fmt.Fprintf(&b, " %s", q(l.Comment()))
		}
		if l.EOL().Len() > 0 {
			fmt.Fprintf(&b, " %s", q(l.EOL()))
		}
		fmt.Fprintf(&b, " g%d r%d\n", f.GroupAt(i), f.RecordAt(i))
	}
	for _, x := range f.Facts {
		fmt.Fprintf(&b, "fact %s %s line %d\n", x.Kind, q(x.Span), x.Line+1)
	}
	for _, g := range f.Groups {
		fmt.Fprintf(&b, "group lines %d-%d agents %v rules %v\n", g.First+1, g.End, plus1(g.UserAgents), plus1(g.Rules))
	}
	for _, r := range f.Records {
		fmt.Fprintf(&b, "record lines %d-%d agents %v rules %v\n", r.First+1, r.End, plus1(r.UserAgents), plus1(r.Rules))
	}
	return b.String()
}

// plus1 turns line indices into line numbers.
func plus1(is []int) []int {
	out := make([]int, len(is))
	for k, i := range is {
		out[k] = i + 1
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty file", "", ""},
		{"directive without final newline", "User-agent: *", `
1 directive user-agent "User-agent"":""*" g0 r0
group lines 1-1 agents [1] rules []
record lines 1-1 agents [1] rules []
`},
		{"line endings LF CRLF lone CR, and LF CR makes an empty line", "a: 1\nb: 2\r\nc: 3\rd: 4\n\re: 5", `
1 directive other "a"":""1" "\n" g-1 r0
2 directive other "b"":""2" "\r\n" g-1 r0
3 directive other "c"":""3" "\r" g-1 r0
4 directive other "d"":""4" "\n" g-1 r0
5 blank "\r" g-1 r-1
6 directive other "e"":""5" g-1 r1
record lines 1-4 agents [] rules []
record lines 6-6 agents [] rules []
`},
		{"CRLF only file", "User-agent: *\r\nDisallow: /\r\n", `
1 directive user-agent "User-agent"":""*" "\r\n" g0 r0
2 directive disallow "Disallow"":""/" "\r\n" g0 r0
group lines 1-2 agents [1] rules [2]
record lines 1-2 agents [1] rules [2]
`},
		{"blank and whitespace-only lines", "\n \t\n\v\f\n", `
1 blank "\n" g-1 r-1
2 blank "\n" g-1 r-1
3 blank "\n" g-1 r-1
fact control-char "\v" line 3
`},
		{"comment lines", "# robots\n   # indented  \n#\n", `
1 comment "# robots" "\n" g-1 r-1
2 comment "# indented" "\n" g-1 r-1
3 comment "#" "\n" g-1 r-1
`},
		{"trailing spaces and trailing comment", "Disallow: /a  \t# no\t \nAllow:/b   \n", `
1 directive disallow "Disallow"":""/a" "# no" "\n" g-1 r0
2 directive allow "Allow"":""/b" "\n" g-1 r0
record lines 1-2 agents [] rules [1 2]
`},
		{"a # inside a URL starts a comment", "Sitemap: https://example.com/map.xml#x\n", `
1 directive sitemap "Sitemap"":""https://example.com/map.xml" "#x" "\n" g-1 r0
record lines 1-1 agents [] rules []
`},
		{"keys kept as written, resolved case-insensitively", "USER-AGENT: a\nuser-agent: b\nDisAllow: /\nallow: /x\nSITEMAP: s\ncrawl-DELAY: 1\nHost: h\nClean-Param: p\nRequest-rate: 1/5\nVisit-time: 0600-0845\nNoindex: /n\nNOFOLLOW: /f\nnoarchive: /a\nContent-Signal: search=yes\ncontent-usage: train-ai=n\n", `
1 directive user-agent "USER-AGENT"":""a" "\n" g0 r0
2 directive user-agent "user-agent"":""b" "\n" g0 r0
3 directive disallow "DisAllow"":""/" "\n" g0 r0
4 directive allow "allow"":""/x" "\n" g0 r0
5 directive sitemap "SITEMAP"":""s" "\n" g0 r0
6 directive crawl-delay "crawl-DELAY"":""1" "\n" g0 r0
7 directive host "Host"":""h" "\n" g0 r0
8 directive clean-param "Clean-Param"":""p" "\n" g0 r0
9 directive request-rate "Request-rate"":""1/5" "\n" g0 r0
10 directive visit-time "Visit-time"":""0600-0845" "\n" g0 r0
11 directive noindex "Noindex"":""/n" "\n" g0 r0
12 directive nofollow "NOFOLLOW"":""/f" "\n" g0 r0
13 directive noarchive "noarchive"":""/a" "\n" g0 r0
14 directive content-signal "Content-Signal"":""search=yes" "\n" g0 r0
15 directive content-usage "content-usage"":""train-ai=n" "\n" g0 r0
group lines 1-15 agents [1 2] rules [3 4]
record lines 1-15 agents [1 2] rules [3 4]
`},
		{"misspellings and longer keys are other", "Disalow: /a\nDisallowed: /b\nUserAgent: c\nUser agent: d\n", `
1 directive other "Disalow"":""/a" "\n" g-1 r0
2 directive other "Disallowed"":""/b" "\n" g-1 r0
3 directive other "UserAgent"":""c" "\n" g-1 r0
4 directive other "User agent"":""d" "\n" g-1 r0
record lines 1-4 agents [] rules []
`},
		{"missing colon: two words are a directive, one or three are not", "Disallow /tmp\nuser-agent\tFooBot # c\nError\nabsolutely random line\n", `
1 directive disallow "Disallow"" ""/tmp" "\n" g-1 r0
2 directive user-agent "user-agent""\t""FooBot" "# c" "\n" g0 r0
3 invalid "Error" "\n" g0 r0
4 invalid "absolutely random line" "\n" g0 r0
fact missing-colon " " line 1
fact missing-colon "\t" line 2
fact no-separator "Error" line 3
fact no-separator "absolutely random line" line 4
group lines 2-4 agents [2] rules []
record lines 1-4 agents [2] rules [1]
`},
		{"whitespace before the colon, a colon in the value, an empty value", "Disallow : /a\nUser-agent\t:x\nSitemap: https://a.example/s.xml\nDisallow:\nAllow:   \n", `
1 directive disallow "Disallow"":""/a" "\n" g-1 r0
2 directive user-agent "User-agent"":""x" "\n" g0 r0
3 directive sitemap "Sitemap"":""https://a.example/s.xml" "\n" g0 r0
4 directive disallow "Disallow"":""" "\n" g0 r0
5 directive allow "Allow"":""" "\n" g0 r0
fact space-before-colon " " line 1
fact space-before-colon "\t" line 2
group lines 2-5 agents [2] rules [4 5]
record lines 1-5 agents [2] rules [1 4 5]
`},
		{"several values on one line", "User-agent: Lycos MomSpider\nDisallow: /a /b\n", `
1 directive user-agent "User-agent"":""Lycos MomSpider" "\n" g0 r0
2 directive disallow "Disallow"":""/a /b" "\n" g0 r0
fact multiple-values "Lycos MomSpider" line 1
fact multiple-values "/a /b" line 2
group lines 1-2 agents [1] rules [2]
record lines 1-2 agents [1] rules [2]
`},
		{"a colon first: empty key", ": foo\n  :\n", `
1 invalid ": foo" "\n" g-1 r0
2 invalid "  :" "\n" g-1 r0
fact empty-key ": foo" line 1
fact empty-key ":" line 2
record lines 1-2 agents [] rules []
`},
		{"a colon anywhere wins over a missing colon", "Disallow /a:b\n", `
1 directive other "Disallow /a"":""b" "\n" g-1 r0
record lines 1-1 agents [] rules []
`},
		{"BOM at the start", "\xEF\xBB\xBFUser-agent: *\n", `
bom "\ufeff"
1 directive user-agent "User-agent"":""*" "\n" g0 r0
fact bom "\ufeff" line 0
group lines 1-1 agents [1] rules []
record lines 1-1 agents [1] rules []
`},
		{"only a BOM", "\xEF\xBB\xBF", `
bom "\ufeff"
fact bom "\ufeff" line 0
`},
		{"partial BOMs, as Google skips them", "\xEF\xBBUser-agent: *\n", `
bom "\xef\xbb"
1 directive user-agent "User-agent"":""*" "\n" g0 r0
fact partial-bom "\xef\xbb" line 0
group lines 1-1 agents [1] rules []
record lines 1-1 agents [1] rules []
`},
		{"a broken BOM keeps the byte that breaks it", "\xEF\x11\xBFUser-Agent: foo\n", `
bom "\xef"
1 directive other "\x11\xbfUser-Agent"":""foo" "\n" g-1 r0
fact partial-bom "\xef" line 0
fact control-char "\x11" line 1
fact invalid-utf8 "\xbf" line 1
record lines 1-1 agents [] rules []
`},
		{"a BOM in the middle of the file", "User-agent: *\n\xEF\xBB\xBFDisallow: /\n", `
1 directive user-agent "User-agent"":""*" "\n" g0 r0
2 directive other "\ufeffDisallow"":""/" "\n" g0 r0
fact bom-in-line "\ufeff" line 2
group lines 1-2 agents [1] rules []
record lines 1-2 agents [1] rules []
`},
		{"NUL bytes", "Disallow: /a\x00bc\n\x00\x00\n", `
1 directive disallow "Disallow"":""/a\x00bc" "\n" g-1 r0
2 invalid "\x00\x00" "\n" g-1 r0
fact nul "\x00" line 1
fact nul "\x00" line 2
fact no-separator "\x00\x00" line 2
record lines 1-2 agents [] rules [1]
`},
		{"control and invisible characters", "Disallow: /a\x01\x7F\u0085\nDisallow:\u00A0/b\u200B\nUser-agent:\u202Ex\n", `
1 directive disallow "Disallow"":""/a\x01\x7f\u0085" "\n" g-1 r0
2 directive disallow "Disallow"":""\u00a0/b\u200b" "\n" g-1 r0
3 directive user-agent "User-agent"":""\u202ex" "\n" g0 r0
fact control-char "\x01" line 1
fact invisible-char "\u00a0" line 2
fact invisible-char "\u202e" line 3
group lines 3-3 agents [3] rules []
record lines 1-3 agents [3] rules [1 2]
`},
		{"invalid UTF-8", "Disallow: /\xC3(\xFF\n# caf\xE9\n", `
1 directive disallow "Disallow"":""/\xc3(\xff" "\n" g-1 r0
2 comment "# caf\xe9" "\n" g-1 r0
fact invalid-utf8 "\xc3" line 1
fact invalid-utf8 "\xe9" line 2
record lines 1-2 agents [] rules [1]
`},
		{"groups: blank lines, comments and other lines do not end a group", "User-agent: a\n\n# c\nSitemap: s\nCrawl-delay: 3\nUser-agent: b\n\nDisallow: /x\n\nAllow: /y\nUser-agent: c\nDisallow: /z\n", `
1 directive user-agent "User-agent"":""a" "\n" g0 r0
2 blank "\n" g0 r-1
3 comment "# c" "\n" g0 r1
4 directive sitemap "Sitemap"":""s" "\n" g0 r1
5 directive crawl-delay "Crawl-delay"":""3" "\n" g0 r1
6 directive user-agent "User-agent"":""b" "\n" g0 r1
7 blank "\n" g0 r-1
8 directive disallow "Disallow"":""/x" "\n" g0 r2
9 blank "\n" g0 r-1
10 directive allow "Allow"":""/y" "\n" g0 r3
11 directive user-agent "User-agent"":""c" "\n" g1 r3
12 directive disallow "Disallow"":""/z" "\n" g1 r3
group lines 1-10 agents [1 6] rules [8 10]
group lines 11-12 agents [11] rules [12]
record lines 1-1 agents [1] rules []
record lines 3-6 agents [6] rules []
record lines 8-8 agents [] rules [8]
record lines 10-12 agents [11] rules [10 12]
`},
		{"lines before the first user-agent are outside any group", "# header\nSitemap: s\nDisallow: /orphan\n\nUser-agent: *\nDisallow: /\n", `
1 comment "# header" "\n" g-1 r0
2 directive sitemap "Sitemap"":""s" "\n" g-1 r0
3 directive disallow "Disallow"":""/orphan" "\n" g-1 r0
4 blank "\n" g-1 r-1
5 directive user-agent "User-agent"":""*" "\n" g0 r1
6 directive disallow "Disallow"":""/" "\n" g0 r1
group lines 5-6 agents [5] rules [6]
record lines 1-3 agents [] rules [3]
record lines 5-6 agents [5] rules [6]
`},
		{"records: comment-only blocks are not records, comments join the record they touch", "# a\n\n# b\nUser-agent: x\n# c\nDisallow: /\n# d\n\n# e\n", `
1 comment "# a" "\n" g-1 r-1
2 blank "\n" g-1 r-1
3 comment "# b" "\n" g-1 r0
4 directive user-agent "User-agent"":""x" "\n" g0 r0
5 comment "# c" "\n" g0 r0
6 directive disallow "Disallow"":""/" "\n" g0 r0
7 comment "# d" "\n" g0 r0
8 blank "\n" g0 r-1
9 comment "# e" "\n" g0 r-1
group lines 4-9 agents [4] rules [6]
record lines 3-7 agents [4] rules [6]
`},
		{"an invalid line keeps a record open", "User-agent: x\ngarbage here now\nDisallow: /\n", `
1 directive user-agent "User-agent"":""x" "\n" g0 r0
2 invalid "garbage here now" "\n" g0 r0
3 directive disallow "Disallow"":""/" "\n" g0 r0
fact no-separator "garbage here now" line 2
group lines 1-3 agents [1] rules [3]
record lines 1-3 agents [1] rules [3]
`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			if got, want := dump(f), strings.TrimPrefix(tt.want, "\n"); got != want {
				t.Errorf("Parse(%q):\n got:\n%s\nwant:\n%s", tt.src, got, want)
			}
			checkTree(t, []byte(tt.src), f)
			checkPaths(t, []byte(tt.src), f)
		})
	}
}

func TestLineTooLong(t *testing.T) {
	for _, n := range []int{GoogleMaxLineBytes, GoogleMaxLineBytes + 1, 40000} {
		value := "/" + strings.Repeat("a", n-len("Disallow: /"))
		src := "User-agent: *\r\nDisallow: " + value + "\r\nAllow: /b\r\n"
		f := Parse([]byte(src))
		var got []Fact
		for _, x := range f.Facts {
			if x.Kind == FactLineTooLong {
				got = append(got, x)
			}
		}
		if n <= GoogleMaxLineBytes {
			if len(got) != 0 {
				t.Errorf("%d-byte line: got %v, want no fact", n, got)
			}
			continue
		}
		start := f.Lines[1].Span.Start
		want := []Fact{{FactLineTooLong, Span{start + GoogleMaxLineBytes, start + n}, 1}}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%d-byte line: got %v, want %v", n, got, want)
		}
		if v := f.Text(f.Lines[1].Value()); string(v) != value {
			t.Errorf("%d-byte line: the value is cut: %d bytes, want %d", n, len(v), len(value))
		}
		if f.Lines[1].Directive != DirectiveDisallow || len(f.Groups[0].Rules) != 2 {
			t.Errorf("%d-byte line: not parsed as a rule of the group: %s", n, dump(f)[:200])
		}
	}
	// A leading BOM does not count towards the limit.
	src := "\xEF\xBB\xBFa:" + strings.Repeat("a", GoogleMaxLineBytes-2)
	if f := Parse([]byte(src)); len(f.Facts) != 1 || f.Facts[0].Kind != FactBOM {
		t.Errorf("BOM and a %d-byte line: facts %v, want only the BOM", GoogleMaxLineBytes, f.Facts)
	}
}

// TestLongestLineWithParts checks the 24-bit part offsets at their limit: a
// line of maxLineParts bytes is still split into key, value and comment, and
// one byte more makes it an invalid line without parts.
func TestLongestLineWithParts(t *testing.T) {
	if testing.Short() {
		t.Skip("parses two 16 MiB lines")
	}
	for _, n := range []int{maxLineParts, maxLineParts + 1} {
		value := "/" + strings.Repeat("a", n-len("Disallow: / #c"))
		src := "Disallow: " + value + " #c\nAllow: /\n"
		f := Parse([]byte(src))
		l := &f.Lines[0]
		if n > maxLineParts {
			if l.Kind != LineInvalid || !slices.ContainsFunc(f.Facts, func(x Fact) bool { return x.Kind == FactNoSeparator }) {
				t.Errorf("%d-byte line: %s, facts %v; want invalid with no-separator", n, l.Kind, f.Facts)
			}
		} else if l.Kind != LineDirective || string(f.Text(l.Value())) != value || string(f.Text(l.Comment())) != "#c" {
			t.Errorf("%d-byte line: %s, value of %d bytes, comment %q; want the directive's parts", n, l.Kind, l.Value().Len(), f.Text(l.Comment()))
		}
		if f.Lines[1].Directive != DirectiveAllow {
			t.Errorf("%d-byte line: the next line is %s, want an Allow directive", n, f.Lines[1].Kind)
		}
	}
}

// TestPlainLines checks that the bitmap path reads every line of a typical
// file, so that it is not quietly left to the general one: the trees would
// be the same, only slower.
func TestPlainLines(t *testing.T) {
	src := []byte("# robots.txt\n\nUser-agent: *\nDisallow: /tmp/ # old\nAllow:/*.css$\r\n" +
		"\tCrawl-delay : 10\rSitemap: https://example.com/sitemap.xml\nDisallow:\n")
	p := parser{f: &File{src: src, Lines: make([]Line, 10)}, src: src, useBitmaps: true}
	p.setWatch()
	if i, start := p.plainLines(0, 0); start != len(src) {
		t.Errorf("plainLines stopped at line %d, byte %d of %d", i+1, start, len(src))
	}
}

func TestPastSizeLimit(t *testing.T) {
	// 20,000 lines of 26 bytes: byte 512,000 falls inside line 19,693.
	line := "Disallow: /abcdefghijklm\r\n"
	src := []byte(strings.Repeat(line, 20000))
	f := Parse(src)
	var got []Fact
	for _, x := range f.Facts {
		if x.Kind == FactPastSizeLimit {
			got = append(got, x)
		}
	}
	want := []Fact{{FactPastSizeLimit, Span{SizeLimit, len(src)}, SizeLimit / len(line)}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	if len(f.Lines) != 20000 || f.Lines[19999].Directive != DirectiveDisallow {
		t.Errorf("the parser stopped early: %d lines", len(f.Lines))
	}
	// Exactly 500 KiB is within the limit.
	for _, x := range Parse(src[:SizeLimit]).Facts {
		if x.Kind == FactPastSizeLimit {
			t.Errorf("a %d-byte file: %v", SizeLimit, x)
		}
	}
}

func TestFileKind(t *testing.T) {
	tests := []struct {
		name, src string
		want      FactKind
		evidence  string
	}{
		{"robots.txt", "User-agent: *\nDisallow: /\n", factNone, ""},
		{"robots.txt with HTML-looking values", "User-agent: *<br/>\nDisallow: /<div>\n", factNone, ""},
		{"html5 page", "\n  <!DOCTYPE html>\r\n<html lang=\"en\">\n<head>", FactHTML, "<!DOCTYPE html>"},
		{"html page without doctype", "<html>\r\n<head><title>404 Not Found</title></head>", FactHTML, "<html>"},
		{"PHP warning", "<br />\n<b>Warning</b>: something in <b>x.php</b>", FactHTML, "<br />"},
		{"html after a BOM", "\xEF\xBB\xBF<!doctype html><html>", FactHTML, "<!doctype html><html>"},
		{"xml error", "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>NoSuchKey</Code></Error>", FactXML, "<?xml version=\"1.0\" encoding=\"utf-8\"?><Error><Code>NoSuchKey</Code></Error>"},
		{"xml without declaration", "<Error>\n<Code>AccessDenied</Code>\n</Error>\n", FactXML, "<Error>"},
		{"json object", "{\"error\": \"not found\"}\n", FactJSON, "{\"error\": \"not found\"}"},
		{"json array", "[\n  1, 2\n]", FactJSON, "["},
		{"brace but not json", "{ not closed\nUser-agent: *\n", factNone, ""},
		{"utf-16le with BOM", "\xFF\xFEU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\r\x00\n\x00", FactUTF16, "\xFF\xFEU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00"},
		{"utf-16le behind mojibake", "\xC3\xBF\xC3\xBEU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00", FactUTF16, "\xC3\xBF\xC3\xBEU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00"},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", FactBinary, "\x89PNG"},
		// U+FFFD starts with 0xEF, which Google's parser skips as a partial BOM.
		{"jpeg decoded lossily", "\uFFFD\uFFFD\uFFFD\uFFFD\x00\x10JFIF\x00\x01\x01\x01\x00`\x00`\x00\x00\uFFFD\uFFFD", FactBinary, "\xBF\xBD\uFFFD\uFFFD\uFFFD\x00\x10JFIF\x00\x01\x01\x01\x00`\x00`\x00\x00\uFFFD\uFFFD"},
		{"NUL padding", "Internal Server Error" + strings.Repeat("\x00", 200), FactBinary, "Internal Server Error" + strings.Repeat("\x00", 200)},
		{"a few odd bytes in text", "User-agent: *\nDisallow: /\x01\x02\n" + strings.Repeat("Allow: /x\n", 20), factNone, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse([]byte(tt.src))
			var got Fact
			for _, x := range f.Facts {
				if x.Kind.IsFileKind() {
					if got.Kind != factNone {
						t.Fatalf("two file kinds: %v and %v", got, x)
					}
					got = x
				}
			}
			if got.Kind != tt.want {
				t.Fatalf("got %v, want %v", got.Kind, tt.want)
			}
			if tt.want != factNone {
				if ev := string(f.Text(got.Span)); ev != tt.evidence {
					t.Errorf("evidence %q, want %q", ev, tt.evidence)
				}
				if f.LineAt(got.Span.Start) != got.Line {
					t.Errorf("fact on line %d, its span starts on line %d", got.Line, f.LineAt(got.Span.Start))
				}
			}
			checkTree(t, []byte(tt.src), f)
		})
	}
}

func TestLookupDirective(t *testing.T) {
	for _, d := range Directives() {
		for _, key := range []string{d.String(), strings.ToUpper(d.String()), d.Canonical()} {
			if got := LookupDirective([]byte(key)); got != d {
				t.Errorf("LookupDirective(%q) = %v, want %v", key, got, d)
			}
		}
	}
	for _, key := range []string{"", "disalow", "disallowed", "useragent", "user agent", "allow ", "content-signals", "\u212Aost"} {
		if got := LookupDirective([]byte(key)); got != DirectiveOther {
			t.Errorf("LookupDirective(%q) = %v, want other", key, got)
		}
	}
}

// checkPaths asserts that reading lines from the bitmaps gives the same
// tree as reading every line byte by byte.
func checkPaths(t *testing.T, src []byte, f *File) {
	t.Helper()
	g := parse(src, false)
	for i := range f.Lines {
		if f.Lines[i] != g.Lines[i] {
			t.Fatalf("line %d %q: bitmaps give\n%+v\nbytes give\n%+v", i+1, g.Text(g.Lines[i].Span), f.Lines[i], g.Lines[i])
		}
	}
	f.index.src, g.index.src = nil, nil // compared through File.src
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("bitmaps and bytes give different trees:\n%s\n%s", dump(f), dump(g))
	}
	f.index.src = src
}

// checkTree asserts the invariants every parse must keep: the nodes tile
// the source in order, every span lies inside its line, line kinds agree
// with their parts, and groups and records agree with the lines' indices.
func checkTree(t *testing.T, src []byte, f *File) {
	t.Helper()
	if !bytes.Equal(f.Bytes(), src) {
		t.Fatalf("Bytes() differs from the input")
	}
	var rebuilt []byte
	rebuilt = append(rebuilt, f.Text(f.BOM)...)
	pos := f.BOM.End
	if f.BOM.Start != 0 {
		t.Fatalf("BOM %v does not start the file", f.BOM)
	}
	inside := func(what string, i int, s, outer Span) {
		if s.Start > s.End || s.Start < outer.Start || s.End > outer.End {
			t.Fatalf("line %d: %s %v outside %v", i+1, what, s, outer)
		}
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Span.Start != pos {
			t.Fatalf("line %d starts at %d, want %d", i+1, l.Span.Start, pos)
		}
		if l.Span.End <= l.Span.Start {
			t.Fatalf("line %d is empty: %v", i+1, l.Span)
		}
		rebuilt = append(rebuilt, f.Text(l.Span)...)
		pos = l.Span.End
		content := l.Text()
		inside("EOL", i, l.EOL(), l.Span)
		if l.EOL().End != l.Span.End {
			t.Fatalf("line %d: EOL %v does not end the line %v", i+1, l.EOL(), l.Span)
		}
		switch eol := string(f.Text(l.EOL())); eol {
		case "\n", "\r\n", "\r":
		case "":
			if l.Span.End != len(src) {
				t.Fatalf("line %d has no terminator but is not last", i+1)
			}
		default:
			t.Fatalf("line %d: terminator %q", i+1, eol)
		}
		if bytes.ContainsAny(f.Text(content), "\r\n") {
			t.Fatalf("line %d: a terminator inside the text", i+1)
		}
		for _, part := range []struct {
			what string
			s    Span
		}{{"key", l.Key()}, {"sep", l.Sep()}, {"value", l.Value()}, {"comment", l.Comment()}} {
			inside(part.what, i, part.s, content)
		}
		if l.Kind == LineDirective {
			if !(l.Key().End <= l.Sep().Start && l.Sep().End <= l.Value().Start && l.Value().End <= l.Comment().Start) {
				t.Fatalf("line %d: parts out of order: %+v", i+1, l)
			}
			if l.Key().Len() == 0 || l.Sep().Len() == 0 || l.Directive == DirectiveNone {
				t.Fatalf("line %d: directive without key or separator: %+v", i+1, l)
			}
		} else if l.Directive != DirectiveNone {
			t.Fatalf("line %d: %v line with directive %v", i+1, l.Kind, l.Directive)
		}
	}
	if pos != len(src) {
		t.Fatalf("lines end at %d, the source at %d", pos, len(src))
	}
	if !bytes.Equal(rebuilt, src) {
		t.Fatalf("the nodes' bytes differ from the input")
	}
	for _, x := range f.Facts {
		if x.Kind <= factNone || x.Kind >= factEnd || x.Span.Start < 0 || x.Span.End > len(src) || x.Span.Start > x.Span.End {
			t.Fatalf("bad fact %+v", x)
		}
		if x.Line != f.LineAt(x.Span.Start) && !(x.Line == -1 && x.Span.End <= f.BOM.End) && !(x.Span.Start == len(src) && x.Line == len(f.Lines)-1) {
			t.Fatalf("fact %+v: its span starts on line %d", x, f.LineAt(x.Span.Start))
		}
	}
	for k, g := range f.Groups {
		if g.First >= g.End || len(g.UserAgents) == 0 || g.UserAgents[0] != g.First {
			t.Fatalf("group %d: %+v", k, g)
		}
		if k > 0 && f.Groups[k-1].End != g.First {
			t.Fatalf("group %d does not follow group %d", k, k-1)
		}
		for _, i := range append(append([]int{}, g.UserAgents...), g.Rules...) {
			if i < g.First || i >= g.End || f.GroupAt(i) != k {
				t.Fatalf("group %d: line %d outside it", k, i+1)
			}
		}
	}
	for k, r := range f.Records {
		if r.First >= r.End || (k > 0 && f.Records[k-1].End > r.First) {
			t.Fatalf("record %d: %+v", k, r)
		}
		for i := r.First; i < r.End; i++ {
			if f.RecordAt(i) != k || f.Lines[i].Kind == LineBlank {
				t.Fatalf("record %d: line %d is %v in record %d", k, i+1, f.Lines[i].Kind, f.RecordAt(i))
			}
		}
	}
}

// TestPrefix checks that a file cut at n bytes keeps the lines before the
// cut as they are, cuts the line across it, and is parsed once.
func TestPrefix(t *testing.T) {
	f := Parse([]byte("User-agent: *\r\nDisallow: /private/\nAllow: /x\n"))
	if f.Prefix(len(f.Bytes())) != f {
		t.Error("a prefix as long as the file is not the file")
	}
	p := f.Prefix(len("User-agent: *\r\nDisallow: /p"))
	if len(p.Lines) != 2 || p.Lines[0] != f.Lines[0] {
		t.Fatalf("prefix lines %+v, want the first line as it is and one more", p.Lines)
	}
	if got := string(p.Text(p.Lines[1].Value())); got != "/p" {
		t.Errorf("the cut line's value is %q, want \"/p\"", got)
	}
	if f.Prefix(len(p.Bytes())) != p {
		t.Error("the prefix is parsed again")
	}
}
