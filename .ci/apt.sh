# Installing Debian packages from the CI scripts: `source .ci/apt.sh`, then
# `apt_install PACKAGE...` (false when they cannot be had: no apt-get, not
# root and no sudo, or no network) and `as_root COMMAND...`.

# Runs a command as root: directly, or through a sudo that asks for no
# password; false otherwise.
as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo "$@"
    else
        return 1
    fi
}

# apt-get install, after one apt-get update if the package lists lack the
# packages (a fresh container has no lists).
apt_updated=
apt_install() {
    command -v apt-get >/dev/null 2>&1 || return 1
    local install=(env DEBIAN_FRONTEND=noninteractive timeout 600
        apt-get install -y -qq --no-install-recommends "$@")
    as_root "${install[@]}" && return 0
    [ -z "$apt_updated" ] || return 1
    apt_updated=1
    as_root timeout 300 apt-get update -qq && as_root "${install[@]}"
}
