package sitemap

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"testing"
	"testing/iotest"
)

// render prints every item of src on its own line: entries as
// "N line:col loc [lastmod]", problems as "! code line:col". It reads src
// twice, whole and one byte per Read, and fails when the two differ: where
// the reader's buffer ends must not change what it finds.
func render(t testing.TB, src []byte) (string, Kind) {
	t.Helper()
	got, kind := renderFrom(t, src, bytes.NewReader(src))
	if slow, _ := renderFrom(t, src, iotest.OneByteReader(bytes.NewReader(src))); slow != got {
		t.Errorf("one byte at a time:\n%s\nwhole:\n%s", slow, got)
	}
	return got, kind
}

func renderFrom(t testing.TB, src []byte, rd io.Reader) (string, Kind) {
	t.Helper()
	gzipped := len(src) > 1 && src[0] == 0x1f && src[1] == 0x8b
	check := posChecker(t, src)
	r := NewReader(rd)
	var b strings.Builder
	for it, ok := r.Next(); ok; it, ok = r.Next() {
		if !gzipped {
			check(it)
		}
		if it.IsProblem() {
			p := it.Problem
			fmt.Fprintf(&b, "! %s %d:%d\n", p.Code, p.Pos.Line, p.Pos.Col)
			continue
		}
		e := it.Entry
		fmt.Fprintf(&b, "%d %d:%d %s", e.N, e.LocPos.Line, e.LocPos.Col, e.Loc)
		if e.LastMod != "" {
			fmt.Fprintf(&b, " %s@%d:%d", e.LastMod, e.LastModPos.Line, e.LastModPos.Col)
		}
		b.WriteByte('\n')
	}
	return b.String(), r.Kind()
}

// posChecker returns a check that an item's positions are inside src,
// that each line and column agrees with its offset, and that an XML entry's
// LocPos is just after a start tag (src must not be gzipped). It indexes
// the lines once, so checking stays linear for the fuzz target.
func posChecker(t testing.TB, src []byte) func(Item) {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return func(it Item) {
		t.Helper()
		ps := []Pos{it.Problem.Pos}
		if !it.IsProblem() {
			ps = []Pos{it.Entry.Pos, it.Entry.LocPos, it.Entry.LocEnd}
			// The URL's text ends just after a byte that is not white space.
			if e := it.Entry; e.LocEnd.Offset <= e.LocPos.Offset || e.LocEnd.Offset > int64(len(src)) || isSpace(src[e.LocEnd.Offset-1]) {
				t.Errorf("entry %q: LocEnd %d is not just past its URL (LocPos %d)", e.Loc, e.LocEnd.Offset, e.LocPos.Offset)
			}
			if it.Entry.LastMod != "" {
				ps = append(ps, it.Entry.LastModPos)
			}
			// An XML entry's URL text starts just after the > of <loc>.
			if e := it.Entry; e.LocPos != e.Pos && (e.LocPos.Offset < 1 || e.LocPos.Offset > int64(len(src)) || src[e.LocPos.Offset-1] != '>') {
				t.Errorf("entry %q: LocPos %d is not just after a start tag", e.Loc, e.LocPos.Offset)
			}
		}
		for _, p := range ps {
			if p.Offset < 0 || p.Offset > int64(len(src)) {
				t.Fatalf("offset %d outside 0..%d (%+v)", p.Offset, len(src), it)
			}
			line := sort.SearchInts(starts, int(p.Offset)+1)
			col := int(p.Offset) - starts[line-1] + 1
			if p.Line != line || p.Col != col {
				t.Fatalf("position %d:%d, offset %d is at %d:%d (%+v)", p.Line, p.Col, p.Offset, line, col, it)
			}
		}
	}
}

const ns = `xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"`

