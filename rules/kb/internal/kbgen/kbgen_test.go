package kbgen

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

const curated = `[
  {"token": "GPTBot", "operator": "OpenAI", "category": "ai-training", "honors_robots": true,
   "notes": "Curated note.", "source": "https://example.com/gptbot"},
  {"token": "Zbot", "operator": "Z", "category": "seo", "honors_robots": "unknown",
   "notes": "Z's crawler.", "source": "https://example.com/z"}
]`

const community = `{
  "gptbot": {"operator": "[Someone else](https://example.org)", "respect": "No",
    "function": "AI Assistants", "description": "Community note."},
  "ABot": {"operator": "Unclear at this time.", "respect": "[Yes](https://example.org/respect)",
    "function": "Collects data for AI search",
    "description": "ABot is a web crawler by Acme Labs that indexes pages. More info can be found at https://knownagents.com/agents/abot"},
  "bbot": {"operator": "Bee Corp, a company that builds things", "respect": "Unclear at this time.",
    "function": "Undocumented AI Agents", "description": "Description unavailable from knownagents.com"}
}`

func TestCrawlers(t *testing.T) {
	out, err := Crawlers([]byte(curated), []byte(community))
	if err != nil {
		t.Fatal(err)
	}
	var all, got []crawler
	if err := json.Unmarshal(out, &all); err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if !slices.Contains(extras, c) {
			got = append(got, c)
		}
	}
	if len(all)-len(got) != len(extras) {
		t.Errorf("%d of the %d extras are in the output", len(all)-len(got), len(extras))
	}
	want := []crawler{
		{"ABot", "Acme Labs", "ai-search", "yes", "ABot is a web crawler by Acme Labs that indexes pages.",
			"https://example.org/respect; https://knownagents.com/agents/abot; " + CommunitySource},
		{"bbot", "Bee Corp", "ai-assistant", "unknown", `Listed by ai.robots.txt under "Undocumented AI Agents", without a description.`,
			CommunitySource},
		{"GPTBot", "OpenAI", "ai-training", "yes", "Curated note.", "https://example.com/gptbot"},
		{"Zbot", "Z", "seo", "unknown", "Z's crawler.", "https://example.com/z"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d crawlers, want %d:\n%s", len(got), len(want), out)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("crawler %d:\n got %+v\nwant %+v", i, got[i], want[i])
		}
	}
	if n := strings.Count(string(out), "\n"); n != len(all)+2 {
		t.Errorf("output has %d lines, want one per crawler and two for the brackets:\n%s", n, out)
	}
}

func TestCrawlersRejects(t *testing.T) {
	for name, list := range map[string]string{
		"duplicate": `[{"token": "A", "operator": "o", "category": "seo", "honors_robots": true, "notes": "n", "source": "s"},
		               {"token": "a", "operator": "o", "category": "seo", "honors_robots": true, "notes": "n", "source": "s"}]`,
		"category": `[{"token": "A", "operator": "o", "category": "ads", "honors_robots": true, "notes": "n", "source": "s"}]`,
		"honours":  `[{"token": "A", "operator": "o", "category": "seo", "honors_robots": "maybe", "notes": "n", "source": "s"}]`,
		"operator": `[{"token": "A", "category": "seo", "honors_robots": true, "notes": "n", "source": "s"}]`,
		"extra":    `[{"token": "itms", "operator": "o", "category": "seo", "honors_robots": true, "notes": "n", "source": "s"}]`,
	} {
		if _, err := Crawlers([]byte(list), []byte(`{}`)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestCommunityCategory(t *testing.T) {
	for function, want := range map[string]string{
		"AI Assistants":                            "ai-assistant",
		"AI Data Scrapers":                         "ai-training",
		"Search result generation.":                "ai-search",
		"Takes action based on user prompts.":      "ai-assistant",
		"Scrapes data to train OpenAI's products.": "ai-training",
		// "research" is not "search".
		"AI research crawler":                        "other",
		"Insights on AI integration and automation.": "other",
	} {
		if got := communityCategory(function); got != want {
			t.Errorf("communityCategory(%q) = %s, want %s", function, got, want)
		}
	}
}
