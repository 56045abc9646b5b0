package rules

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// UnencodedPath reports characters in an Allow or Disallow path that URLs
// carry percent-encoded: characters outside ASCII, and spaces.
//
// The two differ. Google and RFC 9309 parsers percent-encode non-ASCII
// characters of a pattern as UTF-8 before matching, so `/café` works for
// them, and encoding it by hand changes nothing for them (a safe fix);
// simpler parsers compare the raw bytes with the encoded URL and never
// match. A space, though, Google keeps as written, while URLs carry it as
// `%20`: the rule never matches for Google, and encoding it changes what
// Google does (an unsafe fix). Bytes that are not UTF-8 are
// invalid-encoding's.
var UnencodedPath = &lint.Rule{
	Name:    "unencoded-path",
	Summary: "a path with spaces or non-ASCII characters that URLs carry percent-encoded",
	Doc: lint.Doc{
		What: "Reports Allow and Disallow paths that hold characters outside ASCII (`/café/`) or spaces " +
			"(`/My Documents/`).",
		Why: "URLs carry such characters percent-encoded: `é` as `%C3%A9`, a space as `%20`. Google and RFC 9309 " +
			"parsers encode non-ASCII characters of a rule themselves, and Google recommends writing them encoded; " +
			"parsers that compare bytes never match the raw form. Google keeps a space as written, so a rule with a " +
			"space never matches for Google, while Bing, Yandex and RFC 9309 parsers encode it and do match.",
		Instead: "Percent-encode the path as UTF-8: `Disallow: /caf%C3%A9/`, `Disallow: /My%20Documents/`.",
		FixSafety: "Percent-encoding characters outside ASCII is safe (applied by `--fix`): Google and RFC 9309 parsers " +
			"encode them exactly so before matching, so their verdicts stay, and parsers that compare bytes come " +
			"to match the URLs browsers send. It is unsafe (applied only with `--unsafe-fixes`) when the encoded " +
			"line would be longer than the 16,663 bytes Google reads of a line, and in a file larger than 500 " +
			"KiB, where a longer line moves the point crawlers stop reading. Encoding a space as `%20` is never " +
			"safe: Google compares the space as written and never matches the rule now, so the encoded rule takes " +
			"effect for Googlebot.",
	},
	Flagged:  "User-agent: *\nDisallow: /My Documents/\n",
	Clean:    "User-agent: *\nDisallow: /My%20Documents/\nDisallow: /caf%C3%A9/\n",
	Severity: lint.Info,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runUnencodedPath,
}

func runUnencodedPath(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	// Lines with a character another rule reports (an invisible one, a
	// control, a stray byte order mark, a byte that is not UTF-8):
	// encoding it would hide that mistake. A value with whitespace in it
	// has a fact of its own.
	var others map[int]bool
	var spaced []int
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactInvisibleChar, syntax.FactControlChar, syntax.FactNUL, syntax.FactBOMInLine, syntax.FactInvalidUTF8:
			if others == nil {
				others = map[int]bool{}
			}
			others[x.Line] = true
		case syntax.FactMultipleValues:
			spaced = append(spaced, x.Line)
		}
	}
	isPath := func(i int, value []byte) bool {
		// Markup is a page pasted into the file, not a path at all.
		return len(value) > 0 && (value[0] == '/' || value[0] == '*') && !others[i] && bytes.IndexByte(value, '<') < 0
	}
	for _, i := range spaced {
		l := &f.Lines[i]
		value := f.Text(l.Value())
		if _, ok := googleRuleKind(f, i); !ok || !isPath(i, value) {
			continue
		}
		if _, several := severalPaths(value); !several && !joinedLines(value) {
			if sp := bytes.IndexAny(value, " \t"); sp >= 0 {
				reportSpace(pass, l, sp)
			}
		}
	}
	pastLimit := pastSizeLimit(f)
	ruleLinesWithHighBytes(f, func(i int, l *syntax.Line, value []byte) {
		first := bytes.IndexFunc(value, func(r rune) bool { return r >= utf8.RuneSelf })
		if first < 0 || !isPath(i, value) {
			return
		}
		last := bytes.LastIndexFunc(value, func(r rune) bool { return r >= utf8.RuneSelf })
		_, n := utf8.DecodeRune(value[last:])
		start := l.Value().Start
		span := syntax.Span{Start: start + first, End: start + last + n}
		encoded := percentEncode(value, false)
		fix := lint.Fix{
			Title: "Percent-encode the non-ASCII characters",
			Edits: []lint.Edit{{Span: l.Value(), NewText: encoded}},
			// Google and RFC 9309 parsers encode these bytes exactly so
			// before matching, and legacy parsers decode the escapes
			// again: every reading stays the same, unless the longer line
			// crosses Google's line limit or moves others past RFC 9309's
			// size limit.
			Safe: !pastLimit && l.Text().Len()+len(encoded)-len(value) <= syntax.GoogleMaxLineBytes,
		}
		pass.Report(span, fmt.Sprintf("%s holds characters outside ASCII: Google and RFC 9309 parsers percent-encode them as UTF-8 "+
			"before matching, but parsers that compare bytes never match the encoded URL; write %s",
			prose.Quote(f.Text(l.Value())), prose.Quote([]byte(encoded))),
			lint.WithFix(fix))
	})
}

// reportSpace reports the space or tab at value offset sp of rule line l.
func reportSpace(pass *lint.Pass, l *syntax.Line, sp int) {
	f := pass.File
	value := f.Text(l.Value())
	start := l.Value().Start
	encoders := prose.Readers(targetsWhere(pass, func(p *match.Profile) bool { return p != match.Google }))
	msg := fmt.Sprintf("URLs carry a space as `%%20`, but Google compares the space in %s as written, so the rule never matches for Google",
		prose.Quote(f.Text(l.Value())))
	if len(encoders) > 0 {
		msg += fmt.Sprintf(", while %s it and %s", prose.Subject(encoders, "encodes", "encode"), prose.Verb(encoders, "matches", "match")+" "+prose.Quote([]byte(percentEncode(value, true))))
	}
	pass.Report(syntax.Span{Start: start + sp, End: start + sp + 1}, msg,
		lint.WithSeverity(lint.Warning),
		lint.WithFix(lint.Fix{
			// Google then matches what it did not: unsafe.
			Title: "Percent-encode the spaces as `%20`",
			Edits: []lint.Edit{{Span: l.Value(), NewText: percentEncode(value, true)}},
		}))
}

// percentEncode percent-encodes, with upper-case hex digits as Google
// does, the bytes of value outside ASCII, or with spaces true its spaces
// and tabs instead.
func percentEncode(value []byte, spaces bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for _, c := range value {
		if spaces && (c == ' ' || c == '\t') || !spaces && c >= utf8.RuneSelf {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
