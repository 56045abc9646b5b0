package rules

import (
	"bytes"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// InvalidPercentEncoding reports a '%' in an Allow or Disallow path that
// does not start a percent-escape (two hex digits). Crawlers then match a
// literal '%', which a well-formed URL writes as %25.
//
// A placeholder such as `%subscriber_hash%`, which a mail or template
// system failed to fill in, is left alone: a rule that blocks the URLs it
// leaves behind is written exactly so, and matches them.
var InvalidPercentEncoding = &lint.Rule{
	Name:    "invalid-percent-encoding",
	Summary: "a `%` in a path that does not start a percent-escape",
	Doc: lint.Doc{
		What: "Reports a `%` in an Allow or Disallow path that is not followed by two hexadecimal digits, " +
			"as in `/100%` or `/%zz`.",
		Why: "In a URL, `%` starts an escape such as `%20`, and a literal percent sign is written `%25`. " +
			"Crawlers compare a `%` that starts no escape as the character itself, so the rule matches only URLs " +
			"that carry a malformed escape, not the well-formed URLs of the pages it was meant for. A `%` used as " +
			"a wildcard, as in SQL, matches nothing either: robots.txt's wildcard is `*`.",
		Instead: "Write a literal percent sign as `%25`, use `*` as the wildcard, and check that each escape has " +
			"two hexadecimal digits.",
	},
	Flagged:  "User-agent: *\nDisallow: /sale/100%-off\n",
	Clean:    "User-agent: *\nDisallow: /sale/100%25-off\n",
	Severity: lint.Warning,
	Fixable:  false,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runInvalidPercentEncoding,
}

func runInvalidPercentEncoding(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	ruleLinesWithByte(pass, "%", func(i int, l *syntax.Line, value []byte) {
		k := badPercent(value)
		if k < 0 {
			return
		}
		start := l.Value().Start
		span := syntax.Span{Start: start + k, End: start + min(k+3, len(value))}
		pass.Report(span, fmt.Sprintf("%s is no percent-escape (`%%` and two hex digits): crawlers match a literal `%%` here, "+
			"which well-formed URLs write as `%%25`, so the rule misses the pages it names; write `%%25` for a percent sign, "+
			"`*` for a wildcard", prose.Quote(f.Text(span))))
	})
}

// badPercent returns the offset of the first '%' in value that starts
// neither an escape nor a `%name%` placeholder, or -1.
func badPercent(value []byte) int {
	for at := 0; ; {
		k := bytes.IndexByte(value[at:], '%')
		if k < 0 {
			return -1
		}
		k += at
		if k+2 < len(value) && isHexDigit(value[k+1]) && isHexDigit(value[k+2]) {
			at = k + 3
			continue
		}
		if end := placeholderEnd(value, k); end > 0 {
			at = end
			continue
		}
		return k
	}
}

// placeholderEnd returns the end of the placeholder `%name%` that starts
// at value[k], or 0.
func placeholderEnd(value []byte, k int) int {
	i := k + 1
	for i < len(value) && (isAlnum(value[i]) || value[i] == '_' || value[i] == '-' || value[i] == '.') {
		i++
	}
	if i > k+1 && i < len(value) && value[i] == '%' {
		return i + 1
	}
	return 0
}

// isHexDigit reports whether c is a hexadecimal digit, in either case.
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
