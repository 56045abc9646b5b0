package prose

import (
	"testing"

	"github.com/robotslint/robotslint/lint/match"
)

func TestInt(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 1920: "1,920",
		16663: "16,663", 512000: "512,000", 1234567: "1,234,567", -1000: "-1,000", -12: "-12"} {
		if got := Int(n); got != want {
			t.Errorf("Int(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{{0, "0 rules"}, {1, "1 rule"}, {2, "2 rules"}, {1920, "1,920 rules"}} {
		if got := Count(c.n, "rule", "rules"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

func TestJoin(t *testing.T) {
	for _, c := range []struct {
		items []string
		n     int
		want  string
	}{
		{nil, 3, ""},
		{[]string{"a"}, 3, "a"},
		{[]string{"a", "b"}, 3, "a and b"},
		{[]string{"a", "b", "c"}, 3, "a, b and c"},
		{[]string{"a", "b", "c", "d"}, 3, "a, b, c and 1 more"},
		{[]string{"a", "b", "c", "d", "e"}, 2, "a, b and 3 more"},
	} {
		if got := JoinCapped(c.items, c.n); got != c.want {
			t.Errorf("JoinCapped(%q, %d) = %q, want %q", c.items, c.n, got, c.want)
		}
	}
}

func TestSubject(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{"Google"}, "Google reads"},
		{[]string{"Bing"}, "Bing reads"},
		{[]string{"YandexImages"}, "YandexImages reads"},
		{[]string{"RFC 9309 crawlers"}, "RFC 9309 crawlers read"},
		{[]string{"crawlers"}, "crawlers read"},
		{[]string{"Google", "Bing"}, "Google and Bing read"},
		{[]string{"Google", "Bing", "RFC 9309 crawlers"}, "Google, Bing and RFC 9309 crawlers read"},
		{Readers([]*match.Profile{match.Yandex}), "Yandex reads"},
		{Readers([]*match.Profile{match.Legacy}), "1994-standard crawlers read"},
	} {
		if got := Subject(c.names, "reads", "read"); got != c.want {
			t.Errorf("Subject(%q) = %q, want %q", c.names, got, c.want)
		}
	}
}
