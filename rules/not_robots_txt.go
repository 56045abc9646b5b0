package rules

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// NotRobotsTxt reports a file that is not a robots.txt file at all: an HTML
// page, an XML or JSON document, a server's error message or binary data
// that the server sent in its place.
var NotRobotsTxt = &lint.Rule{
	Name:    "not-robots-txt",
	Summary: "the file is an HTML page, an error message or other content, not a robots.txt file",
	Doc: lint.Doc{
		What: "Reports a file that is something other than robots.txt text: an HTML page (often the site's " +
			"404 page or a single-page app's shell), an XML or JSON document (typically a cloud storage " +
			"or API error), a plain-text error message or stack trace, or binary data such as an image. " +
			"It reports once, on the first line of the content. When rules follow a piece of HTML or an " +
			"error message at the top (a banner or PHP warnings printed before the real file), it " +
			"reports that piece as a warning.",
		Why: "Crawlers read whatever the server sends at /robots.txt as robots.txt. In an HTML page or " +
			"an error message they find no rules, so they crawl the whole site: every Disallow the " +
			"webmaster believes is in force is missing. The cause is on the server: a rewrite rule " +
			"that sends every path to the application, a missing file answered with a 200 status, " +
			"or an error printed before the file.",
		Instead: "Serve a plain-text robots.txt file (Content-Type text/plain) at /robots.txt, or a 404 " +
			"status when the site has none, and make sure nothing is printed before it.",
	},
	Flagged: "<!DOCTYPE html>\n<html><head><title>Page not found</title></head>\n" +
		"<body><h1>404</h1></body></html>\n",
	Clean:    "User-agent: *\nDisallow: /admin/\n",
	Severity: lint.Error,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runNotRobotsTxt,
}

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
}

// judgeContent tells what the file of pass is. Every rule of this file
// that looks at single lines stays quiet on contentOther, so that a PNG
// image or a UTF-16 file yields one finding and not one per line.
func judgeContent(pass *lint.Pass) contentVerdict {
	return judgeFile(pass.File, func() *match.Robots { return pass.Robots(match.Google) })
}

