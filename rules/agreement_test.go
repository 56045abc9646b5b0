package rules

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// readerSubjects are the names messages give crawlers as the subject of a
// sentence, each marked plural or not: the profiles' Readers and the
// fallbacks rules use when no targeted profile fits.
var readerSubjects = map[string]bool{
	"Google":                 false,
	"Bing":                   false,
	"Yandex":                 false,
	"RFC 9309 crawlers":      true,
	"1994-standard crawlers": true,
	"crawlers":               true,
	"longest-match crawlers": true,
	"other crawlers":         true,
}

// agreeingVerbs are the verbs messages put after a list of crawlers, in
// the singular and the plural.
var agreeingVerbs = map[string]string{
	"reads": "read", "ignores": "ignore", "honours": "honour", "merges": "merge",
	"applies": "apply", "follows": "follow", "compares": "compare", "encodes": "encode",
	"finds": "find", "takes": "take", "treats": "treat", "matches": "match",
	"keeps": "keep", "does": "do", "has": "have", "is": "are", "needs": "need",
	"obeys": "obey", "stops": "stop", "accepts": "accept", "skips": "skip",
	"gets": "get", "sees": "see", "uses": "use", "knows": "know", "selects": "select",
}

// TestReaderSubjects checks the table against the profiles, so that a new
// profile is classified before its name reaches a message, and prose's
// agreement against the table.
func TestReaderSubjects(t *testing.T) {
	for _, p := range match.Profiles() {
		if _, ok := readerSubjects[p.Readers]; !ok {
			t.Errorf("profile %s: its Readers %q is not in readerSubjects", p.Name, p.Readers)
		}
	}
	for name, plural := range readerSubjects {
		if got := prose.Plural([]string{name}); got != plural {
			t.Errorf("prose.Plural(%q) = %v, want %v", name, got, plural)
		}
	}
}

// subjectRE finds a list of reader names followed by a word: the list, and
// the word after it (past an adverb).
var subjectRE = func() *regexp.Regexp {
	var names []string
	for name := range readerSubjects {
		names = append(names, regexp.QuoteMeta(name))
	}
	// Longest first, so that "RFC 9309 crawlers" wins over "crawlers".
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	name := "(?:" + strings.Join(names, "|") + ")"
	return regexp.MustCompile(`(?:^|[^\w-])(` + name + `(?:(?:, | and )` + name + `)*) (?:(?:still|only|also|never|then|all) )?([a-z]+)\b`)
}()

// agreementSlips returns the places in msg where a list of crawlers is the
// subject of a verb that does not agree with it.
func agreementSlips(msg string) []string {
	var slips []string
	for _, m := range subjectRE.FindAllStringSubmatch(msg, -1) {
		list, word := m[1], m[2]
		plural := strings.Contains(list, " and ") || strings.Contains(list, ", ") || readerSubjects[list]
		for one, many := range agreeingVerbs {
			if plural && word == one || !plural && word == many {
				slips = append(slips, m[0])
			}
		}
	}
	return slips
}

func TestAgreementSlips(t *testing.T) {
	for msg, want := range map[string]bool{
		"Google reads `Disalow` as Disallow, but Bing ignores the line":               false,
		"Google and Bing read it, while RFC 9309 crawlers ignore it":                  false,
		"Google merge the rules of both":                                              true,
		"Bing, Yandex and RFC 9309 crawlers ignores the line":                         true,
		"RFC 9309 crawlers reads it":                                                  true,
		"a blank line separates them from the group's rules: Google still apply them": true,
		"the file is too large for Google":                                            false,
	} {
		if got := len(agreementSlips(msg)) > 0; got != want {
			t.Errorf("agreementSlips(%q) found a slip: %v, want %v", msg, got, want)
		}
	}
}

// TestMessageAgreement renders the messages of every rule case under every
// set of targeted profiles, and of the corpus's files under a few, and
// checks that each list of crawlers that is a sentence's subject agrees
// with its verb ("Google reads", "Google and Bing read", "RFC 9309
// crawlers read"): those lists are generated from the targets, so a slip
// shows only for some of them.
func TestMessageAgreement(t *testing.T) {
	var sets [][]*match.Profile
	for mask := 1; mask < 1<<len(match.Profiles()); mask++ {
		var set []*match.Profile
		for i, p := range match.Profiles() {
			if mask&(1<<i) != 0 {
				set = append(set, p)
			}
		}
		sets = append(sets, set)
	}
	seen := map[string]bool{}
	check := func(name string, src []byte, set []*match.Profile) {
		for _, d := range lint.Lint(src, All(), &lint.Config{Targets: set}) {
			for _, text := range append([]string{d.Message}, relatedMessages(d)...) {
				for _, slip := range agreementSlips(text) {
					if !seen[slip] {
						seen[slip] = true
						t.Errorf("%s, targeting %s: %s: %q in %q", name, profileList(set), d.Rule, slip, text)
					}
				}
			}
		}
	}
	cases, _ := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*.txt"))
	if len(cases) == 0 {
		t.Fatal("no rule cases")
	}
	for _, path := range cases {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, set := range sets {
			check(path, src, set)
		}
	}
	// The corpus's files up to 64 KB (nine in ten), under the default
	// targets, each profile alone and all of them.
	corpus := linttest.CorpusFilesIfPresent()
	corpusSets := [][]*match.Profile{lint.DefaultTargets(), match.Profiles()}
	for _, p := range match.Profiles() {
		corpusSets = append(corpusSets, []*match.Profile{p})
	}
	for _, path := range corpus {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if len(src) > 64<<10 {
			continue
		}
		for _, set := range corpusSets {
			check(filepath.Base(path), src, set)
		}
	}
}

func relatedMessages(d lint.Diagnostic) []string {
	var out []string
	for _, r := range d.Related {
		out = append(out, r.Message)
	}
	return out
}

func profileList(set []*match.Profile) string {
	var names []string
	for _, p := range set {
		names = append(names, p.Name)
	}
	return strings.Join(names, ",")
}
