package kb

import (
	"bytes"
	"cmp"
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/rules/kb/internal/kbgen"
)

func TestCrawlerDataParses(t *testing.T) {
	table, err := decodeCrawlers(crawlersJSON, curatedQuirks())
	if err != nil {
		t.Fatal(err)
	}
	// The curated list alone has 145 entries.
	if len(table.list) < 145 {
		t.Errorf("crawlers.json has %d crawlers, want at least 145", len(table.list))
	}
	if _, err := decodeCrawlers(crawlersJSON, map[string][]Quirk{"googlebot": nil}); err == nil {
		t.Error("quirks keyed by a token not spelled as listed were accepted")
	}
}

func TestCrawlersWellFormed(t *testing.T) {
	list := Crawlers()
	seen := make(map[string]string)
	for i, c := range list {
		if c.Token == "" || c.Operator == "" || c.Notes == "" || c.Source == "" {
			t.Errorf("%q: token, operator, notes and source must all be set: %+v", c.Token, c)
		}
		if !slices.Contains(Categories(), c.Category) {
			t.Errorf("%s: category %q is not one of %v", c.Token, c.Category, Categories())
		}
		if c.HonoursRobots != HonoursYes && c.HonoursRobots != HonoursNo && c.HonoursRobots != HonoursUnknown {
			t.Errorf("%s: HonoursRobots is %q", c.Token, c.HonoursRobots)
		}
		key := strings.ToLower(c.Token)
		if other, dup := seen[key]; dup {
			t.Errorf("tokens %q and %q differ only in case", other, c.Token)
		}
		seen[key] = c.Token
		if i > 0 && cmp.Compare(strings.ToLower(list[i-1].Token), key) >= 0 {
			t.Errorf("%q is listed before %q", list[i-1].Token, c.Token)
		}
		if got := LookupCrawler(c.Token); got == nil || got.Token != c.Token {
			t.Errorf("LookupCrawler(%q) = %v", c.Token, got)
		}

		kinds := make(map[QuirkKind]bool)
		for _, q := range c.Quirks {
			if !slices.Contains(QuirkKinds(), q.Kind) {
				t.Errorf("%s: unknown quirk kind %q", c.Token, q.Kind)
			}
			if kinds[q.Kind] {
				t.Errorf("%s: two quirks of kind %s", c.Token, q.Kind)
			}
			kinds[q.Kind] = true
			if q.Text == "" {
				t.Errorf("%s: quirk %s has no text", c.Token, q.Kind)
			}
			needsToken := q.Kind == QuirkFallsBackTo || q.Kind == QuirkSubstringMatch
			if needsToken != (q.Token != "") {
				t.Errorf("%s: quirk %s has token %q", c.Token, q.Kind, q.Token)
			}
			if q.Kind == QuirkFallsBackTo && LookupCrawler(q.Token) == nil {
				t.Errorf("%s falls back to %s, which is not listed", c.Token, q.Token)
			}
			if q.Kind == QuirkIgnoresRobots && c.HonoursRobots == HonoursYes {
				t.Errorf("%s ignores robots.txt but HonoursRobots is yes", c.Token)
			}
		}
		if kinds[QuirkHonoursCrawlDelay] && kinds[QuirkIgnoresCrawlDelay] {
			t.Errorf("%s both honours and ignores Crawl-delay", c.Token)
		}
	}
}

