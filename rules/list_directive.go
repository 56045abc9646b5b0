package rules

import "github.com/robotslint/robotslint/lint"

var directiveRules = []*lint.Rule{}
