package rules

import (
	"bytes"
	"fmt"

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
		What: "Reports an Allow or Disallow path without a trailing `/`, such as `/shop`, when other rules show " +
			"that a directory was meant: rules for the same crawlers name paths inside it (`/shop/cart`), or most " +
			"rules of the file end in `/` (four in five, of five or more) and the path is a Disallow rule of one segment (`/downloads`). " +
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
	c := comparedRules(pass)
	if c == nil {
		return
	}
	f := c.f
	// The rules that could be reported, found in the order of the file:
	// the walk of the sorted view below then looks no further at the
	// others, whose patterns and source it would reach in no order.
	// Google reads such a path as written: the value is the pattern.
	total, slashes, candidates := 0, 0, 0
	candidate := make([]bool, len(c.rules))
	for k := range c.rules {
		pat := c.pat(&c.rules[k])
		if len(pat) < 2 {
			continue
		}
		total++
		if pat[len(pat)-1] == '/' {
			slashes++
		}
		if prefixCandidate(pat) && bytes.Equal(pat, f.Text(c.google.Rules[k].Value())) && !pageName(pat) {
			candidate[k] = true
			candidates++
		}
	}
	if candidates == 0 {
		return
	}
	// Most rules end in '/': four in five of five or more others. Fewer
	// would take a page beside a few directories for one; and deeper
	// paths are pages as often as not (`/erp/what-is-erp`,
	// `/i/Regulamin/2`), so only a top-level name is taken for a
	// directory on this evidence alone.
	others := total - 1
	mostDirs := others >= 5 && 5*slashes >= 4*others
	// The sorted view of the comparison puts the rules of a cluster of
	// groups (those that share crawlers) in the order of their literal
	// prefixes, so the rules that extend a path follow it.
	items := c.sorted()
	evidence := make(map[int32]string) // by rule
	for i := range items {
		it := &items[i]
		if it.extra || !it.literal || !candidate[it.rule] {
			continue
		}
		v := c.lit(it)
		// The run of rules with this literal prefix or a longer one:
		// back to its first, since `/shop$` may sort before `/shop`.
		from := i
		for from > 0 && items[from-1].cluster == it.cluster && bytes.Equal(c.lit(&items[from-1]), v) {
			from--
		}
		inside, extended := false, false
		for j := range items[from:] {
			o := &items[from+j]
			lit := c.lit(o)
			if o.cluster != it.cluster || !bytes.HasPrefix(lit, v) {
				break
			}
			pat := c.pat(&c.rules[o.rule])
			switch {
			case o.extra:
				// Google's `dir/$` of an index.html Allow.
			case len(lit) == len(v):
				// The same path again, `/shop*`, or `/shop$`, which
				// shows the writer tells the page from the prefix.
				extended = extended || bytes.HasSuffix(pat, []byte("$"))
			case lit[len(v)] != '/' || len(bytes.TrimRight(pat[len(v)+1:], "*$")) == 0:
				// A longer name (`/shopping`, `/shop?sort=`), or the
				// directory itself (`/shop/`, `/shop/*`): the writer
				// tells them from the bare name.
				extended = true
			default:
				inside = true
			}
			if extended {
				break
			}
		}
		switch {
		case extended:
		case inside:
			evidence[it.rule] = fmt.Sprintf("other rules name paths inside `%s/`", v)
		case mostDirs && bytes.LastIndexByte(v, '/') == 0 && !c.rules[it.rule].allow:
			// An Allow among directories is often a page let through
			// (`Allow: /erp/what-is-erp`).
			evidence[it.rule] = mostDirsEvidence
		}
	}
	if len(evidence) == 0 {
		return
	}
	// Each path once, at its first line: a site that repeats its rules
	// for many crawlers gets one piece of advice, not one per group.
	var paths []string
	lines := make(map[string][]int)
	why := make(map[string]string)
	for k := range c.rules {
		e, ok := evidence[int32(k)]
		if !ok {
			continue
		}
		v := string(c.pat(&c.rules[k]))
		if lines[v] == nil {
			paths = append(paths, v)
			why[v] = e
		}
		lines[v] = append(lines[v], int(c.rules[k].line))
	}
	for _, v := range paths {
		for _, group := range pass.GroupBySuppression(lines[v]) {
			k := c.google.RuleAt(group[0])
			pass.Report(c.google.Rules[k].Value(), fmt.Sprintf("%s matches not only the directory `%s/` but every path that starts with `%s`, "+
				"such as `%s-old` and `%s.html`%s; %s: write `%s/` for the directory, and `%s$` for the page itself",
				prose.Quote([]byte(v)), v, v, v, v, hereAndMore(group), why[v], v, v))
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
		if len(last) == len(n) && bytes.EqualFold(last, []byte(n)) {
			return true
		}
	}
	return false
}

// plainPathByte holds the bytes a candidate path may hold: printable
// ASCII, without the characters of wildcards, queries and escapes, so that
// a message can quote the path as it is.
var plainPathByte = func() (t [256]bool) {
	for c := '!'; c < 0x7f; c++ {
		t[c] = true
	}
	for _, c := range "*$?=&#;%`" {
		t[c] = false
	}
	return t
}()

// prefixCandidate reports whether value could be a directory written
// without its '/': a path of plain characters whose last segment has no
// extension.
func prefixCandidate(v []byte) bool {
	if len(v) < 2 || v[0] != '/' || v[len(v)-1] == '/' {
		return false
	}
	// The last segment first: it turns down most paths of a file, whose
	// rules mostly end in a directory's '/' or a file's extension.
	if bytes.IndexByte(v[bytes.LastIndexByte(v, '/')+1:], '.') >= 0 {
		return false
	}
	for _, c := range v {
		if !plainPathByte[c] {
			return false
		}
	}
	return true
}
