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

// NotRobotsTxtReason says why crawlers read no rules from f, in the words
// of not-robots-txt (or of invalid-encoding, for a file saved as UTF-16):
// "this is an HTML page (`<html>`), not a robots.txt file: crawlers find
// no rules in it and crawl the whole site". It returns "" for a robots.txt
// file, and for one in which crawlers read rules after a piece of HTML or
// an error message. Tools that answer for crawlers, such as the command's
// test, print it so that "allowed" on such a file is not taken for a
// verdict of its rules.
func NotRobotsTxtReason(f *syntax.File) string {
	v := judgeFileAlone(f)
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

func runNotRobotsTxt(pass *lint.Pass) {
	v := judgeContent(pass)
	if v.kind == contentRobots || v.fact == syntax.FactUTF16 {
		// UTF-16 is invalid-encoding's finding.
		return
	}
	span, msg, sev := contentFinding(pass.File, *v)
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
