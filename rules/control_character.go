package rules

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// ControlCharacter reports NUL bytes, other control characters and
// invisible characters (zero-width and no-break spaces, bidi controls) in
// the directive names and values of a file.
var ControlCharacter = &lint.Rule{
	Name:    "control-character",
	Summary: "a NUL byte, control character or invisible character in a directive",
	Doc: lint.Doc{
		What: "Reports NUL bytes, control characters (C0 other than tab, DEL, C1) and characters that " +
			"show as nothing or as a plain space (zero-width spaces and joiners, the no-break space, " +
			"the soft hyphen, bidi controls) in a line's directive name or value. Characters in " +
			"comments are left alone: no crawler reads them.",
		Why: "Nobody sees these characters, but crawlers read them. Google's parser handles lines as C " +
			"strings, so a NUL byte ends the line for Google: `Disallow: /a<NUL>bc` is `Disallow: /a`. " +
			"Any other such character stays in the text: in a directive name it makes the name " +
			"unknown, so the line is ignored; in a path it becomes part of the pattern " +
			"(`/private%E2%80%8B/`), which no URL contains; in a user-agent value it ends the " +
			"crawler name Google reads. They come from copying text out of web pages, word " +
			"processors and chat tools, and from broken encodings.",
		Instead: "Delete the character.",
		FixSafety: "The fix deletes the characters, writes a space for space-like characters right after the colon " +
			"(`Disallow:<NBSP>/tmp/`), or repairs UTF-8 text decoded as Latin-1. It is safe (applied by `--fix`) " +
			"when Google, and every other crawler you target, read the line the same after the fix, and the file " +
			"is no larger than 500 KiB, where a shorter line moves the point crawlers stop reading. When the " +
			"character changes what Google reads (a NUL byte that ends the line for Google, a character that " +
			"makes a name unknown or becomes part of a path), the fix changes Google's verdicts; when only other " +
			"crawlers read the line differently, making them read it as Google does is still unproved, since how " +
			"they group the rest of the file decides where their verdicts go: both are unsafe (applied only with " +
			"`--unsafe-fixes`).",
	},
	Flagged:  "User-agent: *\nDisallow: /private\u200b/\n",
	Clean:    "User-agent: *\nDisallow: /private/\n",
	Severity: lint.Error,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runControlCharacter,
}

func runControlCharacter(pass *lint.Pass) {
	f := pass.File
	prev := -1
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactNUL, syntax.FactControlChar, syntax.FactInvisibleChar:
		default:
			continue
		}
		if x.Line == prev || x.Line < 0 || !judgeContent(pass).reads(x.Line) {
			continue
		}
		prev = x.Line
		checkLineChars(pass, x.Line)
	}
}

// checkLineChars reports each run of offending characters on line i
// outside its comment.
func checkLineChars(pass *lint.Pass, i int) {
	f := pass.File
	l := &f.Lines[i]
	src := f.Bytes()
	end := l.Text().End
	if c := l.Comment(); c.Len() > 0 {
		end = c.Start
	}
	mojibakeDone := false
	for at := l.Span.Start; at < end; {
		r, size := utf8.DecodeRune(src[at:end])
		if !isOffendingRune(r, size) {
			at += size
			continue
		}
		run := syntax.Span{Start: at, End: at + size}
		runes := []rune{r}
		for run.End < end {
			r2, size2 := utf8.DecodeRune(src[run.End:end])
			if !isOffendingRune(r2, size2) {
				break
			}
			runes = append(runes, r2)
			run.End += size2
		}
		at = run.End
		inValue := l.Kind == syntax.LineDirective && run.Start < l.Value().End && run.End > l.Value().Start
		if inValue && mojibakeDone {
			continue // the repair of the value covers this run too
		}
		if inValue && hasLatin1(runes) {
			if repaired, ok := repairLatin1(f.Text(l.Value())); ok {
				reportMojibake(pass, i, run, runes, repaired)
				mojibakeDone = true
				continue
			}
		}
		reportCharRun(pass, i, run, runes)
	}
}

// hasLatin1 reports whether runes holds a C1 control character (U+0080 to
// U+009F), a no-break space or a soft hyphen: what text shows, among
// other Latin-1 characters, when UTF-8 was decoded as Latin-1.
func hasLatin1(runes []rune) bool {
	for _, r := range runes {
		if 0x80 <= r && r <= 0xFF {
			return true
		}
	}
	return false
}

