#include "ui/panels/dryrunpanel.h"
#include "core/post.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/maneuvers.h"
#include "platformmodel/modelfile.h"
#include "raven/cueingfile.h"
#include "station/station.h"
#include "ui/panels/dryrunjob.h"
#include "ui/panels/dryrunsearch.h"
#include "ui/rigstatetext.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace hil {

namespace {
constexpr double kRadToDeg = 57.29577951308232;

double poseValue(const platformmodel::Pose &p, int d)
{
    const double v[6] = {p.surgeM, p.swayM, p.heaveM, p.rollRad, p.pitchRad, p.yawRad};
    return v[d];
}
} // namespace

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
                if (m_preview)
                    m_before = std::make_unique<dryrun::Preview>(*m_preview);
                if (m_figures)
                    m_beforeFigures = std::make_unique<Figures>(*m_figures);
                setSettings(suggested);
            });
    leftLayout->addWidget(m_search);
    split->addWidget(left);
    split->addWidget(buildResults());
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
    for (const QString &name : dryrun::maneuverNames())
        m_source->addItem(name, QStringLiteral("maneuver:") + name);
    m_source->setCurrentIndex(-1);
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

QWidget *DryRunPanel::buildResults()
{
    auto *w = new QWidget;
    auto *v = new QVBoxLayout(w);
    v->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    m_axis = new QComboBox;
    m_axis->setObjectName(QStringLiteral("dryRunAxisCombo"));
    for (int d = 0; d < 6; ++d)
        m_axis->addItem(QString());
    connect(m_axis, qOverload<int>(&QComboBox::currentIndexChanged), this, [this] { drawAxis(); });
    m_score = new QLabel;
    m_score->setObjectName(QStringLiteral("dryRunScoreLabel"));
    row->addWidget(m_axis);
    row->addWidget(m_score, 1);
    v->addLayout(row);
    m_plot = new QCustomPlot;
    m_plot->setObjectName(QStringLiteral("dryRunPlot"));
    m_plot->setMinimumHeight(220);
    m_plot->plotLayout()->addElement(1, 0, new QCPAxisRect(m_plot));
    // A legend inside each plot's top-left corner (QCustomPlot's own one belongs to the first).
    for (int i = 0; i < 2; ++i) {
        QCPAxisRect *r = m_plot->axisRect(i);
        auto *legend = i == 0 ? m_plot->legend : new QCPLegend;
        if (i == 1) {
            r->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignLeft);
            legend->setLayer(QStringLiteral("legend"));
        } else {
            r->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
        }
        legend->setVisible(true);
        legend->setBrush(QColor(255, 255, 255, 200));
        // In rows across the plot's top: a column of five entries would hide the first seconds.
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        legend->setWrap(3);
        legend->setRowSpacing(0);
        QFont small = legend->font();
        small.setPointSizeF(small.pointSizeF() * 0.85);
        legend->setFont(small);
        (i == 0 ? m_topLegend : m_bottomLegend) = legend;
    }
    m_plot->setAutoAddPlottableToLegend(false);
    v->addWidget(m_plot, 2);
    m_table = new QTableWidget(6, 5);
    m_table->setObjectName(QStringLiteral("dryRunScoreTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(true);
    retranslate([=] {
        QStringList rows;
        for (int d = 0; d < 6; ++d) {
            rows << RigStateText::dof(d);
            m_axis->setItemText(d, RigStateText::dof(d));
        }
        m_table->setVerticalHeaderLabels(rows);
        m_table->setHorizontalHeaderLabels(
            {tr("Score"), tr("nRMSE"), tr("r"), tr("False cues (n · θ·s)"), tr("End-stop hits")});
        const QString tips[5] = {
            tr("This axis's score: 1 − its perception error over a still seat's (1 is perfect, "
               "0 no better than sitting still, below 0 worse)"),
            tr("Root-mean-square error between what the rider and the pilot feel, over the "
               "pilot's range (0 is perfect)"),
            tr("Correlation between what the rider and the pilot feel (1: same shape, 0: none, "
               "below 0: opposite)"),
            tr("False cues: how often the rider feels a motion the pilot does not, or the "
               "opposite one, above the perception threshold (tilt included); then their weight, "
               "in thresholds × seconds"),
            tr("Times this axis reaches its end stop; the actuators' stroke hits are in the line "
               "above")};
        for (int c = 0; c < 5; ++c)
            if (QTableWidgetItem *h = m_table->horizontalHeaderItem(c))
                h->setToolTip(tips[c]);
        // The figures' line, cells and plots are composed texts: written again in the new language.
        if (m_preview)
            showPreview();
    });
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    v->addWidget(m_table, 1);
    return w;
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
    m_sourceNote->setText(tr("Loading %1…").arg(spec));
    auto input = std::make_shared<dryrun::DryRunInput>();
    auto *job = new DryRunJob(
        [this, spec, input, generation](DryRunJob &) -> std::function<void()> {
            QString error;
            dryrun::DryRunInput::Error kind;
            if (!input->load(spec, &error, &kind))
                return [this, error, generation] {
                    if (generation != m_loadGeneration)
                        return;
                    m_sourceNote->setText(error);
                    emit errorRaised(tr("Dry run: %1").arg(error));
                };
            return [this, input, generation] {
                if (generation != m_loadGeneration)
                    return;
                m_input = input;
                m_search->setOpenRecording(input);
                m_before.reset(); // another recording: nothing to compare with
                m_beforeFigures.reset();
                m_sourceNote->setText(
                    tr("%1: %2 frames, %3 s")
                        .arg(input->displayName())
                        .arg(input->frames.size())
                        .arg(QLocale().toString(input->timesS.back() - input->timesS.front(), 'f',
                                                1)));
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
                self->m_preview = std::make_unique<dryrun::Preview>(std::move(*preview));
                self->m_figures.reset();
                self->showPreview();
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
            m_figures = std::make_unique<Figures>(*figures);
            showPreview();
        }
        if (m_previewPending)
            schedulePreview();
    });
    m_previewJob = job;
    job->start();
}

int DryRunPanel::Figures::total() const
{
    int n = 0;
    for (int i = 0; i < 6; ++i)
        n += axisHits[std::size_t(i)] + actuatorHits[std::size_t(i)];
    return n;
}

int DryRunPanel::Figures::actuatorTotal() const
{
    int n = 0;
    for (int h : actuatorHits)
        n += h;
    return n;
}

void DryRunPanel::showPreview()
{
    // The figures are the full rate's; until they are there the preview's stand in, marked "≈".
    const Figures *f = m_figures.get();
    const dryrun::PerceptionScore &score = f ? f->score : m_preview->score;
    Figures fromPreview;
    if (!f) {
        for (int i = 0; i < 6; ++i) {
            fromPreview.axisHits[std::size_t(i)] =
                int(dryrun::limitHits(m_preview->result, i, false).size());
            fromPreview.actuatorHits[std::size_t(i)] =
                int(dryrun::limitHits(m_preview->result, i, true).size());
        }
    }
    const Figures &hits = f ? *f : fromPreview;
    const QString approx = f ? QString() : QStringLiteral("≈");
    QString text = tr("Score %1%2 of 100 · limit hits %3%4: %5 at an axis's end stop, %6 at an "
                      "actuator's stroke")
                       .arg(approx, QLocale().toString(score.overall, 'f', 1))
                       .arg(approx)
                       .arg(hits.total())
                       .arg(hits.total() - hits.actuatorTotal())
                       .arg(hits.actuatorTotal());
    if (m_beforeFigures)
        text +=
            QLatin1Char('\n') + tr("Before the suggestion: score %1, limit hits %2")
                                    .arg(QLocale().toString(m_beforeFigures->score.overall, 'f', 1))
                                    .arg(m_beforeFigures->total());
    if (!f)
        text += QLatin1Char('\n') + tr("(from the 50 Hz preview; the full-rate figures follow)");
    m_score->setText(text);
    m_score->setToolTip(
        tr("Score: how well the rider's felt motion follows the pilot's, 0 to 100 (100 · the "
           "skill %1 over a still seat, which scores 0). Limit hits: times the platform reaches "
           "an end of its travel; the table's column counts the axes', the plot marks both. "
           "Figures at the model's full rate, as report.json and the settings search give them; "
           "the plots come from a 50 Hz preview.")
            .arg(QLocale().toString(score.skill, 'f', 3)));
    // "now (before)" in a cell when a suggestion has been used.
    // An axis the pilot does not feel has no score of its own (perceptionscore.h).
    const auto number = [](double v, int decimals) {
        return std::isfinite(v) ? QLocale().toString(v, 'f', decimals) : tr("unused");
    };
    const Figures *was = m_beforeFigures.get();
    const auto cell = [was, number](double now, double before, int decimals) {
        const QString n = number(now, decimals);
        return was ? tr("%1 (%2)").arg(n, number(before, decimals)) : n;
    };
    for (int d = 0; d < 6; ++d) {
        const dryrun::AxisPerceptionScore &a = score.axes[std::size_t(d)];
        const dryrun::AxisPerceptionScore &b = was ? was->score.axes[std::size_t(d)] : a;
        const int axisHits = hits.axisHits[std::size_t(d)];
        const QString cells[5] = {
            cell(a.score, b.score, 3), cell(a.nrmse, b.nrmse, 3),
            std::isfinite(a.pearson) ? QLocale().toString(a.pearson, 'f', 3) : QStringLiteral("–"),
            // events and their weight, threshold·s (the tilt's are among them)
            tr("%1 · %2")
                .arg(a.falseCueEvents)
                .arg(QLocale().toString(a.falseCueThresholdS, 'f', 1)),
            cell(axisHits, was ? was->axisHits[std::size_t(d)] : axisHits, 0)};
        for (int c = 0; c < 5; ++c) {
            auto *item = m_table->item(d, c);
            if (!item)
                m_table->setItem(d, c, item = new QTableWidgetItem);
            item->setText(approx + cells[c]);
        }
    }
    drawAxis();
}

void DryRunPanel::drawAxis()
{
    m_plot->clearGraphs();
    m_plot->clearItems();
    if (!m_preview) {
        m_plot->replot();
        return;
    }
    const dryrun::Preview &p = *m_preview;
    const int d = std::max(0, m_axis->currentIndex());
    const double scale = d < 3 ? 1.0 : kRadToDeg;
    QCPAxisRect *top = m_plot->axisRect(0), *bottom = m_plot->axisRect(1);
    const dryrun::PerceptionTrace &tr_ = p.score.trace;
    const double poseScale = d < 3 ? 1000.0 : kRadToDeg;
    QVector<double> t(tr_.timeS.begin(), tr_.timeS.end()), air;
    for (std::size_t i = 0; i < tr_.timeS.size(); ++i)
        air.append(tr_.aircraft[std::size_t(d)][i] * scale);
    // A preview's platform side on this axis, at its trace's times: perceived, and the pose.
    const auto platformOf = [&](const dryrun::Preview &q, QVector<double> *felt,
                                QVector<double> *pose) {
        for (std::size_t i = 0; i < q.score.trace.timeS.size(); ++i) {
            felt->append(q.score.trace.platform[std::size_t(d)][i] * scale);
            const std::size_t k =
                std::min(q.result.samples.size() - 1, i * std::size_t(q.traceStride));
            pose->append(poseValue(q.result.samples[k].step.pose, d) * poseScale);
        }
    };
    QVector<double> plat, pose;
    platformOf(p, &plat, &pose);
    auto graph = [&](QCPAxisRect *r, const QVector<double> &y, const QColor &c) {
        QCPGraph *g = m_plot->addGraph(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
        g->setData(t, y, true);
        g->setPen(QPen(c, 1.5));
        g->setName(QString()); // unnamed lines stay out of the legend
        return g;
    };
    graph(top, air, QColor(40, 40, 40))->setName(tr("aircraft (pilot)"));
    graph(top, plat, QColor(30, 80, 200))->setName(tr("platform (rider)"));
    // The pose against the envelope (a band), at the trace's times.
    const double lo = p.options.model.envelope.dofMin[std::size_t(d)] * poseScale;
    const double hi = p.options.model.envelope.dofMax[std::size_t(d)] * poseScale;
    QVector<double> low(t.size(), lo), high(t.size(), hi);
    QCPGraph *gl = graph(bottom, low, QColor(90, 150, 90));
    QCPGraph *gh = graph(bottom, high, QColor(90, 150, 90));
    gh->setBrush(QColor(90, 170, 90, 40));
    gh->setChannelFillGraph(gl);
    gh->setName(tr("travel (the platform's envelope)"));
    graph(bottom, pose, QColor(30, 80, 200))->setName(tr("platform's pose"));
    if (m_before && m_before->score.trace.timeS.size() == tr_.timeS.size()) {
        // Before the suggestion, dashed grey, on the same times (same recording, same preview).
        QVector<double> platBefore, poseBefore;
        platformOf(*m_before, &platBefore, &poseBefore);
        const QPen dashed(QColor(140, 140, 140), 1.2, Qt::DashLine);
        QCPGraph *gb = graph(top, platBefore, QColor());
        gb->setPen(dashed);
        gb->setName(tr("platform before the suggestion"));
        QCPGraph *pb = graph(bottom, poseBefore, QColor());
        pb->setPen(dashed);
        pb->setName(tr("pose before the suggestion"));
    }
    // Where the platform runs out of travel: this axis at its end stop (red), any actuator at its
    // stroke (dark red: it limits every axis at once).
    const QColor axisHit(220, 40, 40, 90), strokeHit(120, 0, 0, 110);
    std::vector<std::pair<dryrun::LimitHit, QColor>> bands;
    for (const dryrun::LimitHit &h : dryrun::limitHits(p.result, d, false))
        bands.emplace_back(h, axisHit);
    for (int a = 0; a < 6; ++a)
        for (const dryrun::LimitHit &h : dryrun::limitHits(p.result, a, true))
            bands.emplace_back(h, strokeHit);
    for (const auto &[h, colour] : bands) {
        auto *r = new QCPItemRect(m_plot);
        r->setClipAxisRect(bottom);
        for (QCPItemPosition *pos : {r->topLeft, r->bottomRight}) {
            pos->setAxisRect(bottom);
            pos->setAxes(bottom->axis(QCPAxis::atBottom), bottom->axis(QCPAxis::atLeft));
            pos->setTypeX(QCPItemPosition::ptPlotCoords);
            pos->setTypeY(QCPItemPosition::ptAxisRectRatio);
        }
        r->topLeft->setCoords(h.startS, 0.0);
        r->bottomRight->setCoords(std::max(h.endS, h.startS + 0.05), 1.0);
        r->setPen(Qt::NoPen);
        r->setBrush(colour);
    }
    // The legends: one per plot, the bands' colours as empty graphs that only name them.
    const auto swatch = [&](const QColor &c, const QString &name) {
        QCPGraph *g =
            m_plot->addGraph(bottom->axis(QCPAxis::atBottom), bottom->axis(QCPAxis::atLeft));
        g->setPen(QPen(c, 8));
        g->setName(name);
    };
    swatch(axisHit, tr("this axis at its end stop"));
    swatch(strokeHit, tr("an actuator at its stroke"));
    for (QCPAxisRect *r : {top, bottom}) {
        QCPLegend *legend = r == top ? m_topLegend : m_bottomLegend;
        legend->clearItems();
        for (int g = 0; g < m_plot->graphCount(); ++g) {
            QCPGraph *graph = m_plot->graph(g);
            if (graph->keyAxis()->axisRect() == r && !graph->name().isEmpty())
                legend->addItem(new QCPPlottableLegendItem(legend, graph));
        }
    }
    top->axis(QCPAxis::atLeft)->setLabel(d < 3 ? tr("perceived (m/s²)") : tr("perceived (°/s)"));
    bottom->axis(QCPAxis::atLeft)->setLabel(d < 3 ? tr("pose (mm)") : tr("pose (°)"));
    bottom->axis(QCPAxis::atBottom)->setLabel(tr("time (s)"));
    m_plot->rescaleAxes();
    m_plot->replot();
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
