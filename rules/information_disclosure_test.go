package rules

import (
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
)

// TestInformationDisclosureOptions checks that extra-patterns adds to the
// default list and ignore-patterns removes from both, read from a
// configuration file as a user writes it.
func TestInformationDisclosureOptions(t *testing.T) {
	const src = "User-agent: *\nDisallow: /old-admin/\nDisallow: /backup/\nDisallow: /Site.TAR.GZ\nDisallow: /shop/\n"
	lintWith := func(config string) []string {
		cfg, err := lint.ParseConfig([]byte(config), All())
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range lint.Lint([]byte(src), []*lint.Rule{InformationDisclosure}, cfg) {
			got = append(got, string([]byte(src)[d.Span.Start:d.Span.End]))
		}
		return got
	}
	if got := strings.Join(lintWith(""), " "); got != "backup" {
		t.Errorf("defaults: got %q, want backup", got)
	}
	got := strings.Join(lintWith("[rules.information-disclosure]\nextra-patterns = [\"old-*\", \"*.tar.gz\"]\n"), " ")
	if got != "old-admin backup Site.TAR.GZ" {
		t.Errorf("extra-patterns: got %q", got)
	}
	got = strings.Join(lintWith("[rules.information-disclosure]\nextra-patterns = [\"old-*\"]\nignore-patterns = [\"backup\", \"old-admin\"]\n"), " ")
	if got != "" {
		t.Errorf("ignore-patterns: got %q, want nothing", got)
	}
	_, err := lint.ParseConfig([]byte("[rules.information-disclosure]\nextra-patterns = [\"/secret/\"]\n"), All())
	if err == nil || err.Error() != `rules.information-disclosure.extra-patterns cannot hold "/secret/": a pattern matches one path segment, so it holds no `+"`/`" {
		t.Errorf("a pattern with a slash: got %v", err)
	}
}

// TestSegmentPattern checks the patterns' matching of one path segment.
func TestSegmentPattern(t *testing.T) {
	for _, tt := range []struct {
		pattern, seg string
		want         bool
	}{
		{".git", ".git", true},
		{".git", ".github", false},
		{"*.sql", "dump.sql", true},
		{"*.sql", "dump.sql.gz", false},
		{"*.sql.*", "dump.sql.gz", true},
		{"*-backup", "mysql-enterprise-backup-3.10-en", false},
		{"*-backup", "site-backup", true},
		{"PHPMyAdmin", "phpmyadmin", true},
		{"a*b*c", "axxbyyc", true},
		{"a*b*c", "axxbyy", false},
		{"*", "", true},
		{"*.sql.*", "DUMP.SQL.GZ", true},
		{"*.sql.*", "x.sql", false},
	} {
		p := compileSegmentPatterns([]string{tt.pattern}, 0)[0]
		if got := p.matches([]byte(tt.seg)); got != tt.want {
			t.Errorf("%q matches %q: %v, want %v", tt.pattern, tt.seg, got, tt.want)
		}
	}
}

// TestDefaultPatternsFound checks that the quick look at a segment's last
// two bytes turns down no segment a default pattern matches: each pattern,
// its '*'s filled in and in either case, is found in a rule's value.
func TestDefaultPatternsFound(t *testing.T) {
	for _, d := range disclosures {
		for _, p := range d.patterns {
			for _, fill := range []string{"", "x", "db"} {
				for _, seg := range []string{strings.ReplaceAll(p, "*", fill), strings.ToUpper(strings.ReplaceAll(p, "*", fill))} {
					if seg == "" {
						continue
					}
					value := "/site/" + seg + "/more?q=1"
					span, what, ok := disclosedSegment([]byte(value), nil, nil)
					if !ok || value[span.Start:span.End] != seg || what != d.what {
						t.Errorf("disclosedSegment(%q) = %v %q %v, want %q, %q", value, span, what, ok, seg, d.what)
					}
				}
			}
		}
	}
}
