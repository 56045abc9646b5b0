package rules

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// InvalidEncoding reports text that is not UTF-8: a byte that is not part
// of valid UTF-8 in a directive, and a file saved as UTF-16.
var InvalidEncoding = &lint.Rule{
	Name:    "invalid-encoding",
	Summary: "a file or a byte that is not UTF-8",
	Doc: lint.Doc{
		What: "Reports a file saved as UTF-16, once, and in other files each directive line holding a " +
			"byte that is not valid UTF-8, at the first such byte: typically a letter such as `é` " +
			"saved in Latin-1 or Windows-1252. Bytes in comments are left alone, and so are the lines that no crawler " +
			"reads whatever their encoding, or whose directive's name is wrong: invalid-line, unknown-directive and " +
			"misspelled-directive report them as they report the same line in UTF-8.",
		Why: "RFC 9309 and Google require robots.txt to be UTF-8. Crawlers do not decode UTF-16: they " +
			"read a NUL byte after every letter, find no rule and crawl the whole site. A Latin-1 " +
			"byte in a path stays a single byte: Google matches `/caf\\xE9` as `/caf%E9`, while a " +
			"browser asks for the UTF-8 URL `/caf%C3%A9`, so the rule misses the page it names.",
		Instead: "Save the file as UTF-8, or write non-ASCII characters in paths percent-encoded as " +
			"their UTF-8 bytes (`/caf%C3%A9`), which reads the same in any encoding.",
	},
	Flagged:  "User-agent: *\nDisallow: /caf\xe9/\n",
	Clean:    "User-agent: *\nDisallow: /caf%C3%A9/\n",
	Severity: lint.Error,
	Profiles: []*match.Profile{match.Google, match.RFC9309},
	Run:      runInvalidEncoding,
}

func runInvalidEncoding(pass *lint.Pass) {
	f := pass.File
	checked := false
	var scan *lineScan
	for _, x := range f.Facts {
		if x.Kind != syntax.FactUTF16 && x.Kind != syntax.FactInvalidUTF8 {
			continue
		}
		if !checked {
			checked = true
			switch v := judgeContent(pass); {
			case v.fact == syntax.FactUTF16:
				reportUTF16(pass, v.evidence)
				return
			case v.kind == contentOther:
				return
			}
		}
		if x.Kind != syntax.FactInvalidUTF8 || !judgeContent(pass).reads(x.Line) {
			continue
		}
		if scan == nil {
			scan = newLineScan(pass)
		}
		if lineRulesReport(f, scan, x) {
			continue
		}
		reportInvalidByte(pass, x)
	}
}

// lineRulesReport reports whether the line rules (invalid-line,
// unknown-directive, misspelled-directive, missing-colon) report what
// the byte of fact x spoils, as they would on the line's UTF-8 twin: a
// line no crawler reads, whatever its bytes, or a directive's name. Its
// encoding is then no problem of its own: one finding says the line is
// lost, or how its name is misread.
func lineRulesReport(f *syntax.File, scan *lineScan, x syntax.Fact) bool {
	info, ok := scan.judges(x.Line)
	if !ok {
		return false
	}
	l := &f.Lines[x.Line]
	return info.invalid != invalidNone || l.Kind != syntax.LineDirective || l.Key().Contains(x.Span.Start)
}

func reportUTF16(pass *lint.Pass, evidence syntax.Span) {
	pass.Report(utf16Finding(pass.File, evidence))
}

// utf16Finding words the finding on a file saved as UTF-16: where it is
// and what it says.
func utf16Finding(f *syntax.File, evidence syntax.Span) (syntax.Span, string) {
	src := f.Bytes()
	span, which := clipEvidence(f, evidence, 200), "UTF-16"
	switch {
	case bytes.HasPrefix(src, []byte{0xFF, 0xFE}):
		span, which = syntax.Span{Start: 0, End: 2}, "UTF-16 (little-endian)"
	case bytes.HasPrefix(src, []byte{0xFE, 0xFF}):
		span, which = syntax.Span{Start: 0, End: 2}, "UTF-16 (big-endian)"
	}
	return span, "the file is saved as " + which + ", which crawlers do not decode: they read a NUL byte between the letters, " +
		"find no rules and crawl the whole site"
}

// reportInvalidByte reports the byte of fact x, unless it lies outside a
// directive's name and value: a comment, or a line that is no directive.
func reportInvalidByte(pass *lint.Pass, x syntax.Fact) {
	f := pass.File
	l := &f.Lines[x.Line]
	if l.Kind != syntax.LineDirective {
		return
	}
	key, value := l.Key(), l.Value()
	b := f.Bytes()[x.Span.Start]
	what := fmt.Sprintf("byte 0x%02X is not UTF-8", b)
	switch {
	case key.Contains(x.Span.Start):
		if match.GoogleDirective(f.Text(key)) == syntax.DirectiveOther {
			pass.Report(x.Span, what+": no crawler knows a directive of that name, so the line is ignored")
		} else {
			pass.Report(x.Span, fmt.Sprintf("%s: Google still reads the name as %s by its start, but %s the line",
				what, match.GoogleDirective(f.Text(key)).Canonical(), otherReaders(pass, "ignores", "ignore")))
		}
	case !value.Contains(x.Span.Start):
		// Between the name and the value: a separator no crawler takes.
		pass.Report(x.Span, what+": no crawler takes it for the space it stands in for")
	default:
		switch d := match.GoogleDirective(f.Text(key)); d {
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			msg := fmt.Sprintf("%s: Google matches it as `%%%02X`", what, b)
			if b >= 0xA0 {
				// Latin-1 is the usual culprit, and where it is not,
				// Windows-1252 agrees with it from 0xA0 on.
				r := rune(b)
				msg += fmt.Sprintf(", while UTF-8 URLs write `%c` (its Latin-1 reading) as `%s`", r, percentUTF8(r))
			}
			pass.Report(x.Span, msg+", so the rule misses them unless the site's URLs use the same legacy encoding")
		case syntax.DirectiveUserAgent:
			pass.Report(x.Span, fmt.Sprintf("%s: Google reads the crawler name only up to it, as `%s`", what, match.GoogleAgent(f.Text(value))))
		case syntax.DirectiveSitemap:
			pass.Report(x.Span, what+": the sitemap URL is not a valid URL, and crawlers may fetch another one or none")
		default:
			pass.Report(x.Span, what+", which RFC 9309 requires of robots.txt files", lint.WithSeverity(lint.Warning))
		}
	}
}

// percentUTF8 returns r's UTF-8 bytes percent-encoded: "%C3%A9".
func percentUTF8(r rune) string {
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	out := ""
	for _, c := range buf[:n] {
		out += fmt.Sprintf("%%%02X", c)
	}
	return out
}
