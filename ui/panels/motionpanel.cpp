#include "ui/panels/motionpanel.h"
#include "core/post.h"
#include "raven/cueingfile.h"
#include "raven/ravenlink.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "ui/panels/axischeckdialog.h"
#include "ui/panels/axischecknotices.h"
#include "ui/panels/cueingeditor.h"
#include "ui/panels/cueingfileactions.h"
#include "ui/rigstatetext.h"

#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>
#include <QtMath>
#include <cmath>

namespace hil {

namespace {
const char *const kPoseSeries[6] = {"raven/surge_m", "raven/sway_m", "raven/heave_m",
                                    "raven/roll",    "raven/pitch",  "raven/yaw"};

void setLight(QLabel *light, bool on, const char *onColor = "#27ae60")
{
    light->setProperty("lit", on);
    light->setStyleSheet(
        QStringLiteral("background: %1; border-radius: 7px; border: 1px solid #555;")
            .arg(on ? QLatin1String(onColor) : QLatin1String("#bbbbbb")));
}
} // namespace

MotionPanel::MotionPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("motionPanel"), station, parent),
      m_link(station->worker(QStringLiteral("raven")))
{
    auto *stopButton = new QPushButton;
    stopButton->setObjectName(QStringLiteral("motionStopButton"));
    stopButton->setMinimumHeight(44);
    retranslate([=] {
        stopButton->setText(tr("STOP"));
        stopButton->setToolTip(tr("Zero the cues and brake the platform (Esc)"));
    });
    stopButton->setStyleSheet(QStringLiteral(
        "QPushButton { background: #c0392b; color: white; font-size: 20px; font-weight: bold;"
        " border-radius: 6px; } QPushButton:pressed { background: #922b21; }"));
    connect(stopButton, &QPushButton::clicked, this, &MotionPanel::stopClicked);
    m_notices = new AxisCheckNotices(this);

    // What the operator watches comes first (status, mode buttons, notices, pose), so it is on
    // screen without scrolling in the smallest supported window; details and settings follow.
    auto *content = new QWidget;
    auto *inner = new QVBoxLayout(content);
    inner->setContentsMargins(0, 0, 0, 0);
    inner->addWidget(buildStatus());
    inner->addWidget(buildModes());
    inner->addWidget(buildNotices());
    inner->addWidget(buildPose());
    inner->addWidget(buildDetails());
    inner->addWidget(buildCueing());
    inner->addStretch(1);
    m_content = content;
    setLinkLayout(
        content, m_link != nullptr,
        [this] {
            return tr(
                "The motion platform link is not running (start with --raven or --emulate raven).");
        },
        stopButton);
    raven::CueingSettings initial;
    if (m_link)
        initial.frameId = m_link->counters().value(QStringLiteral("frame")).toInt(21);
    setCueingSettings(initial);
    connect(station, &Station::linksChanged, this, &MotionPanel::relink);
}

QString MotionPanel::title() const
{
    return tr("Motion platform");
}

QString MotionPanel::modeText(int mode)
{
    return RigStateText::mode(mode);
}

QWidget *MotionPanel::buildStatus()
{
    auto *box = new QGroupBox;
    retranslate([=] { box->setTitle(tr("Platform status")); });
    auto *grid = new QGridLayout(box);
    grid->setColumnStretch(1, 1);
    auto *motors = new QHBoxLayout;
    motors->setSpacing(6);
    for (int i = 0; i < 6; ++i) {
        m_motors[i] = new QLabel;
        m_motors[i]->setObjectName(QStringLiteral("motorLight%1").arg(i));
        m_motors[i]->setFixedSize(14, 14);
        retranslate([=] { m_motors[i]->setToolTip(tr("Motor %1").arg(i + 1)); });
        setLight(m_motors[i], false);
        motors->addWidget(m_motors[i]);
    }
    motors->addStretch(1);
    auto label = [](const char *name) {
        auto *l = new QLabel(QStringLiteral("—"));
        l->setObjectName(QLatin1String(name));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return l;
    };
    m_mode = label("modeLabel");
    m_mode->setStyleSheet(QStringLiteral("font-weight: bold;"));
    m_thermal = label("thermalLabel");
    auto *motorsLabel = new QLabel, *modeLabel = new QLabel, *thermalLabel = new QLabel;
    retranslate([=] {
        motorsLabel->setText(tr("Motors OK"));
        modeLabel->setText(tr("Mode (reported)"));
        thermalLabel->setText(tr("Thermal"));
    });
    grid->addWidget(motorsLabel, 0, 0);
    grid->addLayout(motors, 0, 1);
    grid->addWidget(modeLabel, 1, 0);
    grid->addWidget(m_mode, 1, 1);
    grid->addWidget(thermalLabel, 2, 0);
    grid->addWidget(m_thermal, 2, 1);
    // The notices that come and go (the axis hold, the loop guard, the pilot) lie below the
    // mode buttons (buildNotices), so that none of them moves a button when it appears.
    return box;
}

