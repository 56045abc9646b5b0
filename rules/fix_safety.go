package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds the fast, local checks some fixes of the path rules
// use to tell whether they are safe: cheaper than proving the fix on the
// whole file, and enough for the fixes that change one rule.

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
