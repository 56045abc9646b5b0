package rules

import (
	"bytes"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// HashInPath reports an Allow or Disallow path with a '#' glued to it, as
// in `Disallow: /page#section`. Every crawler takes '#' for the start of a
// comment, wherever it stands, so the rule is the path before it: broader
// than written, and `/#!/app` becomes `/`, the whole site.
//
// Only a '#' with no whitespace before it and a single word after it reads
// as a fragment; `Disallow: /a # note` and `Disallow: /a/#old rules` are
// comments as their writers meant.
var HashInPath = &lint.Rule{
	Name:    "hash-in-path",
	Summary: "a `#` inside an Allow or Disallow path, which cuts the rule short",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow path with a `#` glued to it, such as `Disallow: /page#section` or " +
			"`Disallow: /#!/app`: no whitespace before the `#`, and one word after it.",
		Why: "Every crawler reads `#` as the start of a comment, even inside a path, so the rule ends before it: " +
			"`Disallow: /page#section` is read as `Disallow: /page`, which blocks `/page` and every URL that starts " +
			"with it, and `Disallow: /#!/app` is read as `Disallow: /`, which blocks the whole site. A URL's " +
			"`#fragment` is never sent to the site, so no rule can name part of a page.",
		Instead: "Write the page's path alone (`Disallow: /page`, or `Disallow: /page$` for that URL only), and put a " +
			"space before `#` when it starts a note. A `%23` in a pattern matches an encoded `#` in a URL, which is " +
			"another URL, not a fragment. No fix is offered: a space before `#` would keep every crawler's verdicts but " +
			"hide the question of what the rule should block, which only the site's owner can answer.",
	},
	Flagged:  "User-agent: *\nDisallow: /help#contact\n",
	Clean:    "User-agent: *\nDisallow: /help$ # the contact section is part of the page\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runHashInPath,
}

func runHashInPath(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	content := judgeContent(pass)
	eachRuleLine(f, linesHolding(nil, f, pass.ReadTo(), gluedHash), func(i int, l *syntax.Line, value []byte) {
		comment := l.Comment()
		if len(value) == 0 || comment.Len() < 2 || comment.Start != l.Value().End || !content.reads(i) {
			return
		}
		fragment := bytes.TrimRight(f.Text(comment), " \t")
		if bytes.ContainsAny(fragment, " \t") {
			return // a note glued to the rule, not a fragment
		}
		if _, ok := cutEntity(f, l); ok {
			return // `&#x2F;`, which html-entity reports
		}
		d, _, read, _ := match.GoogleLine(f, i)
		rule := prose.Quote([]byte(d.Canonical() + ": " + string(read)))
		written := prose.Quote(append(append([]byte{}, value...), fragment...))
		var reach string
		switch string(read) {
		case "/", "*", "/*":
			if d == syntax.DirectiveAllow {
				reach = "which allows every URL"
			} else {
				reach = "which blocks the whole site"
			}
		default:
			verb := "blocks"
			if d == syntax.DirectiveAllow {
				verb = "allows"
			}
			reach = fmt.Sprintf("which %s every URL that starts with %s", verb, prose.Quote(read))
		}
		msg := fmt.Sprintf("crawlers read `#` as the start of a comment, so %s is the rule %s, %s; "+
			"a URL's `#fragment` is never sent to the site, so a rule cannot name one "+
			"(put a space before `#` if it starts a note)", written, rule, reach)
		pass.Report(syntax.Span{Start: l.Value().Start, End: comment.End}, msg)
	})
}

// gluedHash returns the offset of the first '#' in b that follows
// something other than a space or a tab, as a fragment glued to a rule's
// path does, or -1. Most '#' in a file start a comment line or a note
// after a space.
func gluedHash(b []byte) int {
	for at := 0; ; {
		n := bytes.IndexByte(b[at:], '#')
		if n < 0 {
			return -1
		}
		if k := at + n; k > 0 && b[k-1] != ' ' && b[k-1] != '\t' && b[k-1] != '\n' && b[k-1] != '\r' {
			return k
		}
		at += n + 1
	}
}
