#include "ui/panels/measuredialog.h"

#include "dryrun/identifyfiles.h"
#include "dryrun/measurementplan.h"
#include "dryrun/omctfiles.h"
#include "rigcheck/measurementrun.h"
#include "station/station.h"
#include "ui/dryrunplots.h"
#include "ui/panels/dryrunjob.h"
#include "ui/panels/rigcheckdialog.h"
#include "ui/rigstatetext.h"

#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace hil {

namespace measuredialog {
/// The recorder writes its files every few hundred ms: the work on them waits this long after
/// the run so that the last cues and poses are on disk.
constexpr int kFlushWaitMs = 1200;
} // namespace measuredialog

MeasureDialog::MeasureDialog(Station *station, QWidget *parent)
    : QDialog(parent), m_station(station),
      // Against the assumed platform, as the command line without --platform-model.
      m_settings(dryrun::platformMeasurementPlan(platformmodel::ModelConfig(), false)),
      m_omctSettings(dryrun::omctMeasurementPlan(platformmodel::ModelConfig(), false))
{
    setObjectName(QStringLiteral("measureDialog"));
    auto *v = new QVBoxLayout(this);
    m_kindModel = new QRadioButton(this);
    m_kindModel->setObjectName(QStringLiteral("measureKindModel"));
    m_kindModel->setChecked(true);
    m_kindOmct = new QRadioButton(this);
    m_kindOmct->setObjectName(QStringLiteral("measureKindOmct"));
    v->addWidget(m_kindModel);
    v->addWidget(m_kindOmct);
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
    m_open = new QPushButton(this);
    m_open->setObjectName(QStringLiteral("measureOpenPageButton"));
    m_open->setEnabled(false);
    m_close = new QPushButton(this);
    buttons->addWidget(m_start);
    buttons->addStretch(1);
    buttons->addWidget(m_use);
    buttons->addWidget(m_open);
    buttons->addWidget(m_close);
    v->addLayout(buttons);
    connect(m_kindModel, &QRadioButton::toggled, this, &MeasureDialog::retranslateUi);
    connect(m_start, &QPushButton::clicked, this, &MeasureDialog::start);
    connect(m_use, &QPushButton::clicked, this, [this] { emit modelChosen(m_modelFile); });
    m_openUrl = [](const QUrl &url) { return QDesktopServices::openUrl(url); };
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_openUrl(QUrl::fromLocalFile(m_omctPage)))
            return;
        QMessageBox box(QMessageBox::Information, tr("Open the page"),
                        tr("No program on this desktop opens the page. It is:\n%1")
                            .arg(QDir::toNativeSeparators(m_omctPage)),
                        QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("measureNoViewer"));
        box.setTextInteractionFlags(Qt::TextSelectableByMouse);
        box.exec();
    });
    connect(m_close, &QPushButton::clicked, this, &QDialog::close);
    resize(640, 400);
    retranslateUi();
}

MeasureDialog::~MeasureDialog() = default;

void MeasureDialog::setSettings(const PlatformMeasurementSettings &settings)
{
    m_settings = settings;
    retranslateUi();
}

void MeasureDialog::setOmctSettings(const OmctMeasurementSettings &settings)
{
    m_omctSettings = settings;
    retranslateUi();
}

bool MeasureDialog::omct() const
{
    return m_kindOmct->isChecked();
}

double MeasureDialog::totalS() const
{
    return omct() ? m_omctSettings.totalS() : m_settings.totalS();
}

void MeasureDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QDialog::changeEvent(event);
}

void MeasureDialog::retranslateUi()
{
    auto minutes = [](double s) { return QLocale().toString(s / 60.0, 'f', 1); };
    setWindowTitle(tr("Measure the platform"));
    m_kindModel->setText(tr("The platform's model, for the dry run (about %1 min)")
                             .arg(minutes(m_settings.totalS())));
    m_kindOmct->setText(tr("The OMCT's ten tests, measured beside the prediction (about %1 min)")
                            .arg(minutes(m_omctSettings.totalS())));
    m_intro->setText(
        omct() ? tr("Moves the platform through the cueing with the aircraft's motion on each "
                    "input axis in turn (twelve frequencies at once), then writes each test's "
                    "measured gain and phase beside what the dry run predicts, with a page to "
                    "read, into the session folder. About %1 min with the seat empty and the "
                    "platform in CUEING; STOP ends it at any time.")
                     .arg(minutes(totalS()))
               : tr("Moves the platform, one axis after the other, with a designed motion that "
                    "reveals how it answers its cues, then writes the platform's model into the "
                    "session folder for the dry run. About %1 min with the seat empty and the "
                    "platform in CUEING; STOP ends it at any time.")
                     .arg(minutes(totalS())));
    m_start->setText(tr("&Start measuring"));
    m_use->setText(tr("&Use in the dry run"));
    m_open->setText(tr("&Open the page"));
    m_close->setText(tr("Close"));
    m_use->setVisible(!omct()); // what each measurement's result is for
    m_open->setVisible(omct());
    showState();
    if (!m_outcomeText.isEmpty())
        m_outcome->setText(m_outcomeText);
}