func TestReader(t *testing.T) {
	tests := []struct {
		name string
		src  string
		kind Kind
		want string
	}{
		{"urlset", `<?xml version="1.0" encoding="UTF-8"?>
<urlset ` + ns + `>
  <url><loc>https://example.com/</loc><lastmod>2024-01-02</lastmod></url>
  <url>
    <loc>
      https://example.com/a?x=1&amp;y=2
    </loc>
  </url>
</urlset>
`, URLSet, "1 3:13 https://example.com/ 2024-01-02@3:48\n2 5:10 https://example.com/a?x=1&y=2\n"},
		{"index", `<sitemapindex ` + ns + `><sitemap><loc>https://example.com/s1.xml.gz</loc></sitemap>
<sitemap><loc>https://example.com/s2.xml</loc><lastmod>2024-05-01T10:00:00Z</lastmod></sitemap></sitemapindex>`,
			Index, "1 1:81 https://example.com/s1.xml.gz\n2 2:15 https://example.com/s2.xml 2024-05-01T10:00:00Z@2:56\n"},
		{"cdata", `<urlset ` + ns + `><url><loc><![CDATA[https://example.com/?a=1&b=2]]></loc></url></urlset>`,
			URLSet, "1 1:71 https://example.com/?a=1&b=2\n"},
		{"extensions ignored", `<urlset ` + ns + ` xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>https://example.com/p</loc><image:image><image:loc>https://example.com/i.png</image:loc></image:image>
<xhtml:link rel="alternate" hreflang="de" href="https://example.com/de/p"/></url></urlset>`,
			URLSet, "1 2:11 https://example.com/p\n"},
		{"image loc at depth 3 not taken", `<urlset ` + ns + ` xmlns:x="urn:x"><url><x:loc>https://example.com/x</x:loc><loc>https://example.com/p</loc></url></urlset>`,
			URLSet, "1 1:123 https://example.com/p\n"},
		{"text", "https://example.com/\n\n  https://example.com/b  \r\nhttps://example.com/c", Text,
			"1 1:1 https://example.com/\n2 3:3 https://example.com/b\n3 4:1 https://example.com/c\n"},
		{"empty", "", Text, ""},
		{"bom xml", "\ufeff<urlset " + ns + "><url><loc>https://example.com/</loc></url></urlset>", URLSet,
			"! bom 1:1\n1 1:74 https://example.com/\n"},
		{"bom text", "\ufeffhttps://example.com/\n", Text, "! bom 1:1\n1 1:4 https://example.com/\n"},
		{"no namespace", `<urlset><url><loc>https://example.com/</loc></url></urlset>`, URLSet,
			"! no-namespace 1:1\n1 1:19 https://example.com/\n"},
		{"wrong namespace", `<urlset xmlns="https://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>`, URLSet,
			"! wrong-namespace 1:1\n1 1:72 https://example.com/\n"},
		{"html", "<!DOCTYPE html>\n<html><head><title>Not found</title></head></html>", Unknown, "! html 1:1\n"},
		{"html no doctype", "<html><body>hi</body></html>", Unknown, "! html 1:1\n"},
		{"html lower doctype", "\n<!doctype html><html lang=\"en\">", Unknown, "! html 2:1\n"},
		{"html upper", "<HTML><BODY>x</BODY></HTML>", Unknown, "! html 1:1\n"},
		{"index old google namespace", `<sitemapindex xmlns="http://www.google.com/schemas/sitemap/0.84"><sitemap><loc>https://example.com/s.xml</loc></sitemap></sitemapindex>`, Index,
			"! wrong-namespace 1:1\n1 1:80 https://example.com/s.xml\n"},
		{"uppercase root", `<URLSET ` + ns + `><url><loc>https://example.com/</loc></url></URLSET>`, URLSet,
			"! unknown-root 1:1\n1 1:71 https://example.com/\n"},
		{"unknown root", "<rss><channel/></rss>", Unknown, "! unknown-root 1:1\n"},
		{"malformed", "<urlset " + ns + ">\n<url><loc>https://example.com/</loc></url>\n<url><loc>x</url>\n</urlset>", URLSet,
			"1 2:11 https://example.com/\n! malformed 3:12\n"},
		{"truncated", "<urlset " + ns + "><url><loc>https://example.com/</loc>", URLSet, "! malformed 1:97\n"},
		{"bare ampersand", "<urlset " + ns + "><url><loc>https://example.com/?a=1&b=2</loc></url></urlset>", URLSet, "! bad-entity 1:95\n1 1:71 https://example.com/?a=1&b=2\n"},
		{"html entity", "<urlset " + ns + "><url><loc>https://example.com/&nbsp;</loc></url></urlset>", URLSet, "! bad-entity 1:91\n1 1:71 https://example.com/&nbsp;\n"},
		{"dtd with entity", "<!DOCTYPE urlset [<!ENTITY x \"y\">]>\n<urlset " + ns + "><url><loc>https://example.com/</loc></url></urlset>", URLSet,
			"! dtd 1:1\n1 2:71 https://example.com/\n"},
		{"missing loc", "<urlset " + ns + "><url><lastmod>2024-01-01</lastmod></url></urlset>", URLSet, "! missing-loc 1:61\n"},
		{"empty loc", "<urlset " + ns + "><url><loc> </loc></url></urlset>", URLSet, "! empty-loc 1:71\n"},
		{"latin-1", `<?xml version="1.0" encoding="ISO-8859-1"?><urlset ` + ns + `/>`, Unknown, "! malformed 1:31\n"},
		{"not xml", "garbage\x00\xff", Text, "1 1:1 garbage\x00\xff\n"},

		// The scanner's constructs, one by one.
		{"declaration lower-case utf-8", `<?xml version='1.0' encoding='utf-8' standalone="yes"?><urlset ` + ns + `><url><loc>https://example.com/</loc></url></urlset>`, URLSet, "1 1:126 https://example.com/\n"},
		{"xml 1.1", `<?xml version="1.1"?><urlset ` + ns + `/>`, Unknown, "! malformed 1:16\n"},
		{"declaration over two lines", "<?xml version=\"1.0\"\n  encoding=\"windows-1252\"?><urlset " + ns + "/>", Unknown, "! malformed 2:13\n"},
		{"stylesheet instruction", `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="/s.xsl"?><urlset ` + ns + `><url><loc>https://example.com/</loc></url></urlset>`, URLSet, "1 1:140 https://example.com/\n"},
		{"comments", "<!-- by a generator -->\n<urlset " + ns + "><!-- 1 --><url><loc>https://example.com/<!-- x -->a</loc></url></urlset><!-- end -->", URLSet, "1 2:81 https://example.com/a\n"},
		{"double hyphen in comment", "<urlset " + ns + "><!-- a -- b --><url><loc>https://example.com/</loc></url></urlset>", URLSet, "! malformed 1:68\n"},
		{"unclosed comment", "<urlset " + ns + "><!-- ", URLSet, "! malformed 1:66\n"},
		{"cdata around spaces", "<urlset " + ns + "><url><loc> <![CDATA[ https://example.com/]]]]> </loc></url></urlset>", URLSet, "1 1:71 https://example.com/]]\n"},
		{"predefined entities", "<urlset " + ns + "><url><loc>https://example.com/?q=&lt;&gt;&quot;&apos;&amp;</loc></url></urlset>", URLSet, "1 1:71 https://example.com/?q=<>\"'&\n"},
		{"character references", "<urlset " + ns + "><url><loc>https://example.com/?a=1&#38;b=2&#x26;c=&#xE9;</loc></url></urlset>", URLSet, "1 1:71 https://example.com/?a=1&b=2&c=é\n"},
		{"reference to a control character", "<urlset " + ns + "><url><loc>https://example.com/&#1;</loc></url></urlset>", URLSet, "! bad-entity 1:91\n1 1:71 https://example.com/&#1;\n"},
		{"bad entities recovered", "<urlset " + ns + ">\n<url><loc>https://example.com/?a=1&b=2&c</loc></url>\n<url><loc>https://example.com/&copy;</loc></url>\n<url><loc>https://example.com/ok</loc></url>\n</urlset>", URLSet, "! bad-entity 2:35\n1 2:11 https://example.com/?a=1&b=2&c\n! bad-entity 3:31\n2 3:11 https://example.com/&copy;\n3 4:11 https://example.com/ok\n"},
		{"bad entity in an attribute", "<urlset " + ns + " xmlns:xhtml=\"http://www.w3.org/1999/xhtml\"><url><loc>https://example.com/</loc><xhtml:link href=\"https://example.com/?a&b\"/></url></urlset>", URLSet, "! bad-entity 1:180\n1 1:114 https://example.com/\n"},
		{"prefixed sitemap elements", `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:url><sm:loc>https://example.com/</sm:loc><sm:lastmod>2024-01-01</sm:lastmod></sm:url></sm:urlset>`, URLSet, "1 1:83 https://example.com/ 2024-01-01@1:124\n"},
		{"undeclared prefix", `<sm:urlset><sm:url><sm:loc>https://example.com/</sm:loc></sm:url></sm:urlset>`, URLSet, "! wrong-namespace 1:1\n1 1:28 https://example.com/\n"},
		{"namespace declared on an entry", `<urlset><url xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><loc>https://example.com/</loc></url></urlset>`, URLSet, "! no-namespace 1:1\n1 1:71 https://example.com/\n"},
		{"image children skipped", `<urlset ` + ns + ` xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><image:image><image:loc>https://example.com/i.png</image:loc></image:image><loc>https://example.com/p</loc></url></urlset>`, URLSet, "1 1:208 https://example.com/p\n"},
		{"doctype without entities", "<!DOCTYPE urlset SYSTEM \"urlset.dtd\">\n<urlset " + ns + "><url><loc>https://example.com/</loc></url></urlset>", URLSet, "! dtd 1:1\n1 2:71 https://example.com/\n"},
		{"doctype with comment and quoted >", "<!DOCTYPE urlset [<!-- > --><!ATTLIST urlset a CDATA \">\">]><urlset " + ns + "/>", URLSet, "! dtd 1:1\n"},
		{"extra loc", "<urlset " + ns + "><url><loc>https://example.com/a</loc>\n<loc>https://example.com/b</loc></url></urlset>", URLSet, "! extra-loc 2:1\n1 1:71 https://example.com/a\n"},
		{"empty element loc", "<urlset " + ns + "><url><loc/></url></urlset>", URLSet, "! empty-loc 1:72\n"},
		{"attributes on the root", "<urlset\n  " + ns + "\n  xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance' >\n<url><loc>https://example.com/</loc></url></urlset >", URLSet, "1 4:11 https://example.com/\n"},
		{"less-than in text", "<urlset " + ns + "><url><loc>https://example.com/?a< b</loc></url></urlset>", URLSet, "! malformed 1:93\n"},
		{"eof inside a tag", "<urlset " + ns + "><url><loc", URLSet, "! malformed 1:70\n"},
		{"eof inside an attribute", "<urlset xmlns=\"http://www.sitemaps", Unknown, "! malformed 1:35\n"},
		{"unquoted attribute", "<urlset xmlns=http://www.sitemaps.org/schemas/sitemap/0.9>", Unknown, "! malformed 1:15\n"},
		{"attribute without value", "<urlset " + ns + " checked><url/></urlset>", Unknown, "! malformed 1:68\n"},
		{"less-than in an attribute", "<urlset " + ns + " a=\"<\"/>", Unknown, "! malformed 1:64\n"},
		{"stray end tag", "<urlset " + ns + "><url><loc>https://example.com/</loc></url></urlset>\n</urlset>", URLSet, "1 1:71 https://example.com/\n! malformed 2:1\n"},
		{"second root", "<urlset " + ns + "/><urlset " + ns + "/>", URLSet, "! malformed 1:62\n"},
		{"text after the root", "<urlset " + ns + "/>\nthanks", URLSet, "! malformed 2:1\n"},
		{"invalid utf-8 in loc", "<urlset " + ns + "><url><loc>https://example.com/caf\xe9</loc></url></urlset>", URLSet, "! malformed 1:94\n"},
		{"control character", "<urlset " + ns + "><url><loc>https://example.com/\x0c</loc></url></urlset>", URLSet, "! malformed 1:91\n"},
		{"utf-8 in loc", "<urlset " + ns + "><url><loc>https://example.com/café</loc><lastmod>2024-01-01</lastmod></url></urlset>", URLSet, "1 1:71 https://example.com/café 2024-01-01@1:111\n"},
		{"nested too deep", "<urlset " + ns + ">" + strings.Repeat("<a>", maxDepth), URLSet, "! malformed 1:3058\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, kind := render(t, []byte(tt.src))
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if kind != tt.kind {
				t.Errorf("kind %v, want %v", kind, tt.kind)
			}
		})
	}
}

