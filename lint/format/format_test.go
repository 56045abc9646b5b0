package format

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/syntax"
)

// formatCases are inputs and their canonical layout, by layout point. Each
// is also a seed of FuzzFormat.
var formatCases = []struct {
	name, in, want string
}{
	// Directive names.
	{"name-case", "user-agent: *\nDISALLOW: /a\nallow: /b\nsitemap: https://x/s.xml\ncrawl-DELAY: 5\n",
		"User-agent: *\nDisallow: /a\nAllow: /b\nSitemap: https://x/s.xml\nCrawl-delay: 5\n"},
	{"name-misspelled-kept", "useragent:*\nDisalow:/a\nUser agent : b\n",
		"useragent: *\nDisalow: /a\nUser agent: b\n"},
	{"name-unknown-kept", "user-agent: *\nX-Robots:none\n", "User-agent: *\nX-Robots: none\n"},

	// The colon.
	{"colon-no-space", "User-agent:*\nDisallow:/a\n", "User-agent: *\nDisallow: /a\n"},
	{"colon-space-before", "User-agent : *\nDisallow\t:\t/a\n", "User-agent: *\nDisallow: /a\n"},
	{"colon-many-spaces", "User-agent:    *\nDisallow:  \t /a\n", "User-agent: *\nDisallow: /a\n"},
	{"colon-empty-value", "User-agent: *\nDisallow:   \t\n", "User-agent: *\nDisallow:\n"},
	{"colon-in-value", "User-agent: *\nDisallow::/a\n", "User-agent: *\nDisallow: :/a\n"},

	// Whitespace around lines and inside values.
	{"indentation", "  User-agent: *\n\tDisallow: /a\n   # note\n", "User-agent: *\nDisallow: /a\n# note\n"},
	{"trailing-space", "User-agent: * \t\nDisallow: /a   \n# note  \t\n", "User-agent: *\nDisallow: /a\n# note\n"},
	{"value-words-kept", "User-agent: Lycos  MomSpider \nDisallow: /a \t /b\n", "User-agent: Lycos  MomSpider\nDisallow: /a \t /b\n"},

	// Comments.
	{"comment-after-value", "User-agent: *\nDisallow: /a#x\nAllow: /b   \t# y  \n", "User-agent: *\nDisallow: /a #x\nAllow: /b # y\n"},
	{"comment-empty-value", "User-agent: *\nDisallow:# nothing\n", "User-agent: *\nDisallow: # nothing\n"},
	{"comment-text-kept", "#no space  inside ## kept\n  #\tTab\n", "#no space  inside ## kept\n#\tTab\n"},

	// Blank lines.
	{"blank-run", "User-agent: *\n\n\n  \nDisallow: /\n", "User-agent: *\n\nDisallow: /\n"},
	{"blank-start", "\n \n\t\nUser-agent: *\nDisallow: /\n", "User-agent: *\nDisallow: /\n"},
	{"blank-end", "User-agent: *\nDisallow: /\n\n\n", "User-agent: *\nDisallow: /\n"},
	{"blank-around-comments", "# a\n\n\n# b\n\nUser-agent: *\n", "# a\n\n# b\n\nUser-agent: *\n"},
	{"blank-only", "\n\n  \n", ""},
	{"empty", "", ""},

	// Groups.
	{"group-break", "User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n",
		"User-agent: a\nDisallow: /a\n\nUser-agent: b\nDisallow: /b\n"},
	{"group-break-before-comments", "User-agent: a\nDisallow: /a\n# for b\n# only\nUser-agent: b\nDisallow: /b\n",
		"User-agent: a\nDisallow: /a\n\n# for b\n# only\nUser-agent: b\nDisallow: /b\n"},
	{"group-break-after-sitemap", "User-agent: a\nDisallow: /a\nSitemap: /s.xml\nUser-agent: b\nDisallow: /b\n",
		"User-agent: a\nDisallow: /a\nSitemap: /s.xml\n\nUser-agent: b\nDisallow: /b\n"},
	{"group-already-apart", "User-agent: a\nDisallow: /a\n\n# for b\nUser-agent: b\nDisallow: /b\n",
		"User-agent: a\nDisallow: /a\n\n# for b\nUser-agent: b\nDisallow: /b\n"},
	{"group-agents-together", "User-agent: a\nUser-agent: b\nDisallow: /\n", "User-agent: a\nUser-agent: b\nDisallow: /\n"},
	// Google reads "Disalow" as a rule and starts a group at b; RFC 9309,
	// Yandex and legacy read one group, which a blank line would split
	// for the last two.
	{"group-misspelled-rule", "User-agent: a\nDisalow: /a\nUser-agent: b\nDisallow: /b\n",
		"User-agent: a\nDisalow: /a\nUser-agent: b\nDisallow: /b\n"},
	// The tree and Google take a rule without a colon for a rule and start
	// a group at b; the other profiles skip the line and read one group.
	{"group-not-for-every-profile", "User-agent: a\nDisallow /a\nUser-agent: b\nDisallow: /b\n",
		"User-agent: a\nDisallow /a\nUser-agent: b\nDisallow: /b\n"},
	// Yandex and legacy end the group at the blank line: Disallow: /b
	// belongs to no group for them, so the blank line stays.
	{"group-blank-inside-kept", "User-agent: a\nDisallow: /a\n\n\nDisallow: /b\n",
		"User-agent: a\nDisallow: /a\n\nDisallow: /b\n"},
	{"group-rules-before-agents", "Disallow: /x\nUser-agent: a\nDisallow: /a\n", "Disallow: /x\nUser-agent: a\nDisallow: /a\n"},

	// Line terminators.
	{"eol-final-added", "User-agent: *\nDisallow: /", "User-agent: *\nDisallow: /\n"},
	{"eol-crlf", "user-agent:*\r\n\r\n\r\ndisallow:/a  \r\n", "User-agent: *\r\n\r\nDisallow: /a\r\n"},
	{"eol-crlf-final-added", "User-agent: *\r\nDisallow: /", "User-agent: *\r\nDisallow: /\r\n"},
	{"eol-cr", "User-agent: *\rDisallow:/\r\r\r", "User-agent: *\rDisallow: /\r"},
	{"eol-mixed-crlf", "User-agent: *\r\nDisallow: /a\nDisallow: /b\r\nDisallow: /c\r\n", "User-agent: *\r\nDisallow: /a\r\nDisallow: /b\r\nDisallow: /c\r\n"},
	{"eol-mixed-lf", "User-agent: *\r\nDisallow: /a\nDisallow: /b\n", "User-agent: *\nDisallow: /a\nDisallow: /b\n"},

	// Byte order mark.
	{"bom-kept", "\xEF\xBB\xBFuser-agent: *\n", "\xEF\xBB\xBFUser-agent: *\n"},
	{"bom-blank-start", "\xEF\xBB\xBF\n\nUser-agent: *\n", "\xEF\xBB\xBFUser-agent: *\n"},
	{"bom-partial-kept", "\xEF\xBBuser-agent: *\n", "\xEF\xBBUser-agent: *\n"},
	// A byte order mark after a blank line is part of the line, which no
	// crawler reads; dropping the blank line would make it a mark.
	{"bom-not-made", "\n\n\xEF\xBB\xBFUser-agent: *\nDisallow: /\n", "\n\xEF\xBB\xBFUser-agent: *\nDisallow: /\n"},
	{"bom-not-completed", "\xEF\n\xBB\xBFUser-agent: *\nDisallow: /\n", "\xEF\n\xBB\xBFUser-agent: *\nDisallow: /\n"},
	{"bom-not-made-by-indentation", "  \xEF\xBC\x81: x\n", "\n\xEF\xBC\x81: x\n"},

	// Lines kept as they are: crawlers read them differently from the
	// tree, or some crawler reads them and another does not. Only the
	// terminator is the file's.
	{"keep-nul", "User-agent: *\nDisallow:/a\x00b  \nallow:/c \n", "User-agent: *\nDisallow:/a\x00b  \nAllow: /c\n"},
	{"keep-control", "User-agent: *\n disallow:\x01/a \r\n", "User-agent: *\n disallow:\x01/a \n"},
	{"keep-vertical-tab", "User-agent: *\ndisallow:\v/a \n", "User-agent: *\ndisallow:\v/a \n"},
	{"keep-invisible", "User-agent: *\ndisallow:/a\u00a0 \n", "User-agent: *\ndisallow:/a\u00a0 \n"},
	{"keep-invalid-utf8", "User-agent: *\ndisallow:/\xff \n", "User-agent: *\ndisallow:/\xff \n"},
	{"keep-missing-colon", "User-agent: *\n  disallow   /a  \n", "User-agent: *\n  disallow   /a  \n"},
	{"keep-no-separator", "User-agent: *\n  Crawlers read this  \n", "User-agent: *\n  Crawlers read this  \n"},
	{"keep-empty-key", "User-agent: *\n  : /a \n", "User-agent: *\n  : /a \n"},
	{"keep-blank-with-form-feed", "User-agent: a\n\n\f\n\nDisallow: /\n", "User-agent: a\n\f\nDisallow: /\n"},
	// A file that is not robots.txt text is left alone.
	{"keep-html", "<!DOCTYPE html>\n<html>\n  <body>Disallow:/</body>\n", "<!DOCTYPE html>\n<html>\n  <body>Disallow:/</body>\n"},
}

