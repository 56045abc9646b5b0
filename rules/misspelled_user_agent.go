package rules

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// MisspelledUserAgent reports a User-agent token that is one typo away
// from a known crawler's token. Crawlers match their own token
// exactly (ignoring case), so `Googelbot` is read by no crawler at all and
// Googlebot keeps following the * group.
var MisspelledUserAgent = &lint.Rule{
	Name:    "misspelled-user-agent",
	Summary: "a User-agent token a typo away from a known crawler's",
	Doc: lint.Doc{
		What: "Reports a User-agent token that is not a crawler robotslint knows but is one typo (a wrong, " +
			"missing, extra or swapped letter) away from one, such as `Googelbot` for `Googlebot`. Many real " +
			"crawlers differ by one letter of a short name (`PingBot` and `bingbot`, `Roverbot` and `rogerbot`), " +
			"so a typo counts only in a distinctive part of six letters or more (`Googel` in `Googelbot`) or in " +
			"the common word after an intact one (`Googlebto`). Tokens that extend a known one " +
			"(`Googlebot-Mobile`, `SemrushBot-SA`) or start one (`Perplexity`) are left alone, and so are " +
			"tokens shorter than six letters.",
		Why: "Crawlers compare their token with the User-agent value exactly, ignoring only case. A misspelled " +
			"token names no crawler, so its group is read by none, and the crawler that was meant follows the " +
			"`*` group, or no rule at all, instead.",
		Instead: "Spell the token as the crawler's operator documents it.",
		FixSafety: "The fix renames the token to the crawler's, one fix for each crawler it may be a typo of, and is " +
			"never safe (applied only with `--unsafe-fixes`): the crawler that was meant comes to obey this group " +
			"instead of the `*` group or no group at all, which changes what it may fetch. Check which crawler " +
			"was meant before applying it.",
	},
	Flagged:  "User-agent: Googelbot\nDisallow: /private/\n",
	Clean:    "User-agent: Googlebot\nDisallow: /private/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runMisspelledUserAgent,
}

// minTypoLen is the shortest token checked: below it, a typo and
// another real crawler's name are too alike ("Yeti", "Sogou").
const minTypoLen = 6

// agentCandidate is a known crawler token a typo may be meant as.
type agentCandidate struct {
	token string // as the crawler list spells it
	lower string
	op    string
}

// agentCandidates are the known crawler tokens that are valid product
// tokens, indexed for typoOf, built on first use.
var agentCandidates = sync.OnceValue(func() *candidateIndex {
	x := &candidateIndex{lowers: map[string]bool{}, wordPrefixes: map[string]bool{}}
	for _, c := range kb.Crawlers() {
		if tokenPrefix([]byte(c.Token)) != len(c.Token) || genericTokens[syntax.LowerASCII(c.Token)] {
			continue
		}
		lower := syntax.LowerASCII(c.Token)
		k := len(x.cs)
		x.cs = append(x.cs, agentCandidate{c.Token, lower, c.Operator})
		x.lowers[lower] = true
		for i := range lower {
			if wordStart(c.Token, i) {
				x.wordPrefixes[lower[:i]] = true
			}
		}
		for len(x.byLen) <= len(lower) {
			x.byLen = append(x.byLen, nil)
		}
		x.byLen[len(lower)] = append(x.byLen[len(lower)], k)
	}
	return x
})

// candidateIndex holds the candidates so that typoOf asks a few map
// lookups and tries only the tokens of about the same length, not every
// known crawler for every user-agent line of every file.
type candidateIndex struct {
	cs []agentCandidate
	// lowers are the candidates' tokens in lower case, and wordPrefixes
	// their prefixes that end before a word starts (`semrushbot` of
	// `SemrushBot-SWA`).
	lowers, wordPrefixes map[string]bool
	// byLen lists the indices in cs of the tokens of each length.
	byLen [][]int
}

