#include "ui/panels/replaypanel.h"
#include "core/post.h"
#include "session/sessionreplay.h"
#include "station/station.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>
#include <algorithm>
#include <climits>

namespace hil {

namespace {
constexpr int kSliderSteps = 10000;
const double kSpeeds[] = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0};

QString clock(double s)
{
    const int whole = int(s);
    return QStringLiteral("%1:%2.%3")
        .arg(whole / 60)
        .arg(whole % 60, 2, 10, QLatin1Char('0'))
        .arg(int((s - whole) * 10), 1, 10, QLatin1Char('0'));
}
} // namespace

ReplayPanel::ReplayPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("replayPanel"), station, parent),
      m_openFolder(new QPushButton(tr("Open session..."))),
      m_openFile(new QPushButton(tr("Open .tlog..."))), m_play(new QPushButton(tr("Play"))),
      m_speed(new QComboBox), m_slider(new QSlider(Qt::Horizontal)),
      m_loop(new QCheckBox(tr("Loop"))), m_position(new QLabel),
      m_intoMotion(new QCheckBox(tr("Replay into the motion platform"))),
      m_from(new QDoubleSpinBox), m_to(new QDoubleSpinBox), m_columns(new QLineEdit),
      m_export(new QPushButton(tr("Export CSV..."))), m_loadProgress(new QProgressBar),
      m_loadCancel(new QPushButton(tr("Cancel"))), m_exportProgress(new QProgressBar),
      m_exportCancel(new QPushButton(tr("Cancel"))), m_exportStatus(new QLabel)
{
    m_openFolder->setObjectName(QStringLiteral("replayOpenFolder"));
    m_openFile->setObjectName(QStringLiteral("replayOpenFile"));
    m_play->setObjectName(QStringLiteral("replayPlay"));
    m_speed->setObjectName(QStringLiteral("replaySpeed"));
    m_slider->setObjectName(QStringLiteral("replaySlider"));
    m_loop->setObjectName(QStringLiteral("replayLoop"));
    m_position->setObjectName(QStringLiteral("replayPosition"));
    m_intoMotion->setObjectName(QStringLiteral("replayIntoMotion"));
    m_export->setObjectName(QStringLiteral("replayExport"));
    m_columns->setObjectName(QStringLiteral("replayColumns"));
    m_loadProgress->setObjectName(QStringLiteral("replayLoadProgress"));
    m_loadCancel->setObjectName(QStringLiteral("replayLoadCancel"));
    m_exportProgress->setObjectName(QStringLiteral("replayExportProgress"));
    m_exportCancel->setObjectName(QStringLiteral("replayExportCancel"));
    m_exportStatus->setObjectName(QStringLiteral("replayExportStatus"));
    for (QProgressBar *bar : {m_loadProgress, m_exportProgress}) {
        bar->setRange(0, 1000);
        bar->setMaximumWidth(240);
        bar->hide();
    }
    m_loadCancel->hide();
    m_exportCancel->hide();
    for (double s : kSpeeds)
        m_speed->addItem(QStringLiteral("%1×").arg(s), s);
    m_speed->setCurrentIndex(2);
    m_slider->setRange(0, kSliderSteps);
    for (QDoubleSpinBox *box : {m_from, m_to}) {
        box->setDecimals(2);
        box->setRange(0, 1e7);
    }
    auto *fromLabel = new QLabel, *toLabel = new QLabel;
    retranslate([=] {
        m_openFolder->setText(tr("Open session..."));
        m_openFile->setText(tr("Open .tlog..."));
        m_play->setText(m_playing ? tr("Pause") : tr("Play"));
        m_loop->setText(tr("Loop"));
        m_intoMotion->setText(tr("Replay into the motion platform"));
        m_export->setText(tr("Export CSV..."));
        m_loadCancel->setText(tr("Cancel"));
        m_exportCancel->setText(tr("Cancel"));
        m_loadCancel->setToolTip(tr("Stop opening this recording"));
        m_exportCancel->setToolTip(tr("Stop the export; no file is written"));
        updateExportStatus();
        m_intoMotion->setToolTip(
            tr("Send the replayed flight to the motion platform instead of the live "
               "simulator; the platform's ramps, watchdog and STOP still apply"));
        m_columns->setPlaceholderText(tr("columns, e.g. position/n, attitude/roll (empty: all)"));
        for (QDoubleSpinBox *box : {m_from, m_to})
            box->setSuffix(tr(" s"));
        fromLabel->setText(tr("From"));
        toLabel->setText(tr("to"));
        updateLabel();
    });
    m_confirm = [this] {
        return QMessageBox::question(
                   this, tr("Replay into the motion platform"),
                   tr("Procedure step 2 or 5: the platform will move with the recorded flight. "
                      "Is the area clear, the seat empty or the rider strapped in, and the "
                      "operator ready to press STOP?")) == QMessageBox::Yes;
    };

    auto *transport = new QHBoxLayout;
    transport->addWidget(m_openFolder);
    transport->addWidget(m_openFile);
    transport->addWidget(m_play);
    transport->addWidget(m_speed);
    transport->addWidget(m_slider, 1);
    transport->addWidget(m_position);
    transport->addWidget(m_loop);
    auto *loadRow = new QHBoxLayout;
    loadRow->addWidget(m_loadProgress, 1);
    loadRow->addWidget(m_loadCancel);
    loadRow->addStretch(1);
    auto *exportRow = new QHBoxLayout;
    exportRow->addWidget(fromLabel);
    exportRow->addWidget(m_from);
    exportRow->addWidget(toLabel);
    exportRow->addWidget(m_to);
    exportRow->addWidget(m_columns, 1);
    exportRow->addWidget(m_export);
    auto *exportStatusRow = new QHBoxLayout;
    exportStatusRow->addWidget(m_exportProgress, 1);
    exportStatusRow->addWidget(m_exportCancel);
    exportStatusRow->addWidget(m_exportStatus, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(transport);
    layout->addLayout(loadRow);
    layout->addWidget(m_intoMotion);
    layout->addLayout(exportRow);
    layout->addLayout(exportStatusRow);
    layout->addStretch(1);

    connect(m_openFolder, &QPushButton::clicked, this, [this] { chooseAndOpen(true); });
    connect(m_openFile, &QPushButton::clicked, this, [this] { chooseAndOpen(false); });
    connect(m_play, &QPushButton::clicked, this, [this] { m_playing ? pause() : play(); });
    connect(m_speed, QOverload<int>::of(&QComboBox::currentIndexChanged), this,
            [this](int i) { setSpeed(m_speed->itemData(i).toDouble()); });
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (!m_sliderUpdate)
            seek(m_startS + (m_endS - m_startS) * v / kSliderSteps);
    });
    connect(m_loop, &QCheckBox::toggled, this, &ReplayPanel::setLoop);
    connect(m_intoMotion, &QCheckBox::clicked, this, [this](bool on) { setIntoMotion(on); });
    // The box shows the Station's routing, whoever changed it: a STOP that did not come through
    // this panel (SIGUSR1, a dialog's STOP) must not leave it ticked, or the next replay opened
    // would be routed to the platform without a new confirmation.
    connect(station, &Station::replayIntoMotionChanged, this, [this](bool on) {
        const QSignalBlocker block(m_intoMotion);
        m_intoMotion->setChecked(on);
    });
    connect(m_export, &QPushButton::clicked, this, &ReplayPanel::chooseAndExport);
    connect(station, &Station::replayReady, this, &ReplayPanel::attach);
    connect(station, &Station::replayLoadProgress, this, &ReplayPanel::onLoadProgress);
    connect(station, &Station::replayLoadFailed, this,
            [this](const QString &, const QString &error, bool cancelled) {
                onLoadFailed(error, cancelled);
            });
    // Cancel stops the replay: its load ends within one 4 MB chunk (replayLoadFailed follows).
    connect(m_loadCancel, &QPushButton::clicked, this, [this] { this->station()->stopReplay(); });
    connect(m_exportCancel, &QPushButton::clicked, this, [this] {
        if (m_exportJob)
            m_exportJob->cancel(); // finished(cancelled) follows from its thread
    });
    updateLabel();
    updateEnabled();
}