void MeasureDialog::start()
{
    if (!m_station || (m_run && !m_shown.ended()) || m_working)
        return;
    const QString missing = RigCheckDialog::motionMissing(m_station);
    if (!missing.isEmpty()) {
        QMessageBox box(QMessageBox::Information, tr("Measure the platform"), missing,
                        QMessageBox::Ok, this);
        box.setObjectName(QStringLiteral("measureMotionMissing"));
        box.exec();
        return;
    }
    const QString minutes = QLocale().toString(totalS() / 60.0, 'f', 1);
    if (!RigCheckDialog::askSeatEmpty(
            this, tr("Measure the platform"), QStringLiteral("measureSeatQuestion"),
            tr("The measurement moves the platform on every axis for about %1 min. Only with the "
               "seat empty and the area clear.")
                .arg(minutes)))
        return;
    m_runIsOmct = omct();
    m_station->raiseStationEvent(Event{
        QStringLiteral("station"),
        QStringLiteral("station.measure_seat_empty"),
        Severity::Info,
        m_runIsOmct ? QStringLiteral("OMCT measurement confirmed with the seat empty (procedure "
                                     "step 2)")
                    : QStringLiteral("platform measurement confirmed with the seat empty "
                                     "(procedure step 2)"),
        {}});
    m_modelFile.clear();
    m_omctPage.clear();
    m_outcomeText.clear();
    m_outcome->clear();
    m_use->setEnabled(false);
    m_open->setEnabled(false);
    m_shown = PlatformMeasurementResult{};
    m_shown.state = PlatformMeasurementResult::State::Running;
    m_shown.totalS = totalS();
    // The platform already shows CUEING (checked above): no wait beyond the snapshot's.
    m_run = m_runIsOmct ? std::make_unique<rigcheck::MeasurementRun>(m_station, m_omctSettings, 2.0)
                        : std::make_unique<rigcheck::MeasurementRun>(m_station, m_settings, 2.0);
    connect(m_run.get(), &rigcheck::MeasurementRun::progressed, this,
            [this](const PlatformMeasurementResult &r) {
                m_shown = r;
                showState();
            });
    connect(m_run.get(), &rigcheck::MeasurementRun::finished, this, &MeasureDialog::onFinished);
    m_run->start();
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
        if (r.dof < 0)
            m_state->setText(tr("Handing the seat over from the simulator; %1 left.").arg(time));
        else if (m_runIsOmct)
            m_state->setText(tr("Input %1 of 6 (the aircraft's %2); %3 left.")
                                 .arg(r.dof + 1)
                                 .arg(RigStateText::dof(r.dof), time));
        else
            m_state->setText(tr("Axis %1 of 6 (%2); %3 left.")
                                 .arg(r.dof + 1)
                                 .arg(RigStateText::dof(r.dof), time));
        break;
    }
    case State::Done:
        m_state->setText(m_runIsOmct
                             ? tr("Measured: every input. The platform's cues ramp back in.")
                             : tr("Measured: every axis. The platform's cues ramp back in."));
        break;
    case State::Refused:
        m_state->setText(tr("Not started: %1.").arg(r.reason));
        break;
    case State::Stopped:
        m_state->setText(m_runIsOmct
                             ? tr("Stopped after %1 of 6 inputs: %2.").arg(r.dofsDone).arg(r.reason)
                             : tr("Stopped after %1 of 6 axes: %2.").arg(r.dofsDone).arg(r.reason));
        break;
    }
    const bool idle = !m_working && (!m_run || r.ended());
    m_start->setEnabled(idle);
    m_kindModel->setEnabled(idle);
    m_kindOmct->setEnabled(idle);
}

void MeasureDialog::showOutcome(const QString &text)
{
    m_outcomeText = text;
    m_outcome->setText(text);
}

