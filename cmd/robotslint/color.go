package main

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/term"
)

// checkColor checks the value of a --color flag.
func checkColor(mode string) error {
	switch mode {
	case "auto", "always", "never":
		return nil
	}
	return fmt.Errorf("--color takes auto, always or never, not %q", mode)
}

// useColor decides whether output to dest is coloured under a --color
// mode: always, never, or auto, which colours on a terminal unless
// NO_COLOR is set to anything (no-color.org).
func useColor(mode string, dest io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := dest.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