func gz(t testing.TB, b []byte) []byte {
	var out bytes.Buffer
	w := gzip.NewWriter(&out)
	w.Write(b)
	w.Close()
	return out.Bytes()
}

func TestGzip(t *testing.T) {
	src := []byte("<urlset " + ns + "><url><loc>https://example.com/</loc></url></urlset>")
	got, kind := render(t, gz(t, src))
	if want := "1 1:71 https://example.com/\n"; got != want || kind != URLSet {
		t.Errorf("got %q %v", got, kind)
	}
	z := gz(t, src)
	got, _ = render(t, z[:len(z)-6])
	if !strings.Contains(got, "! bad-gzip") {
		t.Errorf("truncated gzip: got %q", got)
	}
	got, _ = render(t, []byte{0x1f, 0x8b, 0})
	if got != "! bad-gzip 1:1\n" {
		t.Errorf("bad gzip header: got %q", got)
	}
}

// generate writes a URL set of n URLs to w.
func generate(w io.Writer, n int) {
	io.WriteString(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "+ns+">\n")
	for i := range n {
		fmt.Fprintf(w, "  <url><loc>https://example.com/products/item-%07d.html</loc><lastmod>2024-06-01</lastmod></url>\n", i)
	}
	io.WriteString(w, "</urlset>\n")
}

func TestLimits(t *testing.T) {
	var b bytes.Buffer
	generate(&b, MaxURLs+2)
	r := NewReader(&b)
	var entries, problems int
	for it, ok := r.Next(); ok; it, ok = r.Next() {
		if it.IsProblem() {
			problems++
			if it.Problem.Code != TooManyURLs || it.Problem.Pos.Line != MaxURLs+3 {
				t.Errorf("problem %+v", it.Problem)
			}
			continue
		}
		entries++
	}
	if entries != MaxURLs+2 || problems != 1 {
		t.Errorf("%d entries, %d problems", entries, problems)
	}

	// Over 50 MB: a text sitemap of long lines, streamed, never held.
	line := "https://example.com/" + strings.Repeat("a", 1000) + "\n"
	n := MaxBytes/len(line) + 2
	r = NewReader(io.LimitReader(repeatReader(line), int64(n*len(line))))
	problems = 0
	for it, ok := r.Next(); ok; it, ok = r.Next() {
		if it.IsProblem() && it.Problem.Code == TooLarge {
			problems++
			if r.Bytes() <= MaxBytes {
				t.Errorf("too-large after %d bytes", r.Bytes())
			}
		}
	}
	if problems != 1 {
		t.Errorf("%d too-large problems, want 1", problems)
	}
}

type repeatReader string

func (s repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], s)
	}
	return n, nil
}

