# Sourced by every script that downloads from Debian (tools/install_deps.sh,
# tools/build_windows.sh, port/port.sh, port/debian_package.sh): packages and
# source packages fetched one way, and a fetch that fails stops the caller at
# once, saying what could not be fetched and how to fix it.
# Each function says what went wrong on stderr and returns non-zero; call them
# as plain commands (never inside $(...), which would swallow the failure).

# Root's commands run as they are, anyone else's through sudo.
debian_as_root=()
[ "$(id -u)" -eq 0 ] || debian_as_root=(sudo)

# Says that $1 could not be fetched, apt's own error lines from log $2, and the fix $3.
debian_fetch_failed() {
  echo "error: could not fetch $1" >&2
  [ ! -s "$2" ] || grep -E '^(E|W|Err):' "$2" | head -n 5 | sed 's/^/  /' >&2
  echo "  fix: $3" >&2
}

# apt-get "$@" as root, quiet, unattended; on failure says what ($1) failed.
debian_apt() {
  local what=$1 log status=0
  shift
  log=$(mktemp)
  # env after sudo: sudo resets the environment.
  "${debian_as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -qq "$@" >"$log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    debian_fetch_failed "$what (apt-get $*, exit $status)" "$log" \
      "check the network and the entries in /etc/apt/sources.list.d/, run apt-get update, then this command again"
  fi
  rm -f "$log"
  return "$status"
}

# Installs those of Debian packages "$@" that are missing (apt-get update first).
debian_install_missing() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  echo "Installing Debian packages: ${missing[*]}"
  debian_apt "Debian's package lists" update || return 1
  debian_apt "the Debian packages ${missing[*]}" install -y --no-install-recommends "${missing[@]}"
}

# Makes `apt-get source` work: adds a deb-src entry for the system's Debian
# archive when there is none (/etc/apt/sources.list.d/assimp-retro-deb-src.sources,
# a copy of the system's Debian entries), then reads its lists.
debian_ensure_deb_src() {
  apt-get source --print-uris -qq assimp >/dev/null 2>&1 && return 0
  echo "Adding deb-src entries for Debian's archive (/etc/apt/sources.list.d/assimp-retro-deb-src.*)"
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      "${debian_as_root[@]}" tee /etc/apt/sources.list.d/assimp-retro-deb-src.sources >/dev/null || return 1
  else
    grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
      "${debian_as_root[@]}" tee /etc/apt/sources.list.d/assimp-retro-deb-src.list >/dev/null || return 1
  fi
  debian_apt "Debian's source package lists" update
}

# The Debian version at the top of source tree $1's debian/changelog, into variable $2.
debian_tree_version() {
  local line
  line=$(head -n 1 "$1/debian/changelog" 2>/dev/null) || line=""
  line=${line#*(}
  printf -v "$2" '%s' "${line%%)*}"
}

# fetch_deb_source PACKAGE DIR VAR: Debian's source package PACKAGE unpacked
# in DIR, its folder put in variable VAR. The version, printed each time:
# that of the installed binary package the project builds against (assimp:
# libassimp-dev, which the port must match, so nothing else will do; zlib:
# zlib1g-dev; xz-utils: liblzma-dev) when the archive serves it; for zlib and
# xz-utils otherwise the release suite's (PACKAGE/$VERSION_CODENAME). Never
# "the newest listed": the archive lists updates (bookworm-security) whose
# files it may not serve. A tree already in DIR is used when its version is
# one of those two; any other is removed and fetched again.
fetch_deb_source() {
  local package=$1 dir=$2 var=$3 binary fallback=1 installed="" suite="" status
  case "$package" in
    assimp) binary=libassimp-dev fallback=0 ;;
    zlib) binary=zlib1g-dev ;;
    xz-utils) binary=liblzma-dev ;;
    *) echo "fetch_deb_source: no version rule for Debian source package $package" >&2; return 2 ;;
  esac
  status=$(dpkg-query -W -f='${Status}' "$binary" 2>/dev/null) || status=""
  [ "$status" != "install ok installed" ] || installed=$(dpkg-query -W -f='${source:Version}' "$binary")
  suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  if [ -z "$installed" ] && [ "$fallback" -eq 0 ]; then
    echo "error: $binary is not installed: its version names the $package source to fetch" >&2
    echo "  fix: tools/install_deps.sh --build (or apt-get install $binary), then this command again" >&2
    return 1
  fi
  mkdir -p "$dir" || return 1
  debian_cached_source "$package" "$dir" "$var" "$binary" "$installed" "$fallback" "$suite" && return 0
  debian_ensure_deb_src || {
    echo "  (needed for: apt-get source $package)" >&2
    return 1
  }
  debian_download_source "$package" "$dir" "$var" "$binary" "$installed" "$fallback" "$suite"
}

