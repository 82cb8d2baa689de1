#include "ui/panels/dryrunpanel.h"
#include "core/post.h"
#include "dryrun/dryrunreport.h"
#include "dryrun/maneuvers.h"
#include "raven/cueingfile.h"
#include "raven/ravenlink.h"
#include "station/station.h"
#include "ui/panels/dryrunjob.h"
#include "ui/panels/dryrunsearch.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace hil {

namespace {
const char *const kDof[6] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};
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
    m_search = new DryRunSearchBox([this] { return settings(); });
    connect(m_search, &DryRunSearchBox::suggestionUsed, this,
            [this](const raven::CueingSettings &suggested) {
                // Before and after side by side: the settings the suggestion replaces stay drawn.
                if (m_preview)
                    m_before = std::make_unique<dryrun::Preview>(*m_preview);
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
    return box;
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
    for (const char *d : kDof)
        m_axis->addItem(QLatin1String(d));
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
    v->addWidget(m_plot, 2);
    m_table = new QTableWidget(6, 5);
    m_table->setObjectName(QStringLiteral("dryRunScoreTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(true);
    QStringList rows;
    for (const char *d : kDof)
        rows << QLatin1String(d);
    m_table->setVerticalHeaderLabels(rows);
    retranslate([=] {
        m_table->setHorizontalHeaderLabels(
            {tr("Score"), tr("nRMSE"), tr("r"), tr("False cues"), tr("Limit hits")});
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
                m_sourceNote->setText(
                    tr("%1: %2 frames, %3 s")
                        .arg(input->displayName())
                        .arg(input->frames.size())
                        .arg(input->timesS.back() - input->timesS.front(), 0, 'f', 1));
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
    auto input = m_input;
    auto result = std::make_shared<dryrun::Preview>();
    auto *job = new DryRunJob(
        [input, options, result](DryRunJob &) -> std::function<void()> {
            *result = dryrun::runPreview(*input, options);
            return {};
        },
        this);
    connect(job, &DryRunJob::finished, this, [this, job, result] {
        m_preview = std::make_unique<dryrun::Preview>(std::move(*result));
        job->deleteLater();
        showPreview();
        if (m_previewPending)
            schedulePreview();
    });
    m_previewJob = job;
    job->start();
}

void DryRunPanel::showPreview()
{
    const dryrun::Preview &p = *m_preview;
    QString text = tr("Score %1 of 100 (skill %2 over a still seat) · %3 predicted limit hits")
                       .arg(p.score.overall, 0, 'f', 1)
                       .arg(p.score.skill, 0, 'f', 3)
                       .arg(p.limitHits);
    if (m_before)
        text += tr(" (before the suggestion: %1 · %2)")
                    .arg(m_before->score.overall, 0, 'f', 1)
                    .arg(m_before->limitHits);
    m_score->setText(text);
    // "now (before)" in a cell when a suggestion has been used.
    // An axis the pilot does not feel has no score of its own (perceptionscore.h).
    const auto number = [](double v, int decimals) {
        return std::isfinite(v) ? QString::number(v, 'f', decimals) : tr("unused");
    };
    const auto cell = [this, number](double now, auto was, int decimals) {
        const QString n = number(now, decimals);
        return m_before ? tr("%1 (%2)").arg(n, number(double(was), decimals)) : n;
    };
    for (int d = 0; d < 6; ++d) {
        const dryrun::AxisPerceptionScore &a = p.score.axes[std::size_t(d)];
        const dryrun::AxisPerceptionScore &b = m_before ? m_before->score.axes[std::size_t(d)] : a;
        const int hits = int(dryrun::limitHits(p.result, d, false).size());
        const int hitsBefore =
            m_before ? int(dryrun::limitHits(m_before->result, d, false).size()) : hits;
        const QString cells[5] = {
            cell(a.score, b.score, 3), cell(a.nrmse, b.nrmse, 3),
            std::isfinite(a.pearson) ? QString::number(a.pearson, 'f', 3) : QStringLiteral("–"),
            // events and their weight, threshold·s (the tilt's are among them)
            tr("%1 · %2").arg(a.falseCueEvents).arg(a.falseCueThresholdS, 0, 'f', 1),
            cell(hits, hitsBefore, 0)};
        for (int c = 0; c < 5; ++c) {
            auto *item = m_table->item(d, c);
            if (!item)
                m_table->setItem(d, c, item = new QTableWidgetItem);
            item->setText(cells[c]);
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
    graph(bottom, pose, QColor(30, 80, 200));
    if (m_before && m_before->score.trace.timeS.size() == tr_.timeS.size()) {
        // Before the suggestion, dashed grey, on the same times (same recording, same preview).
        QVector<double> platBefore, poseBefore;
        platformOf(*m_before, &platBefore, &poseBefore);
        const QPen dashed(QColor(140, 140, 140), 1.2, Qt::DashLine);
        QCPGraph *gb = graph(top, platBefore, QColor());
        gb->setPen(dashed);
        gb->setName(tr("platform before the suggestion"));
        graph(bottom, poseBefore, QColor())->setPen(dashed);
    }
    for (const dryrun::LimitHit &h : dryrun::limitHits(p.result, d, false)) {
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
        r->setBrush(QColor(220, 40, 40, 90));
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
    auto *link = qobject_cast<RavenLink *>(station()->motionLink()); // the link that moves a person
    if (!link) {
        setApplyNote(tr("Not applied: the motion platform link is not running."), true);
        return;
    }
    // Refused at once when the platform already reports CUEING (no question asked)...
    if (link->reportedMode() == raven::ModeCueing) {
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
    // may have changed while the question was open.
    const raven::CueingSettings s = settings();
    QPointer<DryRunPanel> self(this);
    // Queued to the link itself: it runs only while the link exists (as the Motion panel's).
    postTo(link, [link, s, self] {
        const bool refused = link->reportedMode() == raven::ModeCueing;
        if (!refused)
            link->setCueingSettings(s);
        postTo(qApp, [self, refused, s] {
            if (!self)
                return;
            if (refused) {
                self->setApplyNote(
                    tr("Refused: the platform is CUEING. Park it (LEVEL BRAKE) first."), true);
                return;
            }
            self->setApplyNote(tr("Applied to the platform link."), false);
            if (self->m_setMotion)
                self->m_setMotion(s);
        });
    });
}

} // namespace hil
