package match

import (
	"encoding/binary"

	"github.com/robotslint/robotslint/syntax"
)

// A Profile is one way of reading robots.txt: a standard's or a crawler's.
// Profiles are immutable values; use the ones this package defines.
type Profile struct {
	// Name is the profile's identifier on the command line and in
	// output: "google".
	Name string
	// Summary says in a line whose reading it is.
	Summary string
	// Readers is how messages name the crawlers that read a file this
	// way: "Google", "RFC 9309 crawlers".
	Readers string
	// Crawler is the token of the crawler that reads files this way, as
	// its operator writes it ("Googlebot"), or "" for a standard's
	// profile, which no one crawler stands for. Asking it shows what the
	// profile's own crawler does even when a file does not name it.
	Crawler string

	// SizeLimit is how many bytes of a file the profile reads, or 0 when
	// it reads every byte. A line across the limit is read up to it, as a
	// crawler that stops downloading there reads it.
	SizeLimit int

	// readGroups fills a Layout's groups from its file, for a profile
	// that reads files itself.
	readGroups func(*Layout)
	// base is the profile from whose layout of a file this one's is built
	// (by fromBase: see Layout.For), or nil when it reads files itself.
	// The two read the same lines, directives and patterns.
	base     *Profile
	fromBase func(base, l *Layout)
	// selectGroups returns the indices of the groups whose rules apply to
	// the crawler named agent, as it is given.
	selectGroups func(l *Layout, agent string) []int
	// normalize appends to dst the pattern the profile makes of a rule's
	// value, and touches holds the bytes it may change: a value without
	// them is its own pattern.
	normalize func(dst, value []byte) []byte
	touches   *[256]bool
	// adjustRule reads what else the profile reads in a rule line (see
	// readRule), or is nil.
	adjustRule func(r *RuleLine, value []byte, lines int)
	// path turns a URL into what rules are matched against, normalised as
	// read normalises patterns.
	path func(url string) string
	// literal is true when '*' and '$' in patterns are plain characters
	// and patterns are plain prefixes.
	literal bool
	// robotsTxtAllowed is true when the /robots.txt URL is always allowed.
	robotsTxtAllowed bool
}

// Google reads a file exactly as Google's open-source parser and matcher
// (google/robotstxt) do: misspelled and prefixed directive names, lines
// without a colon, the user-agent token as its leading [A-Za-z_-] run,
// every group naming the crawler merged and replacing the * groups, the
// longest pattern winning with Allow on ties, Google's percent-encoding
// normalisation and index.html rule, lines cut at 16,663 bytes and at a
// NUL byte, and /robots.txt not treated specially. Like Googlebot, and
// unlike the library, which parses what it is given, it reads only the
// first 500 KiB: "content which is after the maximum file size is
// ignored".
var Google = &Profile{
	Name:         "google",
	Crawler:      "Googlebot",
	Readers:      "Google",
	Summary:      "Google's open-source robots.txt parser and matcher (Googlebot and Google's other crawlers)",
	SizeLimit:    syntax.SizeLimit,
	readGroups:   readGoogle,
	selectGroups: selectExact,
	path:         googlePath,
	normalize:    appendEscaped[[]byte],
	adjustRule:   googleRule,
	touches:      &googleTouches,
}

// RFC9309 reads a file as RFC 9309 is written: directive names exact (in
// any case) and followed by a colon; a group applies to a crawler whose
// product token equals its user-agent value, ignoring case, and groups
// that name the same crawler merge; other crawlers get the * groups; the
// longest pattern in octets wins, Allow on ties; '*' and '$' are special;
// percent-encoding is normalised as §2.2.2 says on both sides; the
// /robots.txt URL is always allowed; and nothing past 500 KiB is read.
var RFC9309 = &Profile{
	Name:             "rfc9309",
	Readers:          "RFC 9309 crawlers",
	Summary:          "RFC 9309, the Robots Exclusion Protocol, as written (2022)",
	SizeLimit:        syntax.SizeLimit,
	readGroups:       readRFC9309,
	selectGroups:     selectExact,
	path:             rfcPath,
	normalize:        appendRFCPattern,
	touches:          &rfcTouches,
	robotsTxtAllowed: true,
}

