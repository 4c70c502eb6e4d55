#!/bin/sh
# Builds what ships: target/dist/ship/holotable, stripped, and beside it
# holotable.debug, its symbols and line tables, which gdb and addr2line
# find through the binary's debug link, so a crash's addresses still read
# back to files and lines. cargo's own output (target/dist/holotable) is
# left as built, so running this again gives the same two files.
# Needs binutils' objcopy, which the linker on Linux already brings.
#
# Usage: scripts/dist.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --profile dist --bin holotable
built=${CARGO_TARGET_DIR:-target}/dist
ship=$built/ship
mkdir -p "$ship"
objcopy --only-keep-debug "$built/holotable" "$ship/holotable.debug"
objcopy --strip-all --add-gnu-debuglink="$ship/holotable.debug" "$built/holotable" "$ship/holotable"
ls -l "$ship/holotable" "$ship/holotable.debug"
