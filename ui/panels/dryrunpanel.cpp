#include "ui/panels/dryrunpanel.h"
#include "core/post.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/maneuvers.h"
#include "platformmodel/modelfile.h"
#include "raven/cueingfile.h"
#include "station/station.h"
#include "ui/panels/dryrunjob.h"
#include "ui/panels/dryrunresults.h"
#include "ui/panels/dryrunsearch.h"
#include "ui/panels/dryrunsourcetitle.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

namespace hil {

DryRunPanel::DryRunPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("dryRunPanel"), station, parent)
{
    auto *split = new QSplitter(Qt::Horizontal);
    auto *left = new QWidget;
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(buildSource());
    leftLayout->addWidget(buildEditor(), 1);
    m_search = new DryRunSearchBox([this] {
        dryrun::DryRunOptions o;
        o.cueing = settings();
        o.model = m_model;
        o.modelFile = m_modelFile;
        return o;
    });
    connect(m_search, &DryRunSearchBox::suggestionUsed, this,
            [this](const raven::CueingSettings &suggested) {
                // Before and after side by side: the settings the suggestion replaces stay drawn.
                m_results->keepAsBefore();
                setSettings(suggested);
            });
    leftLayout->addWidget(m_search);
    split->addWidget(left);
    m_results = new DryRunResultsView;
    split->addWidget(m_results);
    split->setStretchFactor(1, 1);
    // In a scroll area: docked in the bottom tabs, the panel's minimum size must not make the
    // window's bottom area taller (the Motion panel's buttons must stay on screen at 1280×720).
    auto *scroll = new QScrollArea;
    scroll->setWidget(split);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    split->setMinimumSize(900, 520);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(scroll);
    setSettings(raven::CueingSettings{});
}

DryRunPanel::~DryRunPanel() = default; // the jobs (children) cancel and join

QString DryRunPanel::title() const
{
    return tr("Dry run");
}

QWidget *DryRunPanel::buildSource()
{
    auto *box = new QGroupBox;
    retranslate([=] { box->setTitle(tr("Recording or manoeuvre")); });
    auto *grid = new QGridLayout(box);
    m_source = new QComboBox;
    m_source->setObjectName(QStringLiteral("dryRunSourceCombo"));
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    // The operator's name for each built-in manoeuvre; the command line's (--dry-run
    // maneuver:NAME) in the tooltip, for the same run from a script.
    const QStringList maneuvers = dryrun::maneuverNames();
    for (const QString &name : maneuvers)
        m_source->addItem(QString(), QStringLiteral("maneuver:") + name);
    m_source->setCurrentIndex(-1);
    retranslate([this, maneuvers] {
        for (int i = 0; i < maneuvers.size(); ++i) {
            m_source->setItemText(i, DryRunSourceTitle::maneuver(maneuvers.at(i)));
            m_source->setItemData(i, QStringLiteral("maneuver:") + maneuvers.at(i),
                                  Qt::ToolTipRole);
        }
    });
    connect(m_source, qOverload<int>(&QComboBox::activated), this,
            [this](int i) { openSource(m_source->itemData(i).toString()); });
    auto *open = new QPushButton, *session = new QPushButton, *replay = new QPushButton;
    open->setObjectName(QStringLiteral("dryRunOpenButton"));
    session->setObjectName(QStringLiteral("dryRunSessionButton"));
    replay->setObjectName(QStringLiteral("dryRunReplayButton"));
    retranslate([=] {
        open->setText(tr("Open recording…"));
        open->setToolTip(tr("A session's state.csv or a .tlog"));
        session->setText(tr("This session"));
        replay->setText(tr("Replay's recording"));
    });
    connect(open, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(this, tr("Open a recording"), QString(),
                                         tr("Recordings (state.csv *.csv *.tlog);;All files (*)"));
        if (!path.isEmpty())
            openSource(path);
    });
    connect(session, &QPushButton::clicked, this,
            [this] { openSource(this->station()->sessionFolder()); });
    connect(replay, &QPushButton::clicked, this, [this] {
        const QString path = m_replaySource ? m_replaySource() : QString();
        if (path.isEmpty())
            emit errorRaised(tr("Dry run: the Replay panel has no recording open."));
        else
            openSource(path);
    });
    m_sourceNote = new QLabel;
    m_sourceNote->setObjectName(QStringLiteral("dryRunSourceNote"));
    m_sourceNote->setWordWrap(true);
    retranslate([this] { showSourceNote(); }); // composed again in the new language
    grid->addWidget(m_source, 0, 0, 1, 3);
    grid->addWidget(open, 1, 0);
    grid->addWidget(session, 1, 1);
    grid->addWidget(replay, 1, 2);
    grid->addWidget(m_sourceNote, 2, 0, 1, 3);

    // The platform model: what every figure here rests on, said where the figures are.
    auto *useModel = new QPushButton, *assumed = new QPushButton;
    useModel->setObjectName(QStringLiteral("dryRunModelButton"));
    assumed->setObjectName(QStringLiteral("dryRunAssumedModelButton"));
    m_modelNote = new QLabel;
    m_modelNote->setObjectName(QStringLiteral("dryRunModelNote"));
    m_modelNote->setWordWrap(true);
    retranslate([=] {
        useModel->setText(tr("Use this platform's model…"));
        useModel->setToolTip(
            tr("A platform model file, normally one measured on this platform (hilstation "
               "--platform-identify)"));
        assumed->setText(tr("Assumed model"));
        showModel();
    });
    connect(useModel, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open a platform model"), QString(), tr("Platform models (*.json)"));
        if (!path.isEmpty())
            openModel(path);
    });
    connect(assumed, &QPushButton::clicked, this, [this] {
        ++m_modelGeneration; // a model still loading is dropped
        m_model = platformmodel::ModelConfig();
        m_modelFile.clear();
        showModel();
        schedulePreview();
    });
    grid->addWidget(m_modelNote, 3, 0, 1, 3);
    grid->addWidget(useModel, 4, 0, 1, 2);
    grid->addWidget(assumed, 4, 2);
    return box;
}

