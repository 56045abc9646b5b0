package rules

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// InformationDisclosure reports what a public robots.txt tells an attacker
// about a site: rules naming repositories, secrets, backups, database
// dumps, database tools and staging areas, and comments giving away staff
// e-mail addresses or internal hosts.
//
// The list of paths is kept short on purpose: a rule about `/admin/` or
// `/wp-admin/` tells nobody anything, since every site of its kind has
// one, and a linter that flags them teaches its users to ignore it.
var InformationDisclosure = &lint.Rule{
	Name:    "information-disclosure",
	Summary: "a rule or comment that tells anyone reading robots.txt where the site keeps what should be private",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow rule with a path segment that names " + disclosureList() + "; " +
			"the patterns compare whole path segments, in any case, and `*` in them stands for any run of " +
			"characters. A segment with a wildcard (`/*.sql$`) names no place and is not reported. Also reports, in comments, an internal host name (`db1.corp`, `*.internal`, `*.local`, " +
			"`staging.example.com`), a private IP address (`10.x`, `172.16-31.x`, `192.168.x`) and an e-mail address " +
			"that is not offered as a contact (`# edited by jsmith@example.com`). Well-known paths such as " +
			"`/admin/`, `/wp-admin/` or `/install.php` are not reported: every site of their kind has them.",
		Why: "robots.txt is public, and the first file many attackers and vulnerability scanners read. A rule " +
			"keeps only polite crawlers away; to anyone else, `Disallow: /.git/` or `Disallow: /backup/` is a " +
			"signpost to the site's source code or a copy of its database. Names and internal hosts in comments " +
			"help phishing and reconnaissance the same way.",
		Instead: "Protect such paths with authentication, or remove them from the web server, and leave them out " +
			"of robots.txt: a URL that answers 401, 403 or 404 needs no rule. Keep comments to what crawler " +
			"operators need, such as a contact address. Add a site's own secret paths to the " +
			"`extra-patterns` option to be told when they appear, and list in `ignore-patterns` what is " +
			"public on purpose.",
	},
	Flagged:  "User-agent: *\nDisallow: /.git/\nDisallow: /backup/\n",
	Clean:    "User-agent: *\nDisallow: /wp-admin/\nDisallow: /search\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Options:  []lint.Option{extraPatternsOption, ignorePatternsOption},
	Run:      runInformationDisclosure,
}

// A disclosure is a kind of path that should not be listed: the
// patterns of its path segments, and what it tells, for messages.
type disclosure struct {
	patterns []string
	what     string
}

// disclosures are the paths reported by default. Each pattern was
// checked against the real files of the test corpus: `backup` alone
// matches a backup directory, while `*backup*` would also match the
// documentation of a backup product.
var disclosures = []disclosure{
	{[]string{".git", ".svn", ".hg", ".bzr"}, "a version-control repository, which holds the site's source code"},
	{[]string{".env", ".env.*", ".htpasswd", ".ssh", ".aws", "id_rsa*", "*.pem", "secret", "secrets", "*-secret", "*_secret"},
		"a file or directory of secrets"},
	{[]string{"backup", "backups", "*-backup", "*_backup", "*.bak", "*.backup", "*.old"}, "a backup"},
	{[]string{"*.sql", "*.sql.gz", "*.sql.zip", "*.sql.bz2", "*.sql.xz", "*.dump", "*.sqlite", "dump", "dumps", "db-dump", "db_dump"},
		"a database dump"},
	{[]string{"phpmyadmin", "adminer", "adminer.php"}, "a database administration tool"},
	{[]string{"staging"}, "a staging site"},
	{[]string{"*.log"}, "a log file"},
}

// disclosureList lists the default patterns for the documentation.
func disclosureList() string {
	var kinds []string
	for _, d := range disclosures {
		quoted := make([]string, len(d.patterns))
		for i, p := range d.patterns {
			quoted[i] = "`" + p + "`"
		}
		kinds = append(kinds, d.what+" ("+strings.Join(quoted, ", ")+")")
	}
	return prose.Join(kinds)
}

var (
	extraPatternsOption = lint.Option{
		Name:      "extra-patterns",
		Summary:   "more path-segment patterns to report, such as `[\"old-admin\", \"*.tar.gz\"]`",
		Kind:      lint.Strings,
		CheckItem: checkSegmentPattern,
	}
	ignorePatternsOption = lint.Option{
		Name:      "ignore-patterns",
		Summary:   "path-segment patterns never to report, even when a default or extra pattern matches, such as `[\"backup\"]`",
		Kind:      lint.Strings,
		CheckItem: checkSegmentPattern,
	}
)

