module github.com/robotslint/robotslint

go 1.26

require github.com/jimsmart/grobotstxt v1.0.3
