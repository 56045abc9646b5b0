package lint

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestStringsOption checks a list option: read from TOML and from JSON
// settings, its default, and each kind of mistake with its line.
func TestStringsOption(t *testing.T) {
	words := Option{Name: "words", Summary: "some words", Kind: Strings, CheckItem: func(s string) string {
		if strings.Contains(s, "/") {
			return "a word holds no `/`"
		}
		return ""
	}}
	rules := []*Rule{{Name: "bar", Options: []Option{words}}}
	if got := words.Strings(nil); got != nil {
		t.Errorf("default: %q", got)
	}
	if got := words.Doc(); got != "some words (default none)" {
		t.Errorf("Doc: %q", got)
	}
	cfg, err := ParseConfig([]byte("[rules.bar]\nwords = [\"a\", \"b*\"]\n"), rules)
	if err != nil {
		t.Fatal(err)
	}
	if got := words.Strings(cfg.Rules["bar"].Options); !slices.Equal(got, []string{"a", "b*"}) {
		t.Errorf("TOML: %q", got)
	}
	cfg, errs := CheckConfig(map[string]any{"rules": map[string]any{"bar": map[string]any{"words": []any{"c"}}}}, rules)
	if got := words.Strings(cfg.Rules["bar"].Options); len(errs) > 0 || !slices.Equal(got, []string{"c"}) {
		t.Errorf("JSON: %q %v", got, errs)
	}
	for _, tt := range []struct{ src, want string }{
		{"[rules.bar]\n\nwords = \"a\"", `rules.bar.words must be a list of strings, not "a"`},
		{"[rules.bar]\n\nwords = [\"a\", 3]", "rules.bar.words must be a list of strings that are not empty, not a list holding 3"},
		{"[rules.bar]\n\nwords = [\"\"]", `rules.bar.words must be a list of strings that are not empty, not a list holding ""`},
		{"[rules.bar]\n\nwords = [\"a/b\"]", `rules.bar.words cannot hold "a/b": a word holds no ` + "`/`"},
	} {
		_, err := ParseConfig([]byte(tt.src), rules)
		var mistake *ConfigError
		if !errors.As(err, &mistake) || mistake.Message != tt.want || mistake.Line != 3 {
			t.Errorf("%q: got %#v, want line 3: %s", tt.src, err, tt.want)
		}
	}
}
