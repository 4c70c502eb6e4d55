#!/bin/sh
# Makes assets/fonts/NotoSansJP-subset.otf: Noto Sans CJK JP Regular cut
# down to the characters the Japanese image texts use, so board images
# can draw Japanese without a 16 MB font in the binary. Run it again
# whenever assets/locales/ja/render.ftl changes; the render tests fail
# until every character drawn in Japanese has a glyph.
#
# Source: Debian's fonts-noto-cjk package (Noto Sans CJK, SIL Open Font
# License 1.1; the licence is assets/fonts/LICENSE-NotoSansCJK, from the
# package's copyright file). Either install it (apt-get install
# fonts-noto-cjk) or unpack it without installing:
#   apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
#   NOTO=/tmp/noto/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc scripts/subset-japanese-font.sh
# Needs pyftsubset from fonttools (pip install fonttools).
#
# Usage: scripts/subset-japanese-font.sh [CATALOGUE.ftl ...]
# (default: assets/locales/ja/render.ftl)
set -eu
cd "$(dirname "$0")/.."
NOTO=${NOTO:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
OUT=assets/fonts/NotoSansJP-subset.otf
[ $# -gt 0 ] || set -- assets/locales/ja/render.ftl
TEXT=$(mktemp)
trap 'rm -f "$TEXT"' EXIT
# Every character of the messages (comments left out); the syntax's own
# ASCII comes along, which DejaVu Sans draws first anyway.
grep -hv '^[[:space:]]*#' "$@" >"$TEXT"
# Font 0 of the collection is the Japanese one (Noto Sans CJK JP).
pyftsubset "$NOTO" --font-number=0 --text-file="$TEXT" \
    --layout-features='' --no-hinting --output-file="$OUT"
ls -l "$OUT"
