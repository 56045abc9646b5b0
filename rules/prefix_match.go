package rules

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// PrefixMatch reports a rule such as `Disallow: /shop` where the rest of
// the file shows that a directory was meant: the rule also matches
// `/shopping` and `/shop-old`. It stays silent without such evidence, since
// `Disallow: /search` blocking `/search?q=` and `/search/` alike is usually
// what was wanted.
var PrefixMatch = &lint.Rule{
	Name:    "prefix-match",
	Summary: "a path meant as a directory that also matches every longer name starting with the same characters",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow path without a trailing `/`, such as `/shop`, when the file's other " +
			"rules show that a directory was meant: they name paths inside it (`/shop/cart`), or most of them end " +
			"in `/` (four in five, of five or more) and the path is a Disallow rule of one segment (`/downloads`). " +
			"It does not report `/`, paths ending in `/`, `$` or `*`, paths with a wildcard, a file extension or " +
			"a query, paths ending in the name of a page that takes queries (`/search`, `/login`), nor a path that other rules extend with something other than a path inside it " +
			"(`/shop/`, `/shop?sort=`, `/shopping`), which shows the writer knows what it matches. A path repeated " +
			"in several groups is reported once.",
		Why: "Every crawler matches a rule as a prefix of the URL's path: `Disallow: /shop` blocks `/shop/` and " +
			"everything in it, but also `/shopping`, `/shop-old` and `/shop.html`. A rule meant for one directory " +
			"thus quietly blocks, or allows, pages that merely start with the same letters.",
		Instead: "End a directory with `/` (`Disallow: /shop/`), and add `$` to match a page exactly " +
			"(`Disallow: /shop$`). Keep the bare prefix when every URL starting with it is meant.",
	},
	Flagged:  "User-agent: *\nDisallow: /shop\nDisallow: /shop/cart/\nDisallow: /account/\n",
	Clean:    "User-agent: *\nDisallow: /shop/\nDisallow: /shop/cart/\nDisallow: /account/\n",
	Severity: lint.Hint,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runPrefixMatch,
}

func runPrefixMatch(pass *lint.Pass) {
	if notRobotsTxt(pass) {
		return
	}
	layout := pass.Layout(match.Google)
	f := layout.File
	// The file's distinct rule values, sorted: the values that extend a
	// value follow it. A site that repeats its rules for several crawlers
	// counts each once.
	values := make([][]byte, 0, len(layout.Rules))
	candidates := false
	for k := range layout.Rules {
		if v := f.Text(layout.Rules[k].Value()); len(v) >= 2 {
			values = append(values, v)
			candidates = candidates || prefixCandidate(v)
		}
	}
	if !candidates {
		return
	}
	slices.SortFunc(values, bytes.Compare)
	values = slices.CompactFunc(values, bytes.Equal)
	slashes := 0
	for _, v := range values {
		if v[len(v)-1] == '/' {
			slashes++
		}
	}
	// Most rules end in '/': four in five of five or more others. Fewer
	// would take a page beside a few directories for one; and deeper
	// paths are pages as often as not (`/erp/what-is-erp`,
	// `/i/Regulamin/2`), so only a top-level name is taken for a
	// directory on this evidence alone.
	others := len(values) - 1
	mostDirs := others >= 5 && 5*slashes >= 4*others
	evidence := make(map[string]string)
	for i, v := range values {
		if !prefixCandidate(v) || pageName(v) {
			continue
		}
		// A rule for the directory itself (`/shop/` or `/shop/*` beside
		// `/shop`) shows
		// the writer tells the two apart; only a path deeper inside is
		// evidence that the bare name was meant as the directory.
		inside, extended := false, false
		for _, o := range values[i+1:] {
			if !bytes.HasPrefix(o, v) {
				break
			}
			if o[len(v)] != '/' || len(bytes.TrimRight(o[len(v)+1:], "*")) == 0 {
				extended = true
				break
			}
			inside = true
		}
		switch {
		case extended:
		case inside:
			evidence[string(v)] = fmt.Sprintf("other rules name paths inside `%s/`", v)
		case mostDirs && bytes.LastIndexByte(v, '/') == 0:
			evidence[string(v)] = mostDirsEvidence
		}
	}
	if len(evidence) == 0 {
		return
	}
	// Each value once, at its first line: a site that repeats its rules
	// for many crawlers gets one piece of advice, not one per group.
	var order []string
	lines := make(map[string][]int)
	for k := range layout.Rules {
		v := f.Text(layout.Rules[k].Value())
		why, ok := evidence[string(v)]
		// An Allow among directories is often a page let through
		// (`Allow: /erp/what-is-erp`): only paths inside are evidence
		// for those.
		if !ok || why == mostDirsEvidence && layout.Rules[k].Allow {
			continue
		}
		if lines[string(v)] == nil {
			order = append(order, string(v))
		}
		lines[string(v)] = append(lines[string(v)], int(layout.Rules[k].Line))
	}
	for _, v := range order {
		for _, group := range pass.GroupBySuppression(lines[v]) {
			k := layout.RuleAt(group[0])
			pass.Report(layout.Rules[k].Value(), fmt.Sprintf("%s matches not only the directory `%s/` but every path that starts with `%s`, "+
				"such as `%s-old` and `%s.html`%s; %s: write `%s/` for the directory, and `%s$` for the page itself",
				prose.Quote([]byte(v)), v, v, v, v, hereAndMore(group), evidence[v], v, v))
		}
	}
}

const mostDirsEvidence = "most other rules in this file end in `/`"

// pageNames are the last segments of paths that name pages taking
// queries, whose prefix is what is meant: `/search` is to match
// `/search?q=` and `/search/` alike.
var pageNames = []string{"search", "login", "logout", "signin", "signup", "register", "cart", "checkout"}

func pageName(v []byte) bool {
	last := v[bytes.LastIndexByte(v, '/')+1:]
	for _, n := range pageNames {
		if bytes.EqualFold(last, []byte(n)) {
			return true
		}
	}
	return false
}

// prefixCandidate reports whether value could be a directory written
// without its '/': a path of plain characters whose last segment has no
// extension.
func prefixCandidate(v []byte) bool {
	if len(v) < 2 || v[0] != '/' || bytes.ContainsAny(v, "*$?=&#;%") {
		return false
	}
	// Text a message cannot show as it is gets no advice.
	if prose.Quote(v) != "`"+string(v)+"`" {
		return false
	}
	last := v[bytes.LastIndexByte(v, '/')+1:]
	return len(last) > 0 && bytes.IndexByte(last, '.') < 0
}
