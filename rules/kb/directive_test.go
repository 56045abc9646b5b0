package kb

import (
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

func TestDirectivesCoverSyntax(t *testing.T) {
	var kinds []syntax.Directive
	for _, d := range Directives() {
		kinds = append(kinds, d.Kind)
	}
	if want := syntax.Directives(); !slices.Equal(kinds, want) {
		t.Fatalf("Directives() kinds = %v, want syntax.Directives() = %v", kinds, want)
	}
	for _, kind := range syntax.Directives() {
		d := LookupDirective(kind)
		if d == nil {
			t.Errorf("LookupDirective(%v) = nil", kind)
			continue
		}
		if d.Kind != kind || d.Name != kind.Canonical() {
			t.Errorf("LookupDirective(%v) = %v %q, want %v %q", kind, d.Kind, d.Name, kind, kind.Canonical())
		}
		if d.Value == "" || d.Summary == "" || d.Doc == "" {
			t.Errorf("%s: Value, Summary and Doc must all be set", d.Name)
		}
		if first := d.Summary[:1]; first != strings.ToLower(first) || strings.HasSuffix(d.Summary, ".") {
			t.Errorf("%s: summary %q should start in lower case and have no final period", d.Name, d.Summary)
		}
		var ps []Profile
		for _, s := range d.Support {
			ps = append(ps, s.Profile)
		}
		if !slices.Equal(ps, Profiles()) {
			t.Errorf("%s: support listed for %v, want %v", d.Name, ps, Profiles())
		}
		for _, p := range Profiles() {
			if s, ok := d.SupportFor(p); !ok || s.Profile != p {
				t.Errorf("%s: SupportFor(%s) = %v, %v", d.Name, p, s, ok)
			}
		}
		for _, m := range d.Misspellings {
			if m.Key == "" || m.Key != syntax.LowerASCII(m.Key) {
				t.Errorf("%s: misspelling %q must be non-empty and lower case", d.Name, m.Key)
			}
		}
	}
	for _, kind := range []syntax.Directive{syntax.DirectiveNone, syntax.DirectiveOther, syntax.DirectiveContentUsage + 1} {
		if d := LookupDirective(kind); d != nil {
			t.Errorf("LookupDirective(%v) = %s, want nil", kind, d.Name)
		}
	}
	if _, ok := LookupDirective(syntax.DirectiveAllow).SupportFor("baidu"); ok {
		t.Error(`SupportFor("baidu") reported support for a profile that does not exist`)
	}
}

func TestMisspelling(t *testing.T) {
	for key, want := range map[string]syntax.Directive{
		"Disalow":     syntax.DirectiveDisallow,
		"DISSALLOW":   syntax.DirectiveDisallow,
		"diasllow":    syntax.DirectiveDisallow,
		"Disallowed":  syntax.DirectiveDisallow,
		"disalllow":   syntax.DirectiveDisallow,
		"User agent":  syntax.DirectiveUserAgent,
		"UserAgent":   syntax.DirectiveUserAgent,
		"User-Agents": syntax.DirectiveUserAgent,
		"Site-map":    syntax.DirectiveSitemap,
		"Sitemaps":    syntax.DirectiveSitemap,
		"Allowed":     syntax.DirectiveAllow,
	} {
		if got, ok := Misspelling(key); !ok || got != want {
			t.Errorf("Misspelling(%q) = %v, %v; want %v, true", key, got, ok, want)
		}
	}
	for _, key := range []string{"", "Disallow", "user-agent", "SITEMAP", "foo", "Disalow ", "user  agent", "di\u017fallow"} {
		if got, ok := Misspelling(key); ok {
			t.Errorf("Misspelling(%q) = %v, true; want not a misspelling", key, got)
		}
	}
}

func TestMisspellingsDistinct(t *testing.T) {
	names := make(map[string]bool)
	for _, d := range Directives() {
		names[syntax.LowerASCII(d.Name)] = true
	}
	owner := make(map[string]string)
	for _, d := range Directives() {
		for _, m := range d.Misspellings {
			if names[m.Key] {
				t.Errorf("%s: misspelling %q is a directive's name", d.Name, m.Key)
			}
			if o, dup := owner[m.Key]; dup {
				t.Errorf("misspelling %q is listed under both %s and %s", m.Key, o, d.Name)
			}
			owner[m.Key] = d.Name
			if got := syntax.LookupDirective([]byte(m.Key)); got != syntax.DirectiveOther {
				t.Errorf("%s: syntax.LookupDirective(%q) = %v, want other", d.Name, m.Key, got)
			}
			if got, ok := Misspelling(m.Key); !ok || got != d.Kind {
				t.Errorf("Misspelling(%q) = %v, %v; want %v", m.Key, got, ok, d.Kind)
			}
		}
	}
}

// googlePrefixes are the key prefixes Google's parser reads as each
// directive (google/robotstxt robots.cc, with kAllowFrequentTypos on).
var googlePrefixes = map[syntax.Directive][]string{
	syntax.DirectiveUserAgent: {"user-agent", "useragent", "user agent"},
	syntax.DirectiveAllow:     {"allow"},
	syntax.DirectiveDisallow:  {"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"},
	syntax.DirectiveSitemap:   {"sitemap", "site-map"},
}

func TestReadByGoogle(t *testing.T) {
	listed := make(map[string]bool)
	for _, d := range Directives() {
		for _, m := range d.Misspellings {
			listed[m.Key] = true
			want := slices.ContainsFunc(googlePrefixes[d.Kind], func(p string) bool { return strings.HasPrefix(m.Key, p) })
			if m.ReadByGoogle != want {
				t.Errorf("%s: misspelling %q has ReadByGoogle %v, want %v", d.Name, m.Key, m.ReadByGoogle, want)
			}
		}
		for i, p := range googlePrefixes[d.Kind] {
			if i > 0 && !listed[p] {
				t.Errorf("%s: Google's accepted typo %q is not listed", d.Name, p)
			}
		}
	}
}

func TestDirectiveSupportFacts(t *testing.T) {
	for _, c := range []struct {
		d        syntax.Directive
		p        Profile
		honoured bool
		note     string // a word the note must contain, if any
	}{
		{syntax.DirectiveCrawlDelay, ProfileBing, true, ""},
		{syntax.DirectiveCrawlDelay, ProfileGoogle, false, ""},
		{syntax.DirectiveCrawlDelay, ProfileYandex, false, "2018"},
		{syntax.DirectiveHost, ProfileYandex, false, "deprecated"},
		{syntax.DirectiveCleanParam, ProfileYandex, true, "matching"},
		{syntax.DirectiveCleanParam, ProfileGoogle, false, "Yandex"},
		{syntax.DirectiveAllow, ProfileLegacy, true, "1997"},
		{syntax.DirectiveNoindex, ProfileGoogle, false, "2019"},
		{syntax.DirectiveSitemap, ProfileLegacy, false, ""},
		{syntax.DirectiveSitemap, ProfileGoogle, true, ""},
		{syntax.DirectiveContentUsage, ProfileRFC9309, false, "draft"},
	} {
		s, _ := LookupDirective(c.d).SupportFor(c.p)
		if s.Honoured != c.honoured || !strings.Contains(s.Note, c.note) {
			t.Errorf("%v under %s = %+v; want honoured %v, note containing %q", c.d, c.p, s, c.honoured, c.note)
		}
	}
	// Only Yandex acts on Clean-param, and nobody on the retired directives.
	for _, d := range Directives() {
		for _, s := range d.Support {
			switch {
			case d.Kind == syntax.DirectiveCleanParam && s.Honoured != (s.Profile == ProfileYandex),
				(d.Kind == syntax.DirectiveNoindex || d.Kind == syntax.DirectiveNofollow) && s.Honoured:
				t.Errorf("%s under %s: honoured %v", d.Name, s.Profile, s.Honoured)
			}
		}
	}
}
