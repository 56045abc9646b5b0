package lsp

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/robotslint/robotslint/lint/format"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// applyTextEdits applies edits to d's text as a client does, by position,
// and fails unless the edits are in order and neither overlap nor touch
// (two edits at one place leave their order to the client).
func applyTextEdits(t *testing.T, d *document, edits []protocol.TextEdit) []byte {
	t.Helper()
	src := d.text()
	var out []byte
	at := 0
	for k, e := range edits {
		s := d.conv.span(e.Range)
		if s.Start < at || k > 0 && s.Start == at {
			t.Fatalf("edit %d (%s) starts at %d, at or before the end %d of the one before", k, formatRange(e.Range), s.Start, at)
		}
		out = append(append(out, src[at:s.Start]...), e.NewText...)
		at = s.End
	}
	return append(out, src[at:]...)
}

// checkFormatting checks that the edits for src give format.Format's
// output in every encoding, and that no edit keeps a line it could leave
// alone: the first and last lines it replaces differ from the first and
// last it writes. It returns the edits in UTF-16.
func checkFormatting(t *testing.T, name string, src []byte) []protocol.TextEdit {
	t.Helper()
	want := format.Format(src)
	var utf16 []protocol.TextEdit
	for _, enc := range []syntax.Encoding{syntax.UTF16, syntax.UTF8, syntax.UTF32} {
		d := newDocument(uri.URI("file:///tmp/robots.txt"), 1, src, nil, enc)
		edits := formatting(d)
		if got := applyTextEdits(t, d, edits); !bytes.Equal(got, want) {
			t.Fatalf("%s, encoding %d: edits give\n%q\nwant\n%q", name, enc, got, want)
		}
		if bytes.Equal(src, want) && len(edits) > 0 {
			t.Errorf("%s: %d edits for a file laid out already", name, len(edits))
		}
		for _, e := range edits {
			s := d.conv.span(e.Range)
			old, repl := splitKeepEOL(src[s.Start:s.End]), splitKeepEOL([]byte(e.NewText))
			if len(old) > 0 && len(repl) > 0 && (old[0] == repl[0] || old[len(old)-1] == repl[len(repl)-1]) {
				t.Errorf("%s: edit %s replaces %q with %q, keeping a line", name, formatRange(e.Range), old, repl)
			}
		}
		if enc == syntax.UTF16 {
			utf16 = edits
		}
	}
	return utf16
}

// splitKeepEOL splits b into lines, each with its terminator.
func splitKeepEOL(b []byte) []string {
	f := syntax.Parse(b)
	starts := lineStartsOf(f)
	lines := make([]string, len(starts)-1)
	for i := range lines {
		lines[i] = string(b[starts[i]:starts[i+1]])
	}
	return lines
}

func TestFormattingEdits(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // the UTF-16 edits, as "range newText"
	}{
		{name: "formatted", src: "User-agent: *\nDisallow: /a\n"},
		{name: "empty", src: ""},
		{
			name: "one line",
			src:  "User-agent: *\n  disallow:/a\nAllow: /b\n",
			want: []string{`1:0-2:0 "Disallow: /a\n"`},
		},
		{
			name: "runs apart",
			src:  "user-agent: *\nDisallow: /a\n\n\n\n# keep\nallow: /b   \nAllow: /c\n",
			want: []string{`0:0-1:0 "User-agent: *\n"`, `3:0-5:0 ""`, `6:0-7:0 "Allow: /b\n"`},
		},
		{
			name: "CRLF",
			src:  "User-agent: *\r\nDisallow:   /a\r\n\r\n\r\nAllow: /b\nAllow: /c\r\n",
			want: []string{`1:0-2:0 "Disallow: /a\r\n"`, `3:0-5:0 "Allow: /b\r\n"`},
		},
		{
			name: "no final newline",
			src:  "User-agent: 😀é\nDisallow: /😀",
			want: []string{`1:0-1:13 "Disallow: /😀\n"`},
		},
		{
			name: "no final newline, changed",
			src:  "User-agent: *\nDisallow : /é😀",
			want: []string{`1:0-1:15 "Disallow: /é😀\n"`},
		},
		{name: "lone CR", src: "User-agent: *\rdisallow: /a\r\rAllow: /b", want: []string{`1:0-2:0 "Disallow: /a\r"`, `3:0-3:9 "Allow: /b\r"`}},
		{name: "blank lines only", src: "\n \n\t\n", want: []string{`0:0-3:0 ""`}},
		{name: "byte order mark only", src: "\xEF\xBB\xBF"},
		{name: "byte order mark and blank line", src: "\xEF\xBB\xBF\n\n", want: []string{`0:0-2:0 "\ufeff"`}},
		{
			name: "byte order mark, indented",
			src:  "\xEF\xBB\xBF  User-agent: *\nDisallow: /\n",
			want: []string{`0:0-1:0 "\ufeffUser-agent: *\n"`},
		},
		{
			name: "group break",
			src:  "User-agent: a\nDisallow: /\n# b\nUser-agent: b\nDisallow: /b\n",
			want: []string{`2:0-2:0 "\n"`},
		},
	}
	for _, c := range cases {
		edits := checkFormatting(t, c.name, []byte(c.src))
		var got []string
		for _, e := range edits {
			got = append(got, formatRange(e.Range)+" "+strconv.Quote(e.NewText))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: edits\n%q\nwant\n%q", c.name, got, c.want)
		}
	}
}

// TestFormattingCorpus checks the edits on every corpus file: applied,
// they give format.Format's output.
func TestFormattingCorpus(t *testing.T) {
	paths := linttest.CorpusFiles(t)
	changed, edits, oldLines, lines := 0, 0, 0, 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		es := checkFormatting(t, filepath.Base(path), src)
		if len(es) > 0 {
			changed++
		}
		edits += len(es)
		for _, e := range es {
			oldLines += int(e.Range.End.Line - e.Range.Start.Line)
		}
		lines += len(syntax.Parse(src).Lines)
	}
	t.Logf("%d files, %d changed by formatting, in %d edits replacing %d of %d lines", len(paths), changed, edits, oldLines, lines)
}
