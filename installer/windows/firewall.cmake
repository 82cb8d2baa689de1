# Windows Defender Firewall rules the installer adds and the uninstaller removes (NSIS through
# CPack: CPACK_NSIS_EXTRA_INSTALL_COMMANDS / CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS). Included by
# installer/windows/windows.cmake, and by the package test's probe project
# (tests/integration/installer/nsis), which checks the generated NSIS script with
# installer/windows/check_firewall_nsis.sh.
#
# Why: the motion platform's network (10.0.0.x, no gateway) is "unidentified", and Windows makes
# an unidentified network Public. Windows' first-start prompt offers private networks; a Cancel
# there writes BLOCK rules for the program, and a block rule beats every allow rule. The platform's
# replies are then dropped without a trace. So the installer:
#   1. deletes every rule for the two programs (those the prompt wrote, allow or block);
#   2. adds inbound allow rules for what the programs listen on, for both programs, on every
#      profile (Public included), from the local subnet only (remoteip=localsubnet).
# The uninstaller deletes them again, and whatever else names the two programs.
#
# What the programs listen on, by default (docs/windows.md, "Firewall"):
#   UDP 9201          the motion platform's replies (--raven-listen; lib/links/raven.cpp)
#   UDP 20006         RflySim3D's gimbal state (--rflysim-state-port; lib/rflysim/visionreq.h)
#   UDP 9999-10008    RflySim3D's sensor data, 9999 and one more per further sensor, ten sensors
#                     (--rflysim-sensor-port)
#   TCP 4560          PX4 SITL's simulator connection (lib/links/px4.cpp, kPx4SimulatorPort)
# PX4's ground-station link sends from an ephemeral port, and the replies to it pass as replies.
#
# netsh from the installer: its commands and keywords are the same in every Windows language
# (only its output is localised, and the installer does not read it). The installer runs as
# administrator (CPack's template: RequestExecutionLevel admin), which netsh needs.

set(HIL_FIREWALL_UDP_PORTS "9201,20006,9999-10008")
set(HIL_FIREWALL_TCP_PORTS "4560")
set(HIL_FIREWALL_PROGRAMS hilstation.exe hilstation-console.exe)

# NSIS: $SYSDIR is System32 (the installer is 64-bit); nsExec runs netsh without a console
# window and writes its output to the installer's log; the exit code it pushes is dropped (a rule
# that is not there to delete is no error).
set(hil_netsh "nsExec::ExecToLog '\"$SYSDIR\\netsh.exe\" advfirewall firewall")
set(hil_fw_install "DetailPrint \"Windows Defender Firewall: allowing HIL Station's ports from the local subnet on all network profiles\"\n")
set(hil_fw_uninstall "DetailPrint \"Windows Defender Firewall: removing HIL Station's rules\"\n")
foreach(exe ${HIL_FIREWALL_PROGRAMS})
  set(path "$INSTDIR\\bin\\${exe}")
  string(APPEND hil_fw_install "${hil_netsh} delete rule name=all program=\"${path}\"'\nPop $0\n")
  foreach(proto UDP TCP)
    set(name "HIL Station ${proto} in (${exe})")
    string(APPEND hil_fw_install
      "${hil_netsh} add rule name=\"${name}\" dir=in action=allow program=\"${path}\" "
      "protocol=${proto} localport=${HIL_FIREWALL_${proto}_PORTS} remoteip=localsubnet "
      "profile=any enable=yes'\nPop $0\n")
    string(APPEND hil_fw_uninstall "${hil_netsh} delete rule name=\"${name}\"'\nPop $0\n")
  endforeach()
  string(APPEND hil_fw_uninstall "${hil_netsh} delete rule name=all program=\"${path}\"'\nPop $0\n")
endforeach()

foreach(kind INSTALL UNINSTALL)
  string(TOLOWER ${kind} lower)
  if(CPACK_NSIS_EXTRA_${kind}_COMMANDS)
    string(APPEND CPACK_NSIS_EXTRA_${kind}_COMMANDS "\n")
  endif()
  string(APPEND CPACK_NSIS_EXTRA_${kind}_COMMANDS "${hil_fw_${lower}}")
endforeach()
