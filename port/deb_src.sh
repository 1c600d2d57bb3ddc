# Sourced by port.sh and debian_package.sh: makes `apt-get source` work by
# adding a deb-src entry for the system's Debian archive when there is none
# (/etc/apt/sources.list.d/assimp-retro-deb-src.sources, a copy of the
# system's Debian entries).
ensure_deb_src() {
  if ! apt-get source --print-uris -qq assimp >/dev/null 2>&1; then
    if [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types:.*/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
        "${as_root[@]}" tee /etc/apt/sources.list.d/assimp-retro-deb-src.sources >/dev/null
    else
      grep '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
        "${as_root[@]}" tee /etc/apt/sources.list.d/assimp-retro-deb-src.list >/dev/null
    fi
    "${as_root[@]}" apt-get update -qq
  fi
}
