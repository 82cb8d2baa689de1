#include "flightaxis/httpmessage.h"

namespace hil::flightaxis {

namespace {
QByteArrayView trimmed(QByteArrayView v)
{
    while (!v.isEmpty() && (v.front() == ' ' || v.front() == '\t' || v.front() == '\r'))
        v = v.sliced(1);
    while (!v.isEmpty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
        v.chop(1);
    return v;
}
} // namespace

namespace {
constexpr qsizetype kMaxBufferBytes =
    HttpMessageReader::kMaxHeaderBytes + 2 * HttpMessageReader::kMaxBodyBytes;
} // namespace

void HttpMessageReader::reset()
{
    QByteArray buf = std::move(m_buf);
    buf.resize(0); // keeps its capacity: no allocation for the next reply
    *this = HttpMessageReader();
    m_buf = std::move(buf);
}

HttpMessageReader::Status HttpMessageReader::fail(const QString &why)
{
    m_error = why;
    m_status = Status::Error;
    return m_status;
}

HttpMessageReader::Status HttpMessageReader::feed(QByteArrayView data)
{
    if (m_status != Status::NeedMore)
        return m_status;
    // Bounded: headers, the largest body we accept, and a little slack for a merged read.
    if (m_buf.size() + data.size() > kMaxBufferBytes)
        return fail(QStringLiteral("HTTP message larger than %1 bytes").arg(kMaxBufferBytes));
    m_buf.append(data.data(), data.size());
    m_received = m_buf.size();
    return parseReceived();
}

char *HttpMessageReader::receiveBuffer(qsizetype size, qsizetype *room)
{
    *room = 0;
    if (m_status != Status::NeedMore)
        return nullptr;
    const qsizetype n = qMin(size, kMaxBufferBytes - m_received);
    if (n <= 0) {
        fail(QStringLiteral("HTTP message larger than %1 bytes").arg(kMaxBufferBytes));
        return nullptr;
    }
    m_buf.resize(m_received + n);
    *room = n;
    return m_buf.data() + m_received;
}

HttpMessageReader::Status HttpMessageReader::received(qsizetype count)
{
    if (m_status != Status::NeedMore)
        return m_status;
    m_received += qBound<qsizetype>(0, count, m_buf.size() - m_received);
    m_buf.resize(m_received);
    return parseReceived();
}

HttpMessageReader::Status HttpMessageReader::parseReceived()
{
    if (m_bodyStart < 0) {
        if (!parseHeaderBlock())
            return m_status;
        if (m_bodyStart < 0) {
            if (m_buf.size() > kMaxHeaderBytes)
                return fail(
                    QStringLiteral("HTTP headers longer than %1 bytes").arg(kMaxHeaderBytes));
            return m_status;
        }
    }
    if (m_buf.size() - m_bodyStart >= m_contentLength)
        m_status = Status::Complete;
    return m_status;
}

// Scans the lines received so far; sets m_bodyStart once the header block is complete.
// False after an error.
bool HttpMessageReader::parseHeaderBlock()
{
    qsizetype pos = 0;
    bool first = true;
    QByteArray headers;
    while (true) {
        const qsizetype nl = m_buf.indexOf('\n', pos);
        if (nl < 0)
            return true; // need more
        const QByteArrayView line = trimmed(QByteArrayView(m_buf).sliced(pos, nl - pos));
        if (first) {
            if (line.isEmpty()) { // tolerate blank lines before the start line
                pos = nl + 1;
                continue;
            }
            if (!parseStartLine(line))
                return false;
            first = false;
            pos = nl + 1;
            continue;
        }
        if (line.isEmpty() || line.front() == '<') {
            m_bodyStart = line.isEmpty() ? nl + 1 : pos;
            break;
        }
        const qsizetype colon = line.indexOf(':');
        if (colon <= 0) {
            fail(QStringLiteral("malformed HTTP header line"));
            return false;
        }
        const QByteArrayView name = trimmed(line.first(colon));
        const QByteArrayView value = trimmed(line.sliced(colon + 1));
        // Checked as soon as the line is in: an oversize reply is refused before its body.
        if (name.compare("content-length", Qt::CaseInsensitive) == 0 && !checkContentLength(value))
            return false;
        headers += name.toByteArray().toLower();
        headers += ':';
        headers += value.toByteArray();
        headers += '\n';
        pos = nl + 1;
    }
    m_headers = headers;
    if (m_contentLength < 0) {
        fail(QStringLiteral("HTTP message without Content-Length"));
        return false;
    }
    return true;
}

bool HttpMessageReader::checkContentLength(QByteArrayView cl)
{
    bool ok = false;
    const qlonglong n = cl.toLongLong(&ok);
    if (!ok || n < 0) {
        fail(QStringLiteral("bad Content-Length '%1'")
                 .arg(QString::fromLatin1(cl.first(qMin<qsizetype>(32, cl.size())))));
        return false;
    }
    if (n > kMaxBodyBytes) {
        fail(QStringLiteral("Content-Length %1 exceeds the %2-byte limit; reply refused")
                 .arg(n)
                 .arg(kMaxBodyBytes));
        return false;
    }
    m_contentLength = n;
    return true;
}

bool HttpMessageReader::parseStartLine(QByteArrayView line)
{
    if (line.startsWith("HTTP/")) {
        // "HTTP/1.1 200 OK"
        const qsizetype sp = line.indexOf(' ');
        bool ok = false;
        const int code = sp > 0 ? trimmed(line.sliced(sp + 1))
                                      .first(qMin<qsizetype>(3, line.size() - sp - 1))
                                      .toInt(&ok)
                                : 0;
        if (!ok || code < 100 || code > 599) {
            fail(QStringLiteral("malformed HTTP status line"));
            return false;
        }
        m_statusCode = code;
        return true;
    }
    const qsizetype sp = line.indexOf(' ');
    if (sp <= 0 || !line.contains("HTTP/")) {
        fail(QStringLiteral("malformed HTTP start line"));
        return false;
    }
    m_method = line.first(sp).toByteArray();
    return true;
}

QByteArray HttpMessageReader::header(QByteArrayView name) const
{
    qsizetype pos = 0;
    while (pos < m_headers.size()) {
        const qsizetype nl = m_headers.indexOf('\n', pos);
        const QByteArrayView line = QByteArrayView(m_headers).sliced(pos, nl - pos);
        const qsizetype colon = line.indexOf(':');
        if (colon == name.size() && line.first(colon).compare(name, Qt::CaseInsensitive) == 0)
            return line.sliced(colon + 1).toByteArray();
        pos = nl + 1;
    }
    return {};
}

QByteArray HttpMessageReader::soapAction() const
{
    QByteArray a = header("soapaction");
    while (!a.isEmpty() && (a.front() == '\'' || a.front() == '"'))
        a.remove(0, 1);
    while (!a.isEmpty() && (a.back() == '\'' || a.back() == '"'))
        a.chop(1);
    return a;
}

QByteArrayView HttpMessageReader::body() const
{
    if (m_bodyStart < 0 || m_contentLength < 0)
        return {};
    return QByteArrayView(m_buf).sliced(m_bodyStart,
                                        qMin(m_contentLength, m_buf.size() - m_bodyStart));
}

QByteArray HttpMessageReader::remainder() const
{
    if (m_status != Status::Complete)
        return {};
    return m_buf.mid(m_bodyStart + m_contentLength);
}

} // namespace hil::flightaxis
