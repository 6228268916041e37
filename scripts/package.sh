#!/usr/bin/env bash
# Makes the Debian package (CPack: lockstock_<version>_amd64.deb) and checks it
# as a Debian user meets it: lintian finds no error, the AppStream metainfo and
# the desktop entry validate, the package holds its man page, completion and
# metainfo, and the program unpacked from it (dpkg-deb -x into a scratch root)
# runs a scenario and says its version, started from / with neither the source
# nor the build tree on its path. CI runs it as the `package` test.
#   scripts/package.sh [BUILD]   the build directory (default: build/ or $LOCKSTOCK_BUILD_DIR)
# The package is left in BUILD/deb/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="$(cd "${1:-${LOCKSTOCK_BUILD_DIR:-$root/build}}" && pwd)"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
step() { echo "package: $*"; }

step "cpack -G DEB"
rm -rf "$build/deb"
(cd "$build" && cpack -G DEB -B "$build/deb" >"$scratch/cpack.log") || { cat "$scratch/cpack.log" >&2; exit 1; }
debs=("$build"/deb/lockstock_*_amd64.deb)
deb="${debs[0]}"
[ -f "$deb" ] || { echo "package: cpack made no lockstock_*_amd64.deb" >&2; exit 1; }
step "$(basename "$deb"), $(du -k "$deb" | cut -f1) KB"
dpkg-deb -f "$deb" Depends Recommends | sed 's/^/package:   /'

step "lintian (an error fails; docs/install.md says why each tag left is left)"
# As root lintian says it should not be; that is all it says about it.
lintian --fail-on error --display-info --tag-display-limit 0 "$deb" 2> >(grep -v 'running with root privileges' >&2) \
    | sed 's/^/package:   /'

step "the files a Debian user expects"
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./||' >"$scratch/files"
for wanted in usr/bin/lockstock usr/libexec/lockstock/liblockstock_clockshift.so \
              usr/share/man/man1/lockstock.1.gz usr/share/bash-completion/completions/lockstock \
              'usr/share/metainfo/.*\.metainfo\.xml' usr/share/applications/lockstock.desktop \
              usr/share/icons/hicolor/scalable/apps/lockstock.svg usr/share/mime/packages/lockstock.xml \
              usr/share/doc/lockstock/copyright usr/share/doc/lockstock/changelog.gz; do
    grep -qx "$wanted" "$scratch/files" || { echo "package: the .deb lacks $wanted" >&2; exit 1; }
done

root_dir="$scratch/root"
dpkg-deb -x "$deb" "$root_dir"
step "appstreamcli validate, desktop-file-validate"
appstreamcli validate --no-net --explain "$root_dir"/usr/share/metainfo/*.metainfo.xml | sed 's/^/package:   /'
# The screenshots are docs/media's, made by scripts/docs.sh.
for picture in $(sed -n 's|.*<image>.*/\([^/<]*\)</image>.*|\1|p' "$root_dir"/usr/share/metainfo/*.metainfo.xml); do
    grep -q "^docs/media/$picture " "$root/docs/tapes" \
        || { echo "package: the screenshot $picture is not one docs/tapes makes" >&2; exit 1; }
done
desktop-file-validate "$root_dir/usr/share/applications/lockstock.desktop"

step "a *.lockstock.json opens in LockStock, a plain .json as before"
# The file manager's view (GIO), with the package's share/ as the only one
# besides the system's.
# (It notes on every run that this share/ is not the system's.)
said="$(update-mime-database "$root_dir/usr/share/mime" 2>&1)" || { echo "$said" >&2; exit 1; }
update-desktop-database "$root_dir/usr/share/applications"
mkdir -p "$scratch/files-home"
echo '{}' >"$scratch/mine.lockstock.json"
echo '{}' >"$scratch/plain.json"
gio_env=(env PATH="$root_dir/usr/bin:/usr/bin:/bin" XDG_DATA_DIRS="$root_dir/usr/share:/usr/share"
         XDG_DATA_HOME="$scratch/files-home" XDG_CONFIG_HOME="$scratch/files-home")
type_of() { "${gio_env[@]}" gio info -a standard::content-type "$1" | sed -n 's/.*content-type: //p'; }
[ "$(type_of "$scratch/mine.lockstock.json")" = application/x-lockstock-scenario+json ] \
    || { echo "package: a .lockstock.json is not a LockStock scenario to the file manager" >&2; exit 1; }
[ "$(type_of "$scratch/plain.json")" = application/json ] \
    || { echo "package: a plain .json is no longer application/json" >&2; exit 1; }
"${gio_env[@]}" gio mime application/x-lockstock-scenario+json | grep ': lockstock.desktop$' >/dev/null \
    || { echo "package: LockStock is not what opens a .lockstock.json" >&2; exit 1; }

# From /, with a PATH of the system's and a home of its own: nothing of the
# source or build tree can be found but through the program itself.
installed() {
    (cd / && env -i PATH=/usr/bin:/bin HOME="$scratch/home" LANG=C.UTF-8 "$root_dir/usr/bin/lockstock" "$@")
}
step "lockstock --version"
installed --version | tee "$scratch/version" | sed 's/^/package:   /'
grep -qx "lockstock $(dpkg-deb -f "$deb" Version)" "$scratch/version"
# The clock library it preloads into redis-server is the package's own.
grep -qx "clock library: $root_dir/usr/libexec/lockstock/liblockstock_clockshift.so" "$scratch/version" \
    || { echo "package: the unpacked lockstock does not use the package's clock library" >&2; exit 1; }
step "lockstock run lost-update"
installed run lost-update | tee "$scratch/run" | sed 's/^/package:   /'
grep -Eq "units lost +1$" "$scratch/run" \
    || { echo "package: the unpacked lockstock did not find lost-update's lost unit" >&2; exit 1; }
step "ok"
