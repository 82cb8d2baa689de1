#include "ui/dryrunplots.h"
#include "dryrun/dryrunreport.h"

#include <QDir>
#include <QJsonArray>
#include <qcustomplot.h>

namespace hil {

namespace {

const char *const kDof[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
constexpr double kRadToDeg = 57.29577951308232;
constexpr int kWidth = 1200, kHeight = 420;

// Every n-th sample: a plot of an hour at 250 Hz needs no 900,000 points to be read.
int strideFor(std::size_t n)
{
    return std::max(1, int(n / 20000));
}

double poseValue(const platformmodel::Pose &p, int d)
{
    const double v[6] = {p.surgeM, p.swayM, p.heaveM, p.rollRad, p.pitchRad, p.yawRad};
    return v[d];
}

void markHits(QCustomPlot &plot, const std::vector<dryrun::LimitHit> &hits)
{
    for (const dryrun::LimitHit &h : hits) {
        auto *r = new QCPItemRect(&plot);
        r->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
        r->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        r->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
        r->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        r->topLeft->setCoords(h.startS, 0.0);
        // At least a visible sliver for a one-step hit.
        r->bottomRight->setCoords(std::max(h.endS, h.startS + 0.05), 1.0);
        r->setPen(Qt::NoPen);
        r->setBrush(QColor(220, 40, 40, 90));
    }
}

/// False cues (perceptionscore.h) as amber strips along the bottom, under the limit hits.
void markFalseCues(QCustomPlot &plot, const std::vector<std::pair<double, double>> &spans)
{
    for (const auto &[start, end] : spans) {
        auto *r = new QCPItemRect(&plot);
        r->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
        r->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        r->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
        r->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        r->topLeft->setCoords(start, 0.92);
        r->bottomRight->setCoords(std::max(end, start + 0.05), 1.0);
        r->setPen(Qt::NoPen);
        r->setBrush(QColor(230, 150, 0, 160));
    }
}

bool save(QCustomPlot &plot, const QString &path, QString *error, int height = kHeight)
{
    plot.replot(QCustomPlot::rpImmediateRefresh);
    if (!plot.savePng(path, kWidth, height)) {
        *error = QStringLiteral("%1: cannot write the plot").arg(path);
        return false;
    }
    return true;
}

} // namespace

bool writeDryRunPlots(const QString &dir, const dryrun::DryRunResult &result,
                      const dryrun::DryRunOptions &options, QString *error)
{
    const auto &samples = result.samples;
    const int stride = strideFor(samples.size());
    const double t0 = samples.empty() ? 0.0 : samples.front().timeS;
    const double t1 = samples.empty() ? 1.0 : samples.back().timeS;
    for (int d = 0; d < 6; ++d) {
        const double scale = d < 3 ? 1000.0 : kRadToDeg; // mm and degrees read better
        QCustomPlot plot;
        plot.resize(kWidth, kHeight);
        plot.plotLayout()->insertRow(0);
        plot.plotLayout()->addElement(
            0, 0,
            new QCPTextElement(&plot,
                               QStringLiteral("%1: platform (model) against its envelope; red: "
                                              "predicted limit hits")
                                   .arg(QLatin1String(kDof[d])),
                               QFont(QStringLiteral("sans"), 10, QFont::Bold)));
        QVector<double> t, pose, demanded;
        for (std::size_t i = 0; i < samples.size(); i += std::size_t(stride)) {
            t.append(samples[i].timeS);
            pose.append(poseValue(samples[i].step.pose, d) * scale);
            demanded.append(poseValue(samples[i].step.demanded, d) * scale);
        }
        // The envelope as a band: the area between its limits, filled.
        const double lo = options.model.envelope.dofMin[std::size_t(d)] * scale;
        const double hi = options.model.envelope.dofMax[std::size_t(d)] * scale;
        QCPGraph *low = plot.addGraph(), *high = plot.addGraph();
        low->setData({t0, t1}, {lo, lo});
        high->setData({t0, t1}, {hi, hi});
        low->setPen(QPen(QColor(90, 150, 90)));
        high->setPen(QPen(QColor(90, 150, 90)));
        high->setBrush(QColor(90, 170, 90, 40));
        high->setChannelFillGraph(low);
        high->setName(QStringLiteral("envelope"));
        low->removeFromLegend();
        QCPGraph *dem = plot.addGraph();
        dem->setData(t, demanded, true);
        dem->setPen(QPen(QColor(150, 150, 150), 1, Qt::DashLine));
        dem->setName(QStringLiteral("demanded (before the envelope)"));
        QCPGraph *p = plot.addGraph();
        p->setData(t, pose, true);
        p->setPen(QPen(QColor(30, 80, 200), 1.5));
        p->setName(QStringLiteral("pose"));
        markHits(plot, dryrun::limitHits(result, d, false));
        plot.xAxis->setLabel(QStringLiteral("time (s)"));
        plot.yAxis->setLabel(d < 3 ? QStringLiteral("%1 (mm)").arg(QLatin1String(kDof[d]))
                                   : QStringLiteral("%1 (°)").arg(QLatin1String(kDof[d])));
        plot.xAxis->setRange(t0, t1);
        plot.rescaleAxes(true);
        plot.yAxis->scaleRange(1.15);
        plot.legend->setVisible(true);
        if (!save(plot,
                  QDir(dir).filePath(QStringLiteral("dof-%1.png").arg(QLatin1String(kDof[d]))),
                  error))
            return false;
    }
    QCustomPlot plot;
    plot.resize(kWidth, kHeight);
    const double smin = options.model.envelope.actuatorMinM * 1000.0;
    const double smax = options.model.envelope.actuatorMaxM * 1000.0;
    QCPGraph *low = plot.addGraph(), *high = plot.addGraph();
    low->setData({t0, t1}, {smin, smin});
    high->setData({t0, t1}, {smax, smax});
    high->setBrush(QColor(90, 170, 90, 40));
    high->setChannelFillGraph(low);
    high->setName(QStringLiteral("stroke"));
    low->removeFromLegend();
    const QColor colours[6] = {Qt::darkBlue, Qt::darkRed,     Qt::darkGreen,
                               Qt::darkCyan, Qt::darkMagenta, Qt::darkYellow};
    for (int a = 0; a < 6; ++a) {
        QVector<double> t, len;
        for (std::size_t i = 0; i < samples.size(); i += std::size_t(stride)) {
            t.append(samples[i].timeS);
            len.append(samples[i].step.actuatorM[std::size_t(a)] * 1000.0);
        }
        QCPGraph *g = plot.addGraph();
        g->setData(t, len, true);
        g->setPen(QPen(colours[a]));
        g->setName(QStringLiteral("actuator %1").arg(a));
        markHits(plot, dryrun::limitHits(result, a, true));
    }
    plot.xAxis->setLabel(QStringLiteral("time (s)"));
    plot.yAxis->setLabel(QStringLiteral("actuator length (mm)"));
    plot.rescaleAxes(true);
    plot.xAxis->setRange(t0, t1);
    plot.yAxis->scaleRange(1.15);
    plot.legend->setVisible(true);
    return save(plot, QDir(dir).filePath(QStringLiteral("actuators.png")), error);
}

bool writePerceptionPlots(const QString &dir, const dryrun::PerceptionScore &score,
                          const dryrun::DryRunResult &result, QString *error)
{
    const dryrun::PerceptionTrace &tr = score.trace;
    const int stride = strideFor(tr.timeS.size());
    for (int d = 0; d < 6; ++d) {
        const double scale = d < 3 ? 1.0 : kRadToDeg;
        const dryrun::AxisPerceptionScore &a = score.axes[std::size_t(d)];
        QCustomPlot plot;
        plot.resize(kWidth, kHeight);
        plot.plotLayout()->insertRow(0);
        plot.plotLayout()->addElement(
            0, 0,
            new QCPTextElement(
                &plot,
                QStringLiteral("%1 perceived: aircraft against platform; %2, nRMSE %3; "
                               "false cues %4 (%5 threshold·s)%6; red: predicted limit hits, "
                               "amber: false cues")
                    .arg(QLatin1String(kDof[d]),
                         a.used ? QStringLiteral("skill ") + QLocale::c().toString(a.skill, 'f', 2)
                                : QStringLiteral("not used by the pilot"),
                         QLocale::c().toString(a.nrmse, 'f', 2))
                    .arg(a.falseCueEvents)
                    .arg(QLocale::c().toString(a.falseCueThresholdS, 'f', 1),
                         d == 3 || d == 4
                             ? QStringLiteral(", tilt %1 (%2 threshold·s)")
                                   .arg(a.tiltEvents)
                                   .arg(QLocale::c().toString(a.tiltThresholdS, 'f', 1))
                             : QString()),
                QFont(QStringLiteral("sans"), 10, QFont::Bold)));
        QVector<double> t, air, plat;
        for (std::size_t i = 0; i < tr.timeS.size(); i += std::size_t(stride)) {
            t.append(tr.timeS[i]);
            air.append(tr.aircraft[std::size_t(d)][i] * scale);
            plat.append(tr.platform[std::size_t(d)][i] * scale);
        }
        QCPGraph *ga = plot.addGraph();
        ga->setData(t, air, true);
        ga->setPen(QPen(QColor(40, 40, 40), 1.5));
        ga->setName(QStringLiteral("aircraft (pilot)"));
        QCPGraph *gp = plot.addGraph();
        gp->setData(t, plat, true);
        gp->setPen(QPen(QColor(30, 80, 200), 1.5));
        gp->setName(QStringLiteral("platform (rider)"));
        markHits(plot, dryrun::limitHits(result, d, false));
        markFalseCues(plot, tr.falseCues[std::size_t(d)]);
        plot.xAxis->setLabel(QStringLiteral("time (s)"));
        plot.yAxis->setLabel(d < 3 ? QStringLiteral("perceived specific force (m/s²)")
                                   : QStringLiteral("perceived rate (°/s)"));
        plot.rescaleAxes(true);
        plot.yAxis->scaleRange(1.15);
        plot.legend->setVisible(true);
        if (!save(
                plot,
                QDir(dir).filePath(QStringLiteral("perceived-%1.png").arg(QLatin1String(kDof[d]))),
                error))
            return false;
    }
    return true;
}

std::vector<NamedImage> drawOmctPlots(const QJsonObject &omctJson)
{
    std::vector<NamedImage> images;
    const QJsonObject tests = omctJson.value(QLatin1String("tests")).toObject();
    for (auto it = tests.constBegin(); it != tests.constEnd(); ++it) {
        const QJsonObject test = it.value().toObject();
        QCustomPlot plot;
        plot.resize(kWidth, 2 * kHeight);
        plot.plotLayout()->clear();
        plot.plotLayout()->addElement(
            0, 0,
            new QCPTextElement(&plot,
                               QStringLiteral("OMCT %1: measured (points) against predicted "
                                              "(line); hollow: not measurable or low coherence")
                                   .arg(it.key()),
                               QFont(QStringLiteral("sans"), 10, QFont::Bold)));
        auto *gainRect = new QCPAxisRect(&plot), *phaseRect = new QCPAxisRect(&plot);
        plot.plotLayout()->addElement(1, 0, gainRect);
        plot.plotLayout()->addElement(2, 0, phaseRect);
        QSharedPointer<QCPAxisTickerLog> logTicker(new QCPAxisTickerLog);
        for (QCPAxisRect *r : {gainRect, phaseRect}) {
            r->axis(QCPAxis::atBottom)->setScaleType(QCPAxis::stLogarithmic);
            r->axis(QCPAxis::atBottom)->setTicker(logTicker);
            r->axis(QCPAxis::atBottom)->setRange(0.08, 20.0);
            r->axis(QCPAxis::atBottom)->setLabel(QStringLiteral("ω (rad/s)"));
        }
        gainRect->axis(QCPAxis::atLeft)->setScaleType(QCPAxis::stLogarithmic);
        gainRect->axis(QCPAxis::atLeft)->setTicker(logTicker);
        gainRect->axis(QCPAxis::atLeft)
            ->setLabel(
                QStringLiteral("gain (%1)").arg(test.value(QLatin1String("gain_unit")).toString()));
        phaseRect->axis(QCPAxis::atLeft)->setLabel(QStringLiteral("phase (°)"));
        QVector<double> pw, pg, pp, mw, mg, mp, hw, hg, hp;
        double gmin = 1e9, gmax = 0;
        for (const QJsonValue &v : test.value(QLatin1String("points")).toArray()) {
            const QJsonObject p = v.toObject();
            const double w = p.value(QLatin1String("nominal_omega_radps")).toDouble();
            const QJsonValue g = p.value(QLatin1String("predicted_gain"));
            if (g.isDouble() && g.toDouble() > 0) {
                pw.append(w);
                pg.append(g.toDouble());
                pp.append(p.value(QLatin1String("predicted_phase_deg")).toDouble());
                gmin = std::min(gmin, g.toDouble());
                gmax = std::max(gmax, g.toDouble());
            }
            const QJsonValue m = p.value(QLatin1String("gain"));
            if (m.isDouble() && m.toDouble() > 0) {
                const bool solid = !p.value(QLatin1String("low_coherence")).toBool();
                (solid ? mw : hw).append(p.value(QLatin1String("omega_radps")).toDouble());
                (solid ? mg : hg).append(m.toDouble());
                (solid ? mp : hp).append(p.value(QLatin1String("phase_deg")).toDouble());
                gmin = std::min(gmin, m.toDouble());
                gmax = std::max(gmax, m.toDouble());
            }
        }
        auto add = [&](QCPAxisRect *r, const QVector<double> &x, const QVector<double> &y,
                       bool line, bool hollow, const QString &name) {
            QCPGraph *g = plot.addGraph(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
            g->setData(x, y, true);
            g->setName(name);
            if (line) {
                g->setPen(QPen(QColor(150, 150, 150), 1.5, Qt::DashLine));
            } else {
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(
                    QCPScatterStyle(hollow ? QCPScatterStyle::ssCircle : QCPScatterStyle::ssDisc,
                                    QColor(30, 80, 200), 8));
            }
        };
        add(gainRect, pw, pg, true, false, QStringLiteral("predicted"));
        add(gainRect, mw, mg, false, false, QStringLiteral("measured"));
        add(gainRect, hw, hg, false, true, QStringLiteral("measured (not to be trusted)"));
        add(phaseRect, pw, pp, true, false, QStringLiteral("predicted"));
        add(phaseRect, mw, mp, false, false, QStringLiteral("measured"));
        add(phaseRect, hw, hp, false, true, QStringLiteral("measured (not to be trusted)"));
        if (gmax > 0)
            gainRect->axis(QCPAxis::atLeft)->setRange(gmin / 2.0, gmax * 2.0);
        else
            gainRect->axis(QCPAxis::atLeft)->setRange(1e-3, 10.0);
        phaseRect->axis(QCPAxis::atLeft)->setRange(-200.0, 200.0);
        plot.replot(QCustomPlot::rpImmediateRefresh);
        images.push_back({QStringLiteral("omct-%1.png").arg(it.key()),
                          plot.toPixmap(kWidth, 2 * kHeight).toImage()});
    }
    return images;
}

bool writeImages(const QString &dir, const std::vector<NamedImage> &images, QString *error)
{
    for (const NamedImage &image : images) {
        const QString path = QDir(dir).filePath(image.fileName);
        if (!image.image.save(path, "PNG")) {
            *error = QStringLiteral("%1: cannot write the plot").arg(path);
            return false;
        }
    }
    return true;
}

bool writeOmctPlots(const QString &dir, const QJsonObject &omctJson, QString *error)
{
    return writeImages(dir, drawOmctPlots(omctJson), error);
}

} // namespace hil
