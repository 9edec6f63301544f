#!/usr/bin/env bash
# Tests podsizer as a user gets it from the Debian package, not the build tree
# (docs/packaging.md). Run by ctest (packaging/CMakeLists.txt):
#
#   test_installed_package.sh build BUILD_DIR OUT
#       CPack builds the .deb from BUILD_DIR into OUT/cpack; dpkg -x installs
#       it into the scratch root OUT/root (no root rights needed).
#   test_installed_package.sh check NAME OUT SOURCE_DIR BUILD_DIR
#       One check of the installed files; exit 77 (ctest: skipped) when a
#       program the check needs is missing.
set -euo pipefail

fail() {
    echo "FAIL: $*" >&2
    exit 1
}
skip() {
    echo "SKIP: $*" >&2
    exit 77
}

if [ "$1" = build ]; then
    build=$2 out=$3
    rm -rf "$out"
    mkdir -p "$out"
    cpack --config "$build/CPackConfig.cmake" -B "$out/cpack" >"$out/cpack.log" 2>&1 ||
        { cat "$out/cpack.log" >&2; fail "cpack failed"; }
    debs=("$out"/cpack/podsizer_*.deb)
    [ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one podsizer_*.deb in $out/cpack"
    cp "${debs[0]}" "$out/podsizer.deb"
    dpkg -x "$out/podsizer.deb" "$out/root"
    echo "built and installed $(basename "${debs[0]}"): $(stat -c %s "$out/podsizer.deb") bytes," \
        "$(dpkg-deb -c "$out/podsizer.deb" | grep -vc '/$') files"
    exit 0
fi

[ "$1" = check ] || fail "usage: $0 build BUILD_DIR OUT | check NAME OUT SOURCE_DIR BUILD_DIR"
name=$2 out=$(realpath "$3") source=$(realpath "$4") build=$(realpath "$5")
root=$out/root
deb=$out/podsizer.deb
scratch=$(mktemp -d "$out/$name.XXXXXX")
# The installed programs run with a clean environment from outside both trees,
# as a user's would: nothing may come from the source or build directory.
run() {
    (cd "$scratch" && env -i HOME="$scratch" PATH="$root/usr/bin:/usr/bin:/bin" \
        XDG_RUNTIME_DIR="$scratch" XDG_CONFIG_HOME="$scratch/config" LANG=C.UTF-8 "$@")
}

case "$name" in
contents)
    listing=$(dpkg-deb -c "$deb")
    echo "$listing"
    for path in ./usr/bin/podsizer ./usr/bin/podsizer-gui ./usr/lib/podsizer/podsizer-render \
        ./usr/share/applications/podsizer.desktop \
        ./usr/share/icons/hicolor/scalable/apps/podsizer.svg \
        ./usr/share/mime/packages/podsizer.xml \
        ./usr/share/man/man1/podsizer.1.gz ./usr/share/man/man1/podsizer-gui.1.gz \
        ./usr/share/bash-completion/completions/podsizer \
        ./usr/share/zsh/vendor-completions/_podsizer \
        ./usr/share/podsizer/examples/ncp-pod-41k.json \
        ./usr/share/podsizer/schemas/scenario.schema.json \
        ./usr/share/doc/podsizer/README.md ./usr/share/doc/podsizer/docs/cli.md \
        ./usr/share/doc/podsizer/copyright ./usr/share/doc/podsizer/changelog.gz; do
        grep -q " $path\$" <<<"$listing" || fail "the package lacks $path"
    done
    # Every example scenario and schema of the sources is installed.
    for f in "$source"/examples/*.json "$source"/schemas/*.schema.json; do
        rel=${f#"$source"/}
        [ -f "$root/usr/share/podsizer/$rel" ] || fail "$rel is not installed"
    done
    # Dependencies computed by dpkg-shlibdeps from what the binaries link.
    depends=$(dpkg-deb -f "$deb" Depends)
    echo "Depends: $depends"
    for lib in libc6 libstdc++6 libqt6widgets6 libqt6charts6 libxlsxwriter; do
        grep -q "$lib" <<<"$depends" || fail "Depends does not name $lib: $depends"
    done
    version=$(dpkg-deb -f "$deb" Version)
    [ "$(run podsizer --version)" = "$version" ] ||
        fail "podsizer --version says $(run podsizer --version), the package $version"
    for field in Description Maintainer Section; do
        [ -n "$(dpkg-deb -f "$deb" "$field")" ] || fail "no $field in the control file"
    done
    ;;
size)
    # The installed binary on the installed example prints the reference table
    # that README.md shows (and test_cli checks against the build's binary).
    expected=$(awk '/^<!-- reference-table -->$/ {on=1; getline; next}
                    /^<!-- \/reference-table -->$/ {on=0} on' "$source/README.md" | sed '$d')
    [ -n "$expected" ] || fail "no reference table in README.md"
    actual=$(run podsizer size "$root/usr/share/podsizer/examples/ncp-pod-41k.json")
    diff <(echo "$expected") <(echo "$actual") || fail "the installed podsizer's table differs"
    head -3 <<<"$actual"
    # The catalog is embedded: listing it needs no file of either tree. The
    # listing is read whole first: `grep -q` would stop reading at the match,
    # podsizer would then meet a closed pipe (exit 5) and pipefail would fail
    # the test at random (it did, once, in CI).
    listing=$(run podsizer catalog list)
    grep -q dbox-1u-22 <<<"$listing" || fail "catalog list lacks dbox-1u-22"
    # The examples' "$schema" (../schemas/...) resolves in the installed layout.
    schema=$(grep -o '"\$schema": *"[^"]*"' "$root/usr/share/podsizer/examples/ncp-pod-41k.json" |
        sed 's/.*: *"//; s/"$//')
    [ -f "$root/usr/share/podsizer/examples/$schema" ] || fail "\$schema $schema does not resolve"
    ;;
self-contained)
    for path in bin/podsizer bin/podsizer-gui lib/podsizer/podsizer-render; do
        bin=${path##*/}
        f=$root/usr/$path
        if readelf -d "$f" | grep -E 'RPATH|RUNPATH'; then
            fail "$bin has an RPATH into the build"
        fi
        # Stripped, and naming neither tree (a data file read at run time
        # would need such a path).
        if readelf -S "$f" | grep -q '\.debug_info'; then
            fail "$bin is not stripped"
        fi
        for tree in "$source" "$build"; do
            if grep -qaF "$tree" "$f"; then
                fail "$bin contains the path $tree"
            fi
        done
        run ldd "$f" | grep -q 'not found' && fail "$bin: a library is missing"
    done
    echo "no RPATH, stripped, no path of the source or build tree in any binary"
    ;;
