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
	i := start
	for i < end {
		for i < end && (isSpace(src[i]) || src[i] == '/') {
			i++
		}
		if i >= end || src[i] == '>' {
			break
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
		if j < end && src[j] == '=' {
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
				i = min(ve+1, end)
			} else {
				vs := j
				for j < end && !isSpace(src[j]) && src[j] != '>' {
					j++
				}
				a.Value = syntax.Span{Start: vs, End: j}
				i = j
			}
		}
		out = append(out, a)
	}
	return out
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
