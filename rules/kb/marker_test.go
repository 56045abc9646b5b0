package kb

import (
	"slices"
	"strings"
	"testing"
)

// parserKinds are the names package syntax/page's SectionKind.String gives
// its kinds, in their order; MarkerKind must convert from them.
var parserKinds = []MarkerKind{"spiderline", "yandex-noindex-tag", "yandex-noindex-comment", "googleoff", "data-nosnippet"}

func TestMarkers(t *testing.T) {
	var kinds []MarkerKind
	for _, m := range Markers() {
		kinds = append(kinds, m.Kind)
		if m.Syntax == "" || m.Summary == "" || m.Doc == "" {
			t.Errorf("%s: Syntax, Summary and Doc must all be set", m.Kind)
		} else if first := m.Summary[:1]; first != strings.ToLower(first) || strings.HasSuffix(m.Summary, ".") {
			t.Errorf("%s: summary %q should start in lower case and have no final period", m.Kind, m.Summary)
		}
		checkSource(t, string(m.Kind), m.Source)
		checkSupport(t, string(m.Kind), m.Support)
		if got := LookupMarker(m.Kind); got == nil || got.Kind != m.Kind {
			t.Errorf("LookupMarker(%s) = %v", m.Kind, got)
		}
	}
	if !slices.Equal(kinds, parserKinds) {
		t.Errorf("marker kinds = %v, want syntax/page's %v", kinds, parserKinds)
	}
	if m := LookupMarker("noindex"); m != nil {
		t.Errorf("LookupMarker(noindex) = %s, want nil", m.Kind)
	}
	// Who reads what: Yandex its noindex, Google data-nosnippet, and no
	// search engine the Spiderline tag or googleoff.
	readers := map[MarkerKind]Profile{
		MarkerYandexNoindexTag:     ProfileYandex,
		MarkerYandexNoindexComment: ProfileYandex,
		MarkerDataNosnippet:        ProfileGoogle,
	}
	for _, m := range Markers() {
		for _, s := range m.Support {
			if (s.Reading == Read) != (readers[m.Kind] == s.Profile) {
				t.Errorf("%s under %s: %s", m.Kind, s.Profile, s.Reading)
			}
		}
	}
	if s, _ := LookupMarker(MarkerGoogleOff).SupportFor(ProfileGoogle); !strings.Contains(s.Note, "Search Appliance") {
		t.Errorf("googleoff under google: note %q should say it was the Search Appliance's", s.Note)
	}
	for k, values := range map[MarkerKind][]string{
		MarkerSpiderline: {"noindex", "nofollow", "none", "index", "follow", "all"},
		MarkerGoogleOff:  {"index", "anchor", "snippet", "all"},
	} {
		if got := LookupMarker(k).Values; !slices.Equal(got, values) {
			t.Errorf("%s: values %v, want %v", k, got, values)
		}
	}
}
