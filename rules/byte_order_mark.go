package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// ByteOrderMark reports a byte order mark (U+FEFF) at the start of the
// file, before a directive, and one in the middle of the file.
var ByteOrderMark = &lint.Rule{
	Name:    "byte-order-mark",
	Summary: "a byte order mark that some parsers read as part of a line",
	Doc: lint.Doc{
		What: "Reports the UTF-8 byte order mark (the bytes EF BB BF, U+FEFF) at the start of a file " +
			"whose first line is a directive, the start of one cut short (EF or EF BB), and a byte " +
			"order mark further down the file, typically where two files were joined.",
		Why: "Google skips a byte order mark at the very start of the file, but simpler parsers read " +
			"it as part of the first line: they see the directive `<U+FEFF>User-agent`, which they " +
			"do not know, and lose the line, and with it the group it starts. In the middle of the " +
			"file no parser skips it, Google included: the directive on that line is unknown, or the " +
			"path it ends up in matches no URL. Editors on Windows add the mark when they save as " +
			"\"UTF-8\"; it is invisible in them.",
		Instead: "Save the file as UTF-8 without a byte order mark (\"UTF-8\" rather than \"UTF-8 with " +
			"BOM\").",
		FixSafety: "Removing the mark at the start of the file is safe (applied by `--fix`): Google skips it, and so do " +
			"Bing, Yandex and RFC 9309 parsers as robotslint models them, so none of their verdicts changes, while " +
			"simpler parsers that lost the first line come to read it. In a file larger than 500 KiB it is unsafe " +
			"(applied only with `--unsafe-fixes`): removing bytes moves the point where crawlers stop reading, " +
			"and brings other lines within reach. Removing a mark further down is safe only when Google, and " +
			"every other crawler you target, read the line the same without it, and the file is no larger than " +
			"500 KiB. When the mark changes what Google reads, removing it changes Google's verdicts; when only " +
			"other crawlers read the line differently, making them read it as Google does is still unproved, " +
			"since how they group the rest of the file decides where their verdicts go: both fixes are unsafe.",
	},
	Flagged:  "\ufeffUser-agent: *\nDisallow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /private/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runByteOrderMark,
}

func runByteOrderMark(pass *lint.Pass) {
	f := pass.File
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactBOM, syntax.FactPartialBOM, syntax.FactBOMInLine:
		default:
			continue
		}
		if !judgeContent(pass).reads(x.Line) {
			continue
		}
		if x.Kind == syntax.FactBOMInLine {
			reportInnerBOM(pass, x)
			continue
		}
		// A mark before a comment or a blank line costs no parser
		// anything: the line it spoils says nothing.
		if len(f.Lines) == 0 || f.Lines[0].Kind == syntax.LineBlank || f.Lines[0].Kind == syntax.LineComment {
			continue
		}
		first := headText(f.Text(f.Lines[0].Text()), 40)
		var msg, title string
		if x.Kind == syntax.FactBOM {
			msg = fmt.Sprintf("the file starts with a UTF-8 byte order mark: Google skips it, but some parsers read it as part of the first line, "+
				"`<U+FEFF>%s`, and ignore that line", visibleText(first))
			title = "Remove the byte order mark"
		} else {
			msg = fmt.Sprintf("the file starts with %s, the start of a UTF-8 byte order mark cut short: Google skips it, but other parsers read it as part of the first line, `%s%s`, and ignore that line",
				hexByteList(f.Text(x.Span)), visibleText(f.Text(x.Span)), visibleText(first))
			title = "Remove the stray bytes"
		}
		// Google and every profile skip the mark, so removing it changes
		// no verdict of theirs (the parsers that lose the first line
		// come to read it), unless the file runs past the profiles' size
		// limit, which the edit moves to other bytes.
		safe := len(f.Bytes()) <= syntax.SizeLimit
		pass.Report(x.Span, msg, lint.WithFix(lint.Fix{Title: title, Safe: safe, Edits: []lint.Edit{{Span: x.Span}}}))
	}
}

// hexByteList writes bytes as "0xEF 0xBB".
func hexByteList(b []byte) string {
	out := ""
	for i, c := range b {
		if i > 0 {
			out += " "
		}
		out += fmt.Sprintf("0x%02X", c)
	}
	return out
}

// reportInnerBOM reports a byte order mark after the start of the file,
// where no parser skips it, unless it lies in a comment.
func reportInnerBOM(pass *lint.Pass, x syntax.Fact) {
	f := pass.File
	l := &f.Lines[x.Line]
	if c := l.Comment(); c.Len() > 0 && x.Span.Start >= c.Start {
		return
	}
	before := f.Text(l.Text())
	after := removeSpan(before, x.Span.Start-l.Span.Start, x.Span.End-l.Span.Start)
	j := judgeEdit(pass, before, after, "without it")
	msg := "a byte order mark (U+FEFF) inside the file, where no parser skips it: "
	switch {
	case j.googleSame && j.othersSame:
		msg += "crawlers read the line the same without it, but nobody can see it there"
	case j.googleSame:
		msg += fmt.Sprintf("Google reads the line the same without it, but %s it as part of the line", otherReaders(pass, "reads", "read"))
	default:
		msg += j.google
	}
	fix := lint.Fix{Title: "Remove the byte order mark", Safe: j.safe, Edits: []lint.Edit{{Span: x.Span}}}
	// An error when Google loses the line, as control-character reports
	// any invisible character that does that.
	pass.Report(x.Span, msg, lint.WithFix(fix), lint.WithSeverity(j.severity))
}
