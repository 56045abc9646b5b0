package rules

import (
	"bytes"
	"cmp"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds the directive rules' one reading of each line that is
// not a directive named exactly and followed by a colon (inspectLine), so
// that every odd line is reported by exactly one of misspelled-directive,
// missing-colon, invalid-line and unknown-directive (or, for a misspelled
// name without its colon, by the first two with the same fix).

// colonState says what is wrong with the separator of a line that names a
// directive.
type colonState uint8

const (
	colonOK colonState = iota
	// colonMissing: two words and no colon ("Disallow /tmp"), which Google
	// splits at the whitespace and other crawlers drop.
	colonMissing
	// colonStandIn: another character stands where the colon belongs
	// ("Disallow; /tmp", a full-width colon).
	colonStandIn
	// colonLater: no colon after the name, but one further on, so the key
	// runs into the value ("Disallow https://example.com/x").
	colonLater
	// colonAlone: the name alone, without colon or value ("Disallow").
	colonAlone
	// colonWords: the name and more than one word, without a colon, which
	// no crawler reads ("Disallow /a /b").
	colonWords
)

// invalidKind says why a line is no directive at all.
type invalidKind uint8

const (
	invalidNone invalidKind = iota
	// invalidStray: text that is neither a directive, a comment nor blank.
	invalidStray
	// invalidEmptyKey: nothing before the colon.
	invalidEmptyKey
	// invalidURL: a bare URL.
	invalidURL
	// invalidPath: a bare path.
	invalidPath
	// invalidAgentRule: a crawler's name and a rule on one line ("GPTBot
	// Disallow: /").
	invalidAgentRule
	// invalidWordsName: words before a directive's name ("Image Sitemap:").
	invalidWordsName
	// invalidSlashes: a line starting with "//", which is no comment.
	invalidSlashes
	// invalidEscapes: the characters \r\n or \n written out instead of line
	// breaks.
	invalidEscapes
)

// lineInfo is what the directive rules make of one line.
type lineInfo struct {
	// meant is the directive the line names, exactly or not; DirectiveNone
	// when it names none.
	meant syntax.Directive
	how   nameMatch
	// name is the written name of meant: the key, or the word of it that
	// names the directive. garbled is the garbled byte order mark before
	// it, when how is matchGarbled.
	name, garbled syntax.Span
	colon         colonState
	// sep is where the colon should be: the whitespace standing in for it,
	// the character that does (colonStandIn), or the empty span after the
	// name.
	sep syntax.Span
	// invalid says why the line is no directive; body is its text without
	// comment and surrounding whitespace.
	invalid invalidKind
	body    syntax.Span
	// suggest is the directive named by the last word of a line that is
	// invalidWordsName or invalidAgentRule.
	suggest syntax.Directive
	// unknown is true for a key that looks like a directive's name but
	// names none; ext says whether it is a recognised extension.
	unknown bool
	ext     extKind
}

// lineScan holds the lines of a file that the directive rules judge,
// skipping the lines whose name holds a character that the file rules
// report (control and invisible characters), so that those lines get one
// finding, about the character. A byte that is not UTF-8 skips no line: a
// line of Latin-1 text is judged as its UTF-8 twin is, and
// invalid-encoding leaves the lines these rules report to them (see
// lineScan.judges). The rules of a run share one scan: judging every line
// once per rule was most of their cost on a large file.
type lineScan struct {
	judged []judgedLine
}

// judgedLine is one line that the directive rules report, and what they
// make of it.
type judgedLine struct {
	i    int
	info lineInfo
}

type lineScanKey struct{}

func newLineScan(pass *lint.Pass) *lineScan {
	return pass.Shared(lineScanKey{}, func() any {
		return scanLines(pass.File, judgeContent(pass).first)
	}).(*lineScan)
}

// scanLines judges the lines of f from start, the first line crawlers
// read directives on (see contentVerdict.first): none in a file that is
// no robots.txt file, and after the HTML or the error message printed
// before the robots.txt text.
func scanLines(f *syntax.File, start int) *lineScan {
	s := &lineScan{}
	facts := f.Facts
	fact := 0
	// charFactBefore reports whether line i has a character fact starting
	// before end; lines are asked about in increasing order.
	charFactBefore := func(i, end int) bool {
		for fact < len(facts) && facts[fact].Line < i {
			fact++
		}
		for k := fact; k < len(facts) && facts[k].Line == i; k++ {
			switch facts[k].Kind {
			case syntax.FactNUL, syntax.FactControlChar, syntax.FactInvisibleChar, syntax.FactBOMInLine:
				if facts[k].Span.Start < end {
					return true
				}
			}
		}
		return false
	}
	for i := start; i < len(f.Lines); i++ {
		l := &f.Lines[i]
		switch l.Kind {
		case syntax.LineBlank, syntax.LineComment:
			continue
		case syntax.LineDirective:
			if d, _ := match.StandardLine(f, i); d != syntax.DirectiveNone && d != syntax.DirectiveOther {
				continue // a directive named exactly and followed by a colon
			}
			if charFactBefore(i, l.Key().End) {
				continue
			}
		default:
			if charFactBefore(i, l.Span.End) {
				continue
			}
		}
		if info := inspectLine(f, l); info.meant != syntax.DirectiveNone || info.invalid != invalidNone || info.unknown {
			s.judged = append(s.judged, judgedLine{i, info})
		}
	}
	return s
}

// each calls fn, in order, for every line that is not blank, a comment,
// or a directive named exactly and followed by a colon; those are the
// lines that misspelled-directive, missing-colon, invalid-line and
// unknown-directive look at. fn gets a copy of what the scan made of the
// line, which the rules share.
func (s *lineScan) each(fn func(i int, info *lineInfo)) {
	for _, j := range s.judged {
		info := j.info
		fn(j.i, &info)
	}
}

// judges reports whether the directive rules report line i, and what
// they make of it.
func (s *lineScan) judges(i int) (lineInfo, bool) {
	k, ok := slices.BinarySearchFunc(s.judged, i, func(j judgedLine, i int) int { return cmp.Compare(j.i, i) })
	if !ok {
		return lineInfo{}, false
	}
	return s.judged[k].info, true
}

// fullColon is the full-width colon U+FF1A of East Asian keyboards.
const fullColon = "\uff1a"

// inspectLine reads a line that is not a directive named exactly and
// followed by a colon.
func inspectLine(f *syntax.File, l *syntax.Line) (info lineInfo) {
	src := f.Bytes()
	info.body = lineBody(f, l)
	body := src[info.body.Start:info.body.End]
	switch {
	case bytes.HasPrefix(body, []byte("//")):
		info.invalid = invalidSlashes
		return info
	case (l.Directive == syntax.DirectiveOther || l.Directive == syntax.DirectiveNone) && bytes.Contains(body, []byte(`\r\n`)):
		info.invalid = invalidEscapes
		return info
	case l.Kind == syntax.LineInvalid:
		return inspectInvalid(f, l, info)
	case l.Directive != syntax.DirectiveOther:
		// Only a missing colon brings such a line here.
		info.named(l.Directive, matchExact, 0, l.Key())
		info.colon, info.sep = colonMissing, l.Sep()
		return info
	}
	colon := l.Sep().Len() == 1 && src[l.Sep().Start] == ':'
	switch ws := bytes.IndexAny(f.Text(l.Key()), " \t"); {
	case ws < 0 && colon:
		return inspectColonKey(f, l, info)
	case ws < 0:
		return inspectTwoWords(f, l, info)
	default:
		// The key holds whitespace, so the line has a colon after it.
		return inspectSpacedKey(f, l, info, ws)
	}
}

// named records that the line names d, how it names it, and where: the
// span name, of which the first skip bytes are a garbled byte order
// mark.
func (info *lineInfo) named(d syntax.Directive, how nameMatch, skip int, name syntax.Span) {
	info.meant, info.how = d, how
	info.garbled = syntax.Span{Start: name.Start, End: name.Start + skip}
	info.name = syntax.Span{Start: name.Start + skip, End: name.End}
}

// inspectColonKey reads a line whose key, one word naming no directive
// exactly, a colon follows.
func inspectColonKey(f *syntax.File, l *syntax.Line, info lineInfo) lineInfo {
	key := l.Key()
	k, value := f.Text(key), f.Text(l.Value())
	// "Sitemap：https://..." splits at the colon of https.
	if j := bytes.Index(k, []byte(fullColon)); j > 0 {
		if d, how, skip := resolveName(k[:j], false); d != syntax.DirectiveNone {
			info.named(d, how, skip, syntax.Span{Start: key.Start, End: key.Start + j})
			info.colon, info.sep = colonStandIn, syntax.Span{Start: key.Start + j, End: key.Start + j + len(fullColon)}
			return info
		}
	}
	if isScheme(k) && bytes.HasPrefix(value, []byte("//")) {
		info.invalid = invalidURL
		return info
	}
	if d, how, skip := resolveName(k, true); d != syntax.DirectiveNone {
		info.named(d, how, skip, key)
		return info
	}
	if isNameLike(k) || match.GoogleDirective(k) != syntax.DirectiveOther {
		info.unknown = true
		info.ext = extensionOf(syntax.LowerASCII(string(k)))
		return info
	}
	return strayOrEscapes(f.Bytes(), info)
}

// inspectTwoWords reads a line of two words and no colon, the first
// naming no directive exactly.
func inspectTwoWords(f *syntax.File, l *syntax.Line, info lineInfo) lineInfo {
	key := l.Key()
	k, value := f.Text(key), f.Text(l.Value())
	if n := standIn(k); n > 0 {
		if d, how, skip := resolveName(k[:len(k)-n], false); d != syntax.DirectiveNone {
			info.named(d, how, skip, syntax.Span{Start: key.Start, End: key.End - n})
			info.colon, info.sep = colonStandIn, syntax.Span{Start: key.End - n, End: key.End}
			return info
		}
	}
	if d, how, skip := resolveName(k, true); d != syntax.DirectiveNone && (how != matchNear || plausibleValue(d, value)) {
		info.named(d, how, skip, key)
		info.colon, info.sep = colonMissing, l.Sep()
		return info
	}
	if match.GoogleDirective(k) != syntax.DirectiveOther {
		info.unknown = true // "Disallowing /x", which Google reads by the prefix
		return info
	}
	return strayOrEscapes(f.Bytes(), info)
}

// inspectSpacedKey reads a line whose key holds whitespace, at ws, before
// its colon.
func inspectSpacedKey(f *syntax.File, l *syntax.Line, info lineInfo, ws int) lineInfo {
	src := f.Bytes()
	key := l.Key()
	k := f.Text(key)
	if d, how, skip := resolveName(k, false); d != syntax.DirectiveNone {
		info.named(d, how, skip, key) // "User agent", "Crawl delay"
		return info
	}
	first := k[:ws]
	rest := key.Start + ws
	for rest < key.End && (src[rest] == ' ' || src[rest] == '\t') {
		rest++
	}
	// "Disallow https://x/" and "Disallow /a:b": the colon sits inside the
	// value's one word, so the name lacks its own.
	if d, how, skip := resolveName(first, false); d != syntax.DirectiveNone &&
		bytes.IndexAny(src[rest:key.End], " \t") < 0 && l.Value().Start == l.Sep().End {
		info.named(d, how, skip, syntax.Span{Start: key.Start, End: key.Start + ws})
		info.colon, info.sep = colonLater, syntax.Span{Start: key.Start + ws, End: rest}
		return info
	}
	if match.GoogleDirective(k) != syntax.DirectiveOther {
		// "Sitemap index: https://x/": Google reads it by the prefix.
		info.unknown = true
		return info
	}
	last := bytes.LastIndexAny(k, " \t") + 1
	if d, _, _ := resolveName(k[last:], false); d != syntax.DirectiveNone {
		info.suggest, info.name = d, syntax.Span{Start: key.Start + last, End: key.End}
		info.invalid = invalidWordsName
		if (d == syntax.DirectiveAllow || d == syntax.DirectiveDisallow) && bytes.IndexAny(bytes.TrimRight(k[:last], " \t"), " \t") < 0 {
			info.invalid = invalidAgentRule
		}
		return info
	}
	return strayOrEscapes(src, info)
}

// inspectInvalid reads a line the syntax found no separator in, or nothing
// before its colon.
func inspectInvalid(f *syntax.File, l *syntax.Line, info lineInfo) lineInfo {
	src := f.Bytes()
	body := src[info.body.Start:info.body.End]
	if len(body) == 0 {
		return info
	}
	if body[0] == ':' {
		info.invalid = invalidEmptyKey
		return info
	}
	if string(body) == garbledBOM {
		// A garbled byte order mark before a comment: the line means
		// nothing either way, as the writer intended.
		return info
	}
	end := bytes.IndexAny(body, " \t")
	if end < 0 {
		end = len(body)
	}
	word := body[:end]
	start := info.body.Start
	if j := bytes.Index(word, []byte(fullColon)); j > 0 {
		if d, how, skip := resolveName(word[:j], false); d != syntax.DirectiveNone {
			info.named(d, how, skip, syntax.Span{Start: start, End: start + j})
			info.colon, info.sep = colonStandIn, syntax.Span{Start: start + j, End: start + j + len(fullColon)}
			return info
		}
	}
	if d, how, skip := resolveName(word, false); d != syntax.DirectiveNone {
		fields := bytes.Fields(body)
		if len(fields) == 1 || plausibleValue(d, fields[1]) {
			info.named(d, how, skip, syntax.Span{Start: start, End: start + end})
			info.colon, info.sep = colonAlone, syntax.Span{Start: start + end, End: start + end}
			if len(fields) > 1 {
				ws := start + end
				for ws < info.body.End && (src[ws] == ' ' || src[ws] == '\t') {
					ws++
				}
				info.colon, info.sep = colonWords, syntax.Span{Start: start + end, End: ws}
			}
			return info
		}
	}
	if body[0] == '/' {
		info.invalid = invalidPath
		return info
	}
	return strayOrEscapes(src, info)
}

// strayOrEscapes classifies text that is no directive: stray text, or
// text with line breaks written out as \r\n.
func strayOrEscapes(src []byte, info lineInfo) lineInfo {
	body := src[info.body.Start:info.body.End]
	if bytes.Contains(body, []byte(`\n`)) || bytes.Contains(body, []byte(`\r`)) {
		info.invalid = invalidEscapes
	} else {
		info.invalid = invalidStray
	}
	return info
}

// lineBody returns the text of a line without its comment and the
// whitespace around it.
func lineBody(f *syntax.File, l *syntax.Line) syntax.Span {
	src := f.Bytes()
	s := syntax.Span{Start: l.Text().Start, End: l.Comment().Start}
	if c := l.Comment(); c.Len() == 0 {
		s.End = l.Text().End
	}
	for s.Start < s.End && isBlankByte(src[s.Start]) {
		s.Start++
	}
	for s.End > s.Start && isBlankByte(src[s.End-1]) {
		s.End--
	}
	return s
}

func isBlankByte(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// isScheme reports whether k is http or https, ignoring case and a
// garbled byte order mark before it.
func isScheme(k []byte) bool {
	s := syntax.LowerASCII(strings.TrimPrefix(string(k), garbledBOM))
	return s == "http" || s == "https"
}

// standIn returns the length of the character that ends k in place of a
// colon (';', '=', ',', '.' or a full-width colon), or 0.
func standIn(k []byte) int {
	if bytes.HasSuffix(k, []byte(fullColon)) && len(k) > len(fullColon) {
		return len(fullColon)
	}
	if n := len(k); n > 1 {
		switch k[n-1] {
		case ';', '=', ',', '.':
			return 1
		}
	}
	return 0
}

// plausibleValue reports whether v could be the value of directive d, so
// that a word resembling d's name followed by v is taken for d: "Allow
// from all" is Apache configuration, "Alow /x" a misspelled rule.
func plausibleValue(d syntax.Directive, v []byte) bool {
	switch d {
	case syntax.DirectiveAllow, syntax.DirectiveDisallow, syntax.DirectiveNoindex, syntax.DirectiveNofollow, syntax.DirectiveNoarchive:
		return len(v) == 0 || v[0] == '/' || v[0] == '*'
	case syntax.DirectiveSitemap:
		return bytes.HasPrefix(bytes.ToLower(v), []byte("http")) || len(v) > 0 && v[0] == '/'
	case syntax.DirectiveCrawlDelay:
		return len(v) > 0 && '0' <= v[0] && v[0] <= '9'
	}
	return true
}
