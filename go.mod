module github.com/robotslint/robotslint

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/agext/levenshtein v1.2.3
	github.com/jimsmart/grobotstxt v1.0.3
	golang.org/x/term v0.47.0
)

require golang.org/x/sys v0.49.0 // indirect
