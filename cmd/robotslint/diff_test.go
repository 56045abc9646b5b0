package main

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, before, after, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"one line", "User-agent: *\nDisalow: /x\n", "User-agent: *\nDisallow: /x\n",
			"--- a/robots.txt\n+++ b/robots.txt\n@@ -1,2 +1,2 @@\n User-agent: *\n-Disalow: /x\n+Disallow: /x\n"},
		{"context", "1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
			"--- a/robots.txt\n+++ b/robots.txt\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "one\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\ntwelve\n",
			"--- a/robots.txt\n+++ b/robots.txt\n@@ -1,4 +1,4 @@\n-1\n+one\n 2\n 3\n 4\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+twelve\n"},
		{"no final newline", "a\nb", "a\nb\n",
			"--- a/robots.txt\n+++ b/robots.txt\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n"},
		{"crlf", "a\r\nb\r\n", "a\r\nc\r\n",
			"--- a/robots.txt\n+++ b/robots.txt\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n"},
		{"from empty", "", "a\n", "--- a/robots.txt\n+++ b/robots.txt\n@@ -0,0 +1 @@\n+a\n"},
		{"insertion", "a\nc\n", "a\nb\nc\n", "--- a/robots.txt\n+++ b/robots.txt\n@@ -1,2 +1,3 @@\n a\n+b\n c\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := unifiedDiff("robots.txt", []byte(tt.before), []byte(tt.after)); got != tt.want {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestUnifiedDiffApplies applies random diffs back: the hunks must turn
// the old text into the new one, with the line numbers they claim.
func TestUnifiedDiffApplies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a\n", "b\n", "c\n", "d\n", "e\r\n", "f"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			w := words[r.IntN(len(words))]
			b.WriteString(strings.TrimSuffix(w, "f") + "x\n")
		}
		if r.IntN(4) == 0 {
			b.WriteString("end")
		}
		return b.String()
	}
	for i := range 2000 {
		before, after := text(r.IntN(30)), text(r.IntN(30))
		if r.IntN(2) == 0 {
			// Mostly alike, as fixes make them.
			lines := strings.SplitAfter(before, "\n")
			for k := range lines {
				if lines[k] != "" && r.IntN(8) == 0 {
					lines[k] = "changed\n"
				}
			}
			after = strings.Join(lines, "")
		}
		d := unifiedDiff("f", []byte(before), []byte(after))
		if got := applyDiff(t, before, d); got != after {
			t.Fatalf("case %d: applying\n%s\nto %q gives %q, want %q", i, d, before, got, after)
		}
	}
}

// TestUnifiedDiffLarge checks that a file of many changed lines, beyond
// the edit distance myers searches, still gives a diff that applies.
func TestUnifiedDiffLarge(t *testing.T) {
	var before, after strings.Builder
	for i := range 5000 {
		before.WriteString("Disallow: /" + strconv.Itoa(i) + "\n")
		after.WriteString("Disallow: /" + strconv.Itoa(i) + "/\n")
	}
	d := unifiedDiff("f", []byte(before.String()), []byte(after.String()))
	if got := applyDiff(t, before.String(), d); got != after.String() {
		t.Fatal("the diff does not apply")
	}
}

// applyDiff applies a unified diff made by unifiedDiff to before.
func applyDiff(t *testing.T, before, diff string) string {
	t.Helper()
	if diff == "" {
		return before
	}
	var src []string
	for _, l := range strings.SplitAfter(before, "\n") {
		if l != "" {
			src = append(src, l)
		}
	}
	var out []string
	next := 0 // the next line of src not yet copied
	lines := strings.SplitAfter(diff, "\n")
	for i := 2; i < len(lines) && lines[i] != ""; i++ {
		line := lines[i]
		if strings.HasPrefix(line, "@@ ") {
			old := strings.Fields(line)[1] // "-l,n"
			startText, _, _ := strings.Cut(old[1:], ",")
			start, _ := strconv.Atoi(startText)
			if strings.HasSuffix(old, ",0") {
				start++ // an empty side names the line before
			}
			for next < start-1 {
				out = append(out, src[next])
				next++
			}
			continue
		}
		text := line[1:]
		if i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\\ No newline") {
			text = strings.TrimSuffix(text, "\n")
			i++
		}
		switch line[0] {
		case ' ':
			if src[next] != text {
				t.Fatalf("context %q does not match line %d %q", text, next+1, src[next])
			}
			out = append(out, text)
			next++
		case '-':
			if src[next] != text {
				t.Fatalf("deleted %q does not match line %d %q", text, next+1, src[next])
			}
			next++
		case '+':
			out = append(out, text)
		default:
			t.Fatalf("bad diff line %q", line)
		}
	}
	out = append(out, src[next:]...)
	return strings.Join(out, "")
}

// BenchmarkUnifiedDiff diffs a 500 KiB file against itself with a few
// lines changed, as formatting or a fix changes it, and with every line
// changed (its terminator, say), where the search gives up and anchors on
// unique lines.
func BenchmarkUnifiedDiff(b *testing.B) {
	var src strings.Builder
	for i := 0; src.Len() < 500<<10; i++ {
		src.WriteString("Disallow: /" + strconv.Itoa(i) + "/private\n")
	}
	before := []byte(src.String())
	few := []byte(strings.NewReplacer("/100/", "/100x/", "/9000/", "/9000x/", "/20000/", "/20000x/").Replace(src.String()))
	all := []byte(strings.ReplaceAll(src.String(), "\n", "\r\n"))
	for _, bm := range []struct {
		name  string
		after []byte
	}{{"few", few}, {"all", all}} {
		b.Run(bm.name, func(b *testing.B) {
			for b.Loop() {
				unifiedDiff("robots.txt", before, bm.after)
			}
		})
	}
}
