# Builds the HIL Station Windows installer in one command, from a "Qt 6 (MinGW)" command prompt
# (Qt's cmake, ninja and compiler on PATH) with NSIS (makensis) or the WiX toolset v3 installed:
#
#   powershell -ExecutionPolicy Bypass -File installer\windows\build-installer.ps1 `
#       -QtDir C:\Qt\6.5.3\mingw_64 [-Generator NSIS|WIX] [-BuildDir build-win]
#
# -QtDir (and any other folder holding QCustomPlotQt6Config.cmake) goes to CMAKE_PREFIX_PATH.
# The installer is written to the build folder: hilstation-<version>-win64.exe (or .msi).
param(
    [string]$QtDir = "",
    [ValidateSet("NSIS", "WIX")][string]$Generator = "NSIS",
    [string]$BuildDir = "build-win"
)
$ErrorActionPreference = "Stop"
$root = (Resolve-Path "$PSScriptRoot\..\..").Path
$build = Join-Path $root $BuildDir

$configure = @("-S", $root, "-B", $build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release")
if ($QtDir) { $configure += "-DCMAKE_PREFIX_PATH=$QtDir" }
cmake @configure
if ($LASTEXITCODE) { exit $LASTEXITCODE }
cmake --build $build --target hilstation
if ($LASTEXITCODE) { exit $LASTEXITCODE }
cpack --config (Join-Path $build "CPackConfig.cmake") -G $Generator -B $build
exit $LASTEXITCODE
