#include "ui/panels/plotscsv.h"
#include "telemetry/telemetryhub.h"

#include <QFile>
#include <QStringList>
#include <QTextStream>
#include <algorithm>

namespace hil {

bool writePlotsCsv(const TelemetryHub &hub, const std::vector<CsvSeries> &series, double t0,
                   double t1, const QString &path, QString *error)
{
    QFile file(path);
    // Not QIODevice::Text: on Windows it writes CR LF, and every file of ours ends lines in LF.
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    // Raw samples (no decimation), merged on equal time stamps: frame series share one row.
    std::vector<std::vector<TelemetryPoint>> data;
    QStringList header{QStringLiteral("time_s")};
    std::vector<double> times;
    for (const auto &[seriesId, name] : series) {
        if (header.contains(name))
            continue;
        header << name;
        data.emplace_back();
        hub.snapshot(seriesId, t0, t1, 1 << 28, &data.back());
        auto &pts = data.back();
        pts.erase(std::remove_if(pts.begin(), pts.end(),
                                 [&](const TelemetryPoint &p) { return p.t < t0 || p.t > t1; }),
                  pts.end());
        for (const TelemetryPoint &p : pts)
            times.push_back(p.t);
    }
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    QTextStream out(&file);
    out << header.join(QLatin1Char(',')) << '\n';
    std::vector<std::size_t> next(data.size(), 0);
    for (double t : times) {
        out << QString::number(t, 'f', 6);
        for (std::size_t k = 0; k < data.size(); ++k) {
            out << ',';
            if (next[k] < data[k].size() && data[k][next[k]].t == t)
                out << QString::number(data[k][next[k]++].v, 'g', 10);
        }
        out << '\n';
    }
    return out.status() == QTextStream::Ok;
}

} // namespace hil
