package rules

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// PathCase reports a rule path whose capital letters look like a slip:
// another group has the same path in another case, or every other rule of
// the file is in lower case. Paths are case-sensitive for every crawler,
// so `Disallow: /Admin/` leaves `/admin/` open.
//
// Two rules differing only in case in one group say that the writer knows
// (a site that serves both `/images/` and `/Images/`), and a file written
// in mixed case throughout (ASP.NET sites' `/Content/`, `/Sys/`) has no
// lower-case norm to depart from: neither is reported.
var PathCase = &lint.Rule{
	Name:    "path-case",
	Summary: "a path in another case than the same path elsewhere or than the rest of the file",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow path with capital letters when another group has the same path in " +
			"another case (`/Admin/` for Googlebot, `/admin/` for `*`), or when it spells a directory name that " +
			"sites write in lower case (`/Admin/`, `/Images/`, `/CSS/`) while every other path of the file with " +
			"letters in it, five or more, is in lower case. A path repeated in several groups is reported once. The query (from `?`) and percent-encoded bytes " +
			"(`%2F`) are not looked at.",
		Why: "Google, Bing, Yandex and RFC 9309 parsers compare paths byte for byte, so a rule for `/Admin/` " +
			"does not match `/admin/`, and web servers on Linux serve them as different URLs. A capital letter " +
			"typed by mistake leaves the intended path open, or blocks nothing at all.",
		Instead: "Write each path exactly as the site's URLs spell it, and when the site serves the same page " +
			"under several spellings, give each a rule, or better, redirect them to one.",
	},
	Flagged:  "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /Admin/\n",
	Clean:    "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /admin/\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runPathCase,
}

func runPathCase(pass *lint.Pass) {
	if notRobotsTxt(pass) {
		return
	}
	layout := pass.Layout(match.Google)
	f := layout.File
	// The rules with capitals, and whether the others are all in lower
	// case. Most files have no capital letters in their paths, and the
	// test reads eight bytes at a time.
	var upper []int
	lower := 0 // counted up to minLower, all the rule asks
	for k := range layout.Rules {
		path := pathPart(f.Text(layout.Rules[k].Value()))
		if !hasCapital(path) {
			if lower < minLower && letterCase(path) == caseLower {
				lower++
			}
			continue
		}
		switch letterCase(path) { // a capital in an escape is no letter
		case caseUpper:
			upper = append(upper, k)
		case caseLower:
			lower++
		}
	}
	if len(upper) == 0 {
		return
	}
	// The rules whose path folds to a path in capitals: that path's other
	// spellings, others[byFolded[hash]], found by a hash of the path in
	// lower case so that no path is copied, and compared in lower case
	// only when the hashes agree. Only a rule as long as some path in
	// capitals is looked up: a capital and its small letter take the same
	// number of bytes but for a few rare signs (the Kelvin sign).
	byFolded := make(map[uint64]int, len(upper))
	var others [][]int
	var lengths [4]uint64 // bit n%256: some path in capitals has n bytes
	oneUpper := true      // every rule in capitals has the same value
	first := f.Text(layout.Rules[upper[0]].Value())
	for _, k := range upper {
		value := f.Text(layout.Rules[k].Value())
		oneUpper = oneUpper && bytes.Equal(value, first)
		path := pathPart(value)
		h := foldedHash(path)
		if _, ok := byFolded[h]; !ok {
			byFolded[h] = len(others)
			others = append(others, nil)
		}
		n := len(path) % 256
		lengths[n/64] |= 1 << (n % 64)
	}
	for k := range layout.Rules {
		v := pathPart(f.Text(layout.Rules[k].Value()))
		if n := len(v) % 256; len(v) <= 1 || lengths[n/64]&(1<<(n%64)) == 0 {
			continue
		}
		if x, ok := byFolded[foldedHash(v)]; ok {
			others[x] = append(others[x], k)
		}
	}
	// A lone path in capitals, once however many groups repeat it.
	var lone []int
	for _, k := range upper {
		r := &layout.Rules[k]
		value := f.Text(r.Value())
		path := pathPart(value)
		var other *match.RuleLine
		sameGroup := false
		for _, j := range others[byFolded[foldedHash(path)]] {
			o := &layout.Rules[j]
			if op := pathPart(f.Text(o.Value())); bytes.Equal(op, path) || !bytes.Equal(bytes.ToLower(op), bytes.ToLower(path)) {
				continue
			}
			if o.Group == r.Group {
				sameGroup = true
				break
			}
			if other == nil {
				other = o
			}
		}
		switch {
		case sameGroup:
		case other != nil:
			otherValue := f.Text(other.Value())
			pass.Report(r.Value(), fmt.Sprintf("%s differs from %s (line %d) only in case, and every crawler compares paths "+
				"case by case: this group's rule does not match %s", prose.Quote(value), prose.Quote(otherValue),
				other.Line+1, prose.Quote(otherValue)), lint.WithRelated(other.Value(), "the same path in another case"))
		case lower >= minLower && oneUpper && wellKnownInCapitals(path):
			lone = append(lone, int(r.Line))
		}
	}
	for _, group := range pass.GroupBySuppression(lone) {
		value := f.Text(layout.Rules[layout.RuleAt(group[0])].Value())
		pass.Report(layout.Rules[layout.RuleAt(group[0])].Value(), fmt.Sprintf("%s has capital letters while every other path "+
			"in this file is in lower case, and every crawler compares paths case by case: it does not match %s%s",
			prose.Quote(value), prose.Quote(bytes.ToLower(value)), hereAndMore(group)))
	}
}

