#!/bin/sh
# Checks a generated NSIS script (CPack's project.nsi) for the firewall rules of
# installer/windows/firewall.cmake: for both programs, inbound allow rules on every profile from
# the local subnet, the prompt's own rules deleted first; and the uninstaller removing them.
# Usage: check_firewall_nsis.sh PROJECT_NSI
# Run by the package test installer_nsis_firewall (tests/integration/installer) on a probe
# project's script, and by installer/windows/smoke.sh on the real installer's.
set -eu
nsi=$1
[ -f "$nsi" ] || { echo "FAIL: no NSIS script at $nsi"; exit 1; }
failures=0
pass() { echo "PASS: $*"; }
fail() { failures=$((failures + 1)); echo "FAIL: $*"; }

# The install section runs to the line `Section "Uninstall"`; the uninstall section after it.
install=$(sed -n '/^Section "-Core installation"/,/^SectionEnd/p' "$nsi")
uninstall=$(sed -n '/^Section "Uninstall"/,/^SectionEnd/p' "$nsi")
has() { printf '%s\n' "$1" | grep -qF -- "$2"; }

for exe in hilstation.exe hilstation-console.exe; do
    prog="program=\"\$INSTDIR\\bin\\$exe\""
    for rule in "UDP localport=9201,20006,9999-10008" "TCP localport=4560"; do
        proto=${rule%% *}
        name="HIL Station $proto in ($exe)"
        line=$(printf '%s\n' "$install" | grep -F -- "add rule name=\"$name\"" || true)
        if [ -z "$line" ]; then
            fail "install: no rule '$name'"
            continue
        fi
        ok=1
        for word in "netsh.exe\" advfirewall firewall add rule" "dir=in" "action=allow" "$prog" \
                    "protocol=$rule" "remoteip=localsubnet" "profile=any" "enable=yes"; do
            has "$line" "$word" || { fail "install: rule '$name' lacks $word"; ok=0; }
        done
        [ "$ok" = 1 ] && pass "install: allow rule '$name' ($rule, local subnet, every profile)"
        if has "$uninstall" "delete rule name=\"$name\""; then
            pass "uninstall: removes '$name'"
        else
            fail "uninstall: does not remove '$name'"
        fi
    done
    # The prompt's rules (a Cancel's block rules among them) go before ours are added.
    first_delete=$(printf '%s\n' "$install" | grep -nF -- "delete rule name=all $prog" | head -1 | cut -d: -f1)
    first_add=$(printf '%s\n' "$install" | grep -nF -- "add rule" | grep -F -- "$prog" | head -1 | cut -d: -f1)
    if [ -n "$first_delete" ] && [ -n "$first_add" ] && [ "$first_delete" -lt "$first_add" ]; then
        pass "install: deletes every earlier rule for $exe before adding its own"
    else
        fail "install: no 'delete rule name=all $prog' before the rules are added"
    fi
    has "$uninstall" "delete rule name=all $prog" && pass "uninstall: deletes every rule for $exe" \
        || fail "uninstall: leaves rules for $exe"
done
# A profile list without Public would be the failure this is all about.
if printf '%s\n' "$install" | grep -F "add rule" | grep -v -F "profile=any" | grep -q .; then
    fail "install: a rule not on every profile"
fi
[ "$failures" -eq 0 ] || { echo "$failures failed"; exit 1; }
echo "NSIS firewall rules: all checks passed"