ReplayPanel::~ReplayPanel() = default; // an export still running is cancelled and joined

QString ReplayPanel::title() const
{
    return tr("Replay");
}

void ReplayPanel::load(QSettings &settings)
{
    m_speed->setCurrentIndex(std::clamp(settings.value(QStringLiteral("speedIndex"), 2).toInt(), 0,
                                        m_speed->count() - 1));
    m_loop->setChecked(settings.value(QStringLiteral("loop"), false).toBool());
    m_columns->setText(settings.value(QStringLiteral("columns")).toString());
}

void ReplayPanel::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("speedIndex"), m_speed->currentIndex());
    settings.setValue(QStringLiteral("loop"), m_loop->isChecked());
    settings.setValue(QStringLiteral("columns"), m_columns->text());
    // Deliberately not saved: the motion routing (asked for again every time) and the path.
}

void ReplayPanel::chooseAndOpen(bool folder)
{
    const QString path =
        folder ? QFileDialog::getExistingDirectory(this, tr("Open a session folder"), m_path)
               : QFileDialog::getOpenFileName(
                     this, tr("Open a telemetry log"), m_path,
                     tr("MAVLink telemetry logs (*.tlog);;State tables (*.csv)"));
    if (!path.isEmpty())
        openPath(path);
}

bool ReplayPanel::openPath(const QString &path)
{
    QString error;
    if (!station()->startReplay(path, &error)) { // replaces (cancels) a replay still loading
        emit errorRaised(error);
        return false;
    }
    m_path = path;
    m_loading = true;
    m_loadProgress->setValue(0);
    m_loadProgress->show();
    m_loadCancel->show();
    // A new recording starts paused at its start with the panel's speed and loop.
    setSpeed(m_speed->currentData().toDouble());
    setLoop(m_loop->isChecked());
    if (m_intoMotion->isChecked())
        station()->setReplayIntoMotion(true); // confirmed for this panel already
    updateEnabled();
    return true;
}