# Part of fetch_deb_source: uses a tree of $1 already in $2 whose version the
# rule allows (returns 0), after removing any other; returns 1 when none is left.
debian_cached_source() {
  local package=$1 dir=$2 var=$3 binary=$4 installed=$5 fallback=$6 suite=$7 tree version suite_version=""
  for tree in "$dir/$package"-*/; do
    tree=${tree%/}
    # A tree without one is not Debian's (port.sh --source takes such trees): left alone.
    [ -f "$tree/debian/changelog" ] || continue
    debian_tree_version "$tree" version
    if [ "$version" = "$installed" ]; then
      echo "Debian source $package $version (the installed $binary's): $tree (cached)"
      printf -v "$var" '%s' "$tree"
      return 0
    fi
    if [ "$fallback" -eq 1 ] && [ -z "$suite_version" ]; then
      # The suite's version, from the .dsc's name in apt's lists (no epoch, URL-encoded: + is %2b).
      suite_version=$(apt-get source --print-uris -qq "$package/$suite" 2>/dev/null |
        sed -nE "s/^'[^']*\/${package}_([^']*)\.dsc' .*/\1/p") || suite_version=""
      printf -v suite_version '%b' "${suite_version//%/\\x}"
    fi
    if [ -n "$suite_version" ] && [ "${version#*:}" = "$suite_version" ]; then
      echo "Debian source $package $version (release suite $suite; the installed $binary's ${installed:-none} is not in the cache): $tree (cached)"
      printf -v "$var" '%s' "$tree"
      return 0
    fi
    echo "Debian source $package $version in $tree is neither the installed $binary's (${installed:-none})" \
      "nor $suite's (${suite_version:-unknown}): removing it"
    rm -rf "$tree" "$dir/${package}_"* || return 1
  done
  return 1
}

# Part of fetch_deb_source: apt-get source of $1, first at the installed
# version, then (when allowed) the release suite's, into a folder of its own
# in $2 whose contents move into $2 once the tree is unpacked.
debian_download_source() {
  local package=$1 dir=$2 var=$3 binary=$4 installed=$5 fallback=$6 suite=$7
  local specs=() reasons=() i tmp log tree version tried=""
  if [ -n "$installed" ]; then
    specs+=("$package=$installed")
    reasons+=("the installed $binary's")
  fi
  if [ "$fallback" -eq 1 ]; then
    specs+=("$package/$suite")
    reasons+=("release suite $suite")
  fi
  tmp=$(mktemp -d "$dir/.fetch-$package.XXXXXX") || return 1
  log="$tmp.log"
  for i in "${!specs[@]}"; do
    echo "Debian source $package: fetching ${specs[$i]} (${reasons[$i]})"
    if (cd "$tmp" && apt-get source -qq "${specs[$i]}") >"$log" 2>&1; then
      tree=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d -name "$package-*" | head -n 1)
      if [ -n "$tree" ]; then
        mv "$tmp"/* "$dir"/ || return 1
        rm -rf "$tmp" "$log"
        tree="$dir/$(basename "$tree")"
        debian_tree_version "$tree" version
        echo "Debian source $package $version (${reasons[$i]}): $tree"
        printf -v "$var" '%s' "$tree"
        return 0
      fi
      echo "no $package-* folder" >>"$log"
    fi
    tried+="${tried:+, }apt-get source ${specs[$i]}"
    echo "  apt-get source ${specs[$i]} failed: $(grep -m 1 -E '^(E|Err):' "$log" || tail -n 1 "$log")" >&2
    [ $((i + 1)) -ge ${#specs[@]} ] || echo "  falling back to ${specs[$((i + 1))]} (${reasons[$((i + 1))]})" >&2
    rm -rf "${tmp:?}"/*
  done
  debian_fetch_failed "Debian's source package $package (tried: $tried)" "" \
    "check that the deb-src entries in /etc/apt/sources.list.d/ name a reachable Debian mirror, run apt-get update, then this command again; or unpack the source into $dir yourself (apt-get source ${specs[-1]} there)"
  rm -rf "$tmp" "$log"
  return 1
}