func TestFormat(t *testing.T) {
	for _, tc := range formatCases {
		t.Run(tc.name, func(t *testing.T) {
			got := Format([]byte(tc.in))
			if string(got) != tc.want {
				t.Fatalf("Format(%q)\n got %q\nwant %q", tc.in, got, tc.want)
			}
			checkFormatted(t, []byte(tc.in), got)
		})
	}
}

// checkFormatted fails unless out, the layout of in, is its own layout and
// keeps every verdict of in.
func checkFormatted(t *testing.T, in, out []byte) {
	t.Helper()
	if again := Format(out); !bytes.Equal(again, out) {
		t.Fatalf("not idempotent:\nonce  %q\ntwice %q", out, again)
	}
	if diff, _ := verdictDiff(in, out, 200); diff != "" {
		t.Fatalf("a verdict changes: %s\nbefore %q\nafter  %q", diff, in, out)
	}
}

// TestFormatLongLine: Google keeps 16,663 bytes of a line, so a line that
// the space after its colon would make longer than that is kept as it is.
func TestFormatLongLine(t *testing.T) {
	fits := "Disallow:/" + strings.Repeat("a", syntax.GoogleMaxLineBytes-len("Disallow:/")-1)
	full := fits + "b"
	in := "user-agent: *\n" + fits + "\n" + full + "\n"
	want := "User-agent: *\nDisallow: /" + fits[len("Disallow:/"):] + "\n" + full + "\n"
	got := Format([]byte(in))
	if string(got) != want {
		t.Fatalf("lines of %d and %d bytes: got lines of %v bytes", len(fits), len(full), lineLengths(got))
	}
	checkFormatted(t, []byte(in), got)
}