func TestLongLine(t *testing.T) {
	src := "https://example.com/a\n" + strings.Repeat("x", 100000) + "\nhttps://example.com/b\n"
	got, _ := render(t, []byte(src))
	if want := "1 1:1 https://example.com/a\n! long-line 2:1\n2 3:1 https://example.com/b\n"; got != want {
		t.Errorf("got %q", got)
	}
}

// TestStreaming reads 300,000 URLs from a generator and checks that the
// heap does not grow with them: the reader holds one entry at a time.
func TestStreaming(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 30 MB")
	}
	pr, pw := io.Pipe()
	go func() { generate(pw, 300000); pw.Close() }()
	r := NewReader(pr)
	var m runtime.MemStats
	var peak uint64
	n := 0
	for it := range r.All() {
		if !it.IsProblem() {
			n++
		}
		if n%50000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	}
	if n != 300000 {
		t.Fatalf("%d URLs", n)
	}
	if peak > 8<<20 {
		t.Errorf("heap reached %d bytes while streaming 30 MB", peak)
	}
	t.Logf("peak live heap %d KiB over %d MB", peak>>10, r.Bytes()>>20)
}

func TestLocEnd(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"plain", "<urlset " + ns + "><url><loc>https://example.com/</loc></url></urlset>", "1:71-1:91"},
		{"spaces and newlines", "<urlset " + ns + "><url><loc>\n  https://example.com/  \n  </loc></url></urlset>", "1:71-2:23"},
		{"entity at the end", "<urlset " + ns + "><url><loc>https://example.com/?a=&amp;</loc></url></urlset>", "1:71-1:99"},
		{"bare & at the end", "<urlset " + ns + "><url><loc>https://example.com/?a=&</loc></url></urlset>", "1:71-1:95"},
		{"cdata", "<urlset " + ns + "><url><loc><![CDATA[https://example.com/]]> </loc></url></urlset>", "1:71-1:100"},
		{"text", "  https://example.com/ \n", "1:3-1:23"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := posChecker(t, []byte(tt.src))
			var got []string
			for it := range NewReader(strings.NewReader(tt.src)).All() {
				check(it)
				if !it.IsProblem() {
					e := it.Entry
					got = append(got, fmt.Sprintf("%d:%d-%d:%d", e.LocPos.Line, e.LocPos.Col, e.LocEnd.Line, e.LocEnd.Col))
				}
			}
			if s := strings.Join(got, " "); s != tt.want {
				t.Errorf("got %s, want %s", s, tt.want)
			}
		})
	}
}