QWidget *MotionPanel::buildNotices()
{
    auto *box = new QWidget;
    box->setObjectName(QStringLiteral("motionNotices"));
    auto *v = new QVBoxLayout(box);
    v->setContentsMargins(0, 0, 0, 0);
    v->addWidget(m_notices->holdLabel()); // why the seat stays still in CUEING
    // The loop guard's verdict: red, with the reason and its figure, while it holds the cues.
    m_loopGuard = new QLabel;
    m_loopGuard->setObjectName(QStringLiteral("loopGuardLabel"));
    m_loopGuard->setWordWrap(true);
    m_loopGuard->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_loopGuard->setStyleSheet(QStringLiteral(
        "QLabel { background: #c0392b; color: white; font-weight: bold; padding: 4px; }"));
    m_loopGuard->hide();
    v->addWidget(m_loopGuard);
    m_pilot = new QLabel;
    m_pilot->setObjectName(QStringLiteral("pilotStopLabel"));
    m_pilot->setWordWrap(true);
    m_pilot->hide();
    v->addWidget(m_pilot);
    return box;
}

QWidget *MotionPanel::buildDetails()
{
    auto *box = new QGroupBox;
    retranslate([=] { box->setTitle(tr("Details")); });
    auto *form = new QFormLayout(box);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto label = [](const char *name) {
        auto *l = new QLabel(QStringLiteral("—"));
        l->setObjectName(QLatin1String(name));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
        return l;
    };
    m_word = label("statusWordLabel");
    m_frames = label("framesLabel");
    m_temps = label("temperaturesLabel");
    m_firmware = label("firmwareLabel");
    m_watchdog = label("watchdogLabel");
    QLabel *names[5];
    for (QLabel *&n : names)
        n = new QLabel;
    retranslate([=] {
        names[0]->setText(tr("Status word"));
        names[1]->setText(tr("Frames sent / received"));
        names[2]->setText(tr("Temperatures"));
        names[3]->setText(tr("Firmware"));
        names[4]->setText(tr("Watchdog"));
    });
    form->addRow(names[0], m_word);
    form->addRow(names[1], m_frames);
    form->addRow(names[2], m_temps);
    form->addRow(names[3], m_firmware);
    form->addRow(names[4], m_watchdog);
    return box;
}

QWidget *MotionPanel::buildModes()
{
    auto *box = new QGroupBox;
    retranslate([=] { box->setTitle(tr("Mode request")); });
    // Two by two: the translated names with the vendor's word fit a narrow dock.
    m_modeGrid = new QGridLayout(box);
    static const char *const names[kModeCount] = {"modeOffButton", "modeLevelBrakeButton",
                                                  "modeLoadingButton", "modeCueingButton"};
    for (int i = 0; i < kModeCount; ++i) {
        auto *b = new QPushButton;
        b->setObjectName(QLatin1String(names[i]));
        retranslate([=] {
            // The vendor's word on a line of its own: "Bremsen (LEVEL BRAKE)" in one line is the
            // widest text of the panel (clipped at 1280x720 with wider fonts).
            b->setText(modeText(i).replace(QStringLiteral(" ("), QStringLiteral("\n(")));
            b->setToolTip(
                tr("Ask the platform for %1; the button lights when the platform reports it")
                    .arg(modeText(i)));
        });
        b->setMinimumHeight(30);
        connect(b, &QPushButton::clicked, this, [this, i] { requestMode(i); });
        m_modeButtons[i] = b;
        m_modeGrid->addWidget(b, i / 2, i % 2);
    }
    setLit(-1);
    return box;
}