func checkSegmentPattern(p string) string {
	if strings.Contains(p, "/") {
		return "a pattern matches one path segment, so it holds no `/`"
	}
	return ""
}

func runInformationDisclosure(pass *lint.Pass) {
	f := pass.File
	if notRobotsTxt(pass) {
		return
	}
	extra := compileSegmentPatterns(extraPatternsOption.Strings(pass.Options), -1)
	ignore := compileSegmentPatterns(ignorePatternsOption.Strings(pass.Options), -1)
	for i := range pass.ReadLines() {
		l := &f.Lines[i]
		if c := l.Comment(); c.Len() > 0 {
			commentDisclosure(pass, c)
		}
		if l.Kind != syntax.LineDirective {
			continue
		}
		// A path that starts with neither '/' nor '*' matches nothing,
		// which path-not-absolute reports.
		value := f.Text(l.Value())
		if len(value) == 0 || value[0] != '/' && value[0] != '*' {
			continue
		}
		// The segments first: few values disclose anything, and asking
		// how Google reads the line costs more.
		span, what, ok := disclosedSegment(value, extra, ignore)
		if !ok {
			continue
		}
		if _, ok := googleRuleKind(f, i); !ok {
			continue
		}
		span.Start += l.Value().Start
		span.End += l.Value().Start
		pass.Report(span, fmt.Sprintf("robots.txt is public: %s tells anyone who reads it where to find %s; "+
			"protect the path with authentication instead of listing it", prose.Quote(f.Text(span)), what))
	}
}

// A segmentPattern is a pattern of disclosures or of an option, split at
// its '*'s and in lower case: a segment matches when it starts with the
// first part, ends with the last, and holds the others in order between.
type segmentPattern struct {
	parts []string
	// kind is the pattern's index in disclosures, or -1 for an extra
	// pattern.
	kind int
}

func compileSegmentPatterns(patterns []string, kind int) []segmentPattern {
	out := make([]segmentPattern, len(patterns))
	for i, p := range patterns {
		out[i] = segmentPattern{parts: strings.Split(strings.ToLower(p), "*"), kind: kind}
	}
	return out
}

// defaultPatterns are the patterns of disclosures by the last byte they
// require of a segment, the patterns ending in '*' under 0: most segments
// are then turned down by a lookup and a length or a byte or two, which
// matters in a file of many thousand rules.
var defaultPatterns = func() (t [256][]segmentPattern) {
	for kind, d := range disclosures {
		for _, p := range compileSegmentPatterns(d.patterns, kind) {
			last := p.parts[len(p.parts)-1]
			b := byte(0)
			if last != "" {
				b = last[len(last)-1]
			}
			t[b] = append(t[b], p)
		}
	}
	return t
}()

// defaultEndings holds, as bits indexed by a segment's last two bytes in
// lower case, the endings some pattern of defaultPatterns under a byte
// other than 0 allows: nearly every segment ends in a letter one of them
// ends in, but few in two such letters, so most are turned down here by
// one lookup.
var defaultEndings = func() (t [1 << 16 / 64]uint64) {
	for b := 1; b < 256; b++ {
		for _, p := range defaultPatterns[b] {
			last := p.parts[len(p.parts)-1]
			for prev := 0; prev < 256; prev++ {
				// A last part of one byte allows any byte before it.
				if len(last) < 2 || last[len(last)-2] == byte(prev) {
					k := prev<<8 | b
					t[k/64] |= 1 << (k % 64)
				}
			}
		}
	}
	return t
}()

// endsLikeDefault reports whether seg, of two bytes or more, ends in two
// bytes some default pattern that is not open-ended ends in.
func endsLikeDefault(seg []byte) bool {
	k := int(lowerByte(seg[len(seg)-2]))<<8 | int(lowerByte(seg[len(seg)-1]))
	return defaultEndings[k/64]&(1<<(k%64)) != 0
}

// openEndedFirst holds the first bytes of the default patterns that end
// in '*' (`.env.*`, `id_rsa*`), which every segment would otherwise be
// tried against.
var openEndedFirst = func() (t [256]bool) {
	for _, p := range defaultPatterns[0] {
		if p.parts[0] == "" {
			// A pattern open at both ends: any segment may match.
			for b := range t {
				t[b] = true
			}
			continue
		}
		t[p.parts[0][0]] = true
	}
	return t
}()

