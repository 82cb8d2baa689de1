#include "ui/lab/instructorwindow.h"
#include "core/workerhost.h"
#include "lab/labwatcher.h"
#include "ui/panels/linkstyle.h"

#include <QApplication>
#include <QDateTime>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <cstdio>
#include <qcustomplot.h>

namespace hil {

namespace {
QString light(const QColor &c, int size = 12)
{
    return QStringLiteral("<span style=\"color:%1; font-size:%2px\">\u25cf</span>")
        .arg(c.name())
        .arg(size);
}
QColor severityColor(const QString &severity)
{
    if (severity == QLatin1String("error"))
        return faultColor();
    if (severity == QLatin1String("warning"))
        return QColor(0xe0, 0xa1, 0x2b);
    return QColor(0x40, 0x40, 0x40);
}
QColor linkColor(const QString &state)
{
    if (state == QLatin1String("up"))
        return stateColor(LinkState::Up);
    if (state == QLatin1String("down"))
        return stateColor(LinkState::Down);
    if (state == QLatin1String("connecting"))
        return stateColor(LinkState::Connecting);
    return stateColor(std::nullopt);
}
QString number(double v, int decimals)
{
    return std::isfinite(v) ? QLocale().toString(v, 'f', decimals) : QStringLiteral("–");
}
} // namespace

RigTile::RigTile(const QString &rig, QWidget *parent) : QWidget(parent), m_rig(rig)
{
    setObjectName(QStringLiteral("rigTile_") + rig);
    setAutoFillBackground(true);
    auto *box = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    m_light = new QLabel(this);
    m_name = new QLabel(QStringLiteral("<b>%1</b>").arg(rig.toHtmlEscaped()), this);
    top->addWidget(m_light);
    top->addWidget(m_name, 1);
    box->addLayout(top);
    m_links = new QLabel(this);
    m_mode = new QLabel(this);
    m_flight = new QLabel(this);
    m_event = new QLabel(this);
    m_event->setWordWrap(true);
    m_answer = new QLabel(this);
    m_answer->setObjectName(QStringLiteral("stopAnswer"));
    m_rigCheck = new QLabel(this);
    m_rigCheck->setObjectName(QStringLiteral("rigCheck_") + rig);
    for (QLabel *l : {m_links, m_mode, m_rigCheck, m_flight, m_event, m_answer})
        box->addWidget(l);
    m_stop = new QPushButton(tr("STOP"), this);
    m_stop->setObjectName(QStringLiteral("stop_") + rig);
    m_stop->setStyleSheet(QStringLiteral("QPushButton { background:#d0453c; color:white; "
                                         "font-weight:bold; padding:6px; }"));
    box->addWidget(m_stop);
    connect(m_stop, &QPushButton::clicked, this, [this] { emit stopClicked(m_rig); });
    setMinimumWidth(220);
}

void RigTile::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        emit selected(m_rig);
    QWidget::mousePressEvent(event);
}

void RigTile::show(const lab::RigView &v)
{
    m_online = v.online;
    m_light->setText(light(v.online ? stateColor(LinkState::Up) : stateColor(std::nullopt), 16));
    m_light->setToolTip(v.online ? tr("online") : tr("offline (%1)").arg(v.offlineReason));
    QStringList links;
    for (auto it = v.linkStates.begin(); it != v.linkStates.end(); ++it)
        links << light(v.online ? linkColor(it.value()) : stateColor(std::nullopt)) +
                     QStringLiteral("&nbsp;") + it.key().toHtmlEscaped();
    m_links->setText(links.join(QStringLiteral("&nbsp; ")));
    m_mode->setText(v.mode.isEmpty() ? tr("no platform")
                                     : tr("Platform: %1, %2").arg(v.mode, v.thermal));
    m_flight->setText(
        tr("Altitude %1 m, airspeed %2 m/s").arg(number(v.altitudeM, 1), number(v.airspeedMps, 1)));
    m_event->setText(
        QStringLiteral("<span style=\"color:%1\">%2</span>")
            .arg(severityColor(v.lastEventSeverity).name(), v.lastEventText.toHtmlEscaped()));
    m_answer->setText(v.stopAnswer);
    // The last rig check: its light and how long ago (the rig's clock against this PC's).
    if (v.rigCheckVerdict.isEmpty()) {
        m_rigCheck->setText(tr("Rig check: none"));
    } else {
        const QColor c = v.rigCheckVerdict == QLatin1String("pass") ? stateColor(LinkState::Up)
                         : v.rigCheckVerdict == QLatin1String("warn")
                             ? severityColor(QStringLiteral("warning"))
                             : faultColor();
        const double ageS = double(QDateTime::currentMSecsSinceEpoch()) / 1000.0 - v.rigCheckTimeS;
        const QString age = !std::isfinite(ageS) ? QStringLiteral("–")
                            : ageS < 120.0       ? tr("%1 s ago").arg(std::max(0, int(ageS)))
                            : ageS < 7200.0      ? tr("%1 min ago").arg(int(ageS / 60.0))
                            : ageS < 172800.0    ? tr("%1 h ago").arg(int(ageS / 3600.0))
                                                 : tr("%1 days ago").arg(int(ageS / 86400.0));
        m_rigCheck->setText(
            light(c) + QStringLiteral("&nbsp;") +
            tr("Rig check: failed %1 · warnings %2 · %3") // counts as "label n": no plural to get
                                                          // wrong
                .arg(v.rigCheckFails)
                .arg(v.rigCheckWarnings)
                .arg(age)
                .toHtmlEscaped());
    }
    // Offline: greyed, the last values kept; STOP stays clickable (the broker keeps nothing for
    // an offline rig, but the answer says so).
    QPalette pal = palette();
    pal.setColor(QPalette::Window, v.online ? QColor(0xf4, 0xf6, 0xf8) : QColor(0xc8, 0xc8, 0xc8));
    setPalette(pal);
    for (QLabel *l : {m_name, m_links, m_mode, m_rigCheck, m_flight, m_event})
        l->setEnabled(v.online);
}