void DryRunPanel::openModel(const QString &path)
{
    const int generation = ++m_modelGeneration;
    auto *job = new DryRunJob(
        [this, path, generation](DryRunJob &) -> std::function<void()> {
            platformmodel::ModelConfig config;
            QString error;
            if (!platformmodel::readModelFile(path, &config, &error))
                return [this, error, generation] {
                    if (generation != m_modelGeneration)
                        return;
                    emit errorRaised(tr("Dry run: this platform model cannot be used: %1. The "
                                        "model in use is unchanged.")
                                         .arg(error));
                };
            return [this, config, path, generation] {
                if (generation != m_modelGeneration)
                    return;
                m_model = config;
                m_modelFile = path;
                showModel();
                schedulePreview();
            };
        },
        this);
    connect(job, &DryRunJob::finished, job, &QObject::deleteLater);
    job->start();
}

void DryRunPanel::showModel()
{
    if (!m_modelNote)
        return;
    const platformmodel::ModelOrigin &o = m_model.origin;
    if (o.identified())
        m_modelNote->setText(
            tr("Platform model: measured on this platform %1 (%2). Tested on stand-ins only.")
                .arg(QLocale().toString(QDateTime::fromString(o.identifiedUtc, Qt::ISODate),
                                        QLocale::ShortFormat),
                     QFileInfo(m_modelFile).fileName()));
    else if (!m_modelFile.isEmpty())
        m_modelNote->setText(tr("Platform model: %1, not measured on the platform: its washout "
                                "is as written in the file.")
                                 .arg(QFileInfo(m_modelFile).fileName()));
    else
        m_modelNote->setText(tr("Platform model: assumed. Its washout is a guess until the "
                                "platform has been measured; the limit hits and the score "
                                "depend on it."));
    m_modelNote->setToolTip(o.sessions.join(QLatin1Char('\n')));
}

