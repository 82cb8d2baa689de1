#include "mavlink/serialtransport.h"
#include "mavlink/logging.h"

#include <QSerialPort>
#include <QSerialPortInfo>
#include <QTimer>

namespace hil::mavlink {

SerialTransport::SerialTransport(const SerialPortSpec &spec, QObject *parent)
    : QObject(parent), m_spec(spec)
{
}

SerialTransport::~SerialTransport()
{
    stop();
}

QStringList SerialTransport::availablePorts()
{
    QStringList ports;
    for (const QSerialPortInfo &info : QSerialPortInfo::availablePorts())
        ports << info.systemLocation();
    return ports;
}

void SerialTransport::start()
{
    m_running = true;
    if (!m_retry) {
        m_retry = new QTimer(this);
        m_retry->setInterval(kRetryMs);
        connect(m_retry, &QTimer::timeout, this, &SerialTransport::tryOpen);
    }
    tryOpen();
}

void SerialTransport::stop()
{
    m_running = false;
    if (m_retry)
        m_retry->stop();
    if (m_port) {
        m_port->disconnect(this);
        m_port->close();
        delete m_port;
        m_port = nullptr;
    }
}

bool SerialTransport::isOpen() const
{
    return m_port && m_port->isOpen();
}

void SerialTransport::tryOpen()
{
    if (!m_running || isOpen())
        return;
    delete m_port;
    m_port = new QSerialPort(this);
    m_port->setPortName(m_spec.path);
    // open() is O_NONBLOCK|O_NOCTTY on Unix and an overlapped CreateFile on Windows: it returns at
    // once, also for a port that is there but has nothing connected.
    if (!m_port->open(QIODevice::ReadWrite)) {
        const QSerialPort::SerialPortError e = m_port->error();
        const QString qtText = m_port->errorString();
        delete m_port;
        m_port = nullptr;
        ++m_openFailures;
        const auto kind =
            e == QSerialPort::DeviceNotFoundError ? platform::SerialOpenError::NotFound
            : e == QSerialPort::PermissionError   ? platform::SerialOpenError::Permission
                                                  : platform::SerialOpenError::Other;
        platform::SerialPortProblem p = platform::diagnoseSerialPort(m_spec.path, kind);
        if (p.kind == platform::SerialPortProblem::Kind::Other) {
            p.detail = QStringLiteral("%1: cannot open: %2").arg(m_spec.path, qtText);
            p.args = {m_spec.path, qtText};
        }
        if (int(p.kind) != m_lastProblem) {
            m_lastProblem = int(p.kind);
            emit openFailed(p);
        }
        m_retry->start();
        return;
    }
    // 8N1 without flow control is what PX4's MAVLink instances on USB and TELEM ports speak.
    const bool settings =
        m_port->setBaudRate(m_spec.baud) && m_port->setDataBits(QSerialPort::Data8) &&
        m_port->setParity(QSerialPort::NoParity) && m_port->setStopBits(QSerialPort::OneStop) &&
        m_port->setFlowControl(QSerialPort::NoFlowControl);
    if (!settings)
        qCWarning(lcMavlink) << "serial" << m_spec.path
                             << "line settings refused:" << m_port->errorString();
    m_port->clearError();
    connect(m_port, &QSerialPort::readyRead, this, &SerialTransport::readyRead);
    connect(m_port, &QSerialPort::errorOccurred, this,
            [this](QSerialPort::SerialPortError e) { onError(int(e)); });
    m_retry->stop();
    m_lastProblem = -1;
    ++m_opens;
    emit opened();
    if (m_port && m_port->bytesAvailable() > 0)
        emit readyRead();
}

void SerialTransport::onError(int error)
{
    const auto e = QSerialPort::SerialPortError(error);
    if (e == QSerialPort::NoError || e == QSerialPort::TimeoutError || !m_port)
        return;
    if (e != QSerialPort::ResourceError) {
        // A read or write that failed on a port still there (a full output buffer: EAGAIN when
        // the other end does not read; a framing or parity error on a UART): counted, logged
        // once, and the port stays open.
        ++m_ioErrors;
        if (m_ioErrors == 1)
            qCWarning(lcMavlink) << "serial" << m_spec.path
                                 << "error (counted in serial_errors):" << m_port->errorString();
        m_port->clearError();
        return;
    }
    // ResourceError is the device gone: USB unplugged, the board reset, a pty whose other end
    // closed. Close it and open it again when it is back.
    const QString why = m_port->errorString();
    m_port->disconnect(this);
    m_port->close();
    m_port->deleteLater(); // we may be inside its own signal
    m_port = nullptr;
    ++m_losses;
    emit lost(why);
    if (m_running)
        m_retry->start();
}

qint64 SerialTransport::read(char *data, qint64 max)
{
    return m_port ? m_port->read(data, max) : -1;
}

qint64 SerialTransport::bytesAvailable() const
{
    return m_port ? m_port->bytesAvailable() : 0;
}

qint64 SerialTransport::write(const QByteArray &bytes)
{
    return isOpen() ? m_port->write(bytes) : -1;
}

qint64 SerialTransport::bytesToWrite() const
{
    return m_port ? m_port->bytesToWrite() : 0;
}

} // namespace hil::mavlink
