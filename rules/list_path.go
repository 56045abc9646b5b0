package rules

import "github.com/robotslint/robotslint/lint"

var pathRules = []*lint.Rule{}
