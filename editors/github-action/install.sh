#!/usr/bin/env bash
# Installs a released robotslint binary, checked against the release's
# SHA-256 checksums file. The GitHub Action runs it; it works as well on any
# machine with bash, curl, tar (unzip or PowerShell on Windows) and
# sha256sum or shasum.
#
#   install.sh VERSION DIR     install robotslint VERSION into DIR
#   install.sh --resolve VERSION
#                              print the release version VERSION stands for
#
# VERSION is a release such as 1.2.3 or v1.2.3, or "latest", which the
# GitHub API resolves (with $GITHUB_TOKEN when set, against rate limits).
# The platform is the runner's ($RUNNER_OS, $RUNNER_ARCH), else uname's.
#
# Where the files come from, for mirrors and tests:
#   ROBOTSLINT_RELEASE_URL  the URL or local directory holding the release's
#                           files (default: the GitHub release of VERSION)
#   ROBOTSLINT_API_URL      the URL or local file answering "latest release"
#                           (default: the GitHub API)
#
# Exit status: 0 installed (or resolved); 3 there is no such release, or no
# build of it for this platform, so the caller may build from source
# instead; 1 anything else, a checksum mismatch above all, which must never
# be answered by building from source.
set -euo pipefail

readonly repo_url=https://github.com/robotslint/robotslint
readonly no_release=3

say() { echo "robotslint install: $*" >&2; }
fail() {
	say "$1"
	exit "${2:-1}"
}

# fetch URL FILE copies URL, an http(s) or file:// URL or a plain path, to
# FILE. It returns 3 when there is nothing at URL, so that "no such
# release" can be told apart from a network or server failure (1).
fetch() {
	local url=$1 out=$2 code
	case $url in
	http://* | https://*)
		local auth=()
		# The token goes to the API only: release downloads redirect to
		# another host, which has no business seeing it.
		if [[ -n ${GITHUB_TOKEN:-} && $url == "${api_url%%/repos/*}"/* ]]; then
			auth=(-H "Authorization: Bearer $GITHUB_TOKEN")
		fi
		if ! code=$(curl -sSL --retry 3 --connect-timeout 20 ${auth[@]+"${auth[@]}"} -o "$out" -w '%{http_code}' "$url"); then
			say "cannot download $url"
			return 1
		fi
		case $code in
		200) return 0 ;;
		404) return 3 ;;
		*)
			say "downloading $url: HTTP $code"
			return 1
			;;
		esac
		;;
	file://*) url=${url#file://} ;;
	esac
	[[ -f $url ]] || return 3
	cp "$url" "$out"
}

# release_version prints VERSION without its "v" when it is a release
# version (semver, as the release's file names carry it).
release_version() {
	local v=${1#v}
	[[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$ ]] || return 1
	echo "$v"
}

# resolve prints the release version VERSION stands for.
resolve() {
	local want=$1
	if [[ $want != latest ]]; then
		release_version "$want" ||
			fail "\"$want\" is not a release version (such as 1.2.3 or v1.2.3) nor \"latest\"" "$no_release"
		return
	fi
	local answer status=0
	answer=$(mktemp)
	fetch "$api_url" "$answer" || status=$?
	if ((status == 3)); then
		rm -f "$answer"
		fail "robotslint has no release yet ($api_url: not found)" "$no_release"
	elif ((status != 0)); then
		# Building from source still gets the latest release, from Go's
		# module proxy.
		rm -f "$answer"
		fail "cannot ask $api_url for the latest release" "$no_release"
	fi
	local tag
	tag=$(sed -n 's/^ *"tag_name": *"\([^"]*\)".*/\1/p' "$answer" | head -n 1)
	rm -f "$answer"
	release_version "$tag" || fail "the latest release's tag \"$tag\" is not a release version ($api_url)"
}

# platform prints the release's goos_goarch for this machine.
platform() {
	local os=${RUNNER_OS:-$(uname -s)} arch=${RUNNER_ARCH:-$(uname -m)} goos goarch
	case $os in
	Linux | linux) goos=linux ;;
	macOS | Darwin | darwin) goos=darwin ;;
	Windows | MINGW* | MSYS* | CYGWIN* | windows) goos=windows ;;
	*) fail "no release build for the operating system $os" "$no_release" ;;
	esac
	case $arch in
	X64 | x86_64 | amd64) goarch=amd64 ;;
	ARM64 | arm64 | aarch64) goarch=arm64 ;;
	*) fail "no release build for the processor $arch (there are builds for x86-64 and arm64)" "$no_release" ;;
	esac
	echo "${goos}_${goarch}"
}

