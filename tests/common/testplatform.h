#pragma once
// What the tests expect of the platform layer (lib/platform), read from the system itself and
// not from the code under test: the kernel's version for the slice, the thread's priority as the
// system reports it. One source per system (testplatform_linux.cpp, testplatform_windows.cpp),
// like the layer it checks.
#include <QString>

namespace hil::testplatform {

/// The key a closed-loop link's endpoints() and session.json carry its tuning under.
QString loopTuningKey();

/// The value a closed-loop link reports under platform::loopTuningKey(): Linux, the slice the
/// kernel honours (100 µs from 6.12 on, read from uname; 0 before); Windows, 2
/// (THREAD_PRIORITY_HIGHEST).
int expectedLoopTuning();

/// The calling thread's priority as the system reports it: Linux, its nice value; Windows,
/// GetThreadPriority (0 normal, 2 highest). -100 when it cannot be read.
int currentThreadPriority();

/// What currentThreadPriority() reads in the window's thread after lowerWindowThread(nice):
/// Linux the nice value, Windows 0 (left at normal).
int expectedWindowThreadPriority(int nice);

/// What currentThreadPriority() reads in a closed-loop link's thread: Linux the nice value the
/// program started with (kept), Windows 2 (highest).
int expectedLoopThreadPriority();

/// The class of Qt event dispatcher a thread started by the program runs (not the main thread):
/// Linux QEventDispatcherUNIX (Qt's poll loop, not GLib's), Windows QEventDispatcherWin32.
const char *expectedThreadDispatcher();

/// The folder of the running executable, absolute, read from the system (works before a
/// Q(Core)Application exists, unlike QCoreApplication::applicationDirPath).
QString executableDir();

/// What an executable's file name ends with: "" on Linux, ".exe" on Windows.
QString executableSuffix();

/// The program the tests start as a child, without the suffix: Linux hilstation; Windows
/// hilstation-console, the console twin whose output and exit status a parent process sees.
QString childProgramName();

/// The Windows build (under Wine here): for the few expectations that are the Linux kernel's.
bool isWindows();

/// POSIX signals exist (SIGTERM, SIGUSR1): Linux yes, Windows no (--send and the console handler
/// stand in for them).
bool hasPosixSignals();

/// The per-user, per-machine data folder a child process gets (Qt's GenericDataLocation there):
/// Linux, the XDG_DATA_HOME the test gave it; Windows, %LOCALAPPDATA% (asked of the shell, not
/// of the environment), read in this process.
QString userDataFolder(const QString &xdgDataHome);

enum class Signal { Terminate, Stop };
/// Sends SIGTERM or SIGUSR1 to a process; false where there are none (Windows) or it failed.
bool sendSignal(qint64 pid, Signal signal);

} // namespace hil::testplatform
