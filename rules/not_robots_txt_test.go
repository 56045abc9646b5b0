package rules

import (
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/syntax"
)

// TestNotRobotsTxtReason checks that the reason given to tools is the
// error the rules report on the same file, word for word, and that a
// file whose rules crawlers read has none.
func TestNotRobotsTxtReason(t *testing.T) {
	tests := []struct {
		name, src string
		rule      string // the rule whose error is the reason, "" for none
	}{
		{"html", "<!DOCTYPE html>\n<html><body>Not found</body></html>\n", "not-robots-txt"},
		{"png", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "not-robots-txt"},
		{"error message", "Internal Server Error\n", "not-robots-txt"},
		{"json", `{"error": "NoSuchKey"}` + "\n", "not-robots-txt"},
		{"utf-16", "\xff\xfeU\x00s\x00e\x00r\x00-\x00a\x00g\x00e\x00n\x00t\x00:\x00 \x00*\x00\n\x00", "invalid-encoding"},
		{"error before swallowed user-agent", "PHP Warning: include(x.php): failed to open stream in /var/www/a.php on line 3User-agent: *\nDisallow: /a\n", "not-robots-txt"},
		{"html before rules", "<html>banner</html>\nUser-agent: *\nDisallow: /a\n", ""},
		{"robots.txt", "User-agent: *\nDisallow: /a\n", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := syntax.Parse([]byte(tt.src))
			want := ""
			for _, d := range lint.LintFile(f, []*lint.Rule{NotRobotsTxt, InvalidEncoding}, nil) {
				if d.Rule == tt.rule && d.Severity == lint.Error {
					want = d.Message
				}
			}
			if tt.rule != "" && want == "" {
				t.Fatalf("%s reports no error on the file", tt.rule)
			}
			if got := NotRobotsTxtReason(f); got != want {
				t.Errorf("NotRobotsTxtReason = %q, want %q", got, want)
			}
		})
	}
}