QWidget *MotionPanel::buildPose()
{
    auto *box = new QGroupBox;
    retranslate([=] {
        box->setTitle(tr("Pose (reported by the platform)"));
        box->setToolTip(
            tr("The link sends acceleration and angle cues; it exposes no commanded pose, "
               "so only the platform's report is shown."));
    });
    auto *grid = new QGridLayout(box);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);
    for (int i = 0; i < 6; ++i) {
        m_pose[i] = new QLabel(QStringLiteral("—"));
        m_pose[i]->setObjectName(
            QStringLiteral("pose_%1").arg(QLatin1String(raven::kCueingAxisKeys[i])));
        m_pose[i]->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_pose[i]->setMinimumWidth(
            m_pose[i]->fontMetrics().horizontalAdvance(QStringLiteral("-180.00°")) + 4);
        auto *name = new QLabel;
        retranslate([=] {
            const QString axes[6] = {tr("Surge"), tr("Sway"),  tr("Heave"),
                                     tr("Roll"),  tr("Pitch"), tr("Yaw")};
            name->setText(axes[i]);
        });
        grid->addWidget(name, i % 3, (i / 3) * 2);
        grid->addWidget(m_pose[i], i % 3, (i / 3) * 2 + 1);
    }
    return box;
}

QWidget *MotionPanel::buildCueing()
{
    m_cueing = new CueingEditor(m_notices->frame5Label());
    connect(m_cueing, &CueingEditor::frameChanged, this, &MotionPanel::updateAxisNotices);
    connect(m_cueing, &CueingEditor::axisCheckClicked, this, &MotionPanel::openAxisCheck);
    connect(m_cueing, &CueingEditor::applyClicked, this, &MotionPanel::applyCueing);
    connect(m_cueing, &CueingEditor::exportClicked, this, &MotionPanel::exportCueing);
    connect(m_cueing, &CueingEditor::importClicked, this, &MotionPanel::importCueing);
    return m_cueing;
}

raven::CueingSettings MotionPanel::cueingSettings() const
{
    return m_cueing->settings();
}

void MotionPanel::setCueingSettings(const raven::CueingSettings &settings)
{
    m_cueing->setSettings(settings);
}

void MotionPanel::load(QSettings &settings)
{
    bool invertsReset = false;
    setCueingSettings(raven::readCueingSettings(settings, cueingSettings(), &invertsReset));
    if (invertsReset) {
        const QString text = tr(
            "Cueing settings were saved with the old sign convention (sway right, pitch nose up, "
            "yaw nose right). The platform frame is now right-handed (x forward, y left, z up): "
            "every axis's invert was cleared. Run the axis check before cueing a rider.");
        emit errorRaised(text);
        station()->raiseStationEvent(
            QStringLiteral("station.cueing_settings_reset"), Severity::Warning,
            QStringLiteral("cueing settings from the old sign convention: per-axis inverts reset"));
    }
}

void MotionPanel::save(QSettings &settings) const
{
    raven::writeCueingSettings(settings, cueingSettings());
}

void MotionPanel::openAxisCheck()
{
    if (!m_axisCheck)
        m_axisCheck = new AxisCheckDialog(station(), this, this);
    m_axisCheck->show();
    m_axisCheck->raise();
}

void MotionPanel::stop()
{
    station()->emergencyStop();
} // the one command: the link running now

void MotionPanel::relink()
{
    // The link is looked up at every use, never kept from construction: it may have been
    // started, stopped or reconnected from the Links panel since.
    Worker *now = station()->worker(QStringLiteral("raven"));
    if (now == m_link.data())
        return;
    m_link = now; // dropped here, in linksChanged, before a stopping link can be deleted
    setLinkRunning(now != nullptr);
}

