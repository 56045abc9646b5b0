package kb

import (
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

func TestPageValuesWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range PageValues() {
		if v.Name == "" || v.Name != syntax.LowerASCII(v.Name) || seen[v.Name] {
			t.Errorf("%q: names must be non-empty, lower case and listed once", v.Name)
		}
		seen[v.Name] = true
		if v.Summary == "" || v.Doc == "" {
			t.Errorf("%s: Summary and Doc must both be set", v.Name)
		} else if first := v.Summary[:1]; first != strings.ToLower(first) || strings.HasSuffix(v.Summary, ".") {
			t.Errorf("%s: summary %q should start in lower case and have no final period", v.Name, v.Summary)
		}
		checkSource(t, v.Name, v.Source)
		checkSupport(t, v.Name, v.Support)
		for _, p := range PageProfiles() {
			if s, ok := v.SupportFor(p); !ok || s.Profile != p {
				t.Errorf("%s: SupportFor(%s) = %v, %v", v.Name, p, s, ok)
			}
		}
		if _, ok := v.SupportFor(ProfileRFC9309); ok {
			t.Errorf("%s: SupportFor(rfc9309) answered for a profile page rules are not described for", v.Name)
		}
		if (v.Arg == ArgNone) != (v.ArgSyntax == "") || (v.Arg == ArgChoice) != (len(v.Choices) > 0) {
			t.Errorf("%s: ArgSyntax must be set exactly when the rule takes a value, Choices exactly for ArgChoice", v.Name)
		}
	}
	// Relations name known rules, and opposites pair a restriction with
	// what it restricts.
	for _, v := range PageValues() {
		if v.Opposite != "" {
			o := LookupPageValue(v.Opposite)
			switch {
			case o == nil:
				t.Errorf("%s: opposite %q is no rule", v.Name, v.Opposite)
			case o.Opposite != v.Name:
				t.Errorf("%s: opposite %s has opposite %q, want %s", v.Name, o.Name, o.Opposite, v.Name)
			case o.Restricts == v.Restricts:
				t.Errorf("%s and %s: exactly one of two opposites restricts", v.Name, o.Name)
			}
		}
		for _, name := range slices.Concat(v.Implies, v.Subsumes) {
			if w := LookupPageValue(name); w == nil || len(w.Implies) > 0 {
				t.Errorf("%s: %q must be a rule that stands for itself", v.Name, name)
			}
		}
	}
}

// checkSource fails unless source cites at least one page.
func checkSource(t *testing.T, what, source string) {
	t.Helper()
	if !strings.Contains(source, "https://") && !strings.Contains(source, "http://") && !strings.Contains(source, "issue 17") {
		t.Errorf("%s: source %q cites no page", what, source)
	}
}

// checkSupport fails unless support lists each page profile once, in
// order, with a note wherever the reading is not plain.
func checkSupport(t *testing.T, what string, support []PageSupport) {
	t.Helper()
	var ps []Profile
	for _, s := range support {
		ps = append(ps, s.Profile)
		switch s.Reading {
		case Read, Ignored:
		case ReadDifferently:
			if s.Note == "" {
				t.Errorf("%s under %s: read differently, but the note does not say how", what, s.Profile)
			}
		default:
			t.Errorf("%s under %s: unknown reading %q", what, s.Profile, s.Reading)
		}
	}
	if !slices.Equal(ps, PageProfiles()) {
		t.Errorf("%s: support listed for %v, want %v", what, ps, PageProfiles())
	}
}

func TestLookupPageValue(t *testing.T) {
	for name, want := range map[string]string{
		"noindex": "noindex", "NOINDEX": "noindex", "NoFollow": "nofollow", "Max-Snippet": "max-snippet",
		"UNAVAILABLE_AFTER": "unavailable_after", "NoCache": "nocache", "noyaca": "noyaca",
	} {
		if v := LookupPageValue(name); v == nil || v.Name != want {
			t.Errorf("LookupPageValue(%q) = %v, want %s", name, v, want)
		}
	}
	for _, name := range []string{"", "no-index", "noindex ", "max-snippet:5", "unavailable-after", "robots", "noai"} {
		if v := LookupPageValue(name); v != nil {
			t.Errorf("LookupPageValue(%q) = %s, want nil", name, v.Name)
		}
	}
}