man)
    page=$root/usr/share/man/man1/podsizer.1.gz
    err=$(run man --warnings -E UTF-8 -l "$page" 2>&1 >"$scratch/page.txt") ||
        fail "man failed: $err"
    [ -z "$err" ] || fail "man warns: $err"
    # A section per command the binary lists in its help.
    commands=$(run podsizer --help | awk '/^Subcommands:/ {on=1; next} on && NF {print $1}')
    [ -n "$commands" ] || fail "no commands in podsizer --help"
    for c in $commands; do
        up=$(echo "podsizer $c" | tr a-z A-Z)
        grep -q "^$up\$" "$scratch/page.txt" || fail "the man page has no section $up"
    done
    # Each option a command's --help names is in that command's section.
    for c in $commands; do
        up=$(echo "podsizer $c" | tr a-z A-Z)
        awk -v h="$up" '$0 == h {on=1; next} on && /^PODSIZER / {on=0} on' "$scratch/page.txt" \
            >"$scratch/section.txt"
        for opt in $(run podsizer "$c" --help | grep -oE -- '(^|[ ,])--[a-z][a-z-]+' |
            grep -oE -- '--[a-z-]+' | sort -u); do
            case $opt in --catalog | --format) continue ;; esac # global: their own section
            grep -qF -- "$opt" "$scratch/section.txt" || fail "section $up lacks $opt"
        done
    done
    head -20 "$scratch/page.txt"
    # podsizer-gui's page is written by hand: it must name each of its options.
    gui_page=$root/usr/share/man/man1/podsizer-gui.1.gz
    err=$(run man --warnings -E UTF-8 -l "$gui_page" 2>&1 >"$scratch/gui-page.txt") ||
        fail "man failed on podsizer-gui.1: $err"
    [ -z "$err" ] || fail "man warns on podsizer-gui.1: $err"
    gui_opts=$(run env QT_QPA_PLATFORM=offscreen podsizer-gui --help | grep -oE -- '--[a-z][a-z-]+' |
        sort -u)
    [ -n "$gui_opts" ] || fail "no options in podsizer-gui --help"
    for opt in $gui_opts; do
        grep -qF -- "$opt" "$scratch/gui-page.txt" || fail "podsizer-gui.1 lacks $opt"
    done
    ;;