void MotionPanel::requestMode(int mode)
{
    relink();
    auto *link = qobject_cast<RavenLink *>(m_link.data());
    if (!link || mode < 0 || mode >= kModeCount)
        return;
    if (mode == raven::ModeCueing) {
        const int seat = m_confirm ? m_confirm() : askSeat();
        if (seat == SeatEmpty) {
            station()->raiseStationEvent(
                Event{QStringLiteral("station"),
                      QStringLiteral("station.cueing_seat_empty"),
                      Severity::Info,
                      QStringLiteral("CUEING confirmed with the seat empty (procedure step 2)"),
                      {}});
        } else if (seat == Rider) {
            const QString gain = QString::number(appliedMasterGain(), 'f', 2);
            station()->raiseStationEvent(
                Event{QStringLiteral("station"),
                      QStringLiteral("station.cueing_rider"),
                      Severity::Info,
                      QStringLiteral("CUEING confirmed with a rider strapped in at master gain %1 "
                                     "(procedure step 5)")
                          .arg(gain),
                      {gain}});
        } else {
            return;
        }
        relink(); // the question ran an event loop: the link may have gone meanwhile
        link = qobject_cast<RavenLink *>(m_link.data());
        if (!link)
            return;
    }
    postTo(link, [link, mode] { link->requestMode(mode); });
}

// The boarding procedure's CUEING question (docs/procedure.md quotes it word for word): the
// same mode serves the checks with the seat empty (step 2) and the ride (step 5), so the
// operator says which, never "yes" to a question about a rider who is not there.
int MotionPanel::askSeat()
{
    QMessageBox box(QMessageBox::Question, tr("Start cueing"),
                    tr("Procedure step 2 or 5: who is on the platform?"), QMessageBox::NoButton,
                    this);
    box.setObjectName(QStringLiteral("cueingQuestion"));
    box.setInformativeText(
        tr("The platform will follow the simulator at master gain %1. Seat empty (step 2, "
           "the checks): the area clear. Rider strapped in (step 5, the ride): a first ride "
           "starts at master gain 0.3 or lower, and the platform's own emergency stop is "
           "within the operator's reach.")
            .arg(QLocale().toString(appliedMasterGain(), 'f', 2)));
    QPushButton *empty = box.addButton(tr("Seat empty (step 2)"), QMessageBox::AcceptRole);
    empty->setObjectName(QStringLiteral("seatEmptyButton"));
    QPushButton *rider = box.addButton(tr("Rider strapped in (step 5)"), QMessageBox::YesRole);
    rider->setObjectName(QStringLiteral("riderButton"));
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.exec();
    return box.clickedButton() == empty   ? int(SeatEmpty)
           : box.clickedButton() == rider ? int(Rider)
                                          : int(Cancel);
}

double MotionPanel::appliedMasterGain() const
{
    const double lastSet = m_cueing->lastSet().masterGain;
    return m_link ? m_link->counters().value(QStringLiteral("master_gain")).toDouble(lastSet)
                  : lastSet;
}

void MotionPanel::applyCueing()
{
    relink();
    auto *link = qobject_cast<RavenLink *>(m_link.data());
    if (!link) {
        emit errorRaised(
            tr("Cueing settings not applied: the motion platform link is not running."));
        return;
    }
    const raven::CueingSettings s = cueingSettings();
    postTo(link, [link, s] { link->setCueingSettings(s); });
}

void MotionPanel::exportCueing()
{
    QString error;
    if (!CueingFileActions::exportSettings(this, cueingSettings(), &m_cueingDir, &error) &&
        !error.isEmpty())
        emit errorRaised(error);
}

void MotionPanel::importCueing()
{
    raven::CueingSettings s;
    QString error;
    if (CueingFileActions::importSettings(this, &m_cueingDir, &s, &error))
        setCueingSettings(s); // the editor only: "Apply to platform" sends them
    else if (!error.isEmpty())
        emit errorRaised(error);
}

void MotionPanel::setLit(int reportedMode)
{
    for (int i = 0; i < kModeCount; ++i) {
        QPushButton *b = m_modeButtons[i];
        const bool lit = i == reportedMode;
        if (b->property("lit").isValid() && b->property("lit").toBool() == lit)
            continue;
        b->setProperty("lit", lit);
        const char *color = i == raven::ModeCueing ? "#e67e22"
                            : i == raven::ModeOff  ? "#7f8c8d"
                                                   : "#2e86c1";
        b->setStyleSheet(
            lit ? QStringLiteral("QPushButton { background: %1; color: white; font-weight: bold; }")
                      .arg(QLatin1String(color))
                : QString());
    }
}

