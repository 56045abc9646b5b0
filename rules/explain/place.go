package explain

import (
	"bytes"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// Part is the part of a line an offset is in.
type Part uint8

// The parts of a line.
const (
	// PartNone: a comment, the indentation before a key, a line with
	// nothing before its colon, a third word, or outside the file.
	PartNone Part = iota
	// PartKey: where a directive's name is or is being typed, a blank
	// line included.
	PartKey
	// PartValue: after a directive's separator, where its value is or is
	// being typed.
	PartValue
)

// Sep says what follows a key on its line.
type Sep uint8

// What can follow a key.
const (
	// SepNone: nothing but blanks; Place.Span covers them.
	SepNone Sep = iota
	// SepColon: a colon, perhaps after blanks.
	SepColon
	// SepBlank: blanks, then more text: a value written without a colon
	// (Disallow /tmp), more words, or a comment.
	SepBlank
)

// A Place is what is at an offset of a file, as the language server's
// hover and completion both need it: the part of the line and the word
// there, if any, written or being written.
type Place struct {
	Part Part
	// Line is the index of the line in File.Lines, or -1 on the empty
	// line after the file's last line terminator.
	Line int
	// Span is the key or value at the offset: the word as written,
	// stretched to take in the offset where it lies in blanks next to
	// the word, and the blanks after it with SepNone. An empty value is
	// the empty span at the offset.
	Span syntax.Span
	// On is true when the offset is on the word as written, its end
	// included: editors ask about the position just after a word's last
	// character when the pointer rests there.
	On bool
	// Sep is what follows the key on the line.
	Sep Sep
	// Directive is the directive the key stands for (see Meant), or
	// syntax.DirectiveNone on a line that is not a directive.
	Directive syntax.Directive
}

// PlaceAt returns what is at byte offset off of f. An offset in the byte
// order mark counts as just after it: editors hide the mark, so the start
// of their first line is the start of the file.
func PlaceAt(f *syntax.File, off int) Place {
	off = max(off, f.BOM.End)
	none := Place{Line: -1}
	i := f.LineAt(off)
	if i < 0 {
		if off == len(f.Bytes()) {
			// After the last line terminator: a new line, still empty.
			return Place{Part: PartKey, Line: -1, Span: syntax.Span{Start: off, End: off}, Directive: syntax.DirectiveNone}
		}
		return none
	}
	none.Line = i
	l := &f.Lines[i]
	if c := l.Comment(); c.Len() > 0 && off > c.Start {
		return none
	}
	switch l.Kind {
	case syntax.LineComment:
		if off == l.Comment().Start {
			// Just before the '#': a directive may be typed there.
			return Place{Part: PartKey, Line: i, Span: syntax.Span{Start: off, End: off}, Directive: syntax.DirectiveNone}
		}
	case syntax.LineBlank:
		return Place{Part: PartKey, Line: i, Span: syntax.Span{Start: off, End: l.Text().End}, Directive: syntax.DirectiveNone}
	case syntax.LineDirective:
		return directivePlace(f, i, off)
	case syntax.LineInvalid:
		return invalidPlace(f, i, off)
	}
	return none
}

// directivePlace is PlaceAt on a directive line.
func directivePlace(f *syntax.File, i, off int) Place {
	l := &f.Lines[i]
	key, sep, value := l.Key(), l.Sep(), l.Value()
	p := Place{Line: i, Sep: SepBlank, Directive: Meant(f.Text(key))}
	colon := sep.Len() == 1 && f.Bytes()[sep.Start] == ':'
	if colon {
		p.Sep = SepColon
	}
	switch {
	case off < key.Start:
		return Place{Line: i}
	case off <= key.End:
		p.Part, p.Span, p.On = PartKey, key, true
	case value.Start <= off && off <= value.End:
		p.Part, p.Span, p.On = PartValue, value, true
	case colon && off <= sep.Start, !colon && off < value.Start:
		// In the blanks between the key and the separator.
		p.Part, p.Span = PartKey, syntax.Span{Start: key.Start, End: off}
	default:
		p.Part, p.Span = PartValue, syntax.Span{Start: min(value.Start, off), End: max(value.End, off)}
		if value.Len() == 0 {
			p.Span = syntax.Span{Start: off, End: off}
		}
	}
	return p
}

// invalidPlace is PlaceAt on a line that is not a directive. A line with
// no colon that is one word, perhaps being typed (Disal), or more than two
// has its first word where a key goes; a line with nothing before its
// colon has an empty key just before it.
func invalidPlace(f *syntax.File, i, off int) Place {
	l := &f.Lines[i]
	src := f.Bytes()
	end := l.Text().End
	if c := l.Comment(); c.Len() > 0 {
		end = c.Start
	}
	start := skipBlanks(src, l.Span.Start, end)
	if bytes.IndexByte(src[l.Span.Start:end], ':') >= 0 {
		// Nothing before the colon: the key is yet to be typed, there.
		if off == start {
			return Place{Part: PartKey, Line: i, Span: syntax.Span{Start: off, End: off}, Sep: SepColon, Directive: syntax.DirectiveNone}
		}
		return Place{Line: i}
	}
	word := start
	for word < end && !isBlank(src[word]) {
		word++
	}
	rest := skipBlanks(src, word, end)
	p := Place{Part: PartKey, Line: i, Span: syntax.Span{Start: start, End: word}, On: off <= word, Directive: syntax.DirectiveNone}
	if rest < l.Text().End {
		p.Sep = SepBlank
	}
	switch {
	case off < start:
		return Place{Line: i}
	case p.Sep == SepNone:
		// Nothing but blanks follows the word: completion replaces them
		// too, rather than leave them after what it inserts.
		p.Span.End = l.Text().End
	case !p.On:
		// On a later word.
		return Place{Line: i}
	}
	return p
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

func skipBlanks(src []byte, from, to int) int {
	for from < to && isBlank(src[from]) {
		from++
	}
	return from
}

// Meant returns the directive a key stands for: its own name, a
// misspelling the knowledge base knows, or what Google's prefix matching
// makes of it; syntax.DirectiveOther when none.
func Meant(key []byte) syntax.Directive {
	if d := syntax.LookupDirective(key); d != syntax.DirectiveOther {
		return d
	}
	if d, ok := kb.Misspelling(string(key)); ok {
		return d
	}
	return match.GoogleDirective(key)
}