bash-completion)
    bash --norc --noprofile -c '
        set -u
        source "$1"
        complete -p podsizer | grep -q "_podsizer" || { echo "no complete -F _podsizer"; exit 1; }
        offer() { # words to complete (the last one partial)
            COMP_WORDS=(podsizer "$@"); COMP_CWORD=$#
            COMPREPLY=(); _podsizer
            echo " ${COMPREPLY[*]} "
        }
        expect() { # expected-word words...
            local want=$1; shift
            local got; got=$(offer "$@")
            [[ $got == *" $want "* ]] || { echo "podsizer $* <TAB>: no \"$want\" in:$got"; exit 1; }
        }
        expect size ""
        expect catalog ca
        expect show catalog s
        expect --xlsx size --x
        expect --format size x.json --f
        expect jsonl batch --format ""
        expect simulate durability --method ""
        expect cnode-1u design --cnode ""
        expect dbox-1u-22 design --cnode cnode-1u --dbox ""
        expect dbox-1u-22 catalog show dbox-1u
        expect min-power optimize x.json --objective m
        expect --pareto optimize x.json --p
        expect typical size x.json --svg-view ""
        expect floor compare x.json --svg-view f
        echo "bash completion: commands, options, choices and catalog ids offered"
    ' bash "$root/usr/share/bash-completion/completions/podsizer" || fail "bash completion"
    ;;
zsh-completion)
    command -v zsh >/dev/null || skip "zsh is not installed"
    f=$root/usr/share/zsh/vendor-completions/_podsizer
    zsh -n "$f" || fail "zsh cannot parse _podsizer"
    head -1 "$f" | grep -qx '#compdef podsizer' || fail "_podsizer lacks #compdef"
    # Load it as zsh would, from $fpath, and check the functions it defines.
    zsh -f -c 'fpath=("$1" $fpath); autoload -Uz compinit; compinit -u -d "$2/zcompdump"
        [[ ${_comps[podsizer]} == _podsizer ]] || exit 1' zsh "${f%/*}" "$scratch" ||
        fail "compinit does not bind _podsizer to podsizer"
    grep -q "cnode-1u" "$f" || fail "_podsizer lacks the catalog ids"
    echo "zsh completion parses and compinit binds it"
    ;;
pdf)
    # podsizer links no Qt: it hands --pdf to ../lib/podsizer/podsizer-render.
    pdf=$scratch/r.pdf
    run podsizer size "$root/usr/share/podsizer/examples/ncp-pod-41k.json" --pdf "$pdf" >/dev/null
    head -c 5 "$pdf" | grep -q '%PDF-' || fail "the installed podsizer wrote no PDF"
    run ldd "$root/usr/bin/podsizer" | grep -qi qt && fail "the installed podsizer links Qt"
    echo "the installed podsizer wrote $(stat -c %s "$pdf") bytes of PDF through podsizer-render"
    ;;
gui)
    png=$scratch/results.png
    run env QT_QPA_PLATFORM=offscreen podsizer-gui --screenshot "$png" --tab results \
        --size 1600x1000 "$root/usr/share/podsizer/examples/ncp-pod-41k.json"
    # A PNG of the asked size: the signature, then IHDR's width and height.
    python3 - "$png" <<'PY' || fail "the screenshot is not a 1600x1000 PNG"
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
print(f"screenshot {w}x{h}, {len(data)} bytes")
assert (w, h) == (1600, 1000), (w, h)
PY
    ;;
desktop)
    entry=$root/usr/share/applications/podsizer.desktop
    if command -v desktop-file-validate >/dev/null; then
        desktop-file-validate "$entry" || fail "desktop-file-validate"
    fi
    exec_bin=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$entry")
    [ -x "$root/usr/bin/$exec_bin" ] || fail "Exec=$exec_bin is not installed"
    grep -q '^Exec=.* %f$' "$entry" || fail "Exec does not take the opened file (%f)"
    icon=$(sed -n 's/^Icon=//p' "$entry")
    [ -f "$root/usr/share/icons/hicolor/scalable/apps/$icon.svg" ] || fail "no icon $icon"
    if command -v rsvg-convert >/dev/null; then
        rsvg-convert -w 48 -h 48 "$root/usr/share/icons/hicolor/scalable/apps/$icon.svg" \
            -o "$scratch/icon.png" || fail "the icon does not render"
    fi
    # The type the entry opens is the one the MIME file defines, and
    # shared-mime-info maps a *.podsizer.json file to it.
    mime=$(sed -n 's/^MimeType=\([^;]*\);.*/\1/p' "$entry")
    command -v update-mime-database >/dev/null || skip "shared-mime-info is not installed"
    cp -r "$root/usr/share/mime" "$scratch/mime"
    update-mime-database "$scratch/mime"
    grep -q ":$mime:\*\.podsizer\.json" "$scratch/mime/globs2" ||
        fail "*.podsizer.json is not $mime in globs2"
    echo "desktop entry valid; *.podsizer.json is $mime, opened by $exec_bin %f"
    ;;
lintian)
    command -v lintian >/dev/null || skip "lintian is not installed"
    # Errors fail; warnings are shown (docs/packaging.md lists the known ones).
    lintian --fail-on error --allow-root --tag-display-limit 0 "$deb" ||
        fail "lintian reports errors"
    echo "lintian: no errors"
    ;;
*)
    fail "no check $name"
    ;;
esac