func TestCrawlerFacts(t *testing.T) {
	for _, c := range []struct {
		token    string
		operator string
		category Category
		honours  Honours
		quirk    QuirkKind
	}{
		{"Googlebot", "Google", CategorySearch, HonoursYes, QuirkIgnoresCrawlDelay},
		{"GPTBot", "OpenAI", CategoryAITraining, HonoursYes, ""},
		{"AdsBot-Google", "Google", CategoryOther, HonoursYes, QuirkIgnoresGlobalGroup},
		{"Mediapartners-Google", "Google", CategoryOther, HonoursYes, QuirkIgnoresGlobalGroup},
		{"Applebot", "Apple", CategorySearch, HonoursYes, QuirkFallsBackTo},
		{"Google-Extended", "Google", CategoryAITraining, HonoursYes, QuirkControlTokenOnly},
		{"Applebot-Extended", "Apple", CategoryAITraining, HonoursYes, QuirkControlTokenOnly},
		{"FeedFetcher-Google", "Google", CategoryOther, HonoursNo, QuirkIgnoresRobots},
		{"Google-Site-Verification", "Google", CategoryOther, HonoursNo, QuirkIgnoresRobots},
		{"iTMS", "Apple", CategoryOther, HonoursNo, QuirkIgnoresRobots},
		{"YandexBot", "Yandex", CategorySearch, HonoursYes, QuirkSubstringMatch},
		{"bingbot", "Microsoft", CategorySearch, HonoursYes, QuirkHonoursCrawlDelay},
		// From the community list only.
		{"Kimi-User", "Moonshot AI", CategoryAIAssistant, HonoursUnknown, ""},
		{"aiHitBot", "aiHit", CategoryAITraining, HonoursYes, ""},
	} {
		got := LookupCrawler(c.token)
		if got == nil {
			t.Errorf("LookupCrawler(%q) = nil", c.token)
			continue
		}
		if got.Operator != c.operator || got.Category != c.category || got.HonoursRobots != c.honours {
			t.Errorf("%s: operator %q, category %s, honours %s; want %q, %s, %s",
				c.token, got.Operator, got.Category, got.HonoursRobots, c.operator, c.category, c.honours)
		}
		if _, ok := got.Quirk(c.quirk); c.quirk != "" && !ok {
			t.Errorf("%s: no %s quirk", c.token, c.quirk)
		}
	}
	if q, _ := LookupCrawler("Applebot").Quirk(QuirkFallsBackTo); q.Token != "Googlebot" {
		t.Errorf("Applebot falls back to %q, want Googlebot", q.Token)
	}
	if _, ok := LookupCrawler("Googlebot").Quirk(QuirkIgnoresGlobalGroup); ok {
		t.Error("Googlebot has a quirk for ignoring the * group")
	}
	if k := LookupCrawler("kimi-user").Source; !strings.Contains(k, kbgen.CommunitySource) {
		t.Errorf("Kimi-User's source %q does not cite ai.robots.txt", k)
	}
}

func TestLookupCrawler(t *testing.T) {
	for _, token := range []string{"googlebot", "GOOGLEBOT", "GoogleBot"} {
		if c := LookupCrawler(token); c == nil || c.Token != "Googlebot" {
			t.Errorf("LookupCrawler(%q) = %v, want Googlebot", token, c)
		}
	}
	// Exact tokens only, and ASCII case folding only: the Kelvin sign
	// lower-cases to 'k' in Unicode but is no robots.txt letter.
	for _, token := range []string{"", "*", "Googlebot/2.1", "Googlebot ", "Google", "\u212Aagibot"} {
		if c := LookupCrawler(token); c != nil {
			t.Errorf("LookupCrawler(%q) = %s, want nil", token, c.Token)
		}
	}
}

// TestGeneratedDataFresh fails when crawlers.json is not what gen.go makes
// of the lists in ../shared/data.
func TestGeneratedDataFresh(t *testing.T) {
	curated := linttest.SharedFile(t, "data/crawlers.json")
	community := linttest.SharedFile(t, "data/ai-robots-txt.json")
	want, err := kbgen.Crawlers(curated, community)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(crawlersJSON, want) {
		return
	}
	got, wantLines := strings.Split(string(crawlersJSON), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(got), len(wantLines)) {
		g, w := line(got, i), line(wantLines, i)
		if g != w {
			t.Fatalf("crawlers.json is stale; run go generate in rules/kb. Line %d is\n\t%s\nwant\n\t%s", i+1, g, w)
		}
	}
}

func line(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end of file)"
}
