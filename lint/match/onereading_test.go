package match

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoPrivateReading keeps this package the one reading of robots.txt:
// outside it (and the syntax tree it reads), no code re-parses text of its
// own making to see how a line reads, compiles a file other than the one
// being checked, or holds a copy of one of this package's functions, even
// renamed. The rules had six such copies, which disagreed with the matcher
// in ways users saw; this test is why they cannot come back.
func TestNoPrivateReading(t *testing.T) {
	root := filepath.Join("..", "..")
	fset := token.NewFileSet()
	type function struct {
		pos   token.Position
		name  string
		shape string
	}
	var ours, theirs []function
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "syntax" || strings.HasPrefix(d.Name(), ".") && rel != "." || d.Name() == "testdata" || d.Name() == "editors" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		inMatch := filepath.Dir(rel) == "lint/match"
		inRules := strings.HasPrefix(rel, "rules/")
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body == nil || len(n.Body.List) < 3 {
					return true
				}
				fn := function{fset.Position(n.Pos()), n.Name.Name, shapeOf(fset, n)}
				if inMatch {
					ours = append(ours, fn)
				} else {
					theirs = append(theirs, fn)
				}
			case *ast.CallExpr:
				if inMatch {
					return true
				}
				switch callee := calleeName(n); {
				case callee == "syntax.Parse" && inRules:
					t.Errorf("%s: a rule parses text of its own making; ask lint/match how the line reads", fset.Position(n.Pos()))
				case callee == "match.Compile" && len(n.Args) > 0 && isCall(n.Args[0]):
					t.Errorf("%s: compiles a file made up for the question; ask lint/match (Profile.Matches, Robots.Select, the layout)", fset.Position(n.Pos()))
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	shapes := map[string]function{}
	for _, fn := range ours {
		shapes[fn.shape] = fn
	}
	for _, fn := range theirs {
		if orig, ok := shapes[fn.shape]; ok {
			t.Errorf("%s: %s is a copy of lint/match's %s (%s)", fn.pos, fn.name, orig.name, orig.pos)
		}
	}
	t.Logf("%d functions outside lint/match compared with its %d", len(theirs), len(ours))
}

// shapeOf prints a function with every name and literal blanked, so that a
// copy renamed or with its constants changed prints the same.
func shapeOf(fset *token.FileSet, fn *ast.FuncDecl) string {
	blank := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			n.Name = "_"
		case *ast.BasicLit:
			n.Value = "0"
		}
		return true
	}
	body := &ast.FuncDecl{Name: ast.NewIdent("_"), Type: fn.Type, Body: fn.Body, Recv: fn.Recv}
	// Print a blanked copy: the walk changes the nodes it visits.
	var buf bytes.Buffer
	printer.Fprint(&buf, fset, body)
	copyFile, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+buf.String(), 0)
	if err != nil {
		return buf.String()
	}
	ast.Inspect(copyFile, blank)
	buf.Reset()
	printer.Fprint(&buf, token.NewFileSet(), copyFile.Decls[0])
	return buf.String()
}

// calleeName returns "pkg.Func" for a call of a package's function.
func calleeName(call *ast.CallExpr) string {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return ""
	}
	return pkg.Name + "." + sel.Sel.Name
}

func isCall(e ast.Expr) bool {
	_, ok := e.(*ast.CallExpr)
	return ok
}
