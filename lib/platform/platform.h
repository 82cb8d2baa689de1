#pragma once
// The platform layer: every difference between Linux and Windows the program depends on, in one
// header with one source per system (platform_linux.cpp, platform_windows.cpp). The rest of the
// tree never asks which system it runs on; docs/windows.md has the table of what each does.
//
//   loop threads     Linux: a 100 µs scheduler slice (EEVDF's PREEMPT_SHORT, kernel 6.12+), nice
//                    kept. Windows: THREAD_PRIORITY_HIGHEST (never time-critical: RealFlight on
//                    the same PC must not starve) and the system timer at 1 ms while one runs.
//   window thread    Linux: a higher nice value (--window-nice). Windows: left at normal.
//   thread loops     Linux: Qt's own poll() loop in every thread but the main one (GLib's wakes
//                    itself per socket change), set before main(). Windows: Qt's only one.
//   exit and STOP    Linux: SIGINT/SIGTERM park and exit, SIGUSR1 is STOP. Windows: the console
//   from outside     control handler (Ctrl+C, Ctrl+Break, console closed, logoff, shutdown) and a
//                    window's WM_QUERYENDSESSION/WM_ENDSESSION park and exit. Both: hilstation
//                    --send (station/instancechannel.h).
//   serial ports     Linux: why an open failed, read from the device node (missing, no access:
//                    the dialout group) and UUCP lock files. Windows: from Qt's error only.
//   console          Windows' GUI-subsystem hilstation.exe attaches to the console it was started
//                    from, so --help and errors reach cmd.exe.
//   TCP connections  one non-blocking client connection on the system's own sockets (POSIX;
//                    Winsock), for a peer that takes one request per connection (RealFlight's
//                    FlightAxis server): tcpconnection_linux.cpp, tcpconnection_windows.cpp.
//   firewall         Windows: the network profile facing a peer and Windows Defender Firewall's
//                    rules for our two programs, read through COM (firewall_windows.cpp); the
//                    verdict is portable (firewall.cpp). Linux: "not applicable".

#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <utility>

namespace hil::platform {

/// "linux" or "windows": written into session.json.
QString name();

// ---- thread priority ---------------------------------------------------------------------------

/// The Linux scheduler slice the loop threads ask for, µs.
constexpr std::uint32_t kLoopSliceUs = 100;

/// What tuneLoopThread() did, as the link's endpoints() carry it: key "sched_slice_us" (Linux:
/// the slice granted, µs; 0 = the kernel's default) or "thread_priority" (Windows: the thread's
/// priority read back, 2 = THREAD_PRIORITY_HIGHEST).
struct LoopTuning
{
    QString key;
    int value = 0;
};

/// The key tuneLoopThread() reports under on this system.
QString loopTuningKey();

/// In a closed-loop link's thread when it starts: see the table above. Pair with
/// releaseLoopThread() in the same thread when the link stops.
LoopTuning tuneLoopThread();
/// Undoes what tuneLoopThread() holds beyond the thread (Windows: the 1 ms timer period, reference
/// counted by Windows itself). The thread's own priority goes with the thread.
void releaseLoopThread();

/// The nice value the window's thread runs at by default (--window-nice) on Linux: its redraws
/// give way to the loop threads and to peers on the same PC (PX4 SITL) when both want a core.
constexpr int kDefaultWindowNice = 10;

/// Lowers the calling thread's priority for the window (Linux: nice, per thread; threads it starts
/// later inherit it). Returns the nice value afterwards; Windows leaves the thread at normal
/// priority and returns 0 (a lower priority there would delay STOP behind any busy program).
int lowerWindowThread(int nice);
/// Whether --window-nice does anything here (Linux: yes; Windows keeps the window at normal).
bool windowNiceApplies();

/// How the program is told from outside to park and exit, in --help's words ("SIGINT/SIGTERM";
/// Windows: Ctrl+C or its console closing).
QString exitRequestText();

// ---- console and instances ---------------------------------------------------------------------

/// Windows' hilstation.exe is a GUI program (no console window of its own): when started from a
/// console, its stdout/stderr are attached to that console so --help, --version, --send and
/// errors are seen; and Qt's log goes to stderr whenever stderr leads somewhere (Qt would send it
/// to the debugger in a process without a console window). No-op on Linux. Call first in main().
void attachParentConsole();

/// The id the current process goes by in instance files and --to (the process id).
qint64 processId();

/// The folder holding one `<pid>.instance` file per running hilstation of this user
/// (station/instancechannel.h); HIL_INSTANCE_DIR overrides it (tests).
QString instanceDirectory();

/// The QLocalServer name of the instance with this process id: Linux, a socket file `<pid>.sock`
/// in instanceDirectory() (not Qt's default /tmp); Windows, the named pipe
/// `\\.\pipe\hilstation-<user>-<pid>` (pipes are per machine: the user name keeps two users'
/// instances apart).
QString instanceServerName(qint64 pid);

/// Whether a process with this id is running (a stale instance file is removed when not).
bool processAlive(qint64 pid);

// ---- serial ports ------------------------------------------------------------------------------

/// What Qt SerialPort said when a port would not open, reduced to what matters here.
enum class SerialOpenError { NotFound, Permission, Other };

/// Why a serial port would not open, as far as the system can tell (serialport_linux.cpp,
/// serialport_windows.cpp). Qt reports EACCES, EBUSY, a foreign lock file and Windows' "access
/// denied" all as one PermissionError; the operator needs to know which it was.
struct SerialPortProblem
{
    enum class Kind {
        Missing,          ///< no such device (unplugged, wrong name)
        PermissionDenied, ///< the device exists and this user may not open it (Linux: dialout)
        Locked, ///< another program holds it (lock file, exclusive open, Windows' one user)
        Other,
    };
    Kind kind = Kind::Other;
    /// One English sentence for events.log: what is wrong and what to do. The variable parts
    /// (group, process id) are also in args, for the window's translated text.
    QString detail;
    QStringList args;
};

/// Called in the link's thread after an open failed. Never blocks beyond a stat() and reading a
/// lock file of a few bytes.
SerialPortProblem diagnoseSerialPort(const QString &path, SerialOpenError error);

// ---- one TCP connection per request -------------------------------------------------------------

/// A non-blocking TCP client connection on the system's own sockets. QTcpSocket costs a peer that
/// takes one request per connection (RealFlight, ~250 a second) a socket engine with three
/// notifiers per connection, a connect that reports back through an event-loop pass and a
/// signal, and two copies of every reply (docs/decisions/flightaxis-socket.md). Nothing here
/// blocks or waits; the owner watches descriptor() with a QSocketNotifier (Read, Write) in its own
/// thread, and closes before it hands the descriptor's notifiers another one.
class TcpConnection
{
public:
    enum class Result {
        Done,       ///< bytes moved (or the connect finished)
        WouldBlock, ///< not connected yet, or no room / no bytes now: wait for the notifier
        Closed,     ///< receive: the peer closed its side (no more bytes)
        Failed,     ///< errorString() says why; the connection is of no further use
    };