// matches reports whether the segment seg matches p, ignoring case.
func (p *segmentPattern) matches(seg []byte) bool {
	first, last := p.parts[0], p.parts[len(p.parts)-1]
	if len(p.parts) == 1 {
		return len(seg) == len(first) && foldPrefix(seg, first)
	}
	if len(seg) < len(first)+len(last) || !foldPrefix(seg, first) || !foldPrefix(seg[len(seg)-len(last):], last) {
		return false
	}
	mid := seg[len(first) : len(seg)-len(last)]
	for _, part := range p.parts[1 : len(p.parts)-1] {
		k := foldIndex(mid, part)
		if k < 0 {
			return false
		}
		mid = mid[k+len(part):]
	}
	return true
}

// foldPrefix reports whether b starts with the lower-case s, ignoring the
// case of b.
func foldPrefix(b []byte, s string) bool {
	if len(b) < len(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lowerByte(b[i]) != s[i] {
			return false
		}
	}
	return true
}

// foldIndex is bytes.Index for the lower-case s, ignoring the case of b.
// Patterns from the configuration are few and short, and only they can
// have a middle part.
func foldIndex(b []byte, s string) int {
	for i := 0; i+len(s) <= len(b); i++ {
		if foldPrefix(b[i:], s) {
			return i
		}
	}
	return -1
}

func matchesAny(seg []byte, patterns []segmentPattern) (*segmentPattern, bool) {
	for i := range patterns {
		if patterns[i].matches(seg) {
			return &patterns[i], true
		}
	}
	return nil, false
}

// segmentStop holds the bytes that end a segment or mark a wildcard in
// one.
var segmentStop = [256]bool{'/': true, '?': true, '*': true}

// disclosedSegment returns the first path segment of a rule's value that
// a pattern matches, as a span of value, and what it discloses.
func disclosedSegment(value []byte, extra, ignore []segmentPattern) (syntax.Span, string, bool) {
	if n := len(value); n > 0 && value[n-1] == '$' {
		value = value[:n-1]
	}
	// One pass over the value, up to a '?', finds its segments and their
	// first '*': a file has many thousand values of a few short segments,
	// where a search per segment costs more than the loop.
	segStart, star := 0, -1
	for end := 0; end <= len(value); end++ {
		for end < len(value) && !segmentStop[value[end]] {
			end++
		}
		if end < len(value) && value[end] == '*' {
			if star < 0 {
				star = end
			}
			continue
		}
		// A segment with a wildcard names no place: `/*.sql$` keeps
		// crawlers from any SQL file the site may serve, and `/*/*.git`
		// from the clone URLs of public repositories. Only a final '*',
		// which adds nothing to a prefix, is read past.
		e := end
		for e > segStart && value[e-1] == '*' {
			e--
		}
		seg := value[segStart:e]
		span := syntax.Span{Start: segStart, End: end}
		wild := star >= 0 && star < e
		if end < len(value) && value[end] == '?' {
			end = len(value)
		}
		segStart, star = end+1, -1
		if len(seg) == 0 || wild {
			continue
		}
		var p *segmentPattern
		ok := false
		if len(seg) < 2 || endsLikeDefault(seg) {
			p, ok = matchesAny(seg, defaultPatterns[lowerByte(seg[len(seg)-1])])
		}
		if !ok && openEndedFirst[lowerByte(seg[0])] {
			p, ok = matchesAny(seg, defaultPatterns[0])
		}
		if !ok && len(extra) > 0 {
			p, ok = matchesAny(seg, extra)
		}
		if !ok {
			continue
		}
		if _, ignored := matchesAny(seg, ignore); ignored {
			continue
		}
		what := "a path this site's configuration lists as private"
		if p.kind >= 0 {
			what = disclosures[p.kind].what
		}
		return span, what, true
	}
	return syntax.Span{}, "", false
}

