package rules

import "testing"

// TestEntityStartFindsEveryEntity checks that the search html-entity makes
// over the whole file finds every value findEntities reports on, so that
// skipping the other lines loses no finding.
func TestEntityStartFindsEveryEntity(t *testing.T) {
	values := []string{
		"/a&amp;b", "/a?x=1&y=2", "/&#47;x", "/&#x2F;", "/a&", "&lt;", "/a&b&amp;", "/a&b;c&#;",
		"/a&verylongnamethatisnotanentity12345;", "/&semi;", "/&ampx;", "/a&&amp;",
	}
	for _, v := range values {
		found := len(findEntities([]byte(v))) > 0
		if found && entityStart([]byte(v)) < 0 {
			t.Errorf("entityStart(%q) = -1, but findEntities reports an entity", v)
		}
	}
	for _, v := range []string{"/a?x=1&y=2", "/a&", "/a&b c;"} {
		if k := entityStart([]byte(v)); k >= 0 {
			t.Errorf("entityStart(%q) = %d, want -1 for a plain '&'", v, k)
		}
	}
}