void MotionPanel::refreshFast()
{
    TelemetryHub *h = hub();
    if (!m_link || !h)
        return;
    for (int i = 0; i < 6; ++i) {
        if (m_poseIds[i] < 0)
            m_poseIds[i] = h->find(QLatin1String(kPoseSeries[i]));
        TelemetryPoint p;
        if (m_poseIds[i] < 0 || !h->latest(m_poseIds[i], &p))
            continue;
        // A value that rounds to zero is shown as 0, never as "-0.000".
        const int decimals = i < 3 ? 3 : 2;
        double v = i < 3 ? p.v : qRadiansToDegrees(p.v);
        if (std::abs(v) < 0.5 * std::pow(10.0, -decimals))
            v = 0.0;
        m_pose[i]->setText((i < 3 ? QStringLiteral("%1 m") : QStringLiteral("%1°"))
                               .arg(QLocale().toString(v, 'f', decimals)));
    }
}

QString MotionPanel::loopGuardText(const MotionStatus &status)
{
    const MotionStatus::Guard &g = status.guard;
    if (!g.holding())
        return {};
    const double v = g.figure, limit = g.threshold;
    const QLocale l;
    const QString dof = g.axis >= 0 && g.axis < 6 ? RigStateText::dof(g.axis) : QString();
    QString why;
    switch (g.problem) {
    case LoopProblem::SlowFrames:
        why = tr("%1 new simulator states per second (at least %2)")
                  .arg(l.toString(v, 'f', 1), l.toString(limit));
        break;
    case LoopProblem::SlowSimulation:
        why = tr("the simulation runs at %1 % of real time (at least %2 %)")
                  .arg(l.toString(v * 100.0, 'f', 0), l.toString(limit * 100.0));
        break;
    case LoopProblem::LockstepTimeouts:
        why = tr("%1 PX4 lockstep timeouts in a second (at most %2)")
                  .arg(l.toString(v, 'f', 0), l.toString(limit));
        break;
    case LoopProblem::FramesLost:
        why = tr("%1 % of the simulator's frames lost on the way to PX4 (at most %2 %)")
                  .arg(l.toString(v * 100.0, 'f', 0), l.toString(limit * 100.0));
        break;
    case LoopProblem::Implausible:
        why = tr("simulator values no aircraft can produce");
        break;
    case LoopProblem::EndStops:
        why = tr("the platform's %1 at its limit %2 % of the time (at most %3 %)")
                  .arg(dof, l.toString(v * 100.0, 'f', 0), l.toString(limit * 100.0));
        break;
    case LoopProblem::LimitReversal:
        why = tr("the platform's %1 thrown from limit to limit in %2 s")
                  .arg(dof, l.toString(v, 'f', 2));
        break;
    case LoopProblem::None:
        return {};
    }
    // While STOP is latched nothing ramps back in by itself: never promise motion then.
    if (status.stopLatched)
        return tr("Loop degraded, cues held at neutral: %1. STOP is latched: nothing moves until "
                  "a mode is picked.")
            .arg(why);
    return tr("Loop degraded, cues held at neutral: %1. They ramp back in after %2 s without a "
              "problem (%3 s so far).")
        .arg(why, l.toString(g.healthyForS), l.toString(g.healthyS, 'f', 1));
}

QString MotionPanel::pilotText(const QJsonObject &c)
{
    const QString device = c.value(QStringLiteral("pilot_device")).toString();
    const QString enabling = c.value(QStringLiteral("enabling")).toString();
    QStringList parts;
    if (!device.isEmpty())
        parts << (c.value(QStringLiteral("pilot_stop_mapped")).toBool()
                      ? tr("STOP button mapped on %1 (present)").arg(device)
                      : tr("no STOP button mapped on %1").arg(device));
    else if (enabling == QLatin1String("released"))
        parts << tr("the pilot's input device is not present");
    if (enabling == QLatin1String("held"))
        parts << tr("enabling button held");
    else if (enabling == QLatin1String("released"))
        parts << tr("enabling button released: cues held at neutral");
    return parts.isEmpty() ? QString() : tr("Pilot: %1").arg(parts.join(QStringLiteral("; ")));
}

