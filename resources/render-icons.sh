#!/bin/sh
# Renders the application icon's PNG sizes and the Windows .ico from the one SVG source.
# Run after editing icons/io.hilstation.HilStation.svg and commit the results: the PNGs are kept
# in the repository so that neither the Linux nor the Windows build needs an SVG renderer.
# Needs rsvg-convert (Debian: librsvg2-bin) and python3.
set -eu
cd "$(dirname "$0")"
svg=icons/io.hilstation.HilStation.svg
for n in 16 24 32 48 64 128 256; do
    mkdir -p "icons/${n}x${n}"
    rsvg-convert -w "$n" -h "$n" "$svg" -o "icons/${n}x${n}/io.hilstation.HilStation.png"
done
python3 make-ico.py windows/hilstation.ico \
    icons/16x16/io.hilstation.HilStation.png icons/24x24/io.hilstation.HilStation.png \
    icons/32x32/io.hilstation.HilStation.png icons/48x48/io.hilstation.HilStation.png \
    icons/256x256/io.hilstation.HilStation.png
