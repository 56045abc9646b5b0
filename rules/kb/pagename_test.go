package kb

import (
	"slices"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

func TestPageNamesWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for i, n := range PageNames() {
		key := syntax.LowerASCII(n.Name)
		if n.Name == "" || seen[key] {
			t.Errorf("%q: names must be non-empty and listed once, ignoring case", n.Name)
		}
		seen[key] = true
		if n.Scope == "" {
			t.Errorf("%s: Scope must say what the name addresses", n.Name)
		}
		checkSource(t, n.Name, n.Source)
		if (i == 0) != (n.Name == "robots") || (n.Profile == "") != (n.Name == "robots") {
			t.Errorf("%s: robots must come first and be the only name for every profile", n.Name)
		}
		if n.Profile != "" && !slices.Contains(PageProfiles(), n.Profile) {
			t.Errorf("%s: profile %s is not a page profile", n.Name, n.Profile)
		}
		// The token ties the name to the robots.txt group that decides
		// whether the crawler may fetch the page.
		if n.Token != "" {
			if c := LookupCrawler(n.Token); c == nil || c.Token != n.Token {
				t.Errorf("%s: token %q is not a known crawler's, as written", n.Name, n.Token)
			}
		} else if n.Name != "robots" {
			t.Errorf("%s: no robots.txt token", n.Name)
		}
	}
}

func TestReadsRobots(t *testing.T) {
	// Google: robots "applies to search engine crawlers. To block non-search
	// crawlers, such as AdsBot-Google, you might need to add rules targeted
	// to the specific crawler".
	for _, n := range PageNames() {
		if want := !strings.HasPrefix(n.Name, "AdsBot-"); n.ReadsRobots != want {
			t.Errorf("%s: ReadsRobots %v, want %v", n.Name, n.ReadsRobots, want)
		}
	}
}

func TestLookupPageName(t *testing.T) {
	for name, want := range map[string]Profile{
		"robots": "", "ROBOTS": "", "Googlebot": ProfileGoogle, "GOOGLEBOT-NEWS": ProfileGoogle,
		"adsbot-google": ProfileGoogle, "BingBot": ProfileBing, "MSNBot": ProfileBing, "Yandex": ProfileYandex,
	} {
		if n := LookupPageName(name); n == nil || n.Profile != want {
			t.Errorf("LookupPageName(%q) = %v, want profile %q", name, n, want)
		}
	}
	for _, name := range []string{"", "robot", "googlebot-image", "google", "description", "YandexBot"} {
		if n := LookupPageName(name); n != nil {
			t.Errorf("LookupPageName(%q) = %s, want nil", name, n.Name)
		}
	}
}

func TestSuggestPageName(t *testing.T) {
	for name, want := range map[string]string{
		"robot":          "robots",
		"Robot":          "robots",
		"robts":          "robots",
		"rbots":          "robots",
		"google-bot":     "googlebot",
		"googlebots":     "googlebot",
		"GoogleBot News": "googlebot-news",
		"googlebotnews":  "googlebot-news",
		"bing-bot":       "bingbot",
		"bingbots":       "bingbot",
		"adsbot_google":  "adsbot-google",
		"yandx":          "yandex",
	} {
		if got := SuggestPageName(name); !slices.Equal(got, []string{want}) {
			t.Errorf("SuggestPageName(%q) = %v, want [%s]", name, got, want)
		}
	}
	for _, name := range []string{"", "robots", "Googlebot", "description", "viewport", "googlebot-image", "author"} {
		if got := SuggestPageName(name); got != nil {
			t.Errorf("SuggestPageName(%q) = %v, want none", name, got)
		}
	}
}
