package rules

import (
	"bytes"
	"strings"
	"sync"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds the fast checks that tell a rule whether one of its
// fixes is safe (see lint.Fix.Safe) without comparing verdicts: each
// knows what its kind of edit can change and for which crawler. A fix
// that no such check covers is proven by lint's Pass.ProveSafe, which
// compares verdicts within a budget.

// editEffect is what removing or repairing something that should not be
// in a line changes for crawlers.
type editEffect struct {
	// googleSame says Google reads the line the same without it, and
	// othersSame the same of the crawlers that read the syntax tree.
	googleSame, othersSame bool
	// google says what Google reads now, when googleSame is false.
	google string
	// severity is how much it matters: error when Google misreads the
	// line, warning when only other crawlers do, info when none does.
	severity lint.Severity
	// safe says that the edit is a safe fix: no crawler reads the line
	// differently after it. That one crawler comes to read the line as
	// Google does is not enough: how it groups the other lines decides
	// whether that moves its verdicts towards Google's or away from them.
	safe bool
}

// judgeEdit compares how crawlers read a line's text before and after an
// edit that removes or repairs something that should not be there; how
// says "without it" or "once repaired" in messages.
func judgeEdit(pass *lint.Pass, before, after []byte, how string) editEffect {
	gBefore, gAfter := readAsGoogle(before), readAsGoogle(after)
	if gBefore.sameToGoogle(gAfter) {
		// Crawlers that read the syntax tree matter only when targeted.
		others, limited := false, false
		for _, p := range pass.Targets {
			others = others || p != match.Google
			limited = limited || p.SizeLimit > 0
		}
		if !others || readAsStandard(before).sameToStandards(readAsStandard(after)) {
			// Still, an edit that changes the length of a file past a
			// profile's size limit moves the limit to other lines.
			safe := !limited || len(pass.File.Bytes()) <= syntax.SizeLimit || len(before) == len(after)
			return editEffect{googleSame: true, othersSame: true, severity: lint.Info, safe: safe}
		}
		return editEffect{googleSame: true, severity: lint.Warning}
	}
	var what string
	switch {
	case !gBefore.ok():
		what = "Google ignores the line, which " + how + " reads " + gAfter.quote()
	case !gAfter.ok():
		what = "Google reads " + gBefore.quote() + ", and " + how + " would ignore the line"
	case gBefore.d != gAfter.d:
		what = "Google reads " + gBefore.quote() + " instead of " + gAfter.quote()
	case gBefore.d == syntax.DirectiveUserAgent && gBefore.token() == "":
		what = "Google reads an empty crawler name, which matches no crawler, instead of `" + gAfter.token() + "`"
	case gBefore.d == syntax.DirectiveUserAgent:
		what = "Google reads the crawler name as `" + gBefore.token() + "` instead of `" + gAfter.token() + "`"
	case gBefore.d == syntax.DirectiveSitemap:
		what = "Google reads the sitemap URL as `" + visibleText([]byte(gBefore.value)) + "`"
	default:
		what = "Google matches the pattern as `" + googlePatternText(gBefore.value) + "` instead of `" + googlePatternText(gAfter.value) + "`"
	}
	return editEffect{google: what, severity: lint.Error}
}

// yandexCheck decides whether a fix that makes Yandex read a group
// whole, as Google does, is safe: whether every Yandex verdict it changes
// becomes Google's. It is built on the first fix that asks.
//
// Completing a group moves Yandex to Google's verdicts only where the two
// read the completed rules alike and pick the same groups for a crawler.
// Otherwise a verdict that agreed by accident while the rules were cut
// short can come to differ: Google's index.html rule, percent-encoding or
// a `$` inside a pattern, a line Google reads as a rule and Yandex does
// not, or a crawler whose group Google finds by the leading token of a
// value ("Googlebot/2.1") and Yandex by the whole value. And a longest
// match over part of the rules is no closer to the longest match over all
// of them than it was before: every other group Yandex merges with this
// one must be whole already.
type yandexCheck struct {
	pass    *lint.Pass
	shapes  []groupShape
	valid   bool           // every User-agent value in the file is a token or *
	special []bool         // lines on which Google cuts the text (NUL, control character, length)
	alike   []bool         // per group: Google and Yandex read its lines alike
	bad     map[string]int // agent -> the groups naming it that are partial or not alike
}

func newYandexCheck(pass *lint.Pass, shapes []groupShape) *yandexCheck {
	f := pass.File
	c := &yandexCheck{pass: pass, shapes: shapes, valid: true, alike: make([]bool, len(shapes)), bad: map[string]int{}}
	eachUserAgent(f, func(_ int, _ *syntax.Line, value []byte) {
		if classifyAgent(value) != agentValid {
			c.valid = false
		}
	})
	c.special = make([]bool, len(f.Lines))
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactNUL, syntax.FactControlChar, syntax.FactLineTooLong:
			if x.Line >= 0 {
				c.special[x.Line] = true
			}
		}
	}
	// Each group's lines are read once: the groups tile the file.
	for k := range shapes {
		c.alike[k] = c.computeAlike(k)
		if c.alike[k] && !shapes[k].partial() {
			continue
		}
		for _, a := range distinct(shapes[k].agentsOf(f)) {
			c.bad[a]++
		}
	}
	return c
}

