package lsp

import (
	"math/rand/v2"
	"slices"
	"testing"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/syntax"
)

// TestEditBufferLines checks the line table kept edit by edit against one
// built from scratch, over random edits that insert and delete line ends
// of every kind.
func TestEditBufferLines(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	pieces := []string{"", "a", "é", "😀", "\n", "\r", "\r\n", "Disallow: /x\n", "\n\r", "x\r\ny"}
	b := newEditBuffer([]byte("User-agent: *\r\nDisallow: /a\n\rAllow: /b"))
	for i := range 20000 {
		start := r.IntN(len(b.text) + 1)
		end := min(len(b.text), start+r.IntN(6))
		if r.IntN(200) == 0 {
			b = newEditBuffer(nil)
			continue
		}
		b = b.replace(start, end, pieces[r.IntN(len(pieces))]+pieces[r.IntN(len(pieces))])
		if want := lineStarts(b.text, 0, []int{0}); !slices.Equal(b.lines, want) {
			t.Fatalf("edit %d: lines %v, want %v for %q", i, b.lines, want, b.text)
		}
	}
}

// TestEditBufferOffset checks positions against the parser's line index,
// in every encoding.
func TestEditBufferOffset(t *testing.T) {
	text := []byte("x 😀 Disalow\r\né: /a\rlast")
	b := newEditBuffer(text)
	index := syntax.Parse(text).LineIndex()
	for _, enc := range []syntax.Encoding{syntax.UTF8, syntax.UTF16, syntax.UTF32} {
		for off := 0; off <= len(text); off++ {
			p := index.LSPPosition(off, enc)
			got := b.offset(protocol.Position{Line: uint32(p.Line), Character: uint32(p.Character)}, enc)
			if want := index.LSPOffset(p, enc); got != want {
				t.Errorf("enc %d: %+v gives %d, want %d", enc, p, got, want)
			}
		}
	}
	// "Disalow" starts at UTF-16 column 5 and UTF-8 column 7 (lsp.md).
	if got := b.offset(protocol.Position{Line: 0, Character: 5}, syntax.UTF16); string(text[got:got+7]) != "Disalow" {
		t.Errorf("UTF-16 column 5 is at %d", got)
	}
	if got := b.offset(protocol.Position{Line: 0, Character: 7}, syntax.UTF8); string(text[got:got+7]) != "Disalow" {
		t.Errorf("UTF-8 column 7 is at %d", got)
	}
	if got := b.offset(protocol.Position{Line: 9, Character: 0}, syntax.UTF16); got != len(text) {
		t.Errorf("a line past the end gives %d", got)
	}
}