void MotionPanel::updateLoopGuard()
{
    // The typed status the rig strip reads too: the same facts in both places, never the link's
    // counters read back by key.
    const std::optional<MotionStatus> status = station()->motionStatus();
    const QString text = status ? loopGuardText(*status) : QString();
    m_loopGuard->setText(text);
    m_loopGuard->setVisible(!text.isEmpty());
}

void MotionPanel::updateAxisNotices()
{
    const auto *raven = qobject_cast<const RavenLink *>(m_link.data());
    m_notices->update(raven != nullptr, raven && raven->axisHeld(),
                      raven ? raven->axisHoldAxis() : -1, raven ? raven->axisHoldMoved() : -1,
                      raven && raven->axisCheckPassed(), m_cueing->frameId());
}

void MotionPanel::refreshSlow()
{
    relink();
    updateAxisNotices();
    if (!m_link)
        return;
    const QJsonObject c = m_link->counters();
    // Typed values from the link (mode number, thermal bits), never its English counter words.
    const auto *raven = qobject_cast<const RavenLink *>(m_link.data());
    const int reported = raven ? raven->reportedMode() : -1;
    const int thermal = raven ? raven->reportedThermal() : -1;
    m_mode->setText(reported >= 0 ? modeText(reported) : tr("unknown"));
    setLit(reported >= 0 && reported < kModeCount ? reported : -1);
    m_thermal->setText(thermal < 0    ? tr("unknown")
                       : thermal == 0 ? tr("Normal")
                                      : tr("Overheat protection"));
    m_thermal->setStyleSheet(thermal > 0 ? QStringLiteral("color: #c0392b;") : QString());
    const QJsonArray motors = c.value(QStringLiteral("motors_ok")).toArray();
    for (int i = 0; i < 6; ++i)
        setLight(m_motors[i], motors.at(i).toBool());
    const auto word = quint32(c.value(QStringLiteral("status_word")).toDouble());
    m_word->setText(QStringLiteral("0x") +
                    QString::number(word, 16).rightJustified(8, QLatin1Char('0')).toUpper());
    m_frames->setText(QStringLiteral("%1 / %2")
                          .arg(qint64(c.value(QStringLiteral("frames_sent")).toDouble()))
                          .arg(qint64(c.value(QStringLiteral("frames_received")).toDouble())));
    QStringList temps;
    for (const QJsonValue &t : c.value(QStringLiteral("temperatures_c")).toArray())
        temps << QStringLiteral("%1 °C").arg(QLocale().toString(t.toDouble(), 'f', 1));
    m_temps->setText(temps.isEmpty() ? QStringLiteral("—") : temps.join(QStringLiteral("  ")));
    const QString fw = c.value(QStringLiteral("firmware")).toString();
    m_firmware->setText(fw.isEmpty() ? QStringLiteral("—") : fw);
    updateLoopGuard();
    const QString pilot = pilotText(c);
    m_pilot->setText(pilot);
    m_pilot->setVisible(!pilot.isEmpty());
    m_pilot->setStyleSheet(c.value(QStringLiteral("enabling")).toString() ==
                                   QLatin1String("released")
                               ? QStringLiteral("color: #c0392b;")
                               : QString());
    const bool fresh = c.value(QStringLiteral("sim_fresh")).toBool();
    const bool stopped = c.value(QStringLiteral("stopped")).toBool();
    m_watchdog->setText(
        tr("cue gain %1, simulator %2, %3 trips%4")
            .arg(QLocale().toString(c.value(QStringLiteral("cue_gain")).toDouble(), 'f', 2))
            .arg(fresh ? tr("fresh") : tr("stale"))
            .arg(qint64(c.value(QStringLiteral("watchdog_trips")).toDouble()))
            .arg(stopped ? tr(", STOPPED") : QString()));
}

} // namespace hil