// judgeFile is judgeContent for a file alone; google returns the file as
// Google reads it, which only some files need.
//
// The parser's sniffing looks at the first kilobyte only, and a real file
// whose comments are mojibake can look like binary data to it; so a file
// it calls binary but in which Google reads rules counts as robots.txt,
// and an HTML, XML or JSON start followed by rules as a prefix.
func judgeFile(f *syntax.File, google func() *match.Robots) contentVerdict {
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

// NotRobotsTxtReason says why crawlers read no rules from f, in the words
// of not-robots-txt (or of invalid-encoding, for a file saved as UTF-16):
// "this is an HTML page (`<html>`), not a robots.txt file: crawlers find
// no rules in it and crawl the whole site". It returns "" for a robots.txt
// file, and for one in which crawlers read rules after a piece of HTML or
// an error message. Tools that answer for crawlers, such as the command's
// test, print it so that "allowed" on such a file is not taken for a
// verdict of its rules.
func NotRobotsTxtReason(f *syntax.File) string {
	v := judgeFile(f, func() *match.Robots { return match.Compile(f, match.Google) })
	switch {
	case v.fact == syntax.FactUTF16:
		_, msg := utf16Finding(f, v.evidence)
		return msg
	case v.kind == contentOther, v.kind == contentPrefixed && v.rules == 0:
		_, msg, _ := contentFinding(f, v)
		return msg
	}
	return ""
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
	seen := 0
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind == syntax.LineBlank || l.Kind == syntax.LineComment {
			continue
		}
		first := seen == 0
		seen++
		text := f.Text(l.Text())
		text = bytes.ToLower(text[:min(len(text), 300)])
		// In a line that reads as a directive, the message is the key
		// ("PHP Fatal error: ..."): a value may say anything, and a
		// directive any crawler knows is no message.
		where := text
		if l.Kind == syntax.LineDirective {
			key := f.Text(l.Key())
			if l.Directive != syntax.DirectiveOther || match.GoogleDirective(key) != syntax.DirectiveOther {
				if seen == maxErrorLines {
					break
				}
				continue
			}
			where = bytes.ToLower(key)
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
		l := &f.Lines[i]
		if l.Kind == syntax.LineDirective && match.GoogleDirective(f.Text(l.Key())) != syntax.DirectiveOther {
			return true
		}
	}
	return false
}

func runNotRobotsTxt(pass *lint.Pass) {
	v := judgeContent(pass)
	if v.kind == contentRobots || v.fact == syntax.FactUTF16 {
		// UTF-16 is invalid-encoding's finding.
		return
	}
	span, msg, sev := contentFinding(pass.File, v)
	pass.Report(span, msg, lint.WithSeverity(sev))
}

// contentFinding words the finding on a file judged contentOther or
// contentPrefixed, other than UTF-16: where it is, what it says, and its
// severity, an error when crawlers find no rule in a group.
func contentFinding(f *syntax.File, v contentVerdict) (span syntax.Span, msg string, sev lint.Severity) {
	span = clipEvidence(f, v.evidence, 200)
	quote := quoteText(f, v.evidence, 60)
	whole, piece := "a server error message", "an error message"
	switch v.fact {
	case syntax.FactHTML:
		whole, piece = "an HTML page", "HTML"
	case syntax.FactXML:
		whole, piece = "an XML document", "XML"
	case syntax.FactJSON:
		whole, piece = "a JSON document", "JSON"
	case syntax.FactBinary:
		whole, piece = "binary data", "binary data"
		quote = ""
		if format := binaryFormat(f.Bytes()); format != "" {
			whole = "binary data (" + format + ")"
		} else if text := printableStart(f.Text(v.evidence)); len(text) >= 4 {
			// Often an error message padded with NUL bytes.
			quote = "`" + visibleText(text) + "`…"
			if isStrongError(bytes.ToLower(text)) || isWeakError(bytes.ToLower(text)) {
				whole = "a server error message padded with binary data"
			}
		}
	}
	if quote != "" {
		quote = " (" + quote + ")"
	}
	if v.kind == contentOther {
		return span, fmt.Sprintf("this is %s%s, not a robots.txt file: crawlers find no rules in it and crawl the whole site", whole, quote), lint.Error
	}
	lost := joinedDirective(f, v.evidence)
	if v.rules == 0 {
		// An error message before a file in which Google finds no rule
		// in a group, often because it swallowed the user-agent line (a
		// piece of HTML before no rules is contentOther).
		msg := fmt.Sprintf("the server sends %s%s before the robots.txt text", piece, quote)
		if lost != "" {
			msg += fmt.Sprintf(", on the same line as %s, which crawlers therefore cannot read", lost)
		}
		return span, msg + ": crawlers find no rule in a group and crawl the whole site", lint.Error
	}
	msg = fmt.Sprintf("the server sends %s%s before the robots.txt text: crawlers skip the lines they cannot read and read the %s after it",
		piece, quote, prose.Count(v.rules, "rule", "rules"))
	if lost != "" {
		msg += fmt.Sprintf(", but %s, on the same line, is lost", lost)
	}
	return span, msg, lint.Warning
}

// joinedDirective returns, quoted, a directive that an error message or
// piece of HTML has swallowed because the server printed no line break
// between them (`...failed to find style.lessUser-agent: *`), or "".
func joinedDirective(f *syntax.File, evidence syntax.Span) string {
	lower := bytes.ToLower(headText(f.Text(evidence), 4096))
	for _, name := range []string{"user-agent", "disallow", "allow", "sitemap"} {
		if i := bytes.Index(lower, []byte(name)); i > 0 && bytes.IndexByte(lower[i:], ':') > 0 {
			return quoteText(f, syntax.Span{Start: evidence.Start + i, End: evidence.End}, 40)
		}
	}
	return ""
}

// binaryMagics name the formats servers send in place of robots.txt, by
// their first bytes.
var binaryMagics = []struct {
	magic, name string
}{
	{"\x89PNG", "a PNG image"}, {"\xff\xd8\xff", "a JPEG image"}, {"GIF8", "a GIF image"},
	{"%PDF-", "a PDF document"}, {"\x1f\x8b", "gzip-compressed data"}, {"PK\x03\x04", "a ZIP archive"},
	{"RIFF", "a RIFF file"}, {"\x28\xb5\x2f\xfd", "Zstandard-compressed data"}, {"BZh", "bzip2-compressed data"},
}

func binaryFormat(src []byte) string {
	for _, m := range binaryMagics {
		if bytes.HasPrefix(src, []byte(m.magic)) {
			return m.name
		}
	}
	// An image that went through a text conversion keeps its ASCII
	// signature behind the U+FFFD that replaced its first bytes.
	if head := src[:min(len(src), 32)]; bytes.HasPrefix(head, []byte("\xef")) && bytes.Contains(head, []byte("\xef\xbf\xbd")) {
		for _, m := range mangledMagics {
			if bytes.Contains(head, []byte(m.magic)) {
				return m.name + ", mangled by a text conversion"
			}
		}
	}
	return ""
}

// mangledMagics are the ASCII parts of image signatures.
var mangledMagics = []struct {
	magic, name string
}{{"PNG\r\n", "a PNG image"}, {"JFIF", "a JPEG image"}, {"Exif", "a JPEG image"}, {"GIF8", "a GIF image"}}

// printableStart returns the start of text up to its first control
// character or byte that is not UTF-8, at most 60 bytes.
func printableStart(text []byte) []byte {
	text = headText(text, 60)
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		if r < 0x20 && r != '\t' || r == 0x7F || r == utf8.RuneError && size <= 1 || 0x80 <= r && r <= 0x9F {
			return bytes.TrimRight(text[:i], " \t")
		}
		i += size
	}
	return text
}

