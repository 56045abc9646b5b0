package syntax

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
func (d Directive) IsRule() bool { return d == DirectiveAllow || d == DirectiveDisallow }

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

// directivesByLen lists the named directives by the length of their names.
var directivesByLen = func() (byLen [maxDirectiveName + 1][]Directive) {
	for _, d := range Directives() {
		n := len(directiveNames[d].lower)
		byLen[n] = append(byLen[n], d)
	}
	return byLen
}()

// LookupDirective resolves a key, compared case-insensitively (ASCII only)
// with the directive names; anything else is DirectiveOther.
func LookupDirective(key []byte) Directive {
	if len(key) > maxDirectiveName {
		return DirectiveOther
	}
	for _, d := range directivesByLen[len(key)] {
		if equalFoldName(key, directiveNames[d].lower) {
			return d
		}
	}
	return DirectiveOther
}

// equalFoldName reports whether key equals name, a lower-case name made of
// letters and '-', ignoring ASCII case. Setting bit 0x20 lower-cases a
// letter and leaves '-' alone; the only other byte it turns into a letter
// or '-' is CR, which never occurs inside a line.
func equalFoldName(key []byte, name string) bool {
	for i := range len(name) {
		if key[i]|0x20 != name[i] {
			return false
		}
	}
	return true
}
