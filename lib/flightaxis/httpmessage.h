#pragma once
// HttpMessageReader: an incremental reader of one HTTP/1.1 message (a RealFlight reply, or a
// request when the emulator plays RealFlight). Pure: bytes in, values out; any thread, no I/O.
//
// Accepts bytes in any split (feed() as often as data arrives), `\n` or `\r\n` line ends, header
// names in any case. The body is read by Content-Length, which must be ≤ kMaxBodyBytes: a larger
// declared length is refused before anything is allocated for it. Headers are bounded too.
// Surprise kept for ArduPilot-style requests: a header line beginning with '<' ends the headers
// and starts the body (their template omits the blank line; RealFlight accepts it).

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace hil::flightaxis {

class HttpMessageReader
{
public:
    enum class Status { NeedMore, Complete, Error };
    static constexpr qsizetype kMaxBodyBytes = 64 * 1024;
    static constexpr qsizetype kMaxHeaderBytes = 8 * 1024;

    /// Appends bytes; returns Complete once the whole body is in. Bytes beyond the message are
    /// kept (remainder()). After Complete or Error, further feeds are ignored until reset().
    Status feed(QByteArrayView data);
    /// A read straight into the reader, without a buffer of the caller's between: room for up to
    /// `size` more bytes (fewer near the size limit; nullptr once the message is complete, failed
    /// or at the limit), then received() with how many arrived there. Same checks as feed().
    char *receiveBuffer(qsizetype size, qsizetype *room);
    Status received(qsizetype count);
    /// Ready for the next message; keeps the buffer's memory (one exchange after another).
    void reset();
    Status status() const { return m_status; }

    /// Reply: 200, 500, ...; 0 for a request or before the status line arrived.
    int statusCode() const { return m_statusCode; }
    /// Request: "POST"; empty for a reply.
    QByteArray method() const { return m_method; }
    /// Value of a header (name case-insensitive), trimmed; empty when absent.
    QByteArray header(QByteArrayView name) const;
    /// soapaction header with its quotes (' or ") removed.
    QByteArray soapAction() const;
    qsizetype contentLength() const { return m_contentLength; }
    /// The body (valid when Complete). A view into the reader's buffer.
    QByteArrayView body() const;
    /// Bytes received after the end of this message (a merged read).
    QByteArray remainder() const;
    QString errorString() const { return m_error; }

private:
    Status fail(const QString &why);
    bool parseHeaderBlock();
    bool parseStartLine(QByteArrayView line);
    bool checkContentLength(QByteArrayView value);
    Status parseReceived();

    QByteArray m_buf;
    qsizetype m_received = 0; ///< bytes of m_buf holding the message (receiveBuffer grows m_buf)
    Status m_status = Status::NeedMore;
    qsizetype m_bodyStart = -1; ///< offset of the body in m_buf, -1 while headers are incomplete
    qsizetype m_contentLength = -1;
    int m_statusCode = 0;
    QByteArray m_method;
    QByteArray m_headers; ///< "name:value\n" lines, names lower-cased
    QString m_error;
};

} // namespace hil::flightaxis
