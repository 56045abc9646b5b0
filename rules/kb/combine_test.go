package kb

import (
	"fmt"
	"strings"
	"testing"
)

func TestCombiningFor(t *testing.T) {
	want := map[Profile]Conflicts{ProfileGoogle: RestrictiveWins, ProfileBing: RestrictiveWins, ProfileYandex: PermissiveWins}
	for _, p := range PageProfiles() {
		c, ok := CombiningFor(p)
		if !ok || c.Profile != p || c.Conflicts != want[p] || c.Note == "" {
			t.Errorf("CombiningFor(%s) = %+v, %v; want %s with a note", p, c, ok, want[p])
		}
		checkSource(t, string(p), c.Source)
	}
	if c, _ := CombiningFor(ProfileBing); c.Documented {
		t.Error("Bing does not document how it settles index against noindex")
	}
	if _, ok := CombiningFor(ProfileLegacy); ok {
		t.Error("CombiningFor(legacy) answered for a profile page rules are not described for")
	}
}

// settings reads "name[:arg]" words, each its own origin.
func settings(words ...string) []Setting {
	var out []Setting
	for i, w := range words {
		name, arg, _ := strings.Cut(w, ":")
		out = append(out, Setting{Name: name, Arg: arg, Origin: i})
	}
	return out
}

// show writes settings as "name[:arg]@origin".
func show(ss []Setting) string {
	var b []string
	for _, s := range ss {
		w := s.Name
		if s.Arg != "" {
			w += ":" + s.Arg
		}
		b = append(b, fmt.Sprintf("%s@%d", w, s.Origin))
	}
	return strings.Join(b, " ")
}

func TestCombine(t *testing.T) {
	for _, c := range []struct {
		p    Profile
		in   []string
		want string
	}{
		// index against noindex: Google and Bing keep the restriction,
		// Yandex the permission.
		{ProfileGoogle, []string{"index", "noindex"}, "noindex@1"},
		{ProfileBing, []string{"index", "noindex"}, "noindex@1"},
		{ProfileYandex, []string{"index", "noindex"}, "index@0"},
		{ProfileYandex, []string{"noindex", "FOLLOW", "nofollow"}, "noindex@0 follow@1"},
		// none and all stand for two rules each, keeping their origin.
		{ProfileGoogle, []string{"none"}, "noindex@0 nofollow@0"},
		{ProfileGoogle, []string{"all", "none"}, "noindex@1 nofollow@1"},
		{ProfileYandex, []string{"all", "none"}, "index@0 follow@0"},
		{ProfileYandex, []string{"none", "follow"}, "noindex@0 follow@1"},
		// Bing does not list none.
		{ProfileBing, []string{"none"}, ""},
		// A rule given twice is kept once, from its first origin.
		{ProfileGoogle, []string{"noindex", "NOINDEX"}, "noindex@0"},
		// nosnippet wins over max-snippet, and the smaller limit over the
		// larger; -1 is no limit.
		{ProfileGoogle, []string{"max-snippet:50", "nosnippet"}, "nosnippet@1"},
		{ProfileGoogle, []string{"max-snippet:50", "max-snippet:20", "max-snippet:30"}, "max-snippet:20@1"},
		{ProfileGoogle, []string{"max-snippet:-1", "max-snippet:100"}, "max-snippet:100@1"},
		{ProfileGoogle, []string{"max-snippet:0", "max-snippet:-1"}, "max-snippet:0@0"},
		{ProfileGoogle, []string{"max-image-preview:large", "max-image-preview:Standard"}, "max-image-preview:Standard@1"},
		{ProfileGoogle, []string{"unavailable_after:2027-01-01", "unavailable_after:2026-06-01"}, "unavailable_after:2026-06-01@1"},
		// Values crawlers cannot read are ignored, as Google says.
		{ProfileGoogle, []string{"max-snippet:fifty", "max-image-preview:huge", "unavailable_after:soon"}, ""},
		// Rules a crawler ignores, and unknown ones, drop out.
		{ProfileGoogle, []string{"noarchive", "noyaca", "noidex", "nocache"}, ""},
		{ProfileYandex, []string{"noyaca", "max-snippet:10", "notranslate"}, "noyaca@0"},
		// Bing: "If content has both NOCACHE and NOARCHIVE tags, we will
		// treat it as NOCACHE."
		{ProfileBing, []string{"noarchive", "nocache"}, "nocache@1"},
		{ProfileYandex, []string{"archive", "noarchive"}, "archive@0"},
		// Combine reports, it does not judge: indexifembedded without
		// noindex is the rules' business.
		{ProfileGoogle, []string{"indexifembedded"}, "indexifembedded@0"},
		{ProfileGoogle, nil, ""},
	} {
		if got := show(Combine(c.p, settings(c.in...))); got != c.want {
			t.Errorf("Combine(%s, %v) = %q, want %q", c.p, c.in, got, c.want)
		}
	}
	if got := Combine(ProfileRFC9309, settings("noindex")); got != nil {
		t.Errorf("Combine(rfc9309) = %v, want nil", got)
	}
}
