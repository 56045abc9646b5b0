package rules

import (
	"fmt"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// LineTooLong reports a directive line longer than the 16,663 bytes
// Google's parser keeps of a line.
var LineTooLong = &lint.Rule{
	Name:    "line-too-long",
	Summary: "a line longer than the 16,663 bytes Google reads of a line",
	Doc: lint.Doc{
		What: "Reports a directive line longer than 16,663 bytes, on the part Google drops. A long " +
			"comment, or a line no crawler reads as a directive either way, is left alone.",
		Why: "Google's parser keeps the first 16,663 bytes of each line (its line buffer holds " +
			"2,083 × 8 bytes with the terminating NUL) and silently drops the rest, but still uses " +
			"what it kept. A cut pattern is shorter than written, so a Disallow rule blocks, and an " +
			"Allow rule allows, every URL that starts with the part that is left; a cut sitemap URL " +
			"points nowhere.",
		Instead: "Shorten the line: match a common prefix, use `*` for the part that varies, or split " +
			"a list of paths into one rule per line.",
	},
	Flagged:  "User-agent: *\nDisallow: /search?q=" + longSample + "\n",
	Clean:    "User-agent: *\nDisallow: /search?q=\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google},
	Run:      runLineTooLong,
}

// longSample makes the flagged example's line longer than Google reads.
var longSample = func() string {
	b := make([]byte, syntax.GoogleMaxLineBytes)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return string(b)
}()

func runLineTooLong(pass *lint.Pass) {
	f := pass.File
	for _, x := range f.Facts {
		if x.Kind != syntax.FactLineTooLong || !judgeContent(pass).reads(x.Line) {
			continue
		}
		l := &f.Lines[x.Line]
		if c := l.Comment(); c.Len() > 0 && c.Start < x.Span.Start {
			continue // only the comment is cut
		}
		text := f.Text(l.Text())
		full, cut := readAsGoogleUncut(text), readAsGoogle(text)
		if !full.ok() && !cut.ok() {
			continue
		}
		length := fmt.Sprintf("the line is %s bytes long and Google reads only the first %s", prose.Int(len(text)), prose.Int(syntax.GoogleMaxLineBytes))
		var msg string
		switch {
		case !cut.ok():
			msg = fmt.Sprintf("%s, in which it finds no directive: it ignores the line", length)
		case !full.ok() || full.d != cut.d:
			msg = fmt.Sprintf("%s, which it reads as a %s line", length, cut.d.Canonical())
		case cut.d == syntax.DirectiveAllow || cut.d == syntax.DirectiveDisallow:
			tail := tailText([]byte(cut.value), 30)
			effect := "blocks"
			if cut.d == syntax.DirectiveAllow {
				effect = "allows"
			}
			msg = fmt.Sprintf("%s: the pattern is cut after `…%s`, so the rule %s every URL that starts with what is left", length, visibleText(tail), effect)
		case cut.d == syntax.DirectiveSitemap:
			msg = fmt.Sprintf("%s: the sitemap URL is cut short and points nowhere", length)
		default:
			msg = fmt.Sprintf("%s: the value is cut short", length)
		}
		pass.Report(x.Span, msg)
	}
}

// tailText returns the last n bytes of b at most, cut at a character
// boundary.
func tailText(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	start := len(b) - n
	for start < len(b) && start < len(b)-n+utf8.UTFMax && !utf8.RuneStart(b[start]) {
		start++
	}
	return b[start:]
}