void MeasureDialog::onFinished(const PlatformMeasurementResult &result)
{
    m_shown = result;
    showState();
    using State = PlatformMeasurementResult::State;
    if (result.state == State::Done || (result.state == State::Stopped && result.dofsDone > 0)) {
        m_working = true;
        showState();
        showOutcome(m_runIsOmct ? tr("Working out each test's gain and phase from what was "
                                     "measured…")
                                : tr("Identifying the platform's model from what was measured…"));
        QTimer::singleShot(measuredialog::kFlushWaitMs, this, [this, result] {
            if (m_runIsOmct)
                analyseOmct(result);
            else
                identify(result);
        });
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
                self->m_working = false;
                QStringList identified, kept;
                for (const dryrun::IdDof &d : files->result.dofs)
                    (d.excited ? identified : kept) << RigStateText::dof(d.dof);
                if (files->status == 3 || files->status == 4) {
                    self->showOutcome(tr("No model written: %1").arg(files->error));
                } else {
                    self->m_modelFile = files->modelFile;
                    self->showOutcome(
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
                                              "is partial.")));
                    self->m_use->setEnabled(true);
                }
                self->showState();
            };
        },
        this);
    connect(job, &DryRunJob::finished, job, &QObject::deleteLater);
    job->start();
}

void MeasureDialog::analyseOmct(const PlatformMeasurementResult &result)
{
    dryrun::OmctMeasuredInput in;
    in.sessionDir = m_station->sessionFolder();
    in.settings = m_omctSettings;
    in.run = result;
    if (result.cueFrame != 0) { // the cueing the link used; its other settings are the defaults
        in.options.cueing.frameId = result.cueFrame;
        in.options.cueing.masterGain = result.masterGain;
    }
    const QString dir = QDir(in.sessionDir).filePath(QStringLiteral("omct"));
    QPointer<MeasureDialog> self(this);
    auto *job = new DryRunJob(
        [in, dir, self](DryRunJob &) -> std::function<void()> {
            auto files =
                std::make_shared<dryrun::OmctFiles>(dryrun::analyseAndWriteOmct(in, dir, 1));
            return [self, files, dir,
                    stopped = in.run.state != PlatformMeasurementResult::State::Done] {
                if (!self)
                    return;
                if (!files->written) {
                    self->m_working = false;
                    self->showOutcome(tr("No results written: %1. Choose a session folder that "
                                         "can be written (Session panel) and measure again.")
                                          .arg(files->error));
                    self->showState();
                    return;
                }
                int measured = 0;
                const QJsonObject tests = files->json.value(QLatin1String("tests")).toObject();
                for (auto it = tests.constBegin(); it != tests.constEnd(); ++it)
                    for (const QJsonValue &p :
                         it.value().toObject().value(QLatin1String("points")).toArray())
                        if (p.toObject().value(QLatin1String("measured")).toBool()) {
                            ++measured;
                            break;
                        }
                QStringList interrupted;
                for (int axis = 0; axis < 6; ++axis)
                    if (files->measured.pause[std::size_t(axis)].interrupted)
                        interrupted << RigStateText::dof(axis);
                QString summary = tr("Measured %1 of 10 tests.").arg(measured);
                if (stopped)
                    summary += QLatin1Char(' ') +
                               tr("The measurement did not finish: these results are partial.");
                if (!interrupted.isEmpty())
                    summary += QLatin1Char(' ') +
                               tr("The recording paused on %1: the platform did not get the "
                                  "motion as designed there. Measure again with nothing else "
                                  "running on the PC.")
                                   .arg(interrupted.join(QStringLiteral(", ")));
                else if (!dryrun::omctMeasuredUsable(files->measured))
                    summary += QLatin1Char(' ') +
                               tr("No test agrees with itself between its two periods: the "
                                  "results say nothing. Check that the platform follows its "
                                  "cues (rig check), then measure again.");
                self->writeOmctPlots(files->json, dir, summary);
            };
        },
        this);
    connect(job, &DryRunJob::finished, job, &QObject::deleteLater);
    job->start();
}

void MeasureDialog::writeOmctPlots(const QJsonObject &json, const QString &dir,
                                   const QString &summary)
{
    // Drawn here (QCustomPlot is a widget), written on the job's thread.
    auto images = std::make_shared<std::vector<NamedImage>>(drawOmctPlots(json));
    QPointer<MeasureDialog> self(this);
    auto *job = new DryRunJob(
        [images, dir, summary, self](DryRunJob &) -> std::function<void()> {
            auto error = std::make_shared<QString>();
            const bool ok = writeImages(dir, *images, error.get());
            return [self, ok, error, dir, summary] {
                if (!self)
                    return;
                self->m_working = false;
                const QString page = QDir(dir).filePath(QStringLiteral("omct.html"));
                self->m_omctPage = page;
                self->m_open->setEnabled(true);
                self->showOutcome(
                    tr("The OMCT's page: %1\n%2").arg(QDir::toNativeSeparators(page), summary) +
                    (ok ? QString()
                        : QStringLiteral("\n") +
                              tr("The plots could not be written (%1): the page shows the "
                                 "figures without them.")
                                  .arg(*error)));
                self->showState();
            };
        },
        this);
    connect(job, &DryRunJob::finished, job, &QObject::deleteLater);
    job->start();
}

} // namespace hil