func TestPageValueFacts(t *testing.T) {
	for _, c := range []struct {
		name    string
		p       Profile
		reading Reading
		note    string // a word the note must contain, if any
	}{
		{"noarchive", ProfileGoogle, Ignored, "no longer used"},
		{"noarchive", ProfileBing, ReadDifferently, "Bing Chat"},
		{"noarchive", ProfileYandex, Read, ""},
		{"nocache", ProfileBing, ReadDifferently, "noarchive"},
		{"nocache", ProfileGoogle, Ignored, ""},
		{"noyaca", ProfileYandex, Read, ""},
		{"noyaca", ProfileGoogle, Ignored, "Yandex"},
		{"noyaca", ProfileBing, Ignored, "Yandex"},
		{"indexifembedded", ProfileGoogle, Read, "noindex"},
		{"indexifembedded", ProfileBing, Ignored, "Google"},
		{"indexifembedded", ProfileYandex, Ignored, "Google"},
		{"index", ProfileYandex, ReadDifferently, "cancels"},
		{"index", ProfileGoogle, Read, "default"},
		{"max-snippet", ProfileBing, Read, "2020"},
		{"max-image-preview", ProfileBing, Read, "no limit"},
		{"max-snippet", ProfileYandex, Ignored, ""},
		{"none", ProfileBing, Ignored, "noindex, nofollow"},
		{"unavailable_after", ProfileGoogle, Read, "valid date"},
		{"noodp", ProfileBing, Ignored, "2017"},
	} {
		v := LookupPageValue(c.name)
		if v == nil {
			t.Errorf("%s: not listed", c.name)
			continue
		}
		s, _ := v.SupportFor(c.p)
		if s.Reading != c.reading || !strings.Contains(s.Note, c.note) {
			t.Errorf("%s under %s = %+v; want %s, note containing %q", c.name, c.p, s, c.reading, c.note)
		}
	}
	// Rules that only one engine reads.
	for name, only := range map[string]Profile{"noyaca": ProfileYandex, "indexifembedded": ProfileGoogle, "nocache": ProfileBing, "archive": ProfileYandex, "notranslate": ProfileGoogle} {
		for _, s := range LookupPageValue(name).Support {
			if (s.Reading != Ignored) != (s.Profile == only) {
				t.Errorf("%s under %s: %s, want it read by %s only", name, s.Profile, s.Reading, only)
			}
		}
	}
}

func TestValidArg(t *testing.T) {
	for _, c := range []struct {
		name, arg string
		ok        bool
	}{
		{"noindex", "", true},
		{"noindex", "yes", false},
		{"max-snippet", "50", true},
		{"max-snippet", "0", true},
		{"max-snippet", "-1", true},
		{"max-snippet", "-2", false},
		{"max-snippet", "1.5", false},
		{"max-snippet", "+3", false},
		{"max-snippet", "", false},
		{"max-snippet", "fifty", false},
		{"max-snippet", "9999999999", false},
		{"max-video-preview", "-1", true},
		{"max-image-preview", "large", true},
		{"max-image-preview", "LARGE", true},
		{"max-image-preview", "huge", false},
		{"max-image-preview", "", false},
		{"unavailable_after", "2026-12-31", true},
		{"unavailable_after", "next week", false},
	} {
		if got := LookupPageValue(c.name).ValidArg(c.arg); got != c.ok {
			t.Errorf("%s: ValidArg(%q) = %v, want %v", c.name, c.arg, got, c.ok)
		}
	}
}

func TestSuggestPageValue(t *testing.T) {
	// Typos seen in real pages and named in issue 17.
	for name, want := range map[string]string{
		"noidex":            "noindex",
		"no-index":          "noindex",
		"no_index":          "noindex",
		"No Index":          "noindex",
		"noindexx":          "noindex",
		"nonidex":           "noindex",
		"noindx":            "noindex",
		"NOINDEXX":          "noindex",
		"no-follow":         "nofollow",
		"nofolow":           "nofollow",
		"nofollw":           "nofollow",
		"folow":             "follow",
		"idnex":             "index",
		"nosnipet":          "nosnippet",
		"no-snippet":        "nosnippet",
		"noarchieve":        "noarchive",
		"no-archive":        "noarchive",
		"max_snippet":       "max-snippet",
		"maxsnippet":        "max-snippet",
		"max-snipet":        "max-snippet",
		"max-image-preveiw": "max-image-preview",
		"maximagepreview":   "max-image-preview",
		"unavailable-after": "unavailable_after",
		"unavailableafter":  "unavailable_after",
		"unavailible_after": "unavailable_after",
		"indexifembeded":    "indexifembedded",
		"noimageindx":       "noimageindex",
		"no-translate":      "notranslate",
	} {
		if got := SuggestPageValue(name); !slices.Equal(got, []string{want}) {
			t.Errorf("SuggestPageValue(%q) = %v, want [%s]", name, got, want)
		}
	}
	// Known rules, and words that are no rule's typo: values some sites use
	// that no search engine documents (noai, noimageai, noydir), and other
	// meta names.
	for _, name := range []string{"", "noindex", "NoFollow", "noai", "noimageai", "noydir", "description", "googlebot", "x", "max-image-size"} {
		if got := SuggestPageValue(name); got != nil {
			t.Errorf("SuggestPageValue(%q) = %v, want none", name, got)
		}
	}
}