// commentDisclosure reports in comment c an internal host name, a private
// IP address, or an e-mail address that is not given as a contact.
func commentDisclosure(pass *lint.Pass, c syntax.Span) {
	text := pass.File.Text(c)
	if !bytes.ContainsAny(text, "@.") {
		return
	}
	for at := 0; at < len(text); {
		s := at
		for s < len(text) && !isAddressByte(text[s]) {
			s++
		}
		e := s
		for e < len(text) && isAddressByte(text[e]) {
			e++
		}
		at = e
		for e > s && (text[e-1] == '.' || text[e-1] == '-') {
			e--
		}
		token := text[s:e]
		if bytes.IndexByte(token, '.') < 0 {
			continue // neither an address nor a host
		}
		var msg string
		switch {
		case bytes.IndexByte(token, '@') > 0:
			if isEmail(token) && !offeredAsContact(text, token) {
				msg = "robots.txt is public: the e-mail address %s in this comment gives a name and an address to phishing " +
					"and spam; give crawler operators a role address such as webmaster@ instead, or none"
			}
		case '0' <= token[0] && token[0] <= '9' && isPrivateIP(token):
			msg = "robots.txt is public: this comment gives away the private IP address %s of the site's network; leave it out"
		case isInternalHost(token):
			msg = "robots.txt is public: this comment names the internal host %s, which tells attackers where to look; leave it out"
		}
		if msg != "" {
			span := syntax.Span{Start: c.Start + s, End: c.Start + e}
			pass.Report(span, fmt.Sprintf(msg, prose.Quote(token)))
		}
	}
}

func isAddressByte(c byte) bool {
	return isAlnum(c) || c == '.' || c == '-' || c == '_' || c == '@' || c == '+' || c == '%'
}

// isEmail reports whether token is local@domain, the domain of two labels
// or more and a top-level domain of letters.
func isEmail(token []byte) bool {
	k := bytes.IndexByte(token, '@')
	local, domain := token[:k], token[k+1:]
	if len(local) == 0 || bytes.IndexByte(domain, '@') >= 0 {
		return false
	}
	dot := bytes.LastIndexByte(domain, '.')
	if dot <= 0 || len(domain)-dot-1 < 2 {
		return false
	}
	for _, c := range domain[dot+1:] {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// roleWords are the parts of an address that name a role, not a person:
// such addresses are published so that crawler operators can write.
var roleWords = []string{"robot", "webmaster", "support", "info", "admin", "contact", "seo", "crawl", "licens", "press",
	"abuse", "security", "hostmaster", "postmaster", "help", "legal", "permission", "whitelist", "allowlist", "partner",
	"bot", "team", "hello", "office", "service", "web", "privacy"}

// contactWords, in a comment, offer the address in it as a contact.
var contactWords = []string{"contact", "mail", "write", "reach", "question", "apply", "request", "permission", "feedback",
	"get in touch"}

// offeredAsContact reports whether the address, or the comment holding
// it, says it is there for crawler operators to write to.
func offeredAsContact(comment, address []byte) bool {
	local := bytes.ToLower(address[:bytes.IndexByte(address, '@')])
	for _, w := range roleWords {
		if bytes.Contains(local, []byte(w)) {
			return true
		}
	}
	lower := bytes.ToLower(comment)
	for _, w := range contactWords {
		if bytes.Contains(lower, []byte(w)) {
			return true
		}
	}
	return false
}

// internalSuffixes end host names that resolve only inside a network.
var internalSuffixes = []string{".internal", ".local", ".localdomain", ".corp", ".lan", ".intranet", ".intra"}

// isInternalHost reports whether token is a host name of an internal
// network (`db1.corp`, `build.internal`) or of a staging site
// (`staging.example.com`, `shop-staging.example.com`).
func isInternalHost(token []byte) bool {
	lower := bytes.ToLower(token)
	labels := bytes.Split(lower, []byte("."))
	if len(labels) < 2 || !isHost(token) {
		return false
	}
	for _, s := range internalSuffixes {
		if bytes.HasSuffix(lower, []byte(s)) {
			return true
		}
	}
	// A staging host needs a domain after the label: "staging.txt" or
	// "staging." in prose is not one.
	if len(labels) < 3 {
		return false
	}
	for _, l := range labels[:len(labels)-2] {
		if bytes.Equal(l, []byte("staging")) || bytes.HasSuffix(l, []byte("-staging")) || bytes.HasPrefix(l, []byte("staging-")) {
			return true
		}
	}
	return false
}

// isPrivateIP reports whether token is an IPv4 address of a private
// network (RFC 1918).
func isPrivateIP(token []byte) bool {
	parts := bytes.Split(token, []byte("."))
	if len(parts) != 4 {
		return false
	}
	var n [4]int
	for i, p := range parts {
		if len(p) == 0 || len(p) > 3 {
			return false
		}
		for _, c := range p {
			if c < '0' || c > '9' {
				return false
			}
			n[i] = n[i]*10 + int(c-'0')
		}
		if n[i] > 255 {
			return false
		}
	}
	return n[0] == 10 || n[0] == 172 && 16 <= n[1] && n[1] <= 31 || n[0] == 192 && n[1] == 168
}

func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