// repairLatin1 undoes UTF-8 text decoded as Latin-1 and encoded as UTF-8
// again ("Ã©" for "é"): it returns the characters of b as bytes, when
// every one is below U+0100 and the bytes are valid UTF-8 that differs
// from b.
func repairLatin1(b []byte) ([]byte, bool) {
	out := make([]byte, 0, len(b))
	changed := false
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r > 0xFF || r == utf8.RuneError && size <= 1 {
			return nil, false
		}
		changed = changed || r >= 0x80
		out = append(out, byte(r))
		i += size
	}
	return out, changed && utf8.Valid(out)
}

// reportMojibake reports the run of C1 control characters run in line
// i's value, which is UTF-8 text decoded as Latin-1, with a fix that
// puts back the text it was.
func reportMojibake(pass *lint.Pass, i int, run syntax.Span, runes []rune, repaired []byte) {
	f := pass.File
	l := &f.Lines[i]
	value := l.Value()
	before := f.Text(l.Text())
	after := append(append(append([]byte(nil), before[:value.Start-l.Span.Start]...), repaired...), before[value.End-l.Span.Start:]...)
	name, _ := runName(runes)
	msg := fmt.Sprintf("%s in the value, left by UTF-8 text decoded as Latin-1: the value was `%s`", name, visibleText(repaired))
	j := judgeEdit(pass, before, after, "once repaired")
	switch {
	case j.googleSame && j.othersSame:
	case j.googleSame:
		msg += fmt.Sprintf("; Google reads the line the same either way, but %s", otherReaders(pass, "does not", "do not"))
	default:
		msg += "; " + j.google
	}
	fix := lint.Fix{Title: "Repair the UTF-8 text", Safe: j.safe, Edits: []lint.Edit{{Span: value, NewText: string(repaired)}}}
	pass.Report(run, msg, lint.WithFix(fix), lint.WithSeverity(j.severity))
}

// isOffendingRune reports whether the rune r, decoded from size bytes, is
// one control-character reports: the parser's FactNUL, FactControlChar and
// FactInvisibleChar characters. Tab is whitespace to every crawler; U+FEFF
// is byte-order-mark's, and bytes that are not UTF-8 invalid-encoding's.
func isOffendingRune(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size <= 1:
		return false
	case r == '\t':
		return false
	case r < 0x20, r == 0x7F, 0x80 <= r && r <= 0x9F:
		return true
	}
	return isInvisibleRune(r)
}

// isInvisibleRune reports whether r shows as nothing or as an ordinary
// space, as the parser's FactInvisibleChar defines it.
func isInvisibleRune(r rune) bool {
	switch {
	case r == 0x00A0, r == 0x00AD, r == 0x034F, r == 0x061C, r == 0x115F, r == 0x1160,
		r == 0x1680, r == 0x180E, r == 0x3000, r == 0x3164, r == 0xFFA0:
		return true
	case 0x2000 <= r && r <= 0x200F, 0x2028 <= r && r <= 0x202F,
		0x205F <= r && r <= 0x206F, 0xFFF9 <= r && r <= 0xFFFB:
		return true
	}
	return false
}

// runeName names a character for a message: "a zero-width space (U+200B)".
func runeName(r rune) string {
	switch r {
	case 0:
		return "a NUL byte"
	case '\v':
		return "a vertical tab (U+000B)"
	case '\f':
		return "a form feed (U+000C)"
	case 0x1B:
		return "an escape character (U+001B)"
	case 0x7F:
		return "a delete character (U+007F)"
	case 0xA0:
		return "a no-break space (U+00A0)"
	case 0xAD:
		return "a soft hyphen (U+00AD)"
	case 0x200B:
		return "a zero-width space (U+200B)"
	case 0x200C:
		return "a zero-width non-joiner (U+200C)"
	case 0x200D:
		return "a zero-width joiner (U+200D)"
	case 0x200E:
		return "a left-to-right mark (U+200E)"
	case 0x200F:
		return "a right-to-left mark (U+200F)"
	case 0x2028:
		return "a line separator (U+2028)"
	case 0x2029:
		return "a paragraph separator (U+2029)"
	case 0x202F:
		return "a narrow no-break space (U+202F)"
	case 0x2060:
		return "a word joiner (U+2060)"
	case 0x3000:
		return "an ideographic space (U+3000)"
	}
	switch {
	case r < 0x20:
		return fmt.Sprintf("a control character (U+%04X)", r)
	case 0x80 <= r && r <= 0x9F:
		return fmt.Sprintf("a C1 control character (U+%04X)", r)
	case 0x2000 <= r && r <= 0x200A:
		return fmt.Sprintf("a Unicode space (U+%04X)", r)
	case r == 0x061C, 0x202A <= r && r <= 0x202E, 0x2066 <= r && r <= 0x2069:
		return fmt.Sprintf("a bidirectional control (U+%04X)", r)
	}
	return fmt.Sprintf("an invisible character (U+%04X)", r)
}