sha256() {
	if command -v sha256sum >/dev/null 2>&1; then
		sha256sum "$1" | cut -d ' ' -f 1
	else
		shasum -a 256 "$1" | cut -d ' ' -f 1
	fi
}

# install VERSION DIR downloads, checks and unpacks the binary into DIR.
install() {
	local version=$1 dir=$2
	local plat exe=robotslint archive
	plat=$(platform)
	if [[ $plat == windows_* ]]; then
		exe=robotslint.exe
		archive=robotslint_${version}_${plat}.zip
	else
		archive=robotslint_${version}_${plat}.tar.gz
	fi
	local base=${ROBOTSLINT_RELEASE_URL:-$repo_url/releases/download/v$version}
	base=${base%/}
	local sums=robotslint_${version}_checksums.txt

	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	local status=0
	fetch "$base/$sums" "$tmp/$sums" || status=$?
	if ((status == 3)); then
		fail "no release $version: $base/$sums not found" "$no_release"
	elif ((status != 0)); then
		exit "$status"
	fi
	fetch "$base/$archive" "$tmp/$archive" || status=$?
	if ((status == 3)); then
		fail "release $version has no build for $plat: $base/$archive not found" "$no_release"
	elif ((status != 0)); then
		exit "$status"
	fi

	local want got
	want=$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1; exit }' "$tmp/$sums")
	[[ -n $want ]] || fail "$sums has no checksum for $archive; not installing it"
	got=$(sha256 "$tmp/$archive")
	if [[ $got != "$want" ]]; then
		fail "checksum mismatch for $archive: $sums says $want, the download is $got; it is corrupt or not the released file, so it is not installed"
	fi

	mkdir -p "$tmp/unpacked"
	if [[ $archive == *.zip ]]; then
		if command -v unzip >/dev/null 2>&1; then
			unzip -q -o "$tmp/$archive" "$exe" -d "$tmp/unpacked"
		else
			powershell -NoProfile -Command "Expand-Archive -Force -LiteralPath '$(cygpath -w "$tmp/$archive")' -DestinationPath '$(cygpath -w "$tmp/unpacked")'"
		fi
	else
		tar -xzf "$tmp/$archive" -C "$tmp/unpacked" "$exe"
	fi
	[[ -f $tmp/unpacked/$exe ]] || fail "$archive holds no $exe"

	mkdir -p "$dir"
	mv -f "$tmp/unpacked/$exe" "$dir/$exe"
	chmod +x "$dir/$exe"
	local said
	said=$("$dir/$exe" version 2>&1) || fail "the installed $dir/$exe does not run on this machine: $said"
	say "installed $said in $dir (checksum verified)"
}

api_url=${ROBOTSLINT_API_URL:-https://api.github.com/repos/robotslint/robotslint/releases/latest}

case ${1:-} in
--resolve)
	[[ $# -eq 2 ]] || fail "usage: install.sh --resolve VERSION" 2
	resolve "$2"
	;;
-* | "")
	fail "usage: install.sh VERSION DIR, or install.sh --resolve VERSION" 2
	;;
*)
	[[ $# -eq 2 ]] || fail "usage: install.sh VERSION DIR" 2
	version=$(resolve "$1")
	install "$version" "$2"
	;;
esac
