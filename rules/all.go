package rules

import "github.com/robotslint/robotslint/lint"

// All returns every rule, in the order the documentation lists them: the
// mistakes that lose rules first, then disagreements between crawlers,
// then what is merely worth knowing.
func All() []*lint.Rule {
	// While the catalogue is being written, each part of it keeps its own
	// list; they are joined here in the documented order.
	all := []*lint.Rule{}
	for _, part := range [][]*lint.Rule{fileRules, directiveRules, agentRules, pathRules} {
		all = append(all, part...)
	}
	return append(all, lint.UnusedSuppression)
}

// Lookup returns the rule named name, or nil.
func Lookup(name string) *lint.Rule {
	for _, r := range All() {
		if r.Name == name {
			return r
		}
	}
	return nil
}
