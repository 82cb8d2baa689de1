#!/usr/bin/env bash
# Every program and DLL of a Windows installation has its licence beside it: for each .exe and
# .dll under ROOT/bin, the first line of the mapping (installer/windows/dll-licenses.txt) whose
# pattern matches it names files or folders under ROOT/licenses, and each must be there (a
# folder: with at least one file that is not empty). The program's own licence must be a licence,
# not a placeholder. Prints a line per file; exit 1 when one lacks its licence.
# Run by `make windows-package` on the tree CPack packs and by installer/windows/smoke.sh on the
# installed tree. Usage: check_licenses.sh ROOT MAPPING
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 ROOT MAPPING" >&2; exit 2; }
root=$1 mapping=$2
[ -d "$root/bin" ] || { echo "licences: $root/bin missing" >&2; exit 2; }
lic=$root/licenses
bad=0 n=0

has_text() { # a file with something in it, or a folder holding one
  { [ -f "$1" ] && [ -s "$1" ]; } || { [ -d "$1" ] && [ -n "$(find "$1" -type f -size +0 -print -quit)" ]; }
}

while IFS= read -r -d '' f; do
  rel=${f#"$root/bin/"}
  n=$((n + 1))
  covered=
  while read -r pattern licences; do
    case $pattern in '#'* | '') continue ;; esac
    # shellcheck disable=SC2053 # the pattern is a glob on purpose
    [[ $rel == $pattern ]] || continue
    covered=$licences
    break
  done <"$mapping"
  if [ -z "$covered" ]; then
    echo "licences: bin/$rel: no line in $(basename "$mapping") names its licence"
    bad=1
    continue
  fi
  for l in $covered; do
    if ! has_text "$lic/$l"; then
      echo "licences: bin/$rel: licenses/$l missing or empty"
      bad=1
    fi
  done
  printf '  %-40s %s\n' "bin/$rel" "$covered"
done < <(find "$root/bin" -type f \( -iname '*.dll' -o -iname '*.exe' \) -print0 | sort -z)

# the program's own licence: the GPL's notice, not a placeholder
if [ -f "$lic/hilstation.txt" ] && ! grep -q 'GNU General Public License' "$lic/hilstation.txt"; then
  echo "licences: licenses/hilstation.txt does not grant the GNU GPL (a placeholder?)"
  bad=1
fi
if [ -f "$lic/GPL-3.0.txt" ] && ! grep -q 'GNU GENERAL PUBLIC LICENSE' "$lic/GPL-3.0.txt"; then
  echo "licences: licenses/GPL-3.0.txt is not the GNU GPL's text"
  bad=1
fi
[ "$n" -gt 0 ] || { echo "licences: no program or DLL under $root/bin"; exit 1; }
if [ $bad = 0 ]; then
  echo "licences: all $n programs and DLLs under bin/ have theirs in licenses/"
else
  exit 1
fi
