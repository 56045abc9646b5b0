package syntax

import "encoding/binary"

// Directive is the kind of directive a key names, resolved by exact,
// case-insensitive comparison with the canonical names. Misspellings
// ("Disalow") and longer keys ("Disallowed") resolve to DirectiveOther:
// telling what a crawler makes of them is the job of the rules and the
// matcher, which differ by crawler.
type Directive uint8

// The directives the parser knows by name.
const (
	// DirectiveNone is the directive of a line that is not a directive.
	DirectiveNone Directive = iota
	// DirectiveOther is a key that names none of the directives below.
	DirectiveOther
	DirectiveUserAgent
	DirectiveAllow
	DirectiveDisallow
	DirectiveSitemap
	DirectiveCrawlDelay
	DirectiveHost
	DirectiveCleanParam
	DirectiveRequestRate
	DirectiveVisitTime
	DirectiveNoindex
	DirectiveNofollow
	DirectiveNoarchive
	DirectiveContentSignal
	DirectiveContentUsage
)

// directiveNames holds each directive's name in lower case (the form keys
// are compared in) and in its conventional spelling.
var directiveNames = [...]struct{ lower, canonical string }{
	DirectiveNone:          {"", ""},
	DirectiveOther:         {"", ""},
	DirectiveUserAgent:     {"user-agent", "User-agent"},
	DirectiveAllow:         {"allow", "Allow"},
	DirectiveDisallow:      {"disallow", "Disallow"},
	DirectiveSitemap:       {"sitemap", "Sitemap"},
	DirectiveCrawlDelay:    {"crawl-delay", "Crawl-delay"},
	DirectiveHost:          {"host", "Host"},
	DirectiveCleanParam:    {"clean-param", "Clean-param"},
	DirectiveRequestRate:   {"request-rate", "Request-rate"},
	DirectiveVisitTime:     {"visit-time", "Visit-time"},
	DirectiveNoindex:       {"noindex", "Noindex"},
	DirectiveNofollow:      {"nofollow", "Nofollow"},
	DirectiveNoarchive:     {"noarchive", "Noarchive"},
	DirectiveContentSignal: {"content-signal", "Content-Signal"},
	DirectiveContentUsage:  {"content-usage", "Content-Usage"},
}

// String returns the directive's name in lower case ("user-agent"), or
// "none" and "other" for the two kinds that name no directive.
func (d Directive) String() string {
	switch {
	case d == DirectiveNone:
		return "none"
	case d == DirectiveOther:
		return "other"
	case int(d) < len(directiveNames):
		return directiveNames[d].lower
	}
	return "Directive(?)"
}

// Canonical returns the directive's name as it is conventionally written
// ("User-agent", "Crawl-delay"), or "" for DirectiveNone and DirectiveOther.
func (d Directive) Canonical() string {
	if int(d) < len(directiveNames) {
		return directiveNames[d].canonical
	}
	return ""
}

// IsRule reports whether d is Allow or Disallow, the two directives that
// RFC 9309 calls rules and that end the user-agent lines of a group.
func (d Directive) IsRule() bool {
	// One comparison, not two: Allow and Disallow come in any order, and a
	// branch on each would often be mispredicted.
	return d-DirectiveAllow <= DirectiveDisallow-DirectiveAllow
}

// Directives returns every named directive, in declaration order.
func Directives() []Directive {
	ds := make([]Directive, 0, len(directiveNames)-2)
	for d := DirectiveUserAgent; int(d) < len(directiveNames); d++ {
		ds = append(ds, d)
	}
	return ds
}

// maxDirectiveName is the length of the longest directive name.
const maxDirectiveName = len("content-signal")

// LookupDirective resolves a key, compared case-insensitively (ASCII only)
// with the directive names; anything else is DirectiveOther.
func LookupDirective(key []byte) Directive { return lookupDirective(key, 0, len(key)) }

// lookupDirective is LookupDirective for the key src[start:end]. It hashes
// the key's first eight bytes and length to the one directive it can be,
// and compares eight bytes at a time.
func lookupDirective(src []byte, start, end int) Directive {
	if n := end - start; n > 0 && n <= 8 && start+8 <= len(src) {
		return shortDirective(binary.LittleEndian.Uint64(src[start:]), n)
	}
	return lookupAnyDirective(src, start, end)
}

// shortDirective is lookupDirective for a key of n bytes, 1 to 8, given the
// eight bytes from its start. Parse calls it for nearly every directive
// line (Allow, Disallow), and it is small enough to inline.
func shortDirective(word uint64, n int) Directive {
	pad := uint(64-8*n) & 63 // shifts out the bytes after the key
	first := (word | 0x2020202020202020) << pad >> pad
	if slot := &directiveSlots[directiveHash(first, n)]; slot.first == first && int(slot.n) == n {
		return slot.d
	}
	return DirectiveOther
}

// lookupAnyDirective is lookupDirective for keys of any length.
func lookupAnyDirective(src []byte, start, end int) Directive {
	n := end - start
	if n == 0 || n > maxDirectiveName {
		return DirectiveOther
	}
	first := foldWord(src, start, min(n, 8))
	slot := &directiveSlots[directiveHash(first, n)]
	if slot.first != first || int(slot.n) != n || n > 8 && foldWord(src, end-8, 8) != slot.last {
		return DirectiveOther
	}
	return slot.d
}

// foldWord returns the n bytes (at most 8) of src from start as a
// little-endian word, zero-padded, with bit 0x20 set in each byte. That
// lower-cases letters and leaves '-' alone; the only other byte it turns
// into a letter or '-' is CR, which never occurs inside a line, so two
// words are equal exactly when the bytes equal a lower-case name ignoring
// case.
func foldWord(src []byte, start, n int) uint64 {
	var w uint64
	if start+8 <= len(src) {
		w = binary.LittleEndian.Uint64(src[start:])
	} else {
		for i := n - 1; i >= 0; i-- {
			w = w<<8 | uint64(src[start+i])
		}
	}
	return (w | 0x2020202020202020) & below(8*n)
}

// directiveHash maps the first eight bytes of a lower-case directive name,
// as foldWord reads them, and its length to a slot of directiveSlots. The
// multiplier was chosen so that no two names share a slot;
// TestLookupDirective fails if they do.
func directiveHash(first uint64, n int) int {
	return int((first ^ uint64(n)<<59) * 0x9E3779B97F4A7C15 >> 58)
}

// directiveSlots holds each named directive at its hash, with its name's
// length and first and last eight bytes as foldWord reads them, so that one
// slot says which directive a key is, if any. The other slots have length
// 0, which no key has.
var directiveSlots [64]directiveSlot

type directiveSlot struct {
	first, last uint64
	n           uint8
	d           Directive
}

func init() {
	for _, d := range Directives() {
		name := []byte(directiveNames[d].lower)
		n := len(name)
		first := foldWord(name, 0, min(n, 8))
		last := foldWord(name, max(0, n-8), min(n, 8))
		directiveSlots[directiveHash(first, n)] = directiveSlot{first, last, uint8(n), d}
	}
}

// LowerASCII returns s with ASCII letters lower-cased and every other byte
// kept. robots.txt names (directives, user-agent tokens) compare ignoring
// ASCII case only: strings.ToLower would also fold the Kelvin sign into
// 'k' and rewrite invalid UTF-8.
func LowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