// safe reports whether completing Yandex's reading of group k is safe.
func (c *yandexCheck) safe(k int) bool {
	if c.pass.Targeted(match.Legacy) || !c.valid || !c.alike[k] {
		// The 1994 standard reads the completed group by first match,
		// which can differ from Google where the cut one did not.
		return false
	}
	self := 0 // group k counts among the bad groups of its agents
	if c.shapes[k].partial() {
		self = 1
	}
	for _, a := range distinct(c.shapes[k].agentsOf(c.pass.File)) {
		if a != "*" && !safeForYandex(c.pass, a) || c.bad[a]-self > 0 {
			return false
		}
	}
	return true
}

func (c *yandexCheck) computeAlike(k int) bool {
	f := c.pass.File
	g := c.shapes[k].g
	if g.End > 0 && f.Lines[g.End-1].Span.End > match.Yandex.SizeLimit {
		return false // Yandex stops reading at 500 KiB
	}
	for i := g.First; i < g.End; i++ {
		if c.special[i] {
			return false
		}
		google, _, _, _ := match.GoogleLine(f, i)
		exact, value := match.StandardLine(f, i)
		group := func(d syntax.Directive) bool { return d == syntax.DirectiveUserAgent || d.IsRule() }
		if !group(google) && !group(f.Lines[i].Directive) {
			continue
		}
		if google != exact {
			return false // a misspelled key or a missing colon: only Google reads it
		}
		if exact.IsRule() && !patternAlike(value, exact == syntax.DirectiveAllow) {
			return false
		}
	}
	return true
}

// patternAlike reports whether Google and Yandex match a rule's pattern
// alike: empty, or starting with '/' or '*' (Yandex drops other rules), in
// printable ASCII without '%' (each normalises encodings its own way),
// with '$' only at the end, and not an Allow that Google also reads as
// allowing its directory ("/a/index.html" allows "/a/" at Google).
func patternAlike(p []byte, allow bool) bool {
	if len(p) == 0 {
		return true
	}
	if p[0] != '/' && p[0] != '*' {
		return false
	}
	for i, c := range p {
		if c <= ' ' || c >= 0x7F || c == '%' || c == '$' && i != len(p)-1 {
			return false
		}
	}
	if allow {
		if slash := bytes.LastIndexByte(p, '/'); slash >= 0 && bytes.HasPrefix(p[slash:], []byte("/index.htm")) {
			return false
		}
	}
	return true
}

// safeForYandex reports whether making a group's token exactly token
// (lower case) keeps Yandex from moving away from Google, when Yandex is
// targeted. Yandex robots obey a group whose value their name contains,
// Google only one whose token equals their name: a token that is part of
// another Yandex robot's name ("yandex" of "yandexbot") would give that
// robot the group at Yandex but not at Google.
func safeForYandex(pass *lint.Pass, token string) bool {
	if !pass.Targeted(match.Yandex) {
		return true
	}
	for _, name := range yandexNames() {
		if name != token && strings.Contains(name, token) {
			return false
		}
	}
	return true
}

