module github.com/robotslint/robotslint

go 1.26
