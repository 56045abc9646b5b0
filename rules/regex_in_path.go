package rules

import (
	"bytes"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// RegexInPath reports regular-expression syntax in an Allow or Disallow
// path. robots.txt patterns know only '*' and a final '$'; every other
// character, '\' and '[' included, matches itself.
//
// It reports only what cannot be a plain URL: a backslash, a leading '^',
// a character class with a range (`[0-9]`, `[^/]`), an alternative in
// parentheses (`(a|b)`) and `.+`. Dots, '?', '+', '|', parentheses and
// brackets alone are ordinary in real URLs (`/wiki/Foo_(bar)`,
// `?f[0]=x`), and `.*` is a fine wildcard pattern: `/index.*` matches
// index.html and index.php.
var RegexInPath = &lint.Rule{
	Name:    "regex-in-path",
	Summary: "regular-expression syntax in an Allow or Disallow path",
	Doc: lint.Doc{
		What: "Reports regular-expression syntax in an Allow or Disallow path: a backslash escape (`\\.`, `\\?`), " +
			"a leading `^`, a character class such as `[0-9]+` or `[^/]`, an alternative such as `(en|fr)`, and `.+`.",
		Why: "No crawler reads regular expressions in robots.txt. Google, Bing, Yandex and RFC 9309 parsers know " +
			"two special characters, `*` for any run of characters and a final `$` for the end of the URL, and " +
			"match every other character literally. A rule written as a regular expression looks for URLs that " +
			"contain its backslashes and brackets, and so protects nothing it was meant to.",
		Instead: "Use `*` for any run of characters, end the pattern with `$` to anchor it, and write one rule per " +
			"alternative: `Disallow: /*.php$` rather than `Disallow: /.*\\.php$`, `Disallow: /en/` and " +
			"`Disallow: /fr/` rather than `Disallow: /(en|fr)/`.",
	},
	Flagged:  "User-agent: *\nDisallow: /*\\.php$\n",
	Clean:    "User-agent: *\nDisallow: /*.php$\n",
	Severity: lint.Warning,
	Fixable:  false,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runRegexInPath,
}

func runRegexInPath(pass *lint.Pass) {
	if notRobotsTxt(pass) {
		return
	}
	ruleLinesWithByte(pass, "\\[(+^", func(i int, l *syntax.Line, value []byte) {
		if len(value) == 0 {
			return
		}
		s, e, what := findRegex(value)
		if s < 0 {
			return
		}
		start := l.Value().Start
		span := syntax.Span{Start: start + s, End: start + e}
		construct := "`" + string(value[s:e]) + "`"
		msg := fmt.Sprintf("%s is %s, but robots.txt patterns know only `*` and a final `$`: crawlers look for these very characters, "+
			"so the rule matches only URLs that contain them", construct, what)
		var opts []lint.ReportOption
		if s == 0 {
			// A pattern that starts with neither '/' nor '*' never matches
			// at all; path-not-absolute leaves these to this rule.
			msg = fmt.Sprintf("%s is %s, but robots.txt patterns know only `*` and a final `$`, and match from the start of the path, "+
				"which is `/`: no crawler ever matches this rule", construct, what)
			opts = append(opts, lint.WithSeverity(lint.Error))
		}
		pass.Report(span, msg, opts...)
	})
}

// findRegex returns the first regular-expression construct in a
// pattern, as the byte range [s, e) and a description, or s = -1.
func findRegex(v []byte) (s, e int, what string) {
	if v[0] == '^' {
		return 0, 1, "a regular-expression anchor"
	}
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			return i, min(i+2, len(v)), "a regular-expression escape"
		case '[':
			if end := pathCharClass(v, i); end > 0 {
				return i, end, "a regular-expression character class"
			}
		case '(':
			if end := pathAlternative(v, i); end > 0 {
				return i, end, "a regular-expression alternative"
			}
		case '+':
			// ".+": one or more of any character, at the end of the
			// pattern or of a path segment.
			if i > 0 && v[i-1] == '.' && (i+1 == len(v) || v[i+1] == '/' || v[i+1] == '$' || v[i+1] == ')') {
				return i - 1, i + 1, "a regular-expression repetition"
			}
		}
	}
	return -1, -1, ""
}

// pathCharClass returns the end of the character class that starts at
// v[open] ('['), with a following quantifier, or 0 when the brackets do not
// read as one. A class must be negated (`[^/]`) or hold a range (`[0-9]`,
// `[a-zA-Z_]`), and hold nothing but ranges, escapes and '_' or '-': a
// query's `f[0]` or `options[]` is ordinary text.
func pathCharClass(v []byte, open int) int {
	i := open + 1
	negated := i < len(v) && v[i] == '^'
	if negated {
		i++
	}
	ranges, items := 0, 0
	for i < len(v) && v[i] != ']' {
		switch {
		case v[i] == '\\' && i+1 < len(v):
			i += 2
		case i+2 < len(v) && v[i+1] == '-' && v[i+2] != ']' && isAlnum(v[i]) && isAlnum(v[i+2]) && v[i] <= v[i+2]:
			ranges++
			i += 3
		case v[i] == '_' || v[i] == '-' || negated && v[i] != '[':
			i++
		default:
			return 0
		}
		items++
	}
	if i == len(v) || items == 0 || !negated && ranges == 0 {
		return 0
	}
	i++ // ']'
	if i < len(v) && (v[i] == '+' || v[i] == '*' || v[i] == '?') {
		i++
	} else if i < len(v) && v[i] == '{' {
		if k := bytes.IndexByte(v[i:], '}'); k > 0 {
			i += k + 1
		}
	}
	return i
}

// pathAlternative returns the end of the group `(a|b)` that starts at
// v[open], or 0 when the parentheses hold no '|' (`/wiki/Foo_(bar)` is a
// plain URL).
func pathAlternative(v []byte, open int) int {
	end := bytes.IndexByte(v[open:], ')')
	if end < 0 {
		return 0
	}
	inner := v[open+1 : open+end]
	if len(inner) < 3 || bytes.IndexByte(inner, '|') <= 0 || inner[len(inner)-1] == '|' || bytes.IndexByte(inner, '(') >= 0 {
		return 0
	}
	return open + end + 1
}

func isAlnum(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