// Bing reads a file as Bingbot does as far as Microsoft documents it: a
// group naming the crawler replaces the * groups, the longest pattern
// wins, and '*' and '$' are special. Where Bing documents nothing
// (directive spelling, user-agent matching, percent-encoding, ties, size),
// it follows RFC 9309, so for now it reads files as rfc9309 does; it is a
// profile of its own so that targets and output can name Bing.
var Bing = &Profile{
	Name:             "bing",
	Crawler:          "bingbot",
	Readers:          "Bing",
	Summary:          "Bingbot, as Microsoft documents it (RFC 9309 where Bing says nothing)",
	base:             RFC9309,
	fromBase:         sameLayout,
	SizeLimit:        syntax.SizeLimit,
	selectGroups:     selectExact,
	path:             rfcPath,
	normalize:        appendRFCPattern,
	touches:          &rfcTouches,
	robotsTxtAllowed: true,
}

// Yandex reads a file as Yandex's robots do: a blank line ends a group, so
// rules after one belong to no group; a group applies to every robot whose
// name contains its user-agent value, ignoring case ("Yandex" covers
// YandexBot and YandexImages), the longest such value winning and then
// replacing the * groups; within the group the longest pattern wins, Allow
// on ties; rules must start with '/' or '*'; Clean-param, Host and other
// lines neither end a group nor affect matching.
var Yandex = &Profile{
	Name:             "yandex",
	Crawler:          "Yandex",
	Readers:          "Yandex",
	Summary:          "Yandex's robots (YandexBot and the others), as Yandex documents them",
	SizeLimit:        syntax.SizeLimit,
	base:             RFC9309,
	fromBase:         groupAtBlankLines,
	selectGroups:     selectContained,
	path:             rfcPath,
	normalize:        appendRFCPattern,
	adjustRule:       yandexRule,
	touches:          &rfcTouches,
	robotsTxtAllowed: true,
}

// Legacy reads a file as the 1994 standard with Koster's 1997 draft does:
// records separated by blank lines, each of User-agent lines and at least
// one rule line (Allow, Disallow, or an extension such as Crawl-delay), so
// that User-agent lines alone before a blank line are no record; the
// first record with a user-agent
// value that contains the crawler's name, ignoring case, else the first
// record for *; the first rule in the record that matches, in file order,
// Allow and Disallow alike; patterns are plain prefixes in which '*' and
// '$' are ordinary characters; %xx escapes other than %2F are decoded on
// both sides; and the /robots.txt URL is always allowed.
var Legacy = &Profile{
	Name:             "legacy",
	Readers:          "1994-standard crawlers",
	Summary:          "the 1994 robots.txt standard with Koster's 1997 draft (first match, plain prefixes)",
	readGroups:       readLegacy,
	selectGroups:     selectFirstContaining,
	path:             legacyPath,
	normalize:        appendLegacy[[]byte],
	adjustRule:       legacyRule,
	touches:          &legacyTouches,
	literal:          true,
	robotsTxtAllowed: true,
}

var profiles = []*Profile{Google, RFC9309, Bing, Yandex, Legacy}

// Profiles returns every profile, in the order the command lists them.
func Profiles() []*Profile { return append([]*Profile(nil), profiles...) }