// foldedHash returns the FNV-1a hash of path with its ASCII capitals made
// small and its other bytes left out: two paths the same in lower case
// (bytes.ToLower, `/Über/` and `/über/` too) have the same hash.
func foldedHash(path []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range path {
		switch {
		case c >= 0x80:
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// minLower is how many paths in lower case, and none in capitals but
// one, make a path in capitals stand out.
const minLower = 5

// wellKnownDirs are directory names that sites spell in lower case. A
// path in capitals is reported only when it holds one of them: elsewhere
// capitals are usually how the site spells its URLs (`/README.txt`,
// `?sortBy=`, `/getData/`), and the rule would mostly be wrong.
var wellKnownDirs = []string{"admin", "administrator", "private", "images", "img", "css", "js", "scripts", "includes",
	"cgi-bin", "tmp", "temp", "cache", "search", "login", "cart", "checkout", "account", "user", "users", "wp-admin",
	"modules", "assets", "static", "uploads", "downloads", "backup", "test", "api", "media", "files", "logs"}

// wellKnownInCapitals reports whether a segment of path is one of
// wellKnownDirs written with capitals.
func wellKnownInCapitals(path []byte) bool {
	for seg := range bytes.SplitSeq(path, []byte("/")) {
		if letterCase(seg) != caseUpper {
			continue
		}
		for _, d := range wellKnownDirs {
			if bytes.EqualFold(seg, []byte(d)) {
				return true
			}
		}
	}
	return false
}

// hasCapital reports whether v holds a byte from 'A' to 'Z'.
func hasCapital(v []byte) bool { return hasByteIn(v, 'A', 'Z') }

// hasByteIn reports whether v holds a byte from lo to hi, both ASCII
// letters, looking at eight bytes at a time.
func hasByteIn(v []byte, lo, hi byte) bool {
	const ones, highs, lows = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	above, below := uint64(0x80-lo)*ones, uint64(0x7f-hi)*ones
	i := 0
	for ; i+8 <= len(v); i += 8 {
		w := binary.LittleEndian.Uint64(v[i:])
		// With the high bits cleared no byte carries into the next: a
		// byte is at least lo when adding 0x80-lo sets its high bit,
		// and at most hi when adding 0x7f-hi does not.
		y := w & lows
		if (y+above)&^(y+below)&^w&highs != 0 {
			return true
		}
	}
	for ; i < len(v); i++ {
		if lo <= v[i] && v[i] <= hi {
			return true
		}
	}
	return false
}

type pathCase uint8

const (
	caseNone pathCase = iota
	caseLower
	caseUpper
)

// letterCase says whether path has capital letters, only small ones, or
// no letters, leaving out the hexadecimal digits of percent-encoded bytes.
func letterCase(path []byte) pathCase {
	if bytes.IndexByte(path, '%') < 0 {
		// No escapes, the common case: a look at eight bytes at a time
		// for each kind of letter.
		switch {
		case hasCapital(path):
			return caseUpper
		case hasByteIn(path, 'a', 'z'):
			return caseLower
		}
		return caseNone
	}
	c := caseNone
	for i := 0; i < len(path); i++ {
		switch b := path[i]; {
		case b == '%' && i+2 < len(path):
			i += 2
		case 'A' <= b && b <= 'Z':
			return caseUpper
		case 'a' <= b && b <= 'z':
			c = caseLower
		}
	}
	return c
}

// pathPart returns a rule's value up to its query: query parameters are
// often written in camel case (`?sessionId=`) on sites whose paths are in
// lower case.
func pathPart(value []byte) []byte {
	if q := bytes.IndexByte(value, '?'); q >= 0 {
		return value[:q]
	}
	return value
}
