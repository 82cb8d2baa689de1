#include "ui/panels/measuredialog.h"

#include "dryrun/identifyfiles.h"
#include "rigcheck/measurementrun.h"
#include "station/station.h"
#include "ui/panels/dryrunjob.h"
#include "ui/panels/rigcheckdialog.h"
#include "ui/rigstatetext.h"

#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace hil {

namespace measuredialog {
/// The recorder writes its files every few hundred ms: the identification waits this long after
/// the run so that the last cues and poses are on disk.
constexpr int kFlushWaitMs = 1200;
} // namespace measuredialog

MeasureDialog::MeasureDialog(Station *station, QWidget *parent)
    : QDialog(parent), m_station(station)
{
    setObjectName(QStringLiteral("measureDialog"));
    auto *v = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    v->addWidget(m_intro);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("measureProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    v->addWidget(m_progress);
    m_state = new QLabel(this);
    m_state->setObjectName(QStringLiteral("measureState"));
    m_state->setWordWrap(true);
    v->addWidget(m_state);
    m_outcome = new QLabel(this);
    m_outcome->setObjectName(QStringLiteral("measureOutcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    v->addWidget(m_outcome, 1);
    auto *buttons = new QHBoxLayout;
    m_start = new QPushButton(this);
    m_start->setObjectName(QStringLiteral("measureStartButton"));
    m_use = new QPushButton(this);
    m_use->setObjectName(QStringLiteral("measureUseButton"));
    m_use->setEnabled(false);
    m_close = new QPushButton(this);
    buttons->addWidget(m_start);
    buttons->addStretch(1);
    buttons->addWidget(m_use);
    buttons->addWidget(m_close);
    v->addLayout(buttons);
    connect(m_start, &QPushButton::clicked, this, &MeasureDialog::start);
    connect(m_use, &QPushButton::clicked, this, [this] { emit modelChosen(m_modelFile); });
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    resize(640, 360);
    retranslateUi();
}

MeasureDialog::~MeasureDialog() = default;

void MeasureDialog::setSettings(const PlatformMeasurementSettings &settings)
{
    m_settings = settings;
    retranslateUi();
}

void MeasureDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void MeasureDialog::retranslateUi()
{
    setWindowTitle(tr("Measure the platform"));
    m_intro->setText(
        tr("Moves the platform, one axis after the other, with a designed motion that reveals "
           "how it answers its cues, then writes the platform's model into the session folder "
           "for the dry run. About %1 min with the seat empty and the platform in CUEING; STOP "
           "ends it at any time.")
            .arg(QLocale().toString(m_settings.totalS() / 60.0, 'f', 1)));
    m_start->setText(tr("&Start measuring"));
    m_use->setText(tr("&Use in the dry run"));
    m_close->setText(tr("Close"));
    showState();
    if (!m_outcomeText.isEmpty())
        m_outcome->setText(m_outcomeText);
}

void MeasureDialog::start()
{
    if (!m_station || (m_run && !m_shown.ended()) || m_identifying)
        return;
    const QString missing = RigCheckDialog::motionMissing(m_station);
    if (!missing.isEmpty()) {
        QMessageBox box(QMessageBox::Information, tr("Measure the platform"), missing,
                        QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("measureMotionMissing"));
        box.exec();
        return;
    }
    if (!RigCheckDialog::askSeatEmpty(
            this, tr("Measure the platform"), QStringLiteral("measureSeatQuestion"),
            tr("The measurement moves the platform on every axis for about %1 min. Only with the "
               "seat empty and the area clear.")
                .arg(QLocale().toString(m_settings.totalS() / 60.0, 'f', 1))))
        return;
    m_station->raiseStationEvent(Event{QStringLiteral("station"),
                                       QStringLiteral("station.measure_seat_empty"),
                                       Severity::Info,
                                       QStringLiteral("platform measurement confirmed with the "
                                                      "seat empty (procedure step 2)"),
                                       {}});
    m_modelFile.clear();
    m_outcomeText.clear();
    m_outcome->clear();
    m_use->setEnabled(false);
    m_shown = PlatformMeasurementResult{};
    m_shown.state = PlatformMeasurementResult::State::Running;
    m_shown.totalS = m_settings.totalS();
    // The platform already shows CUEING (checked above): no wait beyond the snapshot's.
    m_run = std::make_unique<rigcheck::MeasurementRun>(m_station, m_settings, 2.0);
    connect(m_run.get(), &rigcheck::MeasurementRun::progressed, this,
            [this](const PlatformMeasurementResult &r) {
                m_shown = r;
                showState();
            });
    connect(m_run.get(), &rigcheck::MeasurementRun::finished, this, &MeasureDialog::onFinished);
    m_run->start();
    m_start->setEnabled(false);
    showState();
}

void MeasureDialog::showState()
{
    using State = PlatformMeasurementResult::State;
    const PlatformMeasurementResult &r = m_shown;
    m_progress->setValue(r.totalS > 0 ? int(1000.0 * std::min(1.0, r.elapsedS / r.totalS)) : 0);
    switch (r.state) {
    case State::Idle:
        m_state->setText(tr("Not started."));
        break;
    case State::Running: {
        const int left = int(r.leftS() + 0.5);
        const QString time =
            QStringLiteral("%1:%2").arg(left / 60).arg(left % 60, 2, 10, QLatin1Char('0'));
        m_state->setText(r.dof < 0
                             ? tr("Handing the seat over from the simulator; %1 left.").arg(time)
                             : tr("Axis %1 of 6 (%2); %3 left.")
                                   .arg(r.dof + 1)
                                   .arg(RigStateText::dof(r.dof), time));
        break;
    }
    case State::Done:
        m_state->setText(tr("Measured: every axis. The platform's cues ramp back in."));
        break;
    case State::Refused:
        m_state->setText(tr("Not started: %1.").arg(r.reason));
        break;
    case State::Stopped:
        m_state->setText(tr("Stopped after %1 of 6 axes: %2.").arg(r.dofsDone).arg(r.reason));
        break;
    }
    m_start->setEnabled(!m_identifying && (!m_run || r.ended()));
}

void MeasureDialog::onFinished(const PlatformMeasurementResult &result)
{
    m_shown = result;
    showState();
    using State = PlatformMeasurementResult::State;
    if (result.state == State::Done || (result.state == State::Stopped && result.dofsDone > 0)) {
        m_identifying = true;
        showState();
        m_outcome->setText(tr("Identifying the platform's model from what was measured…"));
        QTimer::singleShot(measuredialog::kFlushWaitMs, this, [this, result] { identify(result); });
    }
}

void MeasureDialog::identify(const PlatformMeasurementResult &result)
{
    const QString session = m_station->sessionFolder();
    const QString out =
        QDir(session).filePath(QStringLiteral("platform-model/platform-model.json"));
    QPointer<MeasureDialog> self(this);
    auto *job = new DryRunJob(
        [session, out, self, result](DryRunJob &) -> std::function<void()> {
            QDir().mkpath(QFileInfo(out).absolutePath());
            auto files = std::make_shared<dryrun::IdentificationFiles>(
                dryrun::identifyAndWrite({session}, out, platformmodel::ModelConfig()));
            return [self, files, result] {
                if (!self)
                    return;
                self->m_identifying = false;
                QStringList identified, kept;
                for (const dryrun::IdDof &d : files->result.dofs)
                    (d.excited ? identified : kept) << RigStateText::dof(d.dof);
                if (files->status == 3 || files->status == 4) {
                    self->m_outcomeText =
                        tr("No model written: %1").arg(files->error); // status 3 or 4
                } else {
                    self->m_modelFile = files->modelFile;
                    self->m_outcomeText =
                        tr("Model written: %1\nIdentified: %2. Kept as assumed (not excited "
                           "enough): %3.%4")
                            .arg(QDir::toNativeSeparators(files->modelFile),
                                 identified.isEmpty() ? tr("none")
                                                      : identified.join(QStringLiteral(", ")),
                                 kept.isEmpty() ? tr("none") : kept.join(QStringLiteral(", ")),
                                 result.state == PlatformMeasurementResult::State::Done
                                     ? QString()
                                     : QStringLiteral("\n") +
                                           tr("The measurement did not finish: this model "
                                              "is partial."));
                    self->m_use->setEnabled(true);
                }
                self->m_outcome->setText(self->m_outcomeText);
                self->showState();
            };
        },
        this);
    connect(job, &DryRunJob::finished, job, &QObject::deleteLater);
    job->start();
}

} // namespace hil
