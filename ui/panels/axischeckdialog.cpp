#include "ui/panels/axischeckdialog.h"
#include "core/post.h"
#include "raven/axischeckstore.h"
#include "raven/ravenlink.h"
#include "station/station.h"
#include "ui/panels/axischecknotices.h"
#include "ui/panels/motionpanel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtMath>
#include <limits>

namespace hil {

AxisCheckDialog::AxisCheckDialog(Station *station, MotionPanel *panel, QWidget *parent)
    : QDialog(parent), m_station(station), m_panel(panel),
      m_lastChange(std::numeric_limits<double>::quiet_NaN())
{
    setObjectName(QStringLiteral("axisCheckDialog"));
    setWindowTitle(tr("Axis check"));
    setModal(false);
    m_confirm = [this] {
        return QMessageBox::question(
                   this, tr("Axis check"),
                   tr("Procedure step 2, the checks with the seat empty: a small test cue will "
                      "move the seat on one axis for about a second. Is the seat empty and the "
                      "area clear?"),
                   QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
    };
    auto *v = new QVBoxLayout(this);
    v->addWidget(new QLabel(
        tr("With the platform in CUEING: pick an axis, run its test cue, and say which way "
           "the seat moved.")));
    auto *row = new QHBoxLayout;
    m_axis = new QComboBox;
    m_axis->setObjectName(QStringLiteral("axisCombo"));
    const QString labels[6] = {
        tr("Surge (expected: forward)"),   tr("Sway (expected: to the left)"),
        tr("Heave (expected: up)"),        tr("Roll (expected: right side down)"),
        tr("Pitch (expected: nose down)"), tr("Yaw (expected: nose to the left)")};
    for (const QString &l : labels)
        m_axis->addItem(l);
    m_run = new QPushButton(tr("Run test cue"));
    m_run->setObjectName(QStringLiteral("runAxisTestButton"));
    row->addWidget(m_axis, 1);
    row->addWidget(m_run);
    v->addLayout(row);
    m_result = new QLabel(QStringLiteral("—"));
    m_result->setObjectName(QStringLiteral("poseChangeLabel"));
    m_result->setWordWrap(true);
    v->addWidget(m_result);
    auto *answers = new QHBoxLayout;
    const QString texts[3] = {tr("Moved as expected"), tr("Moved the other way"),
                              tr("Did not move")};
    const char *names[3] = {"answerExpectedButton", "answerOppositeButton", "answerNoneButton"};
    for (int i = 0; i < 3; ++i) {
        m_answers[i] = new QPushButton(texts[i]);
        m_answers[i]->setObjectName(QLatin1String(names[i]));
        m_answers[i]->setEnabled(false);
        connect(m_answers[i], &QPushButton::clicked, this, [this, i] { answer(i); });
        answers->addWidget(m_answers[i]);
    }
    v->addLayout(answers);
    connect(m_run, &QPushButton::clicked, this, &AxisCheckDialog::run);
}

QString AxisCheckDialog::platformKey() const
{
    auto *link = qobject_cast<RavenLink *>(m_station->motionLink());
    if (!link)
        return QStringLiteral("none");
    const QJsonObject e = link->endpoints();
    return raven::AxisCheckStore::address(e.value(QStringLiteral("platform_host")).toString(),
                                          e.value(QStringLiteral("platform_port")).toInt());
}

void AxisCheckDialog::run()
{
    auto *link = qobject_cast<RavenLink *>(m_station->motionLink()); // the link running now
    if (!link) {
        m_result->setText(tr("The motion platform link is not running."));
        return;
    }
    if (m_confirm && !m_confirm())
        return;
    const int axis = m_axis->currentIndex();
    const double amplitude = axis < 3 ? raven::kAxisTestLinearMps2 : raven::kAxisTestAngularRadps2;
    m_testedAxis = axis;
    m_run->setEnabled(false);
    for (QPushButton *b : m_answers)
        b->setEnabled(false);
    m_result->setText(tr("Test cue running…"));
    connect(link, &RavenLink::axisTestFinished, this, &AxisCheckDialog::onFinished,
            Qt::ConnectionType(Qt::QueuedConnection | Qt::UniqueConnection));
    postTo(link, [link, axis, amplitude] { link->axisTest(axis, amplitude, kTestDurationS); });
}

void AxisCheckDialog::onFinished(int axis, int outcome, double change, int moved)
{
    m_run->setEnabled(true);
    if (axis != m_testedAxis)
        return;
    using raven::AxisOutcome;
    if (outcome == int(AxisOutcome::Refused) || outcome == int(AxisOutcome::Cancelled)) {
        m_result->setText(tr(
            "No test cue (the platform must be in CUEING and not stopped), or STOP cancelled it."));
        return;
    }
    m_lastChange = change;
    if (outcome == int(AxisOutcome::Crossed)) { // no direction question about the wrong axis
        m_result->setText(
            tr("A %1 test cue moved %2: the platform reads the axes differently. The test cue "
               "was ramped out; simulator cues stay at neutral for this platform until every "
               "axis passes the check.")
                .arg(AxisCheckNotices::axisName(axis), AxisCheckNotices::axisName(moved)));
        return;
    }
    const QString shown =
        axis < 3
            ? tr("Reported pose change: %1 mm").arg(QLocale().toString(change * 1000.0, 'f', 1))
            : tr("Reported pose change: %1°")
                  .arg(QLocale().toString(qRadiansToDegrees(change), 'f', 2));
    m_result->setText(outcome == int(AxisOutcome::NoResponse)
                          ? tr("%1 (no axis moved above its noise)").arg(shown)
                          : shown);
    for (QPushButton *b : m_answers)
        b->setEnabled(true);
}

void AxisCheckDialog::answer(int which)
{
    const int axis = m_testedAxis;
    if (axis < 0)
        return;
    raven::CueingSettings s = m_panel->cueingSettings();
    if (which == 1) {
        s.axes[std::size_t(axis)].invert = !s.axes[std::size_t(axis)].invert;
        m_panel->setCueingSettings(s);
        m_panel->applyCueing();
    }
    raven::AxisCheckStore().recordAnswer(platformKey(), axis,
                                         which == 0   ? QStringLiteral("expected")
                                         : which == 1 ? QStringLiteral("opposite")
                                                      : QStringLiteral("none"),
                                         s.axes[std::size_t(axis)].invert, m_lastChange);
    // args: the answer's word (it picks the window's sentence), the DoF's number, invert 1/0
    const bool invert = s.axes[std::size_t(axis)].invert;
    m_station->raiseStationEvent(
        Event{QStringLiteral("station"),
              QStringLiteral("station.axis_check"),
              which == 2 ? Severity::Warning : Severity::Info,
              QStringLiteral("axis check %1: %2 (invert %3)")
                  .arg(QLatin1String(raven::dofName(axis)),
                       which == 0   ? QStringLiteral("as expected")
                       : which == 1 ? QStringLiteral("the other way")
                                    : QStringLiteral("did not move"),
                       invert ? QStringLiteral("on") : QStringLiteral("off")),
              {which == 0   ? QStringLiteral("expected")
               : which == 1 ? QStringLiteral("opposite")
                            : QStringLiteral("none"),
               QString::number(axis), QString::number(int(invert))}});
    for (QPushButton *b : m_answers)
        b->setEnabled(false);
}

} // namespace hil