// LookupProfile returns the profile named name, or nil.
func LookupProfile(name string) *Profile {
	for _, p := range profiles {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Read returns f as p reads it: f itself, or when f is longer than p's
// size limit, its bytes up to the limit parsed again (once, shared by every
// profile: see syntax.File.Prefix). Layouts, and so matching, the rules
// and hover, read the same lines without that second parse: only the line
// across the limit differs, and Layout.Line reads it alone.
func (p *Profile) Read(f *syntax.File) *syntax.File {
	if p.SizeLimit > 0 {
		return f.Prefix(p.SizeLimit)
	}
	return f
}

// mayNormalize reports whether the profile's normalisation may change
// value: whether it holds a byte the profile touches.
func (p *Profile) mayNormalize(value []byte) bool {
	// Most values are plain, printable ASCII without '%', which no
	// profile touches: eight bytes at a time, the last eight overlapping
	// the others, tell so. A byte below 0x21 or above 0x7E sets its high
	// bit in low|high, and a '%' leaves a zero byte in pct.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	if n := len(value); n >= 8 {
		plain := true
		for i := 0; i < n && plain; i += 8 {
			w := binary.LittleEndian.Uint64(value[min(i, n-8):])
			low := (w - 0x21*ones) &^ w
			high := (w&^highs + (0x80-0x7F)*ones) | w
			pct := w ^ '%'*ones
			plain = (low|high|(pct-ones)&^pct)&highs == 0
		}
		if plain {
			return false
		}
	}
	for _, c := range value {
		if p.touches[c] {
			return true
		}
	}
	return false
}

// The bytes each normalisation may change: Google's escapes bytes from
// 0x80 and upper-cases escapes, RFC 9309's also encodes controls, spaces
// and DEL, the 1994 standard's decodes escapes.
var googleTouches, rfcTouches, legacyTouches = func() (g, r, l [256]bool) {
	for c := range 256 {
		g[c] = c == '%' || c >= 0x80
		r[c] = c == '%' || c <= ' ' || c >= 0x7F
		l[c] = c == '%'
	}
	return
}()

// A Pattern is a rule line's pattern as a profile matches it, read once
// to be matched against many URLs (see Profile.Pattern).
type Pattern struct {
	profile *Profile
	// rules are the rules the line reads as (see RuleLine.appendRules).
	rules [2]Rule
	n     int
}

// Pattern reads a rule line, an Allow line when allow is true and a
// Disallow line otherwise, with the value value, as p does: the profile's
// normalisation of the pattern, Google's index.html reading of Allow
// lines, the rules it drops.
func (p *Profile) Pattern(allow bool, value string) Pattern {
	r := RuleLine{Allow: allow, end: int32(len(value))}
	var scratch []byte
	p.readRule(&r, []byte(value), 1, &scratch)
	pattern := value
	if !r.Verbatim {
		pattern = string(scratch)
	}
	pt := Pattern{profile: p}
	pt.n = len(r.appendRules(pt.rules[:0], pattern))
	return pt
}

// Matches reports whether the pattern matches url (an absolute URL or a
// path) as its profile reads the URL: normalised as patterns are, matched
// with wildcards or as a plain prefix. A rule the profile drops or that
// never decides (an empty value) matches nothing. That profiles other
// than google always allow /robots.txt is not the rule's doing: see
// Robots.Check.
func (pt *Pattern) Matches(url string) bool {
	p := pt.profile
	path := p.path(url)
	for _, rule := range pt.rules[:pt.n] {
		if rule.Priority > 0 && matchesPattern(p, path, rule.Pattern) {
			return true
		}
	}
	return false
}

// Path returns what p matches rules against for url, an absolute URL or a
// path: its path and query, normalised as p normalises patterns (the
// Verdict.Path of a query).
func (p *Profile) Path(url string) string { return p.path(url) }

// MatchesPath reports whether rule, one of a Robots compiled for p,
// matches path, a Path of p. A rule that never decides matches nothing.
// Comparing two readings of a file asks it of the rules only one of them
// has: a URL none of those match has the same verdict in both.
func (p *Profile) MatchesPath(rule *Rule, path string) bool {
	return rule.Priority > 0 && matchesPattern(p, path, rule.Pattern)
}

// matchesPattern reports whether a rule's pattern, as p normalises it,
// matches path: with wildcards, or as a plain prefix.
func matchesPattern[P string | []byte](p *Profile, path string, pattern P) bool {
	if p.literal {
		return len(path) >= len(pattern) && path[:len(pattern)] == string(pattern)
	}
	return wildcardMatch(path, pattern)
}

// Matches reports whether a rule line, an Allow line when allow is true
// and a Disallow line otherwise, with the value value, matches url as p
// reads both: Pattern and Pattern.Matches in one call.
func (p *Profile) Matches(allow bool, value, url string) bool {
	pt := p.Pattern(allow, value)
	return pt.Matches(url)
}

// Base returns the profile from whose layout of a file p's is built, p
// itself when p reads files itself: Bing reads files as RFC 9309 does, and
// Yandex reads the same lines and patterns in groups that also end at
// blank lines, so one reading of a file serves all three (see Layout.For).
func (p *Profile) Base() *Profile {
	if p.base != nil {
		return p.base
	}
	return p
}