QWidget *DryRunPanel::buildEditor()
{
    auto *box = new QGroupBox;
    retranslate([=] { box->setTitle(tr("Cueing settings")); });
    auto *outer = new QVBoxLayout(box);
    auto *table = new QWidget;
    auto *grid = new QGridLayout(table);
    auto *gainHead = new QLabel, *tauHead = new QLabel, *limitHead = new QLabel;
    retranslate([=] {
        gainHead->setText(tr("Gain"));
        tauHead->setText(tr("Low-pass (s)"));
        limitHead->setText(tr("Limit (0 = platform's)"));
    });
    // The master gain first: it scales every axis's gain below, and is the setting that matters
    // most (cueing.h: 0.3 for a first ride).
    auto *masterRow = new QHBoxLayout;
    auto *masterLabel = new QLabel;
    m_master = new QDoubleSpinBox;
    m_master->setObjectName(QStringLiteral("dryRunMasterGain"));
    m_master->setRange(0.0, 2.0); // as the Motion panel's
    m_master->setSingleStep(0.05);
    m_master->setDecimals(2);
    m_master->setKeyboardTracking(false);
    masterLabel->setBuddy(m_master);
    retranslate([=] {
        masterLabel->setText(tr("&Master gain"));
        m_master->setToolTip(tr("Scales every axis's cue, angles included: the Motion panel's "
                                "master gain. 0.3 for a first ride."));
    });
    connect(m_master, qOverload<double>(&QDoubleSpinBox::valueChanged), this, [this] {
        if (!m_settingFromCode)
            schedulePreview();
    });
    masterRow->addWidget(masterLabel);
    masterRow->addWidget(m_master);
    masterRow->addStretch(1);
    outer->addLayout(masterRow);
    grid->addWidget(gainHead, 0, 1);
    grid->addWidget(tauHead, 0, 2);
    grid->addWidget(limitHead, 0, 3);
    for (int a = 0; a < kEditedAxes; ++a) {
        const QString key = QLatin1String(raven::kCueingAxisKeys[a]);
        grid->addWidget(new QLabel(key), a + 1, 0); // the file's axis names: not translated
        auto spin = [&](const char *what, double max, double step, int decimals) {
            auto *s = new QDoubleSpinBox;
            s->setObjectName(QStringLiteral("dryRun%1_%2").arg(QLatin1String(what), key));
            s->setRange(0.0, max);
            s->setSingleStep(step);
            s->setDecimals(decimals);
            s->setKeyboardTracking(false); // a typed number counts once, when complete
            connect(s, qOverload<double>(&QDoubleSpinBox::valueChanged), this, [this] {
                if (!m_settingFromCode)
                    schedulePreview();
            });
            return s;
        };
        m_gain[std::size_t(a)] = spin("Gain", 5.0, 0.05, 3);
        m_tau[std::size_t(a)] = spin("LowPass", 5.0, 0.01, 3);
        m_limit[std::size_t(a)] = spin("Limit", 100.0, 0.1, 3);
        grid->addWidget(m_gain[std::size_t(a)], a + 1, 1);
        grid->addWidget(m_tau[std::size_t(a)], a + 1, 2);
        grid->addWidget(m_limit[std::size_t(a)], a + 1, 3);
    }
    auto *scroll = new QScrollArea;
    scroll->setWidget(table);
    scroll->setWidgetResizable(true);
    outer->addWidget(scroll, 1);

    auto *buttons = new QGridLayout;
    m_fromMotion = new QPushButton;
    m_fromMotion->setObjectName(QStringLiteral("dryRunFromMotionButton"));
    m_fromMotion->hide();
    auto *apply = new QPushButton;
    apply->setObjectName(QStringLiteral("dryRunApplyButton"));
    retranslate([=] {
        m_fromMotion->setText(tr("From Motion panel"));
        apply->setText(tr("Apply to platform"));
        apply->setToolTip(tr("Asks first; refused while the platform is CUEING"));
    });
    connect(m_fromMotion, &QPushButton::clicked, this, [this] {
        if (m_getMotion)
            setSettings(m_getMotion());
    });
    connect(apply, &QPushButton::clicked, this, &DryRunPanel::applyToPlatform);
    m_applyNote = new QLabel;
    m_applyNote->setObjectName(QStringLiteral("dryRunApplyNote"));
    m_applyNote->setWordWrap(true);
    buttons->addWidget(m_fromMotion, 0, 0);
    buttons->addWidget(apply, 0, 1);
    buttons->addWidget(m_applyNote, 1, 0, 1, 2);
    outer->addLayout(buttons);
    return box;
}

