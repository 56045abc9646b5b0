package rules

import (
	"testing"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// TestRatedSeverity checks the severity of findings that rules rate one by
// one, which rule cases do not show: the same rule may be a hint for one
// file and a warning for another.
func TestRatedSeverity(t *testing.T) {
	legacy := append(lint.DefaultTargets(), match.Legacy)
	tests := []struct {
		name    string
		rule    *lint.Rule
		targets []*match.Profile
		src     string
		want    lint.Severity
	}{
		{"order, default targets", RuleOrder, nil,
			"User-agent: *\nDisallow: /folder/\nAllow: /folder/page.html\n", lint.Hint},
		{"order, legacy targeted", RuleOrder, legacy,
			"User-agent: *\nDisallow: /folder/\nAllow: /folder/page.html\n", lint.Info},
		{"user-agent joined to *, every target agrees", EmptyRecord, nil,
			"User-agent: Googlebot\n\nUser-agent: *\nDisallow: /admin/\n", lint.Info},
		{"user-agent joined to *, Yandex disagrees", EmptyRecord, nil,
			"User-agent: YandexBot\n\nUser-agent: *\nDisallow: /admin/\n", lint.Warning},
		{"last group that changes verdicts", EmptyRecord, nil,
			"User-agent: *\nDisallow: /admin/\n\nUser-agent: Bingbot\nCrawl-delay: 1\n", lint.Warning},
		{"scripts by extension", BlocksResources, nil, "User-agent: *\nDisallow: /*.js$\n", lint.Warning},
		{"a directory named for a file type", BlocksResources, nil, "User-agent: *\nDisallow: /static/js/\n", lint.Warning},
		{"a framework's assets", BlocksResources, nil, "User-agent: *\nDisallow: /_next/static/\n", lint.Warning},
		{"a directory only named like assets", BlocksResources, nil, "User-agent: *\nDisallow: /assets/\n", lint.Info},
		{"images by extension", BlocksResources, nil, "User-agent: *\nDisallow: /*.png$\n", lint.Info},
		{"a type directory below another", BlocksResources, nil, "User-agent: *\nDisallow: /maps/api/js/\n", lint.Info},
		{"Bingbot alone", BlocksResources, nil, "User-agent: Bingbot\nDisallow: /*.css$\n", lint.Info},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := lint.Lint([]byte(tt.src), []*lint.Rule{tt.rule}, &lint.Config{Targets: tt.targets})
			if len(ds) != 1 {
				t.Fatalf("%d findings, want 1: %v", len(ds), ds)
			}
			if ds[0].Severity != tt.want {
				t.Errorf("severity %v, want %v (%s)", ds[0].Severity, tt.want, ds[0].Message)
			}
		})
	}
}