func runMisspelledUserAgent(pass *lint.Pass) {
	f := pass.File
	// Files repeat tokens: each is looked up once.
	seen := map[string][]*agentCandidate{}
	eachUserAgent(f, func(i int, l *syntax.Line, value []byte) {
		n := tokenPrefix(value)
		if n < minTypoLen || lookupCrawler(value) != nil {
			return
		}
		best, ok := seen[string(value[:n])]
		if !ok {
			if lookupCrawler(value[:n]) == nil {
				best = typoOf(string(value[:n]))
			}
			seen[string(value[:n])] = best
		}
		if len(best) == 0 {
			return
		}
		token := string(value[:n])
		var names []string
		var opts []lint.ReportOption
		span := syntax.Span{Start: l.Value().Start, End: l.Value().Start + n}
		for _, c := range best {
			names = append(names, fmt.Sprintf("`%s` (%s)", c.token, c.op))
			opts = append(opts, lint.WithFix(lint.Fix{
				Title: "Rename to " + c.token,
				Edits: []lint.Edit{{Span: span, NewText: c.token}},
			}))
		}
		meant := names[0]
		if len(names) > 1 {
			meant = strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
		}
		msg := fmt.Sprintf("`%s` is no crawler robotslint knows, but it is a typo away from %s: crawlers match their token exactly, so if that crawler was meant, it does not read this group",
			token, meant)
		pass.Report(span, msg, opts...)
	})
}

// typoOf returns the known tokens that token is a plausible typo of
// (oneTypo, typoPlausible). It returns none when token is known, or
// extends a known token or starts one at a word boundary: such tokens
// name real crawlers (`SemrushBot-SA` beside the listed `SemrushBot-SWA`,
// `Claude` for Anthropic's crawlers), while `Googlebo` and `Googlebots`
// are typos.
func typoOf(token string) []*agentCandidate {
	lower := syntax.LowerASCII(token)
	x := agentCandidates()
	if x.lowers[lower] || x.wordPrefixes[lower] {
		return nil // a known token, or the start of one
	}
	for i := range lower {
		if wordStart(token, i) && x.lowers[lower[:i]] {
			return nil // a known token extended
		}
	}
	// One typo changes the length by one at most.
	var ks []int
	for n := max(len(lower)-1, 0); n <= len(lower)+1 && n < len(x.byLen); n++ {
		for _, k := range x.byLen[n] {
			if c := &x.cs[k]; oneTypo(lower, c.lower) && typoPlausible(lower, c.lower) {
				ks = append(ks, k)
			}
		}
	}
	slices.Sort(ks) // in the crawler list's order
	var best []*agentCandidate
	for _, k := range ks {
		best = append(best, &x.cs[k])
	}
	return best
}

// typoPlausible reports whether token, one edit away from the known
// token known, is more likely a typo of it than another crawler's name.
// Crawler names are mostly a distinctive stem and a common word ("bing" +
// "bot", "Yisou" + "Spider"), and real crawlers differ from each other by
// a letter of a short stem all the time: PingBot and bingbot, Roverbot and
// rogerbot, Msrbot and msnbot, Snapbot and ShapBot, Aspider and Spider
// are five pairs of real crawlers. So an edit inside the stem counts as a
// typo only when the stem is six letters or more (Googelbot, ClaudBot);
// an edit in the common word when the stem is intact (Googlebto,
// Baiduspyder); and a known token that is nothing but a common word
// ("Spider") is never meant.
func typoPlausible(token, known string) bool {
	stem, suffix := known, ""
	for _, word := range []string{"bot", "spider", "crawler"} {
		if strings.HasSuffix(known, word) {
			stem, suffix = strings.TrimSuffix(known, word), word
			if n := len(stem); n > 0 && (stem[n-1] == '-' || stem[n-1] == '_') {
				stem, suffix = stem[:n-1], known[n-1:]
			}
			break
		}
	}
	switch {
	case stem == "":
		return false
	case suffix == "" || strings.HasSuffix(token, suffix):
		return len(stem) >= 6 // the edit is in the stem
	}
	return strings.HasPrefix(token, stem) // the edit is in the common word
}

// wordStart reports whether a new word of the token s starts at byte i:
// after '-' or '_', or at a capital after a lower-case letter.
func wordStart(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return false
	}
	c, prev := s[i], s[i-1]
	return c == '-' || c == '_' || prev == '-' || prev == '_' ||
		'A' <= c && c <= 'Z' && 'a' <= prev && prev <= 'z'
}

// oneTypo reports whether a and b differ by exactly one typo: a letter
// replaced, inserted or deleted, or two adjacent letters swapped (the
// optimal-string-alignment distance is 1). Checking for one typo takes a
// single pass; a general edit distance is not needed.
func oneTypo(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	switch len(a) - len(b) {
	case 0:
		if i == len(a) {
			return false // equal
		}
		if a[i+1:] == b[i+1:] {
			return true // one letter replaced
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:] // swapped
	case 1:
		return a[i+1:] == b[i:] // one letter more in a
	}
	return false
}
