package rules

import (
	"bytes"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/agext/levenshtein"
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds how the directive rules resolve a written name to the
// directive it means (exactly, a known misspelling, another separator, a
// garbled byte order mark, a small edit away), which crawlers act on
// that directive, and the finding on a line that does not name it
// exactly.

// nameMatch says how a written name matches the directive it means.
type nameMatch uint8

const (
	matchNone nameMatch = iota
	// matchExact: the name itself, in any case.
	matchExact
	// matchKnown: a misspelling the knowledge base lists ("Disalow").
	matchKnown
	// matchVariant: the name with other separators or none ("User_agent",
	// "Crawldelay").
	matchVariant
	// matchGarbled: the exact name behind a byte order mark garbled into
	// "ï»¿" by a wrong character-set conversion.
	matchGarbled
	// matchNear: a small edit away from the name ("Disallw").
	matchNear
)

// garbledBOM is the UTF-8 byte order mark read as Windows-1252 and written
// back as UTF-8: "ï»¿".
const garbledBOM = "\u00ef\u00bb\u00bf"

// nameVariants maps each directive's name without '-' to the directive.
var nameVariants = sync.OnceValue(func() map[string]syntax.Directive {
	m := make(map[string]syntax.Directive)
	for _, d := range syntax.Directives() {
		m[strings.ReplaceAll(d.String(), "-", "")] = d
	}
	return m
})

// resolveName returns the directive that the name n means, and how n
// matches it; DirectiveNone when it means none. Edit distance is tried
// only when near is true: a word that is merely close to a directive's
// name is a misspelling only where a directive is expected. A garbled byte
// order mark is skipped, and skip says how many bytes it takes.
func resolveName(n []byte, near bool) (d syntax.Directive, how nameMatch, skip int) {
	if len(n) == 0 {
		return syntax.DirectiveNone, matchNone, 0
	}
	if d := syntax.LookupDirective(n); d != syntax.DirectiveOther {
		return d, matchExact, 0
	}
	if bytes.HasPrefix(n, []byte(garbledBOM)) {
		if d := syntax.LookupDirective(n[len(garbledBOM):]); d != syntax.DirectiveOther {
			return d, matchGarbled, len(garbledBOM)
		}
		return syntax.DirectiveNone, matchNone, 0
	}
	if len(n) > 32 {
		return syntax.DirectiveNone, matchNone, 0
	}
	if d, ok := kb.Misspelling(string(n)); ok {
		return d, matchKnown, 0
	}
	lower := syntax.LowerASCII(string(n))
	stripped := strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, lower)
	if d, ok := nameVariants()[stripped]; ok {
		return d, matchVariant, 0
	}
	if near && len(lower) >= 4 && isASCIIName(lower) {
		best, bestDist := syntax.DirectiveNone, 99
		for _, d := range syntax.Directives() {
			name := d.String()
			limit := 2
			// Short names are two edits from common words ("post",
			// "alloc"), and so are Noindex and its kin ("index",
			// "follow"): they take one edit, with the first letter kept.
			if len(name) <= 5 || isNoindexFamily(d) {
				limit = 1
				if lower[0] != name[0] {
					continue
				}
			}
			if diff := len(lower) - len(name); diff > limit || -diff > limit {
				continue
			}
			// No maximum cost: with one, Calculate can return a bound
			// below it for strings that are further apart.
			dist, _, _ := levenshtein.Calculate([]rune(lower), []rune(name), 0, 1, 1, 1)
			if dist <= limit && dist < bestDist {
				best, bestDist = d, dist
			}
		}
		if best != syntax.DirectiveNone {
			return best, matchNear, 0
		}
	}
	return syntax.DirectiveNone, matchNone, 0
}

// isASCIIName reports whether s is made of lower-case ASCII letters,
// digits, '-' and '_' only.
func isASCIIName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// isNameLike reports whether a key could be some directive's name: a
// letter, then letters, digits, '-', '_' and '.'. Other keys ("Error 404",
// "$$$$") are stray text, not directives.
func isNameLike(k []byte) bool {
	for i, r := range string(k) {
		if _, size := utf8.DecodeRune(k[i:]); r == utf8.RuneError && size == 1 {
			// A byte that is not UTF-8 is read as Latin-1, the usual
			// culprit, so that the name is judged as its UTF-8 twin.
			r = rune(k[i])
		}
		switch {
		case unicode.IsLetter(r):
		case i > 0 && (unicode.IsDigit(r) || r == '-' || r == '_' || r == '.'):
		default:
			return false
		}
	}
	return len(k) > 0
}

// extKind classifies keys that name no directive the syntax knows, but an
// extension robotslint recognises.
type extKind uint8

const (
	extNone extKind = iota
	// extQuiet: a recent extension (AI preferences, licensing) or a
	// verification token some service reads; nothing to report.
	extQuiet
	// extObsolete: a field of a proposal that no crawler implements
	// (robots.txt 2.0, ACAP); unsupported-directive reports it.
	extObsolete
)

// extensionKeys are the keys of recognised extensions, in lower case.
var extensionKeys = map[string]extKind{
	// AI-preference and licensing extensions that other validators
	// wrongly fail (Lighthouse, Search Console): crawlers that do not read
	// them lose nothing.
	"license":         extQuiet,
	"tdm-reservation": extQuiet,
	"tdm-policy":      extQuiet,
	"llms-txt":        extQuiet,
	"llms":            extQuiet,
	"llm-policy":      extQuiet,
	"agentmap":        extQuiet,
	// Daum's webmaster tool verifies site ownership by this line.
	"daumwebmastertool": extQuiet,
	// Sean Conner's robots.txt 2.0 proposal (1996).
	"robot-version": extObsolete,
	"comment":       extObsolete,
	// A meta tag's name that some sites copy into robots.txt; Google's
	// parser lists it among the keys it knows and ignores.
	"revisit-after": extObsolete,
}

// extensionOf returns how a key that names no directive is recognised.
func extensionOf(lowerKey string) extKind {
	if k, ok := extensionKeys[lowerKey]; ok {
		return k
	}
	if strings.HasPrefix(lowerKey, "acap-") {
		return extObsolete
	}
	return extNone
}

// isNoindexFamily reports whether d is one of the unofficial directives
// that no crawler reads any more.
func isNoindexFamily(d syntax.Directive) bool {
	return d == syntax.DirectiveNoindex || d == syntax.DirectiveNofollow || d == syntax.DirectiveNoarchive
}

// honours reports whether crawlers of profile p act on directive d, as the
// knowledge base records it.
func honours(d syntax.Directive, p *match.Profile) bool {
	k := kb.LookupDirective(d)
	if k == nil {
		return false
	}
	s, ok := k.SupportFor(kb.Profile(p.Name))
	return ok && s.Honoured
}

// reportName reports a finding of misspelled-directive or missing-colon on
// line i, with the fix that names the directive exactly. A line naming a
// directive no targeted crawler acts on loses nothing they would do, so it
// is reported as a warning at most.
func reportName(pass *lint.Pass, i int, info *lineInfo, span syntax.Span, msg string, severity lint.Severity) {
	if len(targetsWhere(pass, func(p *match.Profile) bool { return honours(info.meant, p) })) == 0 {
		severity = max(severity, lint.Warning)
	}
	var opts []lint.ReportOption
	if fix, ok := nameFix(pass, i, info); ok {
		opts = append(opts, lint.WithFix(fix))
	}
	if severity != lint.Error {
		opts = append(opts, lint.WithSeverity(severity))
	}
	pass.Report(span, msg, opts...)
}
