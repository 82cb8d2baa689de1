#include "session/platformcsv.h"
#include "session/sessionformat.h"

#include <QByteArray>
#include <QFile>
#include <cmath>
#include <limits>

namespace hil {

bool PlatformReply::hasPose() const
{
    for (double v : dof)
        if (!std::isfinite(v))
            return false;
    return true;
}

PlatformCsv loadPlatformCsv(const QString &path)
{
    PlatformCsv out;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    out.present = true;
    const QByteArray header = f.readLine().trimmed();
    const std::vector<QByteArrayView> names = splitCsv(header);
    auto column = [&](const char *name) {
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == QByteArrayView(name))
                return int(i);
        return -1;
    };
    const int cTime = column("time_s"), cMode = column("mode"), cId = column("message_id");
    const int cClock = column("platform_time_us");
    const int cDof[6] = {column("position/surge"), column("position/sway"),
                         column("position/heave"), column("attitude/roll"),
                         column("attitude/pitch"), column("attitude/yaw")};
    for (int c : cDof)
        if (c < 0)
            return out;
    if (cTime < 0 || cMode < 0)
        return out;
    out.readable = true;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine();
        const std::vector<QByteArrayView> cells = splitCsv(QByteArrayView(line).trimmed());
        if (cells.size() != names.size()) {
            ++out.skippedRows;
            continue;
        }
        PlatformReply r;
        r.timeS = parseNumber(cells[std::size_t(cTime)]);
        const double mode = parseNumber(cells[std::size_t(cMode)]);
        const double id = cId >= 0 ? parseNumber(cells[std::size_t(cId)]) : 0.0;
        bool ok = std::isfinite(r.timeS) && (std::isfinite(mode) || cells[cMode].isEmpty());
        r.mode = std::isfinite(mode) ? int(mode) : -1;
        r.messageId = std::isfinite(id) ? int(id) : 0;
        for (int i = 0; i < 6; ++i) {
            const QByteArrayView cell = cells[std::size_t(cDof[i])];
            r.dof[std::size_t(i)] = parseNumber(cell);
            // An empty cell is a reply without a pose; text that is no number is damage.
            ok = ok && (cell.isEmpty() || std::isfinite(r.dof[std::size_t(i)]));
        }
        if (cClock >= 0 && !cells[std::size_t(cClock)].isEmpty()) {
            const double us = parseNumber(cells[std::size_t(cClock)]);
            ok = ok && std::isfinite(us) && us >= 0 && us < 4294967296.0;
            r.hasPlatformTime = ok;
            r.platformTimeUs = ok ? std::uint32_t(us) : 0;
        }
        if (!ok) {
            ++out.skippedRows;
            continue;
        }
        out.rows.push_back(r);
    }
    return out;
}

} // namespace hil