void DryRunPanel::setMotionSettingsHooks(std::function<raven::CueingSettings()> get,
                                         std::function<void(const raven::CueingSettings &)> set)
{
    m_getMotion = std::move(get);
    m_setMotion = std::move(set);
    m_fromMotion->setVisible(bool(m_getMotion));
    if (m_getMotion)
        setSettings(m_getMotion());
}

raven::CueingSettings DryRunPanel::settings() const
{
    raven::CueingSettings s = m_base;
    s.masterGain = m_master->value();
    for (std::size_t a = 0; a < std::size_t(kEditedAxes); ++a) {
        s.axes[a].gain = m_gain[a]->value();
        s.axes[a].lowPassTauS = m_tau[a]->value();
        s.axes[a].limit = m_limit[a]->value();
    }
    return s;
}

void DryRunPanel::setSettings(const raven::CueingSettings &s)
{
    m_base = s;
    m_settingFromCode = true;
    m_master->setValue(s.masterGain);
    for (std::size_t a = 0; a < std::size_t(kEditedAxes); ++a) {
        m_gain[a]->setValue(s.axes[a].gain);
        m_tau[a]->setValue(s.axes[a].lowPassTauS);
        m_limit[a]->setValue(s.axes[a].limit);
    }
    m_settingFromCode = false;
    schedulePreview();
}

void DryRunPanel::showSourceNote()
{
    if (m_sourceLoading)
        m_sourceNote->setText(tr("Loading %1…").arg(m_sourceSpec));
    else if (!m_sourceError.isEmpty())
        m_sourceNote->setText(m_sourceError);
    else if (m_input)
        m_sourceNote->setText(
            tr("%1: %2 frames, %3 s")
                .arg(DryRunSourceTitle::of(*m_input))
                .arg(m_input->frames.size())
                .arg(QLocale().toString(m_input->timesS.back() - m_input->timesS.front(), 'f', 1)));
    else
        m_sourceNote->clear();
}

bool DryRunPanel::isBusy() const
{
    return (m_loadJob && m_loadJob->isRunning()) || (m_previewJob && m_previewJob->isRunning()) ||
           m_previewPending;
}

void DryRunPanel::openSource(const QString &spec)
{
    // An older load still running finishes on its own (reading cannot be interrupted) and its
    // result is dropped: the GUI thread never waits for it.
    const int generation = ++m_loadGeneration;
    m_sourceSpec = spec;
    m_sourceLoading = true;
    showSourceNote();
    auto input = std::make_shared<dryrun::DryRunInput>();
    auto *job = new DryRunJob(
        [this, spec, input, generation](DryRunJob &) -> std::function<void()> {
            QString error;
            dryrun::DryRunInput::Error kind;
            if (!input->load(spec, &error, &kind))
                return [this, error, generation] {
                    if (generation != m_loadGeneration)
                        return;
                    m_sourceLoading = false;
                    m_sourceError = error;
                    showSourceNote();
                    emit errorRaised(tr("Dry run: %1").arg(error));
                };
            return [this, input, generation] {
                if (generation != m_loadGeneration)
                    return;
                m_input = input;
                m_sourceLoading = false;
                m_sourceError.clear();
                m_search->setOpenRecording(input);
                m_results->clearBefore(); // another recording: nothing to compare with
                showSourceNote();
                schedulePreview();
            };
        },
        this);
    connect(job, &DryRunJob::finished, job, &QObject::deleteLater);
    m_loadJob = job;
    job->start();
}

