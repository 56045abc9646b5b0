package page

import "strings"

// IsCrawlerName reports whether a META tag's name attribute, in lower case
// and trimmed, could address a crawler, so that ParseHTML keeps the tag for
// the rules to judge. The test is deliberately wide, because a tag a
// crawler reads differently from what its author meant is what a linter
// must show; a name is kept when it
//   - holds "robot", "bot", "spider", "crawler" or "slurp" (robots,
//     googlebot, googlebot-news, bingbot, msnbot, AdsBot-Google, yandexbot,
//     baiduspider, x-robots-tag, and near misses such as "robot"),
//   - is a crawler token without those words: yandex, google (which Google
//     reads for notranslate), bing, msn, baidu, yeti, naver, teoma,
//     ia_archiver, or a Google token of the form "*-google" or "google*"
//     (mediapartners-google, storebot-google, google-extended, googleother),
//     except site-verification names ("google-site-verification",
//     "yandex-verification"), which are not directives,
//   - or is within two edits (insert, delete, replace, swap) of "robots"
//     ("robtos", "rbots", "roobts").
func IsCrawlerName(name string) bool {
	if strings.HasSuffix(name, "verification") {
		return false
	}
	for _, w := range []string{"robot", "bot", "spider", "crawler", "slurp"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	switch name {
	case "yandex", "google", "bing", "msn", "baidu", "yeti", "naver", "teoma", "ia_archiver":
		return true
	}
	if strings.HasSuffix(name, "-google") || strings.HasPrefix(name, "google") {
		return true
	}
	return len(name) >= 4 && len(name) <= 8 && editDistance(name, "robots") <= 2
}

// editDistance is the optimal string alignment distance between two short
// ASCII strings: insertions, deletions, replacements and swaps of adjacent
// bytes, each costing one.
func editDistance(a, b string) int {
	// Rows of the dynamic programming table; names here are a few bytes.
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
