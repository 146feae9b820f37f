#!/bin/sh
# Makes the three font files the first screen is drawn with (app/fonts, app/app.css), cut from the
# @fontsource-variable packages: only the letters the shop writes, only the weights it uses (400 to
# 700: font-normal, medium, semibold, bold), only the OpenType features it needs. Any other letter
# is drawn from the package's whole face, which the browser fetches only for a page that has one.
# Needs fontTools (Debian: apt-get install python3-fonttools python3-brotli). Run from the root.
set -eu
PY=${PYTHON:-/usr/bin/python3}
out=app/fonts
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# $1 source woff2, $2 unicodes, $3 layout features, $4 output name
cut() {
  "$PY" -m fontTools.subset "$1" --unicodes="$2" --layout-features="$3" --output-file="$tmp/cut.ttf"
  "$PY" -m fontTools.varLib.instancer "$tmp/cut.ttf" wght=400:700 -q -o "$tmp/range.ttf"
  "$PY" -c "import sys; from fontTools.ttLib import TTFont; f = TTFont(sys.argv[1]); f.flavor = 'woff2'; f.save(sys.argv[2])" \
    "$tmp/range.ttf" "$out/$4"
  echo "$out/$4: $(wc -c < "$out/$4") bytes"
}

# English: ASCII and the punctuation the dictionary and the demo shop use (keep app.css's
# unicode-range of each face the same as these lists).
LATIN="U+0020-007E,U+00A0,U+00A7,U+00A9,U+00AB,U+00B7,U+00BB,U+00D7,U+2009,U+200B-200F,U+2010-2011,U+2013-2014,U+2018-2019,U+201C-201D,U+2022,U+2026,U+2039-203A,U+2192,U+2212"
ARABIC="U+060C,U+061B,U+061F,U+0621-065F,U+066A-066C,U+0670,U+200C-200F"
inter=node_modules/@fontsource-variable/inter/files
kufi=node_modules/@fontsource-variable/noto-kufi-arabic/files
cut "$inter/inter-latin-wght-normal.woff2" "$LATIN" "kern,tnum" inter-core-wght.woff2
cut "$kufi/noto-kufi-arabic-arabic-wght-normal.woff2" "$ARABIC" "*" noto-kufi-arabic-core-wght.woff2
cut "$kufi/noto-kufi-arabic-latin-wght-normal.woff2" "$LATIN" "kern,tnum" noto-kufi-arabic-latin-core-wght.woff2