// clipEvidence returns s cut to at most n bytes, at a character boundary, so
// that an editor underlines the start of a long line rather than all of it.
func clipEvidence(f *syntax.File, s syntax.Span, n int) syntax.Span {
	if s.Len() <= n {
		return s
	}
	src := f.Bytes()
	end := s.Start + n
	for end > s.Start && !utf8.RuneStart(src[end]) {
		end--
	}
	return syntax.Span{Start: s.Start, End: end}
}

// quoteText returns the start of s as robots.txt text for a message: in
// backquotes, at most n bytes, with control characters and bytes that are
// not UTF-8 shown as escapes.
func quoteText(f *syntax.File, s syntax.Span, n int) string {
	text := f.Text(s)
	head := headText(text, n)
	out := "`" + visibleText(head) + "`"
	if len(head) < len(text) {
		out += "…"
	}
	return out
}

// headText returns the first n bytes of b at most, cut at a character
// boundary.
func headText(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	end := n
	for end > 0 && end > n-utf8.UTFMax && !utf8.RuneStart(b[end]) {
		end--
	}
	return b[:end]
}

// visibleText returns b as text a message can show: control characters,
// invisible characters and bytes that are not UTF-8 written as <U+XXXX>
// or <0xXX>, and backquotes as single quotes, so the text cannot end the
// quotation early.
func visibleText(b []byte) string {
	var out []byte
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			out = fmt.Appendf(out, "<0x%02X>", b[i])
		case r < 0x20 || r == 0x7F || 0x80 <= r && r <= 0x9F || r == 0xFEFF || isInvisibleRune(r):
			out = fmt.Appendf(out, "<U+%04X>", r)
		case r == '`':
			out = append(out, '\'')
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return string(out)
}
