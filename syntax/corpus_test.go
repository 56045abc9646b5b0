package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
)

// TestCorpus parses every file of the corpus of real robots.txt files and
// checks that the tree gives back each byte for byte and keeps its
// invariants.
func TestCorpus(t *testing.T) {
	files := linttest.CorpusFiles(t)
	if len(files) != 540 {
		t.Errorf("%d corpus files, want 540", len(files))
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Parse(src)
		t.Run(filepath.Base(path), func(t *testing.T) {
			checkTree(t, src, f)
			checkPaths(t, src, f)
		})
	}
}

// TestCorpusCounts compares the parse of chosen corpus files with counts
// taken by hand from their bytes (od -c) and cross-checked by a separate
// script that shares no code with the parser.
func TestCorpusCounts(t *testing.T) {
	dir := linttest.Shared(t, "corpus/files")
	tests := []struct {
		file                             string
		lines, blank, comment, directive int
		invalid                          int
		directives                       map[string]int
		missingColon, orphans            int
		groups, records                  [][2]int // {user-agent lines, rules}
	}{
		// 0001.txt: plain LF, ends with LF; comment, blank, comment, then "User-agent: *" + empty "Disallow:"
		{file: "0001.txt", lines: 5, blank: 1, comment: 2, directive: 2, invalid: 0, directives: map[string]int{"user-agent": 1, "disallow": 1}, missingColon: 0, orphans: 0, groups: [][2]int{{1, 1}}, records: [][2]int{{1, 1}}},
		// 0174.txt: shopify: LF only, starts with a blank line, ASCII-art comment block (comment-only run = no record), "Disallow /500" (missing colon, line 35) right after a blank following "User-agent: *", inline "#Alexa audit crawler" comment on a UA line, 148 Sitemap lines in comment-headed blocks, ends with LF + 2 blank lines
		{file: "0174.txt", lines: 2261, blank: 205, comment: 50, directive: 2006, invalid: 0, directives: map[string]int{"user-agent": 6, "disallow": 1852, "sitemap": 148}, missingColon: 1, orphans: 0, groups: [][2]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 4}, {1, 1844}}, records: [][2]int{{1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 4}, {1, 0}, {0, 53}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 52}, {0, 1}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 3}, {0, 35}, {0, 11}, {0, 5}, {0, 35}, {0, 11}, {0, 5}, {0, 35}, {0, 11}, {0, 5}, {0, 35}, {0, 11}, {0, 5}, {0, 35}, {0, 11}, {0, 2}, {0, 35}, {0, 11}, {0, 2}, {0, 35}, {0, 11}, {0, 2}, {0, 35}, {0, 11}, {0, 1}, {0, 35}, {0, 11}, {0, 1}, {0, 35}, {0, 11}, {0, 35}, {0, 11}, {0, 35}, {0, 11}, {0, 1}, {0, 35}, {0, 11}, {0, 1}, {0, 35}, {0, 11}, {0, 1}, {0, 35}, {0, 11}, {0, 35}, {0, 11}, {0, 35}, {0, 11}, {0, 35}, {0, 11}, {0, 35}, {0, 11}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}}},
		// 0200.txt: CR CR LF after the UA line: lone CR then CRLF = 2 terminators -> blank line 2 splits the record; no final terminator
		{file: "0200.txt", lines: 3, blank: 1, comment: 0, directive: 2, invalid: 0, directives: map[string]int{"user-agent": 1, "disallow": 1}, missingColon: 0, orphans: 0, groups: [][2]int{{1, 1}}, records: [][2]int{{1, 0}, {0, 1}}},
		// 0204.txt: UTF-8 BOM, lone-CR line endings (old Mac), final CR does not start an extra line
		{file: "0204.txt", lines: 2, blank: 0, comment: 0, directive: 2, invalid: 0, directives: map[string]int{"user-agent": 1, "allow": 1}, missingColon: 0, orphans: 0, groups: [][2]int{{1, 1}}, records: [][2]int{{1, 1}}},
		// 0213.txt: lone-CR endings, trailing spaces after "User-agent: *", CR CR = blank line; Sitemap-only second record
		{file: "0213.txt", lines: 6, blank: 1, comment: 0, directive: 5, invalid: 0, directives: map[string]int{"user-agent": 1, "disallow": 2, "sitemap": 2}, missingColon: 0, orphans: 0, groups: [][2]int{{1, 2}}, records: [][2]int{{1, 2}, {0, 0}}},
		// 0306.txt: LF only; lowercase "user-agent"/"disallow" in AhrefsBot group; last line typo "Disalow: /" -> kind other, so last group has 0 rules
		{file: "0306.txt", lines: 172, blank: 31, comment: 0, directive: 141, invalid: 0, directives: map[string]int{"user-agent": 32, "disallow": 108, "other": 1}, missingColon: 0, orphans: 0, groups: [][2]int{{1, 53}, {1, 1}, {1, 1}, {1, 1}, {1, 24}, {1, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 0}}, records: [][2]int{{1, 53}, {1, 1}, {1, 1}, {1, 1}, {1, 24}, {1, 3}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 1}, {1, 0}}},
		// 0362.txt: nginx 404 HTML page with CRLF; no colon anywhere; every line invalid (1 or 3+ words)
		{file: "0362.txt", lines: 7, blank: 0, comment: 0, directive: 0, invalid: 7, directives: map[string]int{}, missingColon: 0, orphans: 0, groups: [][2]int{}, records: [][2]int{{0, 0}}},
		// 0203.txt: UTF-16LE text whose FF FE BOM was re-encoded as UTF-8 (C3 BF C3 BE), NUL after every byte; CR 00 LF 00 -> lone CR, then LF, so "\x00" lines (invalid) between, plus trailing "\x00" line after final LF; keys contain NULs -> "other"
		{file: "0203.txt", lines: 7, blank: 0, comment: 0, directive: 3, invalid: 4, directives: map[string]int{"other": 3}, missingColon: 0, orphans: 0, groups: [][2]int{}, records: [][2]int{{0, 0}}},
		// 0007.txt: LF only; 166 consecutive User-agent lines then one "Disallow: /", ends with LF
		{file: "0007.txt", lines: 167, blank: 0, comment: 0, directive: 167, invalid: 0, directives: map[string]int{"user-agent": 166, "disallow": 1}, missingColon: 0, orphans: 0, groups: [][2]int{{166, 1}}, records: [][2]int{{166, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Fatal(err)
			}
			f := Parse(src)
			kinds := map[LineKind]int{}
			directives := map[string]int{}
			orphans := 0
			for i, l := range f.Lines {
				kinds[l.Kind]++
				if l.Kind == LineDirective {
					directives[l.Directive.String()]++
				}
				if l.Directive.IsRule() && f.GroupAt(i) < 0 {
					orphans++
				}
			}
			missingColon := 0
			for _, x := range f.Facts {
				if x.Kind == FactMissingColon {
					missingColon++
				}
			}
			got := fmt.Sprint(len(f.Lines), kinds[LineBlank], kinds[LineComment], kinds[LineDirective], kinds[LineInvalid], directives, missingColon, orphans)
			want := fmt.Sprint(tt.lines, tt.blank, tt.comment, tt.directive, tt.invalid, tt.directives, tt.missingColon, tt.orphans)
			if got != want {
				t.Errorf("lines, blank, comment, directive, invalid, directives, missing colons, orphans:\n got %s\nwant %s", got, want)
			}
			var groups, records [][2]int
			for _, g := range f.Groups {
				groups = append(groups, [2]int{len(g.UserAgents), len(g.Rules)})
			}
			for _, r := range f.Records {
				records = append(records, [2]int{len(r.UserAgents), len(r.Rules)})
			}
			if fmt.Sprint(groups) != fmt.Sprint(tt.groups) {
				t.Errorf("groups:\n got %v\nwant %v", groups, tt.groups)
			}
			if fmt.Sprint(records) != fmt.Sprint(tt.records) {
				t.Errorf("records:\n got %v\nwant %v", records, tt.records)
			}
		})
	}
}
