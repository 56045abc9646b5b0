package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/cmd/robotslint/robotslinttest"
)

// TestDiffWorkflow checks the README's workflow that comments the diff on
// pull requests with actionlint: the first YAML block after the
// diff-workflow marker, as a workflow of a scratch project. It also holds
// the workflow to the command it documents: the markdown format, and the
// base branch as a git revision.
func TestDiffWorkflow(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(data), "<!-- diff-workflow:")
	_, block, ok2 := strings.Cut(after, "```yaml\n")
	workflow, _, ok3 := strings.Cut(block, "```\n")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no ```yaml block after the diff-workflow marker")
	}
	for _, want := range []string{"paths: ['**/robots.txt']", "fetch-depth: 0", `robotslint diff "origin/${{ github.base_ref }}:robots.txt" robots.txt`, "--format markdown", "$GITHUB_STEP_SUMMARY", "--body-file"} {
		if !strings.Contains(workflow, want) {
			t.Errorf("the workflow lacks %s", want)
		}
	}
	actionlint := robotslinttest.LookPath(t, "actionlint", "go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12")
	project := t.TempDir()
	// actionlint finds the project by its .git.
	if err := os.MkdirAll(filepath.Join(project, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(project, ".github", "workflows", "diff.yml")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(workflow), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(actionlint, "-no-color", ".github/workflows/diff.yml")
	cmd.Dir = project
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("actionlint: %v\n%s", err, out)
	}
}
