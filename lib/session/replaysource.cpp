#include "session/replaysource.h"
#include "session/sessionformat.h"

#include <QDir>
#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <limits>

namespace hil {

namespace {
constexpr qint64 kChunk = 4 << 20;
constexpr int kMaxFrame = 280; // MAVLink v2 with signature

// Reads `file` from where it stands in kChunk pieces: onLine(line, offset) for every whole line
// (offset: where it starts in the file), then keepOn(bytes read so far) after each piece, whose
// false stops the read (false returned). *partial: a last line without its '\n'.
template <class OnLine, class KeepOn>
bool forEachLine(QFile &file, OnLine onLine, KeepOn keepOn, bool *partial)
{
    qint64 base = file.pos();
    QByteArray carry;
    while (true) {
        const QByteArray chunk = file.read(kChunk);
        if (chunk.isEmpty())
            break;
        const QByteArray data = carry + chunk;
        const qint64 dataStart = base - carry.size();
        qsizetype lineStart = 0;
        for (qsizetype nl = data.indexOf('\n'); nl >= 0; nl = data.indexOf('\n', lineStart)) {
            onLine(QByteArrayView(data.constData() + lineStart, nl - lineStart),
                   dataStart + lineStart);
            lineStart = nl + 1;
        }
        carry = data.mid(lineStart);
        base += chunk.size();
        if (!keepOn(base))
            return false;
    }
    *partial = !carry.isEmpty();
    return true;
}

bool producesFrame(std::uint32_t msgId)
{
    return msgId == 115 || msgId == 30 || msgId == 33 || msgId == 113 || msgId == 107;
}

qint64 readBe64(const char *p)
{
    quint64 v = 0;
    for (int i = 0; i < 8; ++i)
        v = (v << 8) | static_cast<quint8>(p[i]);
    return static_cast<qint64>(v);
}
/// The number in cell `column` of a CSV line (NaN when missing): host_time_s is the second
/// cell, so this looks at a few bytes, never the whole row.
double cellAt(QByteArrayView line, int column)
{
    qsizetype start = 0;
    for (int c = 0; c < column; ++c) {
        const qsizetype comma = line.indexOf(',', start);
        if (comma < 0)
            return std::nan("");
        start = comma + 1;
    }
    const qsizetype end = line.indexOf(',', start);
    return parseNumber(line.sliced(start, (end < 0 ? line.size() : end) - start));
}
} // namespace

void ReplaySource::clear()
{
    m_media.clear();
    m_media.shrink_to_fit(); // an hour's index is ~14 MB: a cancelled open gives it back
    m_offsets.clear();
    m_offsets.shrink_to_fit();
    m_host.clear();
    m_host.shrink_to_fit();
    m_hostColumn = -1;
    m_pilotFile.close();
    m_pilotColumnMap.clear();
    m_pilotMedia.clear();
    m_pilotMedia.shrink_to_fit();
    m_pilotOffsets.clear();
    m_pilotOffsets.shrink_to_fit();
    m_skipped = 0;
    m_builder.reset();
}

bool ReplaySource::carryOn(const OpenControl &control, qint64 done)
{
    if (control.cancel && control.cancel->load()) {
        m_cancelled = true;
        return false;
    }
    if (control.progress)
        control.progress(done, m_total);
    return true;
}

bool ReplaySource::open(const QString &path, QString *error, const OpenControl &control)
{
    QString file = path;
    if (QFileInfo(path).isDir())
        file = QDir(path).filePath(QStringLiteral("state.csv"));
    m_file.close();
    m_file.setFileName(file);
    m_cancelled = false;
    clear();
    if (!m_file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1: %2").arg(file, m_file.errorString());
        return false;
    }
    m_total = m_file.size();
    m_kind =
        file.endsWith(QLatin1String(".tlog"), Qt::CaseInsensitive) ? Kind::Tlog : Kind::StateCsv;
    bool ok = carryOn(control, 0) &&
              (m_kind == Kind::Tlog ? indexTlog(error, control) : indexCsv(error, control));
    if (ok && m_media.empty()) {
        *error = QStringLiteral("%1 holds no frames").arg(file);
        ok = false;
    }
    if (ok && m_kind == Kind::StateCsv)
        ok = indexPilot(QFileInfo(file).dir().filePath(QStringLiteral("pilot.csv")), control);
    bool rising = m_host.size() == m_media.size();
    for (size_t j = 1; rising && j < m_host.size(); ++j)
        rising = m_host[j] >= m_host[j - 1]; // NaN fails too
    if (!control.keepHostTimes || !rising) {
        m_host.clear();
        m_host.shrink_to_fit();
    }
    if (m_cancelled)
        *error = QStringLiteral("opening %1 was cancelled").arg(file);
    if (!ok) {
        clear();
        m_file.close();
    }
    return ok;
}

void ReplaySource::addFrame(double rawTime, qint64 offset)
{
    if (m_media.empty())
        m_media.push_back(rawTime);
    else
        m_media.push_back(m_media.back() + std::max(0.0, rawTime - m_lastRaw));
    m_lastRaw = rawTime;
    m_offsets.push_back(offset);
}

bool ReplaySource::indexCsv(QString *error, const OpenControl &control)
{
    m_header = m_file.readLine().trimmed();
    m_columnMap = stateColumnMap(m_header);
    if (m_columnMap.empty() || m_columnMap[0] != 0) {
        *error = QStringLiteral("%1: first column is not time_s").arg(m_file.fileName());
        return false;
    }
    // host_time_s is read only for a pilot.csv with rows (it costs ~30 % of the index's time).
    const QFileInfo pilot(QFileInfo(m_file.fileName()).dir().filePath(QStringLiteral("pilot.csv")));
    if (control.keepHostTimes || (pilot.exists() && pilot.size() > pilotCsvHeader().size()))
        for (size_t i = 0; i < m_columnMap.size(); ++i)
            if (m_columnMap[i] == 1) // host_time_s (stateCsvColumns())
                m_hostColumn = static_cast<int>(i);
    bool partial = false;
    const bool whole = forEachLine(
        m_file,
        [&](QByteArrayView line, qint64 offset) {
            const qsizetype comma = line.indexOf(',');
            const double t = parseNumber(comma < 0 ? line : line.first(comma));
            if (std::isnan(t)) {
                ++m_skipped;
                return;
            }
            addFrame(t, offset);
            if (m_hostColumn >= 0)
                m_host.push_back(cellAt(line, m_hostColumn));
        },
        [&](qint64 read) { return carryOn(control, read); }, &partial);
    if (!whole)
        return false;
    if (partial)
        ++m_skipped; // a partial last line (crash): not a frame
    return true;
}

bool ReplaySource::indexTlog(QString *error, const OpenControl &control)
{
    (void)error;
    m_header = stateCsvHeader().trimmed();
    m_columnMap = stateColumnMap(m_header);
    qint64 base = 0;
    QByteArray carry;
    bool haveFirst = false;
    while (true) {
        const QByteArray chunk = m_file.read(kChunk);
        const bool atEnd = chunk.isEmpty();
        const QByteArray data = carry + chunk;
        const qint64 dataStart = base - carry.size();
        qsizetype pos = 0;
        while (data.size() - pos >= 9) {
            const QByteArrayView rest(data.constData() + pos + 8, data.size() - pos - 8);
            const int len = mavlinkFrameLength(rest);
            if (len < 0) { // not a record start: resynchronise byte by byte
                ++m_skipped;
                ++pos;
                continue;
            }
            if (len == 0 || len > rest.size())
                break; // needs the next chunk
            const qint64 us = readBe64(data.constData() + pos);
            const bool v2 = static_cast<quint8>(rest[0]) == 0xFD;
            std::uint32_t msgId =
                v2 ? (static_cast<quint8>(rest[7]) | (static_cast<quint8>(rest[8]) << 8) |
                      (static_cast<std::uint32_t>(static_cast<quint8>(rest[9])) << 16))
                   : static_cast<quint8>(rest[5]);
            if (v2 && len < 12)
                msgId = 0xFFFFFFFF;
            if (producesFrame(msgId)) {
                if (!haveFirst) {
                    haveFirst = true;
                    m_firstUs = us;
                }
                // In double: the time stamps are whatever the file holds, and their int64
                // difference can overflow (UB; found by fuzz_tlog). Exact below 2^53 µs.
                addFrame((static_cast<double>(us) - static_cast<double>(m_firstUs)) * 1e-6,
                         dataStart + pos);
            }
            pos += 8 + len;
        }
        carry = data.mid(pos);
        base += chunk.size();
        if (atEnd)
            break;
        if (!carryOn(control, base))
            return false;
    }
    return true;
}

int ReplaySource::indexAt(double timeS) const
{
    return static_cast<int>(std::lower_bound(m_media.begin(), m_media.end(), timeS) -
                            m_media.begin());
}

QByteArray ReplaySource::readLineAt(qint64 offset)
{
    if (m_file.pos() != offset && !m_file.seek(offset))
        return {};
    return m_file.readLine();
}

bool ReplaySource::frameAt(int i, SimFrame *frame, ChannelFrame *channels)
{
    if (i < 0 || i >= size())
        return false;
    const qint64 offset = m_offsets[static_cast<size_t>(i)];
    if (m_kind == Kind::StateCsv) {
        ChannelFrame local;
        *frame = SimFrame();
        return parseStateRow(readLineAt(offset), m_columnMap, frame, channels ? channels : &local);
    }
    if (m_file.pos() != offset && !m_file.seek(offset))
        return false;
    const QByteArray bytes = m_file.read(8 + kMaxFrame);
    const int len = bytes.size() > 8 ? mavlinkFrameLength(QByteArrayView(bytes).sliced(8)) : -1;
    if (len <= 0 || bytes.size() < 8 + len)
        return false;
    m_file.seek(offset + 8 + len);
    MavMessage msg;
    if (decodeMavlinkFrame(QByteArrayView(bytes).sliced(8, len), &msg) != MavDecode::Ok)
        return false;
    return m_builder.apply(msg, timeAt(i), frame);
}

QByteArray ReplaySource::rowText(int i)
{
    if (i < 0 || i >= size())
        return {};
    if (m_kind == Kind::StateCsv)
        return readLineAt(m_offsets[static_cast<size_t>(i)]).trimmed();
    SimFrame f;
    if (!frameAt(i, &f))
        return {};
    QByteArray row;
    appendStateRow(row, f, ChannelFrame{}, std::nan(""));
    row.chop(1);
    return row;
}

double ReplaySource::mediaTimeOfHost(double hostS) const
{
    if (m_host.empty() || !(hostS >= m_host.front()) || !(hostS <= m_host.back()))
        return std::nan("");
    const auto it = std::lower_bound(m_host.begin(), m_host.end(), hostS);
    const size_t j = size_t(it - m_host.begin());
    if (j == 0 || m_host[j] == hostS)
        return m_media[j];
    const double span = m_host[j] - m_host[j - 1];
    const double f = span > 0.0 ? (hostS - m_host[j - 1]) / span : 1.0;
    return m_media[j - 1] + f * (m_media[j] - m_media[j - 1]);
}

bool ReplaySource::indexPilot(const QString &pilotPath, const OpenControl &control)
{
    const size_t n = m_host.size();
    if (n != m_media.size() || n == 0 || !QFileInfo::exists(pilotPath))
        return true;
    for (size_t j = 1; j < n; ++j)
        if (!(m_host[j] >= m_host[j - 1])) // NaN, or not the steady clock: no mapping
            return true;
    m_pilotFile.setFileName(pilotPath);
    if (!m_pilotFile.open(QIODevice::ReadOnly))
        return true;
    m_pilotColumnMap = pilotColumnMap(m_pilotFile.readLine().trimmed());
    int timeCell = -1;
    for (size_t i = 0; i < m_pilotColumnMap.size(); ++i)
        if (m_pilotColumnMap[i] == 0)
            timeCell = static_cast<int>(i);
    if (timeCell < 0) {
        m_pilotFile.close();
        return true;
    }
    // Host time → media time: between frames j-1 and j, in proportion. The samples come in
    // host-time order, so j only moves forward.
    size_t j = 0;
    const auto mediaOf = [&](double h) {
        while (j < n && m_host[j] < h)
            ++j;
        if (j == 0)
            return h == m_host[0] ? m_media[0] : std::nan("");
        if (j == n)
            return std::nan("");
        const double span = m_host[j] - m_host[j - 1];
        const double f = span > 0.0 ? (h - m_host[j - 1]) / span : 1.0;
        return m_media[j - 1] + f * (m_media[j] - m_media[j - 1]);
    };
    double last = -std::numeric_limits<double>::infinity();
    bool partial = false;
    return forEachLine(
        m_pilotFile,
        [&](QByteArrayView line, qint64 offset) {
            const double h = cellAt(line, timeCell);
            // A sample out of order (an edited file) would break the search: left out.
            if (std::isnan(h) || h < last)
                return;
            last = h;
            const double media = mediaOf(h);
            if (!std::isnan(media)) {
                m_pilotMedia.push_back(media);
                m_pilotOffsets.push_back(offset);
            }
        },
        [&](qint64) {
            if (!(control.cancel && control.cancel->load()))
                return true;
            m_cancelled = true;
            return false;
        },
        &partial);
}

int ReplaySource::pilotIndexAt(double timeS) const
{
    return static_cast<int>(std::lower_bound(m_pilotMedia.begin(), m_pilotMedia.end(), timeS) -
                            m_pilotMedia.begin());
}

bool ReplaySource::pilotAt(int k, PilotControls *controls)
{
    if (k < 0 || k >= pilotCount())
        return false;
    const qint64 offset = m_pilotOffsets[static_cast<size_t>(k)];
    if (m_pilotFile.pos() != offset && !m_pilotFile.seek(offset))
        return false;
    double timeS = 0.0;
    *controls = PilotControls();
    return parsePilotRow(m_pilotFile.readLine(), m_pilotColumnMap, controls, &timeS);
}

} // namespace hil