// yandexNames are the lower-cased tokens of the known Yandex robots.
var yandexNames = sync.OnceValue(func() []string {
	var names []string
	for _, c := range kb.Crawlers() {
		if name := syntax.LowerASCII(c.Token); strings.Contains(name, "yandex") {
			names = append(names, name)
		}
	}
	return names
})

// pastSizeLimit reports whether the file runs past 500 KiB. RFC 9309
// crawlers stop reading there, so a fix that deletes or lengthens a line
// moves other lines across the limit, which no fix here can prove
// harmless.
func pastSizeLimit(f *syntax.File) bool {
	for _, x := range f.Facts {
		if x.Kind == syntax.FactPastSizeLimit {
			return true
		}
	}
	return false
}

// priorities counts the rules of a file by kind and priority, to tell
// whether changing a pattern's length can change which rule wins: Google
// and RFC 9309 let the longer pattern win, so shortening a Disallow by k
// bytes matters only if some Allow has a priority it then no longer beats.
type priorities struct {
	// sums[kind][p] is the number of rules of the kind (0 Disallow,
	// 1 Allow) with a priority below p, counting Google's and RFC 9309's
	// priority of each rule.
	sums [2][]int32
}

// newPriorities counts the priorities of the rules Google and RFC 9309
// parsers (and so Bing and Yandex) read, Google's extra directory rules
// included.
func newPriorities(pass *lint.Pass) *priorities {
	var counts [2][]int32
	add := func(allow bool, p int32) {
		kind := kindIndex(allow)
		for int32(len(counts[kind])) <= p {
			counts[kind] = append(counts[kind], 0)
		}
		counts[kind][p]++
	}
	for _, l := range []*match.Layout{pass.Layout(match.Google), pass.Layout(match.RFC9309)} {
		for k := range l.Rules {
			r := &l.Rules[k]
			add(r.Allow, max(r.Priority, 0))
			if r.DirPriority > 0 {
				add(true, r.DirPriority)
			}
		}
	}
	pp := &priorities{}
	for kind := range counts {
		sums := make([]int32, len(counts[kind])+1)
		for p, n := range counts[kind] {
			sums[p+1] = sums[p] + n
		}
		pp.sums[kind] = sums
	}
	return pp
}

// any reports whether some rule of the kind has a priority in [lo, hi].
func (pp *priorities) any(allow bool, lo, hi int) bool {
	sums := pp.sums[0]
	if allow {
		sums = pp.sums[1]
	}
	lo, hi = max(lo, 0), min(hi, len(sums)-2)
	return lo <= hi && sums[hi+1]-sums[lo] > 0
}

// lengthChangeSafe reports whether a rule of the kind whose priority goes
// from before to after still beats, ties and loses against every rule of
// the other kind as it did. A Disallow wins only when longer than the
// Allow; an Allow wins ties.
func (pp *priorities) lengthChangeSafe(allow bool, before, after int) bool {
	lo, hi := min(before, after), max(before, after)
	if allow {
		// Allow a against Disallow d: a wins iff a >= d.
		return !pp.any(false, lo+1, hi)
	}
	// Disallow d against Allow a: d wins iff d > a.
	return !pp.any(true, lo, hi-1)
}

// sameReaders reports whether deleting rule r, given rule q (an equal or
// broader rule of the same kind), is invisible to every targeted profile
// other than Google as far as grouping goes: each profile that reads r
// reads it in the group it reads q in. A profile that does not read r at
// all (a missing colon, a blank line before it for Yandex) loses nothing.
func (c *comparison) sameReaders(pass *lint.Pass, q, r *comparedRule) bool {
	if (pass.Targeted(match.RFC9309) || pass.Targeted(match.Bing)) && r.exact >= 0 && q.exact != r.exact {
		return false
	}
	// Yandex drops a rule that starts with neither '/' nor '*', but the
	// line still ends its group's user-agent lines, so the group must keep
	// another rule line.
	if pass.Targeted(match.Yandex) && r.yandex >= 0 &&
		(q.yandex != r.yandex || q.yandexDrop && !r.yandexDrop) {
		return false
	}
	if pass.Targeted(match.Legacy) && r.blank >= 0 && q.blank != r.blank {
		return false
	}
	return true
}