void DryRunPanel::schedulePreview()
{
    if (!m_input)
        return;
    if (m_previewJob && m_previewJob->isRunning()) {
        m_previewPending = true; // one more run with the latest settings afterwards
        return;
    }
    m_previewPending = false;
    dryrun::DryRunOptions options;
    options.cueing = settings();
    options.model = m_model;
    options.modelFile = m_modelFile;
    auto input = m_input;
    auto result = std::make_shared<dryrun::Preview>();
    auto figures = std::make_shared<Figures>();
    QPointer<DryRunPanel> self(this);
    // The 50 Hz preview first (the plots, at once), then the same settings at the model's full
    // rate for the figures: what report.json and the settings search say.
    auto *job = new DryRunJob(
        [input, options, result, figures, self](DryRunJob &job) -> std::function<void()> {
            auto preview = std::make_shared<dryrun::Preview>(dryrun::runPreview(*input, options));
            job.post([self, preview] {
                if (!self)
                    return;
                self->m_results->setPreview(std::move(*preview));
            });
            if (job.cancelled())
                return {};
            const dryrun::DryRunResult full = dryrun::runDryRun(*input, options);
            figures->score = dryrun::scorePerception(*input, full, options.model.rateHz);
            for (int i = 0; i < 6; ++i) {
                figures->axisHits[std::size_t(i)] = int(dryrun::limitHits(full, i, false).size());
                figures->actuatorHits[std::size_t(i)] =
                    int(dryrun::limitHits(full, i, true).size());
            }
            return {};
        },
        this);
    connect(job, &DryRunJob::finished, this, [this, job, figures] {
        job->deleteLater();
        if (!job->cancelled()) {
            m_results->setFigures(*figures);
        }
        if (m_previewPending)
            schedulePreview();
    });
    m_previewJob = job;
    job->start();
}

void DryRunPanel::setApplyNote(const QString &text, bool error)
{
    m_applyNote->setText(text);
    m_applyNote->setStyleSheet(error ? QStringLiteral("color: #c0392b;") : QString());
}

void DryRunPanel::applyToPlatform()
{
    // The link that moves a person and takes cueing settings from outside: by what its
    // descriptor declares, never by name.
    const auto target = [this]() -> std::pair<Worker *, const LinkDescriptor *> {
        for (const LinkDescriptor &d : station()->registry().all())
            if (d.motion && d.motion->applyCueing)
                if (Worker *w = station()->worker(d.name))
                    return {w, &d};
        return {nullptr, nullptr};
    };
    if (!target().first) {
        setApplyNote(tr("Not applied: the motion platform link is not running."), true);
        return;
    }
    // Refused at once when the platform already reports CUEING (no question asked)...
    if (station()->platformMode() == raven::ModeCueing) {
        setApplyNote(tr("Refused: the platform is CUEING. Park it (LEVEL BRAKE) first."), true);
        return;
    }
    const int answer = QMessageBox::question(
        this, tr("Apply to platform"),
        tr("Send these cueing settings to the motion platform link? The Motion panel shows them "
           "too."),
        QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
    if (answer != QMessageBox::Yes) {
        setApplyNote(tr("Not applied."), false);
        return;
    }
    // ... and checked again in the link's thread, right before the settings change: the mode
    // may have changed while the question was open (the link may even have stopped).
    const auto [link, d] = target();
    if (!link) {
        setApplyNote(tr("Not applied: the motion platform link is not running."), true);
        return;
    }
    const raven::CueingSettings s = settings();
    QPointer<DryRunPanel> self(this);
    d->motion->applyCueing(link, raven::writeCueingFile(s), [self, s](bool applied, QString) {
        if (!self)
            return;
        if (!applied) {
            self->setApplyNote(tr("Refused: the platform is CUEING. Park it (LEVEL BRAKE) first."),
                               true);
            return;
        }
        self->setApplyNote(tr("Applied to the platform link."), false);
        if (self->m_setMotion)
            self->m_setMotion(s);
    });
}

} // namespace hil
