#pragma once
// Test helpers: read back the session files the way a strict consumer would.
#include "session/sessionformat.h"
#include "session/tlog.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <cmath>
#include <vector>

namespace sessiontest {

struct CsvCheck
{
    bool ok = false; ///< header present, every complete line has the header's cell count
    QString why;
    int rows = 0;             ///< complete data rows
    bool partialLast = false; ///< a last line without '\n' (allowed once, after a crash)
    std::vector<double> firstColumn;
    std::vector<QByteArray> lines;
};

inline CsvCheck checkCsv(const QString &path)
{
    CsvCheck r;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        r.why = "cannot open " + path;
        return r;
    }
    const QByteArray all = f.readAll();
    QList<QByteArray> lines = all.split('\n');
    r.partialLast = !all.isEmpty() && !all.endsWith('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    if (lines.isEmpty()) {
        r.why = "no header";
        return r;
    }
    const size_t width = hil::splitCsv(lines.first()).size();
    for (int i = 1; i < lines.size(); ++i) {
        if (i == lines.size() - 1 && r.partialLast)
            break;
        const auto cells = hil::splitCsv(lines[i]);
        if (cells.size() != width) {
            r.why = QStringLiteral("line %1 has %2 cells, header %3")
                        .arg(i + 1)
                        .arg(cells.size())
                        .arg(width);
            return r;
        }
        const double t = hil::parseNumber(cells[0]);
        if (std::isnan(t)) {
            r.why = QStringLiteral("line %1: time not a number").arg(i + 1);
            return r;
        }
        r.firstColumn.push_back(t);
        r.lines.push_back(lines[i]);
        ++r.rows;
    }
    r.ok = true;
    return r;
}

struct TlogCheck
{
    bool ok = false;
    int frames = 0;
    int crcOk = 0;
    bool partialLast = false;
    std::vector<qint64> timesUs;
};

/// Every record complete except possibly the last; every frame starts with a MAVLink magic.
inline TlogCheck checkTlog(const QString &path)
{
    TlogCheck r;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return r;
    const QByteArray all = f.readAll();
    qsizetype pos = 0;
    while (pos < all.size()) {
        if (all.size() - pos < 9) {
            r.partialLast = true;
            break;
        }
        qint64 us = 0;
        for (int i = 0; i < 8; ++i)
            us = (us << 8) | static_cast<quint8>(all[pos + i]);
        const QByteArrayView rest(all.constData() + pos + 8, all.size() - pos - 8);
        const int len = hil::mavlinkFrameLength(rest);
        if (len < 0)
            return r;
        if (len == 0 || len > rest.size()) {
            r.partialLast = true;
            break;
        }
        hil::MavMessage m;
        if (hil::decodeMavlinkFrame(rest.first(len), &m) == hil::MavDecode::Ok)
            ++r.crcOk;
        r.timesUs.push_back(us);
        ++r.frames;
        pos += 8 + len;
    }
    r.ok = true;
    return r;
}

inline QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

/// The HEARTBEAT test vector of docs/protocols/mavlink-px4.md (valid CRC).
inline QByteArray heartbeatFrame()
{
    return QByteArray::fromHex("FD 09 00 00 00 01 01 00 00 00 00 00 01 00 02 0C 81 03 03 D9 81");
}

} // namespace sessiontest

namespace sessiontest {

/// A MAVLink v2 frame built by hand (untruncated payload), CRC with the message's CRC_EXTRA.
inline QByteArray mavV2(std::uint32_t msgId, const QByteArray &payload, std::uint8_t seq = 0)
{
    QByteArray f;
    f.append(char(0xFD)).append(char(payload.size())).append(char(0)).append(char(0));
    f.append(char(seq)).append(char(1)).append(char(1));
    f.append(char(msgId & 0xFF))
        .append(char((msgId >> 8) & 0xFF))
        .append(char((msgId >> 16) & 0xFF));
    f.append(payload);
    std::uint16_t crc = hil::mavlinkCrc(QByteArrayView(f).sliced(1));
    const char extra = static_cast<char>(*hil::mavlinkCrcExtra(msgId));
    crc = hil::mavlinkCrc(QByteArrayView(&extra, 1), crc);
    f.append(char(crc & 0xFF)).append(char(crc >> 8));
    return f;
}

template <typename T> void put(QByteArray &p, T v)
{
    p.append(reinterpret_cast<const char *>(&v), sizeof v);
}

/// HIL_STATE_QUATERNION (115) payload, 64 bytes.
inline QByteArray hsqPayload(std::uint64_t timeUs, const float q[4], float rollRate,
                             std::int32_t latE7, std::int32_t lonE7, std::int32_t altMm,
                             std::int16_t vxCms)
{
    QByteArray p;
    put(p, timeUs);
    for (int i = 0; i < 4; ++i)
        put(p, q[i]);
    put(p, rollRate), put(p, 0.0f), put(p, 0.0f);
    put(p, latE7), put(p, lonE7), put(p, altMm);
    put(p, vxCms), put(p, std::int16_t(0)), put(p, std::int16_t(0));
    put(p, std::uint16_t(1500)), put(p, std::uint16_t(1600));
    put(p, std::int16_t(0)), put(p, std::int16_t(0)), put(p, std::int16_t(-1000));
    return p;
}

} // namespace sessiontest
