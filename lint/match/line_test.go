package match

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
)

// lineTestFiles returns the corpus, when ../shared is there, and generated
// files, a fifth of them with NUL bytes, vertical tabs and form feeds put
// into their lines.
func lineTestFiles(t *testing.T) []string {
	var bodies []string
	for _, p := range linttest.CorpusFilesIfPresent() {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, string(src))
	}
	rng := newDifferentialRand()
	for k := range 4000 {
		body := genDifferentialFile(rng).body
		if k%5 == 0 && len(body) > 0 {
			b := []byte(body)
			for range 1 + rng.IntN(4) {
				b[rng.IntN(len(b))] = "\x00\v\f\x01"[rng.IntN(4)]
			}
			body = string(b)
		}
		bodies = append(bodies, body)
	}
	return bodies
}

// TestGoogleLine holds GoogleLine and GoogleText to the reference split of
// the differential test, written out from google-parser.md apart from the
// package's code, on every line of the corpus and of generated files.
func TestGoogleLine(t *testing.T) {
	lines, compared := 0, 0
	for _, body := range lineTestFiles(t) {
		f := syntax.Parse([]byte(body))
		ref := refGoogleLines(body)
		for i := range f.Lines {
			lines++
			text := ref[i]
			if nul := strings.IndexByte(text, 0); nul >= 0 {
				text = text[:nul]
			}
			if hasMissingColonGapDifference(text) {
				continue // the reference trims more than Google there
			}
			compared++
			d, key, value, cut := GoogleLine(f, i)
			wantKey, wantValue, ok := refGoogleKeyValue(text)
			if !ok {
				wantKey, wantValue = "", ""
			}
			if ok != (d != syntax.DirectiveNone) || string(key) != wantKey || string(value) != wantValue {
				t.Errorf("line %q: GoogleLine reads %v %q %q, the reference %v %q %q", text, d, key, value, ok, wantKey, wantValue)
			}
			if want := f.Lines[i].Text().Start + len(text); cut != want {
				t.Errorf("line %q: Google cuts at %d, GoogleLine says %d", text, want, cut)
			}
			td, tkey, tvalue, n := GoogleText(f.Text(f.Lines[i].Text()))
			if td != d || !bytes.Equal(tkey, key) || !bytes.Equal(tvalue, value) || f.Lines[i].Text().Start+n != cut {
				t.Errorf("line %q: GoogleText reads %v %q %q, GoogleLine %v %q %q", text, td, tkey, tvalue, d, key, value)
			}
		}
	}
	t.Logf("%d lines, %d compared", lines, compared)
}

// TestStandardText checks that a line's text reads as the line does.
func TestStandardText(t *testing.T) {
	for _, body := range lineTestFiles(t) {
		f := syntax.Parse([]byte(body))
		for i := range f.Lines {
			d, value := StandardLine(f, i)
			td, tvalue, blank := StandardText(f.Text(f.Lines[i].Text()))
			if td != d || !bytes.Equal(tvalue, value) || blank != (f.Lines[i].Kind == syntax.LineBlank) {
				t.Errorf("line %q: StandardText reads %v %q, StandardLine %v %q", f.Text(f.Lines[i].Text()), td, tvalue, d, value)
			}
		}
	}
}

// TestGoogleLineAllocs: the rules call GoogleLine on every line of large
// files.
func TestGoogleLineAllocs(t *testing.T) {
	f := syntax.Parse([]byte("User-agent: *\nDisallow: /a\x00b\nAllow\v/x\nDisallow: /c\n"))
	allocs := testing.AllocsPerRun(100, func() {
		for i := range f.Lines {
			GoogleLine(f, i)
			StandardLine(f, i)
		}
	})
	if allocs != 0 {
		t.Errorf("GoogleLine and StandardLine allocate %v times a file", allocs)
	}
}

// TestGoogleLineExactNames checks what GoogleLine takes for granted: the
// tree's exact names read to Google as themselves, or as no directive
// Google acts on.
func TestGoogleLineExactNames(t *testing.T) {
	for _, d := range syntax.Directives() {
		want := syntax.DirectiveOther
		switch d {
		case syntax.DirectiveUserAgent, syntax.DirectiveAllow, syntax.DirectiveDisallow, syntax.DirectiveSitemap:
			want = d
		}
		if got := GoogleDirective([]byte(d.String())); got != want {
			t.Errorf("Google reads %q as %v, GoogleLine takes it for %v", d.String(), got, want)
		}
	}
}
