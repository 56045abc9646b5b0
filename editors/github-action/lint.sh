#!/usr/bin/env bash
# Runs robotslint, on PATH, on the Action's files, and exits with its status.
#
#   lint.sh [FLAG]...
#
# The arguments are the flags the Action fixes (--format github); they come
# after the user's, so that they win. From the environment:
#   ROBOTSLINT_FILES              paths, directories, URLs and globs (with
#                                 ** for any depth), separated by spaces or
#                                 line breaks; relative to the working
#                                 directory
#   ROBOTSLINT_ARGS               the user's extra flags, separated by spaces
#   ROBOTSLINT_WORKING_DIRECTORY  where the files are, relative to the
#                                 current directory (default .)
#
# robotslint runs in the current directory, the repository's root in a
# workflow, with each path prefixed by the working directory: the
# annotations' file names and SARIF's paths must be relative to the
# repository for GitHub to place them on the file.
set -euo pipefail

fail() {
	echo "robotslint action: $1" >&2
	exit 2
}

wd=${ROBOTSLINT_WORKING_DIRECTORY:-.}
wd=${wd%/}
[[ -n $wd ]] || wd=/
[[ -d $wd ]] || fail "working-directory \"$wd\" is not a directory"

read -r -d '' -a entries <<<"${ROBOTSLINT_FILES:-robots.txt}" || true
read -r -d '' -a extra <<<"${ROBOTSLINT_ARGS:-}" || true
((${#entries[@]} > 0)) || fail "files is empty: give the robots.txt files to lint"

shopt -s globstar nullglob
paths=()
for entry in "${entries[@]}"; do
	case $entry in
	- | http://* | https://* | /*) paths+=("$entry") ;;
	*[*?[]*)
		# nullglob turns a pattern that matches nothing into no words.
		# shellcheck disable=SC2206 # the pattern is meant to expand
		matches=("$wd"/$entry)
		((${#matches[@]} > 0)) || fail "no file matches \"$entry\" in $wd"
		for m in "${matches[@]}"; do
			paths+=("${m#./}")
		done
		;;
	*)
		if [[ $wd == . ]]; then
			paths+=("$entry")
		else
			paths+=("$wd/$entry")
		fi
		;;
	esac
done

exec robotslint ${extra[@]+"${extra[@]}"} "$@" -- "${paths[@]}"
