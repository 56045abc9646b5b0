package rules

import (
	"bytes"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// PathNotAbsolute reports an Allow or Disallow value that starts with
// neither '/' nor '*'. Crawlers match a pattern from the first byte of
// the URL's path, which is always '/', so such a rule never matches.
var PathNotAbsolute = &lint.Rule{
	Name:    "path-not-absolute",
	Summary: "an Allow or Disallow path that does not start with `/`",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow value that starts with neither `/` nor `*`: a relative path such as " +
			"`tmp/`, a file extension such as `.pdf`, or a full URL such as `https://example.com/private/`.",
		Why: "Crawlers compare a rule with the path of the URL from its first character, and that path always " +
			"starts with `/`. Google, Bing and RFC 9309 parsers therefore never match such a rule, and Yandex " +
			"rejects it. A full URL does not work either: a robots.txt file speaks only for its own host, and " +
			"its rules hold paths.",
		Instead: "Start every path with `/` (`Disallow: /tmp/`), use `/*.pdf` for a file extension anywhere, " +
			"and write the path of a URL on this site without its scheme and host.",
		FixSafety: "Every fix is unsafe (applied only with `--unsafe-fixes`): the rule matches nothing now, and once its " +
			"path starts with `/` it blocks or allows what it names for every crawler. The fix writes the path of " +
			"a full URL (`https://example.com/private/` to `/private/`), `/*` before an extension alone (`.pdf` " +
			"to `/*.pdf`), or `/` before a relative path. The URL of a whole site gets no fix: its path, `/`, " +
			"would block everything.",
	},
	Flagged:  "User-agent: *\nDisallow: tmp/\n",
	Clean:    "User-agent: *\nDisallow: /tmp/\n",
	Severity: lint.Error,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runPathNotAbsolute,
}

func runPathNotAbsolute(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		value := f.Text(l.Value())
		if len(value) == 0 {
			continue
		}
		// A regular expression (`^/admin`, `\.php`) gets regex-in-path's
		// explanation instead.
		switch value[0] {
		case '/', '*', '^', '\\':
			continue
		}
		if _, ok := googleRuleKind(f, i); !ok {
			continue
		}
		quoted := prose.Quote(f.Text(l.Value()))
		path, isURL := urlPath(value)
		var msg string
		if isURL {
			msg = fmt.Sprintf("%s is a full URL, but crawlers match rules against the path of URLs on this site only, "+
				"which starts with `/`: no crawler ever matches this rule", quoted)
		} else {
			msg = fmt.Sprintf("%s does not start with `/`, and the path of every URL does: no crawler ever matches this rule", quoted)
		}
		var opts []lint.ReportOption
		// Any fix makes a dead rule match, so it changes verdicts: unsafe.
		switch {
		case isURL && len(path) > 1:
			opts = append(opts, lint.WithFix(lint.Fix{
				Title: fmt.Sprintf("Write the path `%s`", path),
				Edits: []lint.Edit{{Span: l.Value(), NewText: string(path)}},
			}))
		case isURL:
			// The URL of a whole site: its path, "/", would block
			// everything, which is rarely what was meant.
		case value[0] == '.' && bytes.IndexByte(value, '/') < 0:
			opts = append(opts, lint.WithFix(lint.Fix{
				Title: fmt.Sprintf("Match `%s` anywhere: `/*%s`", value, value),
				Edits: []lint.Edit{{Span: syntax.Span{Start: l.Value().Start, End: l.Value().Start}, NewText: "/*"}},
			}))
		default:
			opts = append(opts, lint.WithFix(lint.Fix{
				Title: fmt.Sprintf("Start the path with `/`: `/%s`", value),
				Edits: []lint.Edit{{Span: syntax.Span{Start: l.Value().Start, End: l.Value().Start}, NewText: "/"}},
			}))
		}
		pass.Report(l.Value(), msg, opts...)
	}
}

// urlPath reports whether value is a URL, with a scheme
// ("https://example.com/a") or a host name and a path ("www.example.com/a"),
// and returns its path with any query.
func urlPath(value []byte) ([]byte, bool) {
	rest := value
	if k := bytes.Index(value, []byte("://")); k > 0 && isURLScheme(value[:k]) {
		rest = value[k+3:]
	} else {
		// A host name needs a path after it: "index.html" is a file.
		slash := bytes.IndexByte(value, '/')
		if slash < 0 || !isHost(value[:slash]) {
			return nil, false
		}
	}
	if k := bytes.IndexAny(rest, "/?#"); k >= 0 {
		path := rest[k:]
		if path[0] != '/' {
			return append([]byte("/"), path...), true
		}
		return path, true
	}
	return []byte("/"), true
}

func isURLScheme(s []byte) bool {
	for i, c := range s {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return len(s) > 0
}

// isHost reports whether s looks like a host name: dot-separated
// labels of letters, digits and '-', the last of letters only.
func isHost(s []byte) bool {
	labels := bytes.Split(s, []byte("."))
	if len(labels) < 2 {
		return false
	}
	for _, label := range labels {
		if len(label) == 0 {
			return false
		}
		for _, c := range label {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	for _, c := range labels[len(labels)-1] {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}
