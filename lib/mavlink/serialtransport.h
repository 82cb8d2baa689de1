#pragma once
// SerialTransport: the serial port a flight controller on USB (PX4 HITL) is on, for the one link
// that owns it (HilLink in serial mode). Wraps Qt SerialPort: 8N1, no flow control, the rate
// given (bit/s; a USB CDC-ACM port ignores it, a UART or a radio needs it right).
//
// Faults: a port that will not open is tried again every kRetryMs (the board is still booting,
// unplugged, or held by another program) and reported through openFailed() only when the reason
// changes, so an unplugged board is one line, not two a second. A port that was open and fails
// (cable pulled: Qt's ResourceError; the device node is gone) is closed, reported once through
// lost(), and re-opened when it comes back; any other error on an open port (a write refused
// with EAGAIN, a framing error) is counted (ioErrors) and the port kept. The reason behind Qt's
// single PermissionError (no right: the dialout group; a lock file; exclusive use) comes from
// platform::diagnoseSerialPort().
//
// Thread: the owning worker's; made in its open(), deleted in its close(). Not thread-safe.

#include "core/linkoptions.h"
#include "platform/platform.h"

#include <QObject>

class QSerialPort;
class QTimer;

namespace hil::mavlink {

class SerialTransport : public QObject
{
    Q_OBJECT
public:
    static constexpr int kRetryMs = 500; ///< a returning board is back within 1 s

    explicit SerialTransport(const SerialPortSpec &spec, QObject *parent = nullptr);
    ~SerialTransport() override;

    /// The serial ports the system lists now (Linux: /dev/ttyACM0 ...; Windows: \\.\COM5),
    /// as `--px4 serial:` takes them. Pseudo-terminals and /dev/serial/by-id links are not
    /// listed. Reads the system (udev, sysfs, the registry): any thread but the GUI's.
    static QStringList availablePorts();

    /// Tries to open now and, until it opens, every kRetryMs.
    void start();
    /// Closes the port and stops retrying.
    void stop();
    bool isOpen() const;
    const SerialPortSpec &spec() const { return m_spec; }

    qint64 read(char *data, qint64 max);
    qint64 bytesAvailable() const;
    /// Queues bytes (Qt writes them when the port is writable); -1 when closed.
    qint64 write(const QByteArray &bytes);
    /// Bytes queued and not yet taken by the driver.
    qint64 bytesToWrite() const;

    qint64 opens() const { return m_opens; }
    qint64 losses() const { return m_losses; }
    qint64 openFailures() const { return m_openFailures; }
    /// Read/write errors on a port that stayed open.
    qint64 ioErrors() const { return m_ioErrors; }

signals:
    void opened();
    /// The open port failed (unplugged, the device went away); a re-open is scheduled.
    void lost(const QString &why);
    /// An open attempt failed for a reason other than the previous attempt's.
    void openFailed(const hil::platform::SerialPortProblem &problem);
    void readyRead();

private:
    void tryOpen();
    void onError(int error);

    SerialPortSpec m_spec;
    QSerialPort *m_port = nullptr;
    QTimer *m_retry = nullptr;
    bool m_running = false;
    int m_lastProblem = -1; ///< SerialPortProblem::Kind of the last failure reported; -1 none
    qint64 m_opens = 0, m_losses = 0, m_openFailures = 0, m_ioErrors = 0;
};

} // namespace hil::mavlink