// runName names a run of characters for a message and a fix title.
func runName(runes []rune) (name, title string) {
	if len(runes) == 1 {
		name = runeName(runes[0])
		short, _, _ := strings.Cut(name, " (")
		short, _, _ = strings.Cut(short, ",")
		return name, "Remove the " + strings.TrimPrefix(strings.TrimPrefix(short, "a "), "an ")
	}
	var codes []string
	for _, r := range runes {
		c := fmt.Sprintf("U+%04X", r)
		if len(codes) < 4 && !slices.Contains(codes, c) {
			codes = append(codes, c)
		}
	}
	return fmt.Sprintf("%s (%s)", prose.Count(len(runes), "control or invisible character", "control or invisible characters"), strings.Join(codes, ", ")),
		"Remove the invisible characters"
}

// reportCharRun reports the run of offending characters run on line i,
// with a fix that removes it.
func reportCharRun(pass *lint.Pass, i int, run syntax.Span, runes []rune) {
	f := pass.File
	l := &f.Lines[i]
	before := f.Text(l.Text())
	name, title := runName(runes)
	edit := lint.Edit{Span: run}
	if l.Kind == syntax.LineDirective && run.Start == l.Value().Start && run.Start > 0 && f.Bytes()[run.Start-1] == ':' && allSpaceLike(runes) {
		// "Disallow:<NBSP>/tmp/": the character stands for the space
		// after the colon.
		edit.NewText, title = " ", "Replace with a space"
	}
	from, to := run.Start-l.Span.Start, run.End-l.Span.Start
	after := append(append(append([]byte(nil), before[:from]...), edit.NewText...), before[to:]...)
	where, part := "in the line", "line"
	if l.Kind == syntax.LineDirective {
		key, value := l.Key(), l.Value()
		switch {
		case key.Contains(run.Start):
			where, part = "in the directive name", "name"
		case run.Start < value.End && run.End > value.Start:
			where, part = "in the value", "value"
		case run.Start < key.Start:
			where = "at the start of the line"
		case run.Start >= value.End:
			where = "at the end of the line"
		default:
			where = "between the name and the value"
		}
	}
	j := judgeEdit(pass, before, after, "without it")
	var msg string
	switch {
	case j.googleSame && j.othersSame && runes[0] == 0:
		msg = "Google ends the line at a NUL byte, which changes nothing here, but nobody can see it there"
	case j.googleSame && j.othersSame:
		msg = "crawlers read the line the same without it, but nobody can see it there"
	case j.googleSame && runes[0] == 0:
		msg = fmt.Sprintf("Google ends the line at a NUL byte, which changes nothing here, but %s it in the %s", otherReaders(pass, "keeps", "keep"), part)
	case j.googleSame:
		msg = fmt.Sprintf("Google reads the line the same without it, but %s it as part of the %s", otherReaders(pass, "reads", "read"), part)
	case runes[0] == 0:
		msg = "Google ends the line at a NUL byte: " + j.google
	default:
		msg = j.google
	}
	fix := lint.Fix{Title: title, Safe: j.safe, Edits: []lint.Edit{edit}}
	pass.Report(run, name+" "+where+": "+msg, lint.WithFix(fix), lint.WithSeverity(j.severity))
}

// allSpaceLike reports whether runes are all characters that show as a
// space: no-break and other Unicode spaces.
func allSpaceLike(runes []rune) bool {
	for _, r := range runes {
		switch {
		case r == 0xA0, r == 0x1680, r == 0x202F, r == 0x205F, r == 0x3000, 0x2000 <= r && r <= 0x200A:
		default:
			return false
		}
	}
	return true
}
