#!/bin/sh
# Packages Tick for people without a Swift toolchain: `make deb` and `make dist` call this.
#
#   scripts/package.sh deb BINARY OUTDIR    a Debian package, OUTDIR/tick_VERSION_ARCH.deb
#   scripts/package.sh dist BINARY OUTDIR   a tarball for other systems, OUTDIR/tick-VERSION-linux-ARCH.tar.gz
#
# Both hold what `make install` installs (scripts/install.sh: the program, its manual page, the
# bash, zsh and fish completions, and whatever else install.sh lists; `install.sh stage` leaves out
# the record of the folders an install made, which only `make uninstall` reads), so a package and an install
# never differ. The version is what BINARY says (`tick --version`).
#
# The package's Depends are worked out from the libraries BINARY needs (readelf's NEEDED entries):
# each library's owner in dpkg's database, with the version its shlibs file asks for (as
# dpkg-shlibdeps would, without needing a debian/ source folder). libcurl is Recommended, not
# Depended on: Tick loads it only to sync. A library no Debian package provides (the Swift runtime
# of a build without --static-swift-stdlib) stops the package, since it would not run where Swift
# is not installed; TICK_ALLOW_UNPACKAGED=1 lets the tests package the debug build anyway.
set -eu

usage() { echo "usage: scripts/package.sh deb|dist BINARY OUTDIR" >&2; exit 2; }
kind=${1:-}; binary=${2:-}; outdir=${3:-}
[ -n "$kind" ] && [ -n "$binary" ] && [ -n "$outdir" ] || usage
[ -x "$binary" ] || { echo "package: no program at $binary (make deb and make dist build it with make release)" >&2; exit 1; }
here=$(cd "$(dirname "$0")/.." && pwd)
version=$("$binary" --version | awk '$1 == "tick" { print $2 }')
[ -n "$version" ] || { echo "package: $binary --version did not say a version" >&2; exit 1; }
arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

# The Debian package that owns the shared library SONAME (for this machine's architecture), with
# the version its shlibs file asks for; empty when no package owns it.
dependency_for() {
    soname=$1
    path=$(ldconfig -p | awk -v l="$soname" '$1 == l { print $NF; exit }')
    [ -n "$path" ] || return 0
    owner=""
    # Debian 12 merged /lib into /usr/lib, but dpkg knows each file by the path its package shipped.
    for candidate in "$path" "$(readlink -f "$path")" "/usr$path" "${path#/usr}"; do
        owner=$(dpkg -S "$candidate" 2>/dev/null | head -n 1 | cut -d: -f1) && [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || return 0
    name=${soname%%.so.*}; soversion=${soname##*.so.}
    shlibs=$(ls /var/lib/dpkg/info/"$owner".shlibs /var/lib/dpkg/info/"$owner":*.shlibs 2>/dev/null | head -n 1 || true)
    if [ -n "$shlibs" ]; then
        line=$(awk -v n="$name" -v v="$soversion" '$1 == n && $2 == v { $1 = ""; $2 = ""; sub(/^  */, ""); print; exit }' "$shlibs")
        [ -n "$line" ] && { echo "$line"; return 0; }
    fi
    echo "$owner"
}

case "$kind" in
deb)
    root="$staging/root"
    DESTDIR="$root" PREFIX=/usr "$here/scripts/install.sh" stage "$binary" >/dev/null
    doc="$root/usr/share/doc/tick"
    install -d "$doc"
    install -m 644 "$here/LICENSE" "$doc/copyright"
    gzip -9n < "$here/CHANGELOG.md" > "$doc/changelog.gz"
    depends=""; unpackaged=""
    for soname in $(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
        dependency=$(dependency_for "$soname")
        if [ -z "$dependency" ]; then unpackaged="$unpackaged $soname"; continue; fi
        case ",$depends," in *", $dependency,"*|*",$dependency,"*) ;; *) depends="${depends:+$depends, }$dependency" ;; esac
    done
    if [ -n "$unpackaged" ] && [ "${TICK_ALLOW_UNPACKAGED:-0}" != 1 ]; then
        echo "package: $binary needs$unpackaged, which no Debian package provides; build it with make release (the Swift runtime linked in)" >&2
        exit 1
    fi
    size=$(du -sk "$root" | cut -f1)
    install -d "$root/DEBIAN"
    cat > "$root/DEBIAN/control" <<EOF
Package: tick
Version: $version
Architecture: $arch
Maintainer: The Tick authors <tick@localhost>
Installed-Size: $size
Depends: $depends
Recommends: libcurl4
Section: utils
Priority: optional
Description: fast, crash-safe todo list for the terminal
 Tick keeps todos in a SQLite store that survives crashes and power cuts, shows
 them in a keyboard-driven terminal list (due dates, recurrence, tags, agenda,
 search, undo) and syncs them with CalDAV servers. The tick command line adds,
 lists, imports and exports todos for scripts.
EOF
    # md5sums, as dpkg --verify reads them.
    (cd "$root" && find usr -type f -exec md5sum {} + | sort -k 2 > DEBIAN/md5sums)
    package="$outdir/tick_${version}_${arch}.deb"
    dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
    echo "$package"
    ;;
dist)
    name="tick-$version-linux-$(uname -m)"
    root="$staging/$name"
    DESTDIR="$staging" PREFIX="/$name" "$here/scripts/install.sh" stage "$binary" >/dev/null
    install -m 644 "$here/README.md" "$here/LICENSE" "$here/CHANGELOG.md" "$root/"
    # The user guide the README links to, at the same place beside it.
    install -d "$root/docs"
    install -m 644 "$here"/docs/*.md "$root/docs/"
    tarball="$outdir/$name.tar.gz"
    # Files sorted, owned by root, dated by the binary: the same binary gives the same tarball.
    tar -C "$staging" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$(stat -c %Y "$binary")" \
        -cf - "$name" | gzip -9n > "$tarball"
    echo "$tarball"
    ;;
*) usage ;;
esac
