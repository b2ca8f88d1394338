#!/bin/sh
# Renders the app icons in public/icons from their SVG sources (Debian: apt-get install librsvg2-bin).
# Run from the repository root after changing public/icons/icon.svg or src/sw/icons/icon-maskable.svg.
set -eu
out=public/icons
rsvg-convert -w 192 -h 192 "$out/icon.svg" -o "$out/icon-192.png"
rsvg-convert -w 512 -h 512 "$out/icon.svg" -o "$out/icon-512.png"
rsvg-convert -w 512 -h 512 src/sw/icons/icon-maskable.svg -o "$out/icon-maskable-512.png"
# iOS rounds the corners itself and shows transparency as black: the full-bleed drawing fits.
rsvg-convert -w 180 -h 180 src/sw/icons/icon-maskable.svg -o "$out/apple-touch-icon.png"