void ReplayPanel::attach(SessionReplay *replay)
{
    // Called directly by the Station before the replay loads: loaded() cannot be missed.
    m_replay = replay;
    m_playing = false;
    m_loaded = false;
    connect(replay, &SessionReplay::loaded, this,
            [this, replay](const QString &path, double startS, double endS, int frames) {
                if (replay == m_replay)
                    onLoaded(path, startS, endS, frames);
            });
    connect(replay, &SessionReplay::positionChanged, this, &ReplayPanel::onPosition);
    connect(replay, &SessionReplay::playingChanged, this, [this, replay](bool playing) {
        if (replay != m_replay)
            return;
        m_playing = playing;
        m_play->setText(playing ? tr("Pause") : tr("Play"));
    });
    connect(replay, &QObject::destroyed, this, [this, replay] {
        if (m_replay == replay) {
            m_replay = nullptr;
            m_playing = false;
            m_loaded = false;
            m_play->setText(tr("Play"));
            updateEnabled();
        }
    });
}

void ReplayPanel::onLoadProgress(qint64 done, qint64 total)
{
    if (m_loading && total > 0)
        m_loadProgress->setValue(static_cast<int>(1000.0 * double(done) / double(total)));
}

void ReplayPanel::onLoadFailed(const QString &error, bool cancelled)
{
    // Also when a new openPath() replaced a replay still loading: that one was cancelled. The
    // Station has stopped the worker already (its destroyed() comes later, from its thread).
    m_loading = false;
    m_loaded = false;
    m_replay = nullptr;
    m_playing = false;
    m_play->setText(tr("Play"));
    m_loadProgress->hide();
    m_loadCancel->hide();
    if (!cancelled && !error.isEmpty())
        emit errorRaised(error);
    updateEnabled();
}

void ReplayPanel::onLoaded(const QString &, double startS, double endS, int frames)
{
    m_loading = false;
    m_loaded = true;
    m_loadProgress->hide();
    m_loadCancel->hide();
    m_startS = startS;
    m_endS = endS;
    m_frames = frames;
    m_positionS = startS;
    m_from->setRange(startS, endS);
    m_to->setRange(startS, endS);
    m_from->setValue(startS);
    m_to->setValue(endS);
    onPosition(startS);
    updateEnabled();
}

void ReplayPanel::onPosition(double timeS)
{
    m_positionS = timeS;
    if (!m_slider->isSliderDown() && m_endS > m_startS) {
        m_sliderUpdate = true;
        m_slider->setValue(int((timeS - m_startS) / (m_endS - m_startS) * kSliderSteps + 0.5));
        m_sliderUpdate = false;
    }
    updateLabel();
}

void ReplayPanel::updateLabel()
{
    if (m_replay && m_loading)
        m_position->setText(tr("opening..."));
    else
        m_position->setText(
            m_replay ? tr("%1 / %2").arg(clock(m_positionS - m_startS), clock(m_endS - m_startS))
                     : tr("nothing open"));
}