func lineLengths(b []byte) []int {
	var n []int
	for _, line := range bytes.Split(b, []byte("\n")) {
		n = append(n, len(line))
	}
	return n
}

// TestFormatSizeLimit: past 500 KiB only the case of names before the limit
// changes, since RFC 9309 crawlers read up to that offset and no further;
// the same holds for a file that its layout would take past the limit.
func TestFormatSizeLimit(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		lines      int
	}{
		{"past", "disallow:/a  \n", syntax.SizeLimit/14 + 100},
		// Each line gains a space after its colon.
		{"pushed-past", "disallow:/a\n", syntax.SizeLimit/12 - 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := "user-agent: *\n" + strings.Repeat(tc.line, tc.lines)
			got := Format([]byte(in))
			if len(got) != len(in) {
				t.Fatalf("%d bytes became %d", len(in), len(got))
			}
			limit := min(len(in), syntax.SizeLimit)
			head := strings.ReplaceAll(in[:limit], "disallow:", "Disallow:")
			head = strings.Replace(head, "user-agent:", "User-agent:", 1)
			// The line across the limit keeps its case.
			cut := strings.LastIndexByte(in[:limit], '\n') + 1
			if limit < len(in) {
				head = head[:cut] + in[cut:limit]
			}
			if want := head + in[limit:]; string(got) != want {
				t.Fatalf("got %q...%q", got[:40], got[len(got)-40:])
			}
			if again := Format(got); !bytes.Equal(again, got) {
				t.Fatal("not idempotent")
			}
		})
	}
}

// TestFormatIdempotent formats the outputs of the cases and the example
// file again.
func TestFormatIdempotent(t *testing.T) {
	inputs := [][]byte{}
	for _, tc := range formatCases {
		inputs = append(inputs, []byte(tc.in), []byte(tc.want))
	}
	examples, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "examples", "*"))
	for _, path := range examples {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, src)
	}
	for _, in := range inputs {
		once := Format(in)
		if twice := Format(once); !bytes.Equal(once, twice) {
			t.Errorf("Format(%q)\nonce  %q\ntwice %q", in, once, twice)
		}
	}
}

// TestFormatDoesNotAlias: the result is a new slice even when nothing
// changes, so a caller may modify it.
func TestFormatDoesNotAlias(t *testing.T) {
	in := []byte("User-agent: *\nDisallow: /\n")
	out := Format(in)
	out[0] = 'u'
	if in[0] != 'U' {
		t.Fatal("Format returned its input")
	}
}
