//go:build ignore

// gen.go writes crawlers.json from the two crawler lists in ../shared/data.
// Run it from this directory, with go generate or go run gen.go, after
// either list changes; TestGeneratedDataFresh fails until then.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/robotslint/robotslint/rules/kb/internal/kbgen"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	dir := filepath.Join("..", "..", "..", "shared", "data")
	curated, err := os.ReadFile(filepath.Join(dir, "crawlers.json"))
	if err != nil {
		log.Fatal(err)
	}
	community, err := os.ReadFile(filepath.Join(dir, "ai-robots-txt.json"))
	if err != nil {
		log.Fatal(err)
	}
	out, err := kbgen.Crawlers(curated, community)
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("crawlers.json", out, 0o644); err != nil {
		log.Fatal(err)
	}
}