void ReplayPanel::updateEnabled()
{
    const bool open = isLoaded();
    for (QWidget *w : std::initializer_list<QWidget *>{m_play, m_speed, m_slider, m_from, m_to})
        w->setEnabled(open);
    m_export->setEnabled(open && !m_exportJob);
    updateLabel();
}

void ReplayPanel::play()
{
    if (m_replay)
        postTo(m_replay, [r = m_replay] { r->play(); });
}

void ReplayPanel::pause()
{
    if (m_replay)
        postTo(m_replay, [r = m_replay] { r->pause(); });
}

void ReplayPanel::seek(double timeS)
{
    if (m_replay)
        postTo(m_replay, [r = m_replay, timeS] { r->seek(timeS); });
}

void ReplayPanel::setSpeed(double speed)
{
    for (int i = 0; i < m_speed->count(); ++i)
        if (qFuzzyCompare(m_speed->itemData(i).toDouble(), speed) && m_speed->currentIndex() != i) {
            m_speed->setCurrentIndex(i); // comes back here through currentIndexChanged
            return;
        }
    if (m_replay)
        postTo(m_replay, [r = m_replay, speed] { r->setSpeed(speed); });
}

void ReplayPanel::setLoop(bool loop)
{
    if (m_loop->isChecked() != loop)
        m_loop->setChecked(loop);
    if (m_replay)
        postTo(m_replay, [r = m_replay, loop] { r->setLoop(loop); });
}

bool ReplayPanel::setIntoMotion(bool on)
{
    if (on && !(m_confirm && m_confirm())) {
        m_intoMotion->setChecked(false);
        return false;
    }
    m_intoMotion->setChecked(on);
    station()->setReplayIntoMotion(on);
    return true;
}

void ReplayPanel::stop()
{
    pause();
    setIntoMotion(false);
}

void ReplayPanel::chooseAndExport()
{
    const QString out =
        QFileDialog::getSaveFileName(this, tr("Export to CSV"), QString(), tr("CSV files (*.csv)"));
    if (!out.isEmpty())
        exportTo(out);
}

bool ReplayPanel::exportTo(const QString &outPath)
{
    if (!isLoaded() || m_exportJob)
        return false;
    QStringList columns;
    for (const QString &c : m_columns->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!c.trimmed().isEmpty())
            columns << c.trimmed();
    m_lastExportRows = -1;
    m_exportJob =
        std::make_unique<CsvExportJob>(m_path, outPath, m_from->value(), m_to->value(), columns);
    connect(m_exportJob.get(), &CsvExportJob::progress, this,
            [this](double f) { m_exportProgress->setValue(static_cast<int>(f * 1000.0)); });
    connect(m_exportJob.get(), &CsvExportJob::finished, this, &ReplayPanel::onExportFinished);
    m_exportProgress->setValue(0);
    m_exportProgress->show();
    m_exportCancel->show();
    m_exportStatusKind = ExportStatus::Running;
    m_exportedTo = outPath;
    updateExportStatus();
    m_exportJob->start();
    updateEnabled();
    return true;
}

void ReplayPanel::onExportFinished(qint64 rows, const QString &error, bool cancelled)
{
    // Runs inside the job's own queued call: it is deleted once that call has returned.
    if (m_exportJob)
        m_exportJob.release()->deleteLater();
    m_exportProgress->hide();
    m_exportCancel->hide();
    m_lastExportRows = rows;
    m_exportStatusKind = rows >= 0   ? ExportStatus::Done
                         : cancelled ? ExportStatus::Cancelled
                                     : ExportStatus::None;
    updateExportStatus();
    if (rows < 0 && !cancelled)
        emit errorRaised(tr("Export failed: %1").arg(error));
    updateEnabled();
}

void ReplayPanel::updateExportStatus()
{
    switch (m_exportStatusKind) {
    case ExportStatus::None:
        m_exportStatus->clear();
        break;
    case ExportStatus::Running:
        m_exportStatus->setText(tr("Exporting to %1").arg(m_exportedTo));
        break;
    case ExportStatus::Done:
        m_exportStatus->setText(tr("%n row(s) exported to %1", nullptr,
                                   static_cast<int>(std::min<qint64>(m_lastExportRows, INT_MAX)))
                                    .arg(m_exportedTo));
        break;
    case ExportStatus::Cancelled:
        m_exportStatus->setText(tr("Export cancelled: no file written"));
        break;
    }
}

} // namespace hil
