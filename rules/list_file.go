package rules

import "github.com/robotslint/robotslint/lint"

var fileRules = []*lint.Rule{}
