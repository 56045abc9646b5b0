package page

import "github.com/robotslint/robotslint/syntax"

// attr is one attribute of a start tag, with the spans the tokenizer does
// not give: the value's span is inside its quotes.
type attr struct {
	Name     syntax.Span
	Value    syntax.Span
	HasValue bool
}

// scanAttrs reads the attributes in src[start:end], the part of a raw start
// tag after its name (or of a Spiderline comment after "robots"), following
// the HTML tokenizer's attribute states: names end at space, "/", ">" or
// "="; values are double-quoted, single-quoted (a missing closing quote
// runs to the end) or unquoted up to a space or ">".
func scanAttrs(src []byte, start, end int, out []attr) []attr {
	for i := start; ; {
		a, next, ok := nextAttr(src, i, end)
		if !ok {
			return out
		}
		out = append(out, a)
		i = next
	}
}

// tagEnd returns the offset just past the ">" that ends the tag whose
// attributes start at src[start]; a ">" inside a quoted value does not end
// it. It returns false when the page ends first: the tokenizer then emits
// no tag at all.
func tagEnd(src []byte, start int) (int, bool) {
	i := start
	for {
		_, next, ok := nextAttr(src, i, len(src))
		if !ok {
			break
		}
		i = next
	}
	for i < len(src) && (isSpace(src[i]) || src[i] == '/') {
		i++
	}
	if i >= len(src) {
		return len(src), false
	}
	return i + 1, true
}

// nextAttr reads the attribute starting at or after src[i], returning it
// and the offset after it; false at ">" or at end.
func nextAttr(src []byte, i, end int) (attr, int, bool) {
	for i < end && (isSpace(src[i]) || src[i] == '/') {
		i++
	}
	if i >= end || src[i] == '>' {
		return attr{}, i, false
	}
	ns := i
	i++ // a leading "=" belongs to the name
	for i < end && !isSpace(src[i]) && src[i] != '/' && src[i] != '>' && src[i] != '=' {
		i++
	}
	a := attr{Name: syntax.Span{Start: ns, End: i}, Value: syntax.Span{Start: i, End: i}}
	j := i
	for j < end && isSpace(src[j]) {
		j++
	}
	if j >= end || src[j] != '=' {
		return a, i, true
	}
	a.HasValue = true
	j++
	for j < end && isSpace(src[j]) {
		j++
	}
	if j < end && (src[j] == '"' || src[j] == '\'') {
		q := src[j]
		vs := j + 1
		ve := vs + indexByte(src[vs:end], q)
		a.Value = syntax.Span{Start: vs, End: ve}
		return a, min(ve+1, end), true
	}
	vs := j
	for j < end && !isSpace(src[j]) && src[j] != '>' {
		j++
	}
	a.Value = syntax.Span{Start: vs, End: j}
	return a, j, true
}

// tagNameEnd returns the offset just past the tag name of the raw start
// tag at src[start:end] ("<" then the name).
func tagNameEnd(src []byte, start, end int) int {
	i := start + 1
	for i < end && !isSpace(src[i]) && src[i] != '/' && src[i] != '>' {
		i++
	}
	return i
}
