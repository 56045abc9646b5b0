package main

import "github.com/agext/levenshtein"

// nearest returns the candidate closest to word, counting edits, when it
// is fewer than within edits away: what a mistyped name (a flag, a
// command, a rule) was probably meant to be. It returns "" when none is.
func nearest(word string, candidates []string, within int) string {
	best := ""
	for _, c := range candidates {
		if d := levenshtein.Distance(word, c, nil); d < within {
			best, within = c, d
		}
	}
	return best
}
