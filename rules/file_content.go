package rules

import (
	"bytes"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds the one judgement of what a file is: a robots.txt file,
// one with a piece of HTML or an error message before its rules, or
// something else (an HTML page, an error message, binary data), and so
// which of its lines crawlers read rules in. It is made once per run and
// every rule that looks at lines asks it, so that all of them agree:
// not-robots-txt reports what the file is, and the others stay quiet on
// the lines crawlers find nothing in.

// contentKind says what a file is, as far as not-robots-txt and the rules
// that should stay quiet on such a file are concerned.
type contentKind uint8

const (
	// contentRobots: a robots.txt file, or close enough that its lines
	// are worth checking one by one.
	contentRobots contentKind = iota
	// contentPrefixed: a robots.txt file with a piece of HTML or an error
	// message before its rules.
	contentPrefixed
	// contentOther: not a robots.txt file at all; checking its lines one
	// by one would only repeat that.
	contentOther
)

// contentVerdict is what judgeContent found.
type contentVerdict struct {
	kind contentKind
	// fact is the parser's file-kind fact behind the verdict (FactHTML,
	// FactUTF16...), or 0 for an error message found by its text.
	fact syntax.FactKind
	// evidence is the text that shows it.
	evidence syntax.Span
	// rules is the number of Allow and Disallow rules Google reads in
	// groups.
	rules int
	// first is the first line crawlers read a directive on: 0 in a
	// robots.txt file, the first line after the evidence that Google
	// reads a directive on when HTML or an error message comes before the
	// rules, and the number of lines when the file is no robots.txt file.
	first int
}

// reads reports whether crawlers read directives on line i, a line index
// or -1 for the byte order mark: rules stay quiet on the lines before
// first, which hold the HTML or the error message, and on every line of a
// file that is no robots.txt file, so that a PNG image or a UTF-16 file
// yields one finding and not one per line.
func (v *contentVerdict) reads(i int) bool { return max(i, 0) >= v.first }

// contentKey keys the verdict among the values a run shares.
type contentKey struct{}

// judgeContent tells what the file of pass is, judged once for every rule
// of the run.
func judgeContent(pass *lint.Pass) *contentVerdict {
	return pass.Shared(contentKey{}, func() any {
		v := judgeFile(pass.File, func() *match.Robots { return pass.Robots(match.Google) })
		return &v
	}).(*contentVerdict)
}

// judgeFileAlone is judgeContent for a file outside a run.
func judgeFileAlone(f *syntax.File) contentVerdict {
	return judgeFile(f, func() *match.Robots { return match.Compile(f, match.Google) })
}

// notRobotsTxt reports whether the file of pass is no robots.txt file at
// all: not-robots-txt says so once, and findings on its lines would be
// noise.
func notRobotsTxt(pass *lint.Pass) bool { return judgeContent(pass).kind == contentOther }

// judgeFile is judgeContent for a file alone; google returns the file as
// Google reads it, which only some files need.
func judgeFile(f *syntax.File, google func() *match.Robots) contentVerdict {
	v := classifyContent(f, google)
	switch v.kind {
	case contentOther:
		v.first = len(f.Lines)
	case contentPrefixed:
		v.first = max(f.LineAt(v.evidence.End), 0)
		for v.first < len(f.Lines) {
			if d, _, _, _ := match.GoogleLine(f, v.first); d != syntax.DirectiveNone && d != syntax.DirectiveOther {
				break
			}
			v.first++
		}
	}
	return v
}

// classifyContent says what kind of file f is.
//
// The parser's sniffing looks at the first kilobyte only, and a real file
// whose comments are mojibake can look like binary data to it; so a file
// it calls binary but in which Google reads rules counts as robots.txt,
// and an HTML, XML or JSON start followed by rules as a prefix.
func classifyContent(f *syntax.File, google func() *match.Robots) contentVerdict {
	var fact syntax.Fact
	for _, x := range f.Facts {
		if x.Kind.IsFileKind() {
			fact = x
			break
		}
	}
	if fact.Kind == syntax.FactUTF16 {
		return contentVerdict{kind: contentOther, fact: fact.Kind, evidence: fact.Span}
	}
	if fact.Kind != 0 {
		switch rules := googleRules(google()); {
		case fact.Kind == syntax.FactBinary && rules > 0:
			return contentVerdict{kind: contentRobots, rules: rules}
		case rules == 0:
			return contentVerdict{kind: contentOther, fact: fact.Kind, evidence: fact.Span}
		default:
			return contentVerdict{kind: contentPrefixed, fact: fact.Kind, evidence: fact.Span, rules: rules}
		}
	}
	if line, strong, ok := errorMessageLine(f); ok {
		if !hasGoogleDirective(f) {
			return contentVerdict{kind: contentOther, evidence: f.Lines[line].Text()}
		}
		if strong {
			return contentVerdict{kind: contentPrefixed, evidence: f.Lines[line].Text(), rules: googleRules(google())}
		}
	}
	return contentVerdict{kind: contentRobots}
}

// googleRules returns the number of Allow and Disallow rules in groups of
// google, a file as Google reads it.
func googleRules(google *match.Robots) int {
	n := 0
	for _, g := range google.Groups {
		for k, r := range g.Rules {
			// Google reads "Allow: /a/index.html" as two rules.
			if k == 0 || g.Rules[k-1].Line != r.Line {
				n++
			}
		}
	}
	return n
}

// maxErrorLines is how many lines at the top of a file errorMessageLine
// looks at: error responses say what they are at once.
const maxErrorLines = 5

// errorMessageLine finds a server error message or stack trace among the
// first lines that are neither blank nor comments, and returns its line.
// strong is true when the line is the first such line, is no directive
// Google reads, and says "error" in a way no webmaster's line does (a
// fatal error, an exception, a PHP warning): only then does the finding
// stand in a file that also holds rules.
func errorMessageLine(f *syntax.File) (line int, strong, ok bool) {
	// Every rule asks about the file, which the path rules still do
	// without a run to keep the answer in, so the lines are lower-cased
	// into arrays on the stack rather than new slices.
	var textBuf, keyBuf [300]byte
	seen := 0
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind == syntax.LineBlank || l.Kind == syntax.LineComment {
			continue
		}
		first := seen == 0
		seen++
		// In a line that reads as a directive, the message is the key
		// ("PHP Fatal error: ..."): a value may say anything, and a
		// directive any crawler knows is no message.
		var key []byte
		if l.Kind == syntax.LineDirective {
			key = f.Text(l.Key())
			if l.Directive != syntax.DirectiveOther || match.GoogleDirective(key) != syntax.DirectiveOther {
				if seen == maxErrorLines {
					break
				}
				continue
			}
		}
		text := f.Text(l.Text())
		text = appendLower(textBuf[:0], text[:min(len(text), len(textBuf))])
		where := text
		if key != nil {
			where = appendLower(keyBuf[:0], key[:min(len(key), len(keyBuf))])
			if isPHPMessage(where, text) {
				return i, first, true
			}
		}
		if isStrongError(where) {
			return i, first, true
		}
		if isWeakError(text) {
			return i, false, true
		}
		if seen == maxErrorLines {
			break
		}
	}
	return 0, false, false
}

