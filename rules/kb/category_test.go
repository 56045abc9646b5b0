package kb

import "testing"

// TestCategoryWords checks that every category has words of its own: a
// category added without them would be described as any other crawler.
func TestCategoryWords(t *testing.T) {
	phrases, labels := map[string]Category{}, map[string]Category{}
	for _, c := range Categories() {
		if other, dup := phrases[c.Phrase()]; dup {
			t.Errorf("%s and %s share the phrase %q", c, other, c.Phrase())
		}
		if other, dup := labels[c.Label()]; dup {
			t.Errorf("%s and %s share the label %q", c, other, c.Label())
		}
		phrases[c.Phrase()], labels[c.Label()] = c, c
	}
	if got := Category("unheard-of").Phrase(); got != CategoryOther.Phrase() {
		t.Errorf("an unknown category reads %q, want %q as for %s", got, CategoryOther.Phrase(), CategoryOther)
	}
}
