package kb

import (
	"slices"

	"github.com/robotslint/robotslint/syntax"
)

// Conflicts is how a crawler settles page rules that contradict each
// other, such as index and noindex on one page.
type Conflicts string

// The ways crawlers settle contradicting page rules.
const (
	// RestrictiveWins: the rule that takes more away applies (noindex over
	// index, nosnippet over max-snippet, the smaller max-snippet).
	RestrictiveWins Conflicts = "restrictive"
	// PermissiveWins: the rule that allows more applies (index over
	// noindex).
	PermissiveWins Conflicts = "permissive"
)

// Combining says how crawlers following one profile combine the page rules
// addressed to them: those of every robots meta tag naming them or
// "robots", and of every X-Robots-Tag header line.
type Combining struct {
	Profile   Profile
	Conflicts Conflicts
	// Documented is false when the operator does not say how its crawler
	// settles conflicts, and Conflicts is robotslint's assumption.
	Documented bool
	// Note explains the policy to a webmaster, with its source's words.
	Note string
	// Source cites the pages the facts come from: URLs, separated by "; ".
	Source string
}

// CombiningFor returns how crawlers following p combine page rules, and
// false if p is not one of PageProfiles.
func CombiningFor(p Profile) (Combining, bool) {
	for _, c := range combinings {
		if c.Profile == p {
			return c, true
		}
	}
	return Combining{}, false
}

// Setting is one page rule as a page gives it, for Combine.
type Setting struct {
	// Name is the rule's name ("max-snippet"), compared ignoring case.
	Name string
	// Arg is its value, trimmed of spaces, or "" when it has none.
	Arg string
	// Origin is the caller's, kept through Combine so that it can tell
	// which tag or header each rule in effect came from.
	Origin int
}

// Combine returns the page rules that crawlers following profile p act on
// when settings are every rule addressed to them, from all tags and
// headers. Rules p ignores, unknown rules and rules with a value p cannot
// read are dropped; "none" and "all" become the rules they stand for
// (keeping their Origin); a rule given twice is kept once, with the most
// restrictive value under RestrictiveWins and the least under
// PermissiveWins; and of two contradicting rules (index and noindex,
// nosnippet and max-snippet) the one p's Combining favours is kept. The
// result is in PageValues order, names in lower case. It returns nil when
// p is not one of PageProfiles.
func Combine(p Profile, settings []Setting) []Setting {
	c, ok := CombiningFor(p)
	if !ok {
		return nil
	}
	restrictive := c.Conflicts == RestrictiveWins
	// kept holds the chosen setting per rule, by index in pageValues.
	kept := make(map[int]Setting)
	var add func(s Setting, v *PageValue)
	add = func(s Setting, v *PageValue) {
		if sup, _ := v.SupportFor(p); sup.Reading == Ignored || !v.ValidArg(s.Arg) {
			return
		}
		if len(v.Implies) > 0 {
			for _, name := range v.Implies {
				add(Setting{Name: name, Origin: s.Origin}, LookupPageValue(name))
			}
			return
		}
		s.Name = v.Name
		i := pageValueIndex()[v.Name]
		old, dup := kept[i]
		better := stricter(v, s.Arg, old.Arg)
		if !restrictive {
			better = stricter(v, old.Arg, s.Arg)
		}
		if !dup || better {
			kept[i] = s
		}
	}
	for _, s := range settings {
		if v := LookupPageValue(s.Name); v != nil {
			add(s, v)
		}
	}
	idx := make([]int, 0, len(kept))
	for i := range kept {
		idx = append(idx, i)
	}
	slices.Sort(idx)
	for _, i := range idx {
		v := &pageValues[i]
		for _, other := range append([]string{v.Opposite}, v.Subsumes...) {
			if _, alive := kept[i]; !alive {
				break
			}
			j, ok := pageValueIndex()[other]
			if _, both := kept[j]; !ok || !both {
				continue
			}
			// v wins over other when it is the more restrictive one and
			// restrictive rules win, or the other way round.
			if v.Restricts == restrictive {
				delete(kept, j)
			} else {
				delete(kept, i)
			}
		}
	}
	out := make([]Setting, 0, len(kept))
	for _, i := range idx {
		if s, ok := kept[i]; ok {
			out = append(out, s)
		}
	}
	return out
}

// stricter reports whether value a of rule v takes away more than value b:
// a smaller number, with -1 meaning no limit; an earlier choice; an
// earlier date.
func stricter(v *PageValue, a, b string) bool {
	switch v.Arg {
	case ArgNumber:
		x, _ := ParseNumber(a)
		y, _ := ParseNumber(b)
		if x == -1 || y == -1 {
			return y == -1 && x != -1
		}
		return x < y
	case ArgChoice:
		return slices.Index(v.Choices, syntax.LowerASCII(a)) < slices.Index(v.Choices, syntax.LowerASCII(b))
	case ArgDate:
		x, _ := ParseDate(a)
		y, _ := ParseDate(b)
		return x.Before(y)
	}
	return false
}

// combinings are the page profiles' policies, in PageProfiles order.
var combinings = []Combining{
	{
		Profile:    ProfileGoogle,
		Conflicts:  RestrictiveWins,
		Documented: true,
		Note: "Google adds up the rules of every tag and header that addresses Googlebot, by name or as robots, " +
			"and when they conflict it follows the most restrictive one: nosnippet beats max-snippet:50, and noindex " +
			"beats index.",
		Source: sources(srcGoogle, srcMDN),
	},
	{
		Profile:   ProfileBing,
		Conflicts: RestrictiveWins,
		Note: "Bing does not say how it settles index against noindex; robotslint assumes the more restrictive " +
			"rule applies, as at Google. Bing does say that when a page has both nocache and noarchive, it treats " +
			"it as nocache.",
		Source: sources(srcBing, srcBing2023),
	},
	{
		Profile:    ProfileYandex,
		Conflicts:  PermissiveWins,
		Documented: true,
		Note: "Yandex: \"Allow directives have priority over prohibiting directives if there's a combination of " +
			"both\": index beats noindex, follow beats nofollow and archive beats noarchive, the opposite of Google.",
		Source: srcYandex,
	},
}