InstructorWindow::InstructorWindow(const lab::LabConfig &config, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("instructorWindow"));
    setWindowTitle(tr("HIL Station — lab instructor (%1)").arg(config.broker.text()));
    auto *box = new QVBoxLayout(this);
    auto *bar = new QHBoxLayout;
    m_status = new QLabel(this);
    auto *stopAll = new QPushButton(tr("STOP ALL"), this);
    stopAll->setObjectName(QStringLiteral("stopAll"));
    stopAll->setStyleSheet(QStringLiteral("QPushButton { background:#d0453c; color:white; "
                                          "font-weight:bold; padding:8px; }"));
    bar->addWidget(m_status, 1);
    bar->addWidget(stopAll);
    box->addLayout(bar);
    m_grid = new QGridLayout;
    box->addLayout(m_grid);
    m_plotTitle = new QLabel(tr("Click a rig to plot its altitude and airspeed"), this);
    box->addWidget(m_plotTitle);
    m_plot = new QCustomPlot(this);
    m_plot->setObjectName(QStringLiteral("rigPlot"));
    m_plot->setMinimumHeight(180);
    m_plot->addGraph();                              // altitude, m
    m_plot->addGraph(m_plot->xAxis, m_plot->yAxis2); // airspeed, m/s
    m_plot->graph(1)->setPen(QPen(QColor(0xd0, 0x45, 0x3c)));
    m_plot->yAxis->setLabel(tr("Altitude (m)"));
    m_plot->yAxis2->setLabel(tr("Airspeed (m/s)"));
    m_plot->yAxis2->setVisible(true);
    m_plot->xAxis->setLabel(tr("Time (s)"));
    box->addWidget(m_plot, 1);

    m_host = std::make_unique<WorkerHost>(new lab::LabWatcher(config));
    m_host->startAsync(this, [this](bool ok, const QString &error) {
        if (!ok)
            m_status->setText(tr("Lab: %1").arg(error));
    });
    connect(stopAll, &QPushButton::clicked, this, [this] {
        for (const QString &rig : m_tiles.keys())
            requestStop(rig);
    });
    m_timer = new QTimer(this);
    m_timer->setInterval(100);
    connect(m_timer, &QTimer::timeout, this, &InstructorWindow::refresh);
    m_timer->start();
    refresh();
}

InstructorWindow::~InstructorWindow()
{
    m_timer->stop();
    m_host->stop(); // the watcher's DISCONNECT: at most ~1 s, on the way out only
}

void InstructorWindow::replot()
{
    std::vector<lab::LabWatcher::Sample> h;
    m_host->withWorker([&h](Worker *w) { h = static_cast<lab::LabWatcher *>(w)->history(); });
    if (h.empty())
        return;
    QVector<double> t, alt, speed;
    t.reserve(int(h.size()));
    const double t0 = h.back().t; // now = 0, the past negative
    for (const auto &s : h) {
        t << s.t - t0;
        alt << s.altitudeM;
        speed << s.airspeedMps;
    }
    m_plot->graph(0)->setData(t, alt, true);
    m_plot->graph(1)->setData(t, speed, true);
    m_plot->xAxis->setRange(std::min(-1.0, t.front()), 0.0);
    m_plot->graph(0)->rescaleValueAxis();
    m_plot->graph(1)->rescaleValueAxis();
    m_plot->replot();
}

void InstructorWindow::requestStop(const QString &rig)
{
    // Queued into the watcher's thread; a watcher that never opened takes nothing.
    m_host->withWorker([&rig](Worker *w) { static_cast<lab::LabWatcher *>(w)->requestStop(rig); });
}

void InstructorWindow::refresh()
{
    const std::optional<LinkState> state = m_host->liveState();
    QList<lab::RigView> rigs;
    m_host->withWorker([&rigs](Worker *w) { rigs = static_cast<lab::LabWatcher *>(w)->rigs(); });
    int online = 0;
    for (const lab::RigView &v : rigs) {
        RigTile *t = m_tiles.value(v.rig);
        if (!t) {
            t = new RigTile(v.rig, this);
            const int n = int(m_tiles.size());
            m_grid->addWidget(t, n / 4, n % 4);
            m_tiles.insert(v.rig, t);
            connect(t, &RigTile::stopClicked, this,
                    [this](const QString &rig) { requestStop(rig); });
            connect(t, &RigTile::selected, this, [this](const QString &rig) {
                m_host->withWorker(
                    [&rig](Worker *w) { static_cast<lab::LabWatcher *>(w)->setSelected(rig); });
                m_plotTitle->setText(tr("%1: altitude and airspeed").arg(rig));
            });
        }
        t->show(v);
        online += v.online ? 1 : 0;
    }
    replot();
    emit refreshed(rigs);
    m_status->setText(
        tr("Broker: %1 — %2 rigs, %3 online").arg(stateText(state)).arg(rigs.size()).arg(online));
}

int runInstructorWindow(const LinkOptions &options)
{
    lab::LabConfig config;
    QString error;
    if (!lab::configFromOptions(options, options.get<QString>(QStringLiteral("lab")), &config,
                                &error)) {
        std::fprintf(stderr, "hilstation: %s\n", qPrintable(error));
        return 3;
    }
    if (!options.has(QStringLiteral("rig")))
        config.rig = QStringLiteral("instructor"); // names its reply topics only
    InstructorWindow window(config);
    window.resize(1000, 700);
    window.show();
    return QApplication::exec();
}

} // namespace hil
