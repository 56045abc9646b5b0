package lint

import "testing"

// TestConfigSeverity checks the one severity policy: a configured
// severity wins over the one a check rates a finding, which wins over the
// rule's default; Off turns the finding off.
func TestConfigSeverity(t *testing.T) {
	rule := &Rule{Name: "r", Severity: Warning}
	set := func(s Severity) *Config { return &Config{Rules: map[string]RuleConfig{"r": {Severity: s}}} }
	for _, tt := range []struct {
		cfg         *Config
		rated, want Severity
	}{
		{nil, 0, Warning},
		{nil, Error, Error},
		{&Config{}, Info, Info},
		{set(Hint), 0, Hint},
		{set(Hint), Error, Hint},
		{set(Off), Error, Off},
		{&Config{Rules: map[string]RuleConfig{"other": {Severity: Off}}}, 0, Warning},
	} {
		if got := tt.cfg.Severity(rule, tt.rated); got != tt.want {
			t.Errorf("%+v, rated %v: got %v, want %v", tt.cfg, tt.rated, got, tt.want)
		}
	}
	// Pass.Report and the engine's own findings take it.
	foo := wordRule("foo", "foo", "")
	src := []byte("# robotslint:disable-next-line nosuch\nDisallow: /foo\n")
	cfg := &Config{Rules: map[string]RuleConfig{"foo": {Severity: Hint}, UnusedSuppression.Name: {Severity: Error}}}
	got := map[string]Severity{}
	for _, d := range Lint(src, []*Rule{foo, UnusedSuppression}, cfg) {
		got[d.Rule] = d.Severity
	}
	if got["foo"] != Hint || got[UnusedSuppression.Name] != Error {
		t.Errorf("got %v", got)
	}
}
