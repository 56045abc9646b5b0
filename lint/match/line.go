package match

import (
	"bytes"
	"sort"

	"github.com/robotslint/robotslint/syntax"
)

// This file holds how each profile reads one line: Google's parser, which
// cuts lines and accepts misspelled keys and a missing colon, and the
// standards (RFC 9309, Bing, Yandex, the 1994 standard), which take the
// syntax tree as it is. The profiles' readings of whole files, and every
// rule that asks what a crawler reads on a line, go through these
// functions, so that there is one answer.

// GoogleLine returns what Google's parser reads on line i of f: the
// directive its key names (see GoogleDirective; DirectiveOther for a key
// Google does not act on), the key and the value; d is DirectiveNone when
// Google reads no key and value there. cut is the offset in f where Google
// stops reading the line's text: at a NUL byte (it handles lines as C
// strings) or after GoogleMaxLineBytes, or the end of the text when it
// reads it all.
//
// The syntax tree splits lines as Google does, except on lines where
// Google cuts the text and on lines with a vertical tab or form feed,
// which Google's missing-colon rule does not take for a separator; those,
// marked by the parser's facts, are split again from the text Google
// keeps. It allocates nothing.
func GoogleLine(f *syntax.File, i int) (d syntax.Directive, key, value []byte, cut int) {
	d, k, v, cut := googleLineSpans(f, i)
	if d == syntax.DirectiveNone {
		return d, nil, nil, cut
	}
	return d, f.Text(k), f.Text(v), cut
}

// googleLineSpans is GoogleLine with the key and value as spans of f, which
// the layouts keep instead of bytes.
func googleLineSpans(f *syntax.File, i int) (d syntax.Directive, key, value syntax.Span, cut int) {
	l := &f.Lines[i]
	text := l.Text()
	if !googleSplitsAnew(f, i) {
		if l.Kind != syntax.LineDirective {
			return syntax.DirectiveNone, key, value, text.End
		}
		switch l.Directive {
		case syntax.DirectiveUserAgent, syntax.DirectiveAllow, syntax.DirectiveDisallow, syntax.DirectiveSitemap:
			// The exact names are what Google reads them as, and no
			// other name the tree knows starts with one of Google's:
			// only unknown keys need its prefix and typo matching.
			d = l.Directive
		case syntax.DirectiveOther:
			d = GoogleDirective(f.Text(l.Key()))
		default:
			d = syntax.DirectiveOther
		}
		return d, l.Key(), l.Value(), text.End
	}
	t := f.Text(text)
	d, k, v, n := GoogleText(t)
	if d == syntax.DirectiveNone {
		return d, key, value, text.Start + n
	}
	// k and v are slices of t, whose capacity ends with it: what capacity
	// they have left says where they start.
	at := func(b []byte) syntax.Span {
		start := text.Start + len(t) - cap(b)
		return syntax.Span{Start: start, End: start + len(b)}
	}
	return d, at(k), at(v), text.Start + n
}

// GoogleText reads a line's text, without its terminator, as Google's
// parser does: up to a NUL byte and at most GoogleMaxLineBytes, without the
// comment, split at the first colon or, when there is none, between
// exactly two words. It returns what GoogleLine returns, n being how many
// bytes of text Google reads. It is for text that is no line of a parsed
// file, such as a line as a fix would leave it.
func GoogleText(text []byte) (d syntax.Directive, key, value []byte, n int) {
	text = text[:min(len(text), syntax.GoogleMaxLineBytes)]
	if nul := bytes.IndexByte(text, 0); nul >= 0 {
		text = text[:nul]
	}
	d, key, value = googleKeyValue(text)
	return d, key, value, len(text)
}

// GoogleTextUncut is GoogleText without Google's limit on a line's length:
// what a line too long would mean to Google if it were short enough, which
// line-too-long compares with what Google reads.
func GoogleTextUncut(text []byte) (d syntax.Directive, key, value []byte) {
	if nul := bytes.IndexByte(text, 0); nul >= 0 {
		text = text[:nul]
	}
	return googleKeyValue(text)
}

func googleKeyValue(text []byte) (d syntax.Directive, key, value []byte) {
	key, value, ok := googleSplit(text)
	if !ok {
		return syntax.DirectiveNone, nil, nil
	}
	return GoogleDirective(key), key, value
}

// googleSplitsAnew reports whether Google reads line i from its text
// rather than as the syntax tree splits it: the parser recorded a NUL
// byte, a control character or a line too long on it. Facts are in line
// order, so a binary search finds the line's.
func googleSplitsAnew(f *syntax.File, i int) bool {
	facts := f.Facts
	for k := sort.Search(len(facts), func(k int) bool { return facts[k].Line >= i }); k < len(facts) && facts[k].Line == i; k++ {
		switch facts[k].Kind {
		case syntax.FactNUL, syntax.FactControlChar, syntax.FactLineTooLong:
			return true
		}
	}
	return false
}

// googleSplit splits a line's text into key and value as Google's
// GetKeyAndValueFrom does.
func googleSplit(line []byte) (key, value []byte, ok bool) {
	if hash := bytes.IndexByte(line, '#'); hash >= 0 {
		line = line[:hash]
	}
	line = trimCSpace(line)
	sep := bytes.IndexByte(line, ':')
	valueStart := sep + 1
	if sep < 0 {
		// No colon: a run of spaces or tabs separates a key from a value
		// when the line has exactly two such words.
		sep = bytes.IndexAny(line, " \t")
		if sep < 0 {
			return nil, nil, false
		}
		valueStart = sep
		for valueStart < len(line) && (line[valueStart] == ' ' || line[valueStart] == '\t') {
			valueStart++
		}
		if bytes.ContainsAny(line[valueStart:], " \t") {
			return nil, nil, false
		}
	}
	key = trimCSpace(line[:sep])
	if len(key) == 0 {
		return nil, nil, false
	}
	return key, trimCSpace(line[valueStart:]), true
}

// StandardLine returns what the standards (RFC 9309, and Bing, Yandex and
// the 1994 standard, which follow it here) read on line i of f: the
// directive the key names exactly, in any case, and the value, when a
// colon separates them; DirectiveNone otherwise. They know no other
// separator and no misspelling, and read the syntax tree as it is.
func StandardLine(f *syntax.File, i int) (d syntax.Directive, value []byte) {
	l := &f.Lines[i]
	sep := l.Sep()
	if l.Kind != syntax.LineDirective || sep.Len() != 1 || f.Bytes()[sep.Start] != ':' {
		return syntax.DirectiveNone, nil
	}
	return l.Directive, f.Text(l.Value())
}

// StandardText reads a line's text, without its terminator, as
// StandardLine reads a line, and says whether the line is blank, which
// ends a group for Yandex and the 1994 standard. Like GoogleText it is for
// text that is no line of a parsed file; it parses the text, so that the
// standards' reading stays the syntax tree's, and allocates.
func StandardText(text []byte) (d syntax.Directive, value []byte, blank bool) {
	// The line goes after a line break, so that a byte order mark at its
	// start is not taken for the file's.
	src := make([]byte, 0, len(text)+1)
	f := syntax.Parse(append(append(src, '\n'), text...))
	if len(f.Lines) < 2 {
		return syntax.DirectiveNone, nil, true
	}
	d, value = StandardLine(f, 1)
	return d, value, f.Lines[1].Kind == syntax.LineBlank
}

// isCSpace is C's isspace in the C locale.
func isCSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

func trimCSpace(b []byte) []byte {
	for len(b) > 0 && isCSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isCSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}
