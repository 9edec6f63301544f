#!/usr/bin/env bash
# Installs the Debian packages podsizer builds and tests with, if missing.
# Used by scripts/run.sh and scripts/test.sh (and so by .ci/run).
set -euo pipefail

packages=(
  cmake ninja-build g++ pkg-config # build (pkg-config finds libxlsxwriter)
  nlohmann-json3-dev               # JSON (catalog, reports)
  libfmt-dev                       # {fmt}: number and text formatting, any locale
  libcli11-dev                     # CLI
  catch2                           # tests (Catch2 v2)
  libxlsxwriter-dev zlib1g-dev     # Excel workbook (zlib: tests read the package back)
  libxml2-utils                    # tests: xmllint checks the SVG and workbook XML
  libreoffice-calc-nogui           # tests: LibreOffice recalculates the workbook
  librsvg2-bin                     # tests: rsvg-convert renders the SVG to PNG
  qt6-base-dev qt6-charts-dev      # GUI: Qt 6 Widgets and Charts (Qt Test is in base)
  qt6-svg-dev                      # GUI: rack elevations (QSvgWidget)
  libqt6opengl6-dev libgl-dev      # GUI: find_package(Qt6 ... Charts) needs them
  fonts-dejavu-core                # GUI: a font for offscreen tests and screenshots
  poppler-utils                    # tests and docs: pdftotext, pdfinfo, pdftoppm read printed workbooks
  python3-jsonschema               # tests: validate the examples against schemas/
  clang libclang-rt-14-dev         # fuzz preset: clang, libFuzzer and sanitizer runtimes
  clang-format                     # tests: every C++ source as .clang-format writes it
  libbenchmark-dev                 # bench preset: Google Benchmark
  locales                          # tests: the suites run again under de_DE and fr_FR
  dpkg-dev                         # package: CPack's dependencies (dpkg-shlibdeps)
  ccache                           # build: the compiler cache (cmake/CompilerCache.cmake)
  lintian man-db zsh               # package tests: lintian, man -l, the zsh completion
  desktop-file-utils shared-mime-info # package tests: the desktop entry and MIME type
)

# The desktop locales the tests run under (tests/CMakeLists.txt): a decimal
# comma in both. Generated once; `locale -a` spells them "de_DE.utf8".
test_locales=(de_DE.UTF-8 fr_FR.UTF-8)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
  echo "podsizer: installing Debian packages: ${missing[*]}" >&2
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

have_locales=$(locale -a 2>/dev/null | tr 'A-Z' 'a-z')
for loc in "${test_locales[@]}"; do
  short=$(echo "${loc%%.*}.utf8" | tr 'A-Z' 'a-z')
  if ! grep -qx "$short" <<<"$have_locales"; then
    echo "podsizer: generating the locale $loc" >&2
    if grep -q "^# *$loc UTF-8" /etc/locale.gen; then
      $sudo sed -i "s/^# *$loc UTF-8/$loc UTF-8/" /etc/locale.gen
    elif ! grep -q "^$loc UTF-8" /etc/locale.gen; then
      echo "$loc UTF-8" | $sudo tee -a /etc/locale.gen >/dev/null
    fi
    need_locale_gen=1
  fi
done
if [ -n "${need_locale_gen:-}" ]; then
  $sudo locale-gen >/dev/null
fi
