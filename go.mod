module github.com/robotslint/robotslint

go 1.26

require github.com/jimsmart/grobotstxt v1.0.3

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/agext/levenshtein v1.2.3 // indirect
)