    TcpConnection() = default;
    ~TcpConnection();
    TcpConnection(const TcpConnection &) = delete;
    TcpConnection &operator=(const TcpConnection &) = delete;

    /// Closes any previous connection, then starts connecting with Nagle's delay off. False when
    /// the system refused at once (errorString()); true while the connect is under way or done.
    bool connectTo(const QHostAddress &address, quint16 port);
    /// The socket to watch; -1 while closed.
    qintptr descriptor() const { return m_fd; }
    bool isOpen() const { return m_fd != -1; }
    /// After the descriptor turned writable during a connect: Done once it is connected, Failed
    /// when it was refused or timed out (errorString()).
    Result connectResult();
    /// Sends what the system takes now; *sent: how many bytes. WouldBlock also while the connect
    /// is still under way (Windows reports that as "not connected").
    Result send(const char *data, qint64 size, qint64 *sent);
    /// Reads what has arrived, up to `size`; *received: how many bytes (0 unless Done).
    Result receive(char *data, qint64 size, qint64 *received);
    /// Closes now (never lingers). No-op when closed.
    void close();
    /// Trades connections with `other` (a spare taken, a spent one put aside to close later).
    void swap(TcpConnection &other) noexcept
    {
        std::swap(m_fd, other.m_fd);
        m_error.swap(other.m_error);
    }
    /// Why the last call failed, in English ("Connection refused").
    QString errorString() const { return m_error; }

private:
    Result failed(int systemError);
    qintptr m_fd = -1;
    QString m_error;
};

// ---- firewall ----------------------------------------------------------------------------------
//
// Whether Windows Defender Firewall lets a peer's datagrams reach one of our local UDP ports.
// Reading (what the system says) and deciding (what that means) are apart: decideFirewall() is
// pure and portable, so the rules are unit-tested with canned facts on any system (Wine has no
// firewall); firewallForUdpPort() reads the facts on Windows and says "not applicable" on Linux.

/// Windows' firewall profiles as bits, the values of NET_FW_PROFILE_TYPE2 (netfw.h).
enum FirewallProfile : int {
    kProfileDomain = 0x1,
    kProfilePrivate = 0x2,
    kProfilePublic = 0x4,
    kProfileAll = 0x7,
};

/// One firewall rule as Windows keeps it (INetFwRule's properties), strings as Windows gives them.
struct FirewallRule
{
    enum class Direction { In, Out };
    enum class Action { Allow, Block };
    QString name;
    bool enabled = true;
    Direction direction = Direction::In;
    Action action = Action::Allow;
    int profiles = kProfileAll; ///< FirewallProfile bits (Windows' "all" is 0x7fffffff: any bit)
    int protocol = 256;         ///< IANA number: 6 TCP, 17 UDP; 256 = any (NET_FW_IP_PROTOCOL_ANY)
    QString localPorts;         ///< "9201", "9201,20006", "9999-10008"; "" or "*" = any
    QString applicationPath;    ///< full path of the program; "" = every program
    QString remoteAddresses;    ///< "*", "LocalSubnet", "10.0.0.2", "10.0.0.0/24", "a-b", ...
};

/// What decideFirewall() decides from: read from the system by firewallForUdpPort(), or canned.
struct FirewallFacts
{
    bool applicable = true; ///< false: this system has no Windows firewall (Linux)
    QString readError;      ///< non-empty: the facts could not be read (English, for the log)
    int interfaceProfile =
        0;                   ///< the profile(s) of the interface facing the peer (bits; 0: unknown)
    QString interfaceName;   ///< that interface's name, for the figure ("Ethernet 2")
    int enabledProfiles = 0; ///< profiles whose firewall is on
    int blockAllInbound = 0; ///< profiles set to "block all incoming connections" (shields up)
    int defaultInboundAllow = 0; ///< profiles whose default inbound action is allow (rare)
    QList<FirewallRule> rules;
    QStringList programs; ///< our two programs' full paths (hilstation.exe, hilstation-console.exe)
    quint16 port = 0;     ///< the local port the datagrams come to
    int protocol = 17;    ///< IANA number: 17 UDP (6 TCP)
    QHostAddress peer;    ///< who sends them
    bool peerOnLocalSubnet = true; ///< whether `peer` is on-link on that interface ("LocalSubnet")
};

/// The rig check's answer. `id` keys the caller's translated text; `figure` and `fix` are the
/// English sentences for events.log with `args` filled in; `args` are the same variable parts,
/// always in this order: %1 the network profile(s) ("Public"), %2 the port, %3 the protocol
/// ("UDP"), %4 the rule's name, %5 the rule's profiles ("Private"), %6 the program's file name.
struct FirewallVerdict
{
    enum class Status { NotApplicable, Pass, Warn, Fail };
    Status status = Status::NotApplicable;
    /// "firewall.not_applicable", "firewall.loopback", "firewall.unreadable", "firewall.off",
    /// "firewall.allowed", "firewall.default_allow", "firewall.profile_unknown",
    /// "firewall.block_all", "firewall.blocked", "firewall.wrong_profile", "firewall.wrong_remote",
    /// "firewall.no_rule"
    QString id;
    QString
        figure;  ///< what is the case, e.g. "Public network; blocked by rule 'x' (block, Public)"
    QString fix; ///< what to do; empty when nothing is to be done
    QStringList args;
};

/// The profile bits in words, "Public" or "Domain, Private"; "any" for all three, "none" for 0.
QString firewallProfileText(int profiles);

/// The verdict for facts.port on the profile(s) facing facts.peer, for each of facts.programs
/// (the worse of them). A loopback sender passes (never filtered). Windows' order: "block all
/// incoming connections" blocks; a matching enabled block rule beats any allow rule; then
/// a matching allow rule, or the profile's default inbound action, lets the datagrams in; a
/// profile with its firewall off passes. Pure: no system call.
FirewallVerdict decideFirewall(const FirewallFacts &facts);

/// What firewallForUdpPort() read, and the verdict on it.
struct FirewallReport
{
    FirewallFacts facts;
    FirewallVerdict verdict;
};

/// Windows: reads the profile of the interface facing `peer` (Network List Manager), the
/// firewall's state and rules (INetFwPolicy2, COM: never netsh, whose output is localised) for
/// hilstation.exe and hilstation-console.exe beside this program, and decides. Linux: status
/// NotApplicable ("no Windows firewall on this system"). Any thread; blocks for the COM calls
/// (tens of ms with a few hundred rules): not on the window's thread.
FirewallReport firewallForUdpPort(quint16 localPort, const QHostAddress &peer);

// ---- exit and STOP from outside the program -----------------------------------------------------

/// Delivers the system's requests to end the program or STOP the platform as Qt signals in the
/// thread that made it (the main thread). One per process, made before the links start so that a
/// request arriving while they open waits instead of killing the process half-way.
///
/// Windows' console handler runs in a thread the system makes for it, and the process ends when it
/// returns (console closed, logoff, shutdown): it asks for termination, then blocks until
/// notifyParked() (≤ 4.5 s: Windows grants a closing console about 5) so the platform is parked
/// before anything is torn down.
class ExitSignals : public QObject
{
    Q_OBJECT
public:
    explicit ExitSignals(QObject *parent = nullptr);
    ~ExitSignals() override;

    /// The platform is parked (or there was nothing to park) and the links are closed: a waiting
    /// Windows handler may let the process end. Thread-safe.
    void notifyParked();

    /// Test hook, Windows: runs the console handler's body for `ctrlType` (CTRL_C_EVENT = 0 ...
    /// CTRL_SHUTDOWN_EVENT = 6) in the calling thread, as the system would, and returns what it
    /// returns; Wine cannot deliver a console's close event. Linux: raises the POSIX signal
    /// (SIGINT for 0, SIGUSR1 for -1, SIGTERM otherwise) and returns true.
    static bool simulate(int ctrlType);

signals:
    /// End the program: park the platform, then quit.
    void terminationRequested();
    /// STOP the motion platform (Linux's SIGUSR1).
    void stopRequested();

private:
    struct Private;
    Private *d;
};

} // namespace hil::platform