// isPHPMessage reports whether a line whose key is key reads like PHP's
// "Warning: include(x): failed to open stream in /var/www/a.php on line
// 12".
func isPHPMessage(key, lower []byte) bool {
	key = bytes.TrimPrefix(key, []byte("php "))
	switch string(key) {
	case "warning", "notice", "deprecated", "fatal error", "parse error", "<b>warning</b>", "<b>notice</b>", "<b>deprecated</b>":
		return bytes.Contains(lower, []byte(" on line "))
	}
	return false
}

// strongErrorMarks are what error pages and stack traces say and robots.txt
// lines never do.
var strongErrorMarks = [][]byte{
	[]byte("fatal error"), []byte("exception"), []byte("traceback (most recent call last)"),
	[]byte("stack trace"), []byte("parse error"), []byte("internal server error"),
	[]byte("404 not found"), []byte("403 forbidden"),
}

// weakErrorMarks are what error responses say, but a line might say too;
// they count only in a file with no directive Google reads.
var weakErrorMarks = [][]byte{
	[]byte("not found"), []byte("forbidden"), []byte("access denied"), []byte("unauthorized"),
	[]byte("service unavailable"), []byte("bad gateway"), []byte("gateway time"),
	[]byte("too many requests"), []byte("no such "), []byte("status code"),
}

func isStrongError(lower []byte) bool {
	for _, m := range strongErrorMarks {
		if bytes.Contains(lower, m) {
			return true
		}
	}
	return false
}

func isWeakError(lower []byte) bool {
	for _, m := range weakErrorMarks {
		if bytes.Contains(lower, m) {
			return true
		}
	}
	// "Error 404: ...", "error: Not Found", "status: 404".
	if bytes.HasPrefix(lower, []byte("error")) {
		return true
	}
	if rest, ok := bytes.CutPrefix(lower, []byte("status:")); ok {
		rest = bytes.TrimLeft(rest, " \t")
		return len(rest) >= 3 && isDecimalDigit(rest[0]) && isDecimalDigit(rest[1]) && isDecimalDigit(rest[2])
	}
	return false
}

func isDecimalDigit(c byte) bool { return '0' <= c && c <= '9' }

// hasGoogleDirective reports whether Google reads any line of f as a
// user-agent, rule or sitemap line.
func hasGoogleDirective(f *syntax.File) bool {
	for i := range f.Lines {
		if d, _, _, _ := match.GoogleLine(f, i); d != syntax.DirectiveNone && d != syntax.DirectiveOther {
			return true
		}
	}
	return false
}
