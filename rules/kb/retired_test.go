package kb

import "testing"

func TestRetirements(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range Retirements() {
		if r.Token == "" || r.Current == "" || r.Why == "" || r.Source == "" || r.Operator == "" {
			t.Errorf("%+v: every field is needed", r)
		}
		if seen[r.Token] {
			t.Errorf("%s is listed twice", r.Token)
		}
		seen[r.Token] = true
		if LookupCrawler(r.Current) == nil {
			t.Errorf("%s: its successor %s is not in the crawler list", r.Token, r.Current)
		}
		if LookupRetirement(r.Current) != nil {
			t.Errorf("%s: its successor %s is retired too", r.Token, r.Current)
		}
		if got := LookupRetirement(r.Token); got == nil || got.Current != r.Current {
			t.Errorf("LookupRetirement(%q) = %+v", r.Token, got)
		}
	}
	if LookupRetirement("Googlebot") != nil {
		t.Error("Googlebot is not retired")
	}
}
