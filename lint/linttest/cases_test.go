package linttest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseCase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "case.txt")
	if err := os.WriteFile(path+".want", []byte("1 invalid-encoding\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := []string{
		"# test-targets: google, legacy",
		`Disalow: /x   # want "misspelled-directive" "missing-colon: no colon"`,
		`# want+1 "blank-line-in-group"`,
		"",
		`# want@2 "rule-order"`,
	}
	c, err := ParseCase(path, lines)
	if err != nil {
		t.Fatal(err)
	}
	want := []Want{
		{Line: 2, Rule: "misspelled-directive"},
		{Line: 2, Rule: "missing-colon", Message: "no colon"},
		{Line: 4, Rule: "blank-line-in-group"},
		{Line: 2, Rule: "rule-order"},
		{Line: 1, Rule: "invalid-encoding"},
	}
	if !slices.Equal(c.Wants, want) {
		t.Errorf("wants %+v, want %+v", c.Wants, want)
	}
	if !slices.Equal(c.Targets, []string{"google", "legacy"}) {
		t.Errorf("targets %q", c.Targets)
	}
	if c, _ := ParseCase(path+"-none", []string{"User-agent: *"}); c.Targets != nil || len(c.Wants) != 0 {
		t.Errorf("a case without comments: %+v", c)
	}
}

func TestParseCaseBadSidecar(t *testing.T) {
	path := filepath.Join(t.TempDir(), "case.txt")
	if err := os.WriteFile(path+".want", []byte("one rule\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ParseCase(path, nil); err == nil {
		t.Error("a sidecar line without a line number was accepted")
	}
}

// TestCheck shows each want met once, by a diagnostic of its rule on its
// line with its text in the message, and both kinds of difference.
func TestCheck(t *testing.T) {
	c := &Case{Path: "x.txt", Wants: []Want{
		{Line: 2, Rule: "a"},
		{Line: 2, Rule: "a"},
		{Line: 3, Rule: "b", Message: "blocks"},
		{Line: 4, Rule: "c"},
	}}
	got := []Got{
		{Line: 2, Rule: "a", Message: "one"},
		{Line: 2, Rule: "a", Message: "two"},
		{Line: 2, Rule: "a", Message: "three"},
		{Line: 3, Rule: "b", Message: "it blocks nothing"},
	}
	want := []string{
		"x.txt:2: unexpected a: three",
		`x.txt:4: no c diagnostic`,
	}
	if p := c.Check(got); !slices.Equal(p, want) {
		t.Errorf("problems\n%s\nwant\n%s", strings.Join(p, "\n"), strings.Join(want, "\n"))
	}
	c.Wants[2].Message = "allows"
	if p := c.Check(got[3:]); len(p) != 5 || !strings.Contains(p[3], `no b diagnostic with "allows" in its message`) {
		t.Errorf("a message that does not match: %q", p)
	}
}

func TestCheckGolden(t *testing.T) {
	golden := filepath.Join(t.TempDir(), "case.txt.golden")
	if err := CheckGolden(golden, []byte("fixed\n"), true, false); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing golden: %v", err)
	}
	if err := CheckGolden(golden, []byte("fixed\n"), true, true); err != nil {
		t.Fatal(err)
	}
	if err := CheckGolden(golden, []byte("fixed\n"), true, false); err != nil {
		t.Errorf("the golden just written: %v", err)
	}
	if err := CheckGolden(golden, []byte("other\n"), true, false); err == nil {
		t.Error("a different fix result passed")
	}
	if err := CheckGolden(golden, nil, false, false); err == nil {
		t.Error("a golden for a case the fixes do not change passed")
	}
	if err := CheckGolden(golden, nil, false, true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(golden); !os.IsNotExist(err) {
		t.Errorf("update left the golden of a case the fixes do not change: %v", err)
	}
}