// TestMessages pins the wording a rule may pass on, for the problems the
// scanner finds.
func TestMessages(t *testing.T) {
	tests := []struct{ src, want string }{
		{"<urlset " + ns + "><url><loc>https://example.com/?a=1&b=2</loc></url></urlset>", "bad-entity: unescaped & (a literal & is written &amp;)"},
		{"<urlset " + ns + "><url><loc>https://example.com/&nbsp;</loc></url></urlset>", "bad-entity: undefined entity &nbsp; (XML defines only &amp; &lt; &gt; &quot; &apos;)"},
		{"<urlset " + ns + "><url><loc>https://example.com/&#0;</loc></url></urlset>", "bad-entity: character reference &#0; to a character XML does not allow"},
		{"<urlset " + ns + "><url><loc>x</url></urlset>", "malformed: <loc> is closed by </url>"},
		{"<urlset " + ns + "><url><loc>x</loc>", "malformed: the file ends before <url> is closed"},
		{"<urlset " + ns + "><url><loc>x</loc><loc>y</loc></url></urlset>", "extra-loc: a second <loc> in one <url>; the reader keeps the first"},
		{`<?xml version="1.0" encoding="ISO-8859-1"?><urlset/>`, "malformed: encoding ISO-8859-1 declared; sitemaps must be UTF-8"},
		{"<sm:urlset><sm:url/></sm:urlset>", "wrong-namespace: <sm:urlset> uses the prefix sm, which no xmlns:sm declares"},
		{"<urlset " + ns + "><url><loc>\xff</loc></url></urlset>", "malformed: invalid UTF-8 (sitemaps must be UTF-8)"},
		{"<urlset " + ns + "><url><loc>a < b</loc></url></urlset>", "malformed: a < that starts no tag (a literal < is written &lt;)"},
	}
	for _, tt := range tests {
		var got []string
		for it := range NewReader(strings.NewReader(tt.src)).All() {
			if it.IsProblem() {
				got = append(got, it.Problem.Code.String()+": "+it.Problem.Msg)
			}
		}
		if len(got) == 0 || got[0] != tt.want {
			t.Errorf("%q:\ngot  %q\nwant %q", tt.src, got, tt.want)
		}
	}
}

// TestAmpersands: one BadEntity per text, however many bare & it has, so
// that a hostile file does not queue a problem per byte; and the text
// kept of a <loc> stops at maxLine.
func TestAmpersands(t *testing.T) {
	src := "<urlset " + ns + "><url><loc>" + strings.Repeat("&", 2<<20) + "</loc></url><url><loc>https://example.com/?a&amp;b&c</loc></url></urlset>"
	var got []string
	for it := range NewReader(strings.NewReader(src)).All() {
		if it.IsProblem() {
			got = append(got, it.Problem.Code.String())
		} else {
			got = append(got, fmt.Sprint(len(it.Entry.Loc)))
		}
	}
	if s := strings.Join(got, " "); s != fmt.Sprintf("bad-entity %d bad-entity 26", maxLine) {
		t.Errorf("got %s", s)
	}
}
