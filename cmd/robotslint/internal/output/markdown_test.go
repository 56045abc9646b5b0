package output

import (
	"strings"
	"testing"
)

const markdownDoc = "name: the * group ignores it.\n\n" +
	"**What it does**\n\nReports `Disallow: /*.css$` and **bold** text.\n\n" +
	"```robots.txt\nUser-agent: *\n\nDisallow: /\n```\n\n" +
	"**Options** (in `.robotslint.toml`)\n\n- `max-delay`: a stray ` stays\n"

func TestWriteMarkdownPlain(t *testing.T) {
	var b strings.Builder
	if err := WriteMarkdown(&b, markdownDoc, false); err != nil {
		t.Fatal(err)
	}
	want := "name: the * group ignores it.\n\n" +
		"What it does\n\nReports `Disallow: /*.css$` and bold text.\n\n" +
		"    User-agent: *\n\n    Disallow: /\n\n" +
		"Options (in `.robotslint.toml`)\n\n- `max-delay`: a stray ` stays\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteMarkdownColor(t *testing.T) {
	var b strings.Builder
	if err := WriteMarkdown(&b, markdownDoc, true); err != nil {
		t.Fatal(err)
	}
	heading := func(s string) string { return sgrBold + sgrUnderline + s + sgrUnderlineOff + sgrBoldOff }
	code := func(s string) string { return sgrCode + s + sgrCodeOff }
	want := "name: the * group ignores it.\n\n" +
		heading("What it does") + "\n\nReports " + code("Disallow: /*.css$") + " and " + sgrBold + "bold" + sgrBoldOff + " text.\n\n" +
		"    User-agent: *\n\n    Disallow: /\n\n" +
		heading("Options") + " (in " + code(".robotslint.toml") + ")\n\n- " + code("max-delay") + ": a stray ` stays\n"
	if got := b.String(); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}
