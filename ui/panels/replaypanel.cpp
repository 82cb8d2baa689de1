#include "ui/panels/replaypanel.h"
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
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

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
      m_export(new QPushButton(tr("Export CSV...")))
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
                   tr("The platform will move with the recorded flight. Is it clear "
                      "and is the operator ready to press STOP?")) == QMessageBox::Yes;
    };

    auto *transport = new QHBoxLayout;
    transport->addWidget(m_openFolder);
    transport->addWidget(m_openFile);
    transport->addWidget(m_play);
    transport->addWidget(m_speed);
    transport->addWidget(m_slider, 1);
    transport->addWidget(m_position);
    transport->addWidget(m_loop);
    auto *exportRow = new QHBoxLayout;
    exportRow->addWidget(fromLabel);
    exportRow->addWidget(m_from);
    exportRow->addWidget(toLabel);
    exportRow->addWidget(m_to);
    exportRow->addWidget(m_columns, 1);
    exportRow->addWidget(m_export);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(transport);
    layout->addWidget(m_intoMotion);
    layout->addLayout(exportRow);
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
    updateLabel();
    updateEnabled();
}

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
    if (!station()->startReplay(path, &error)) {
        emit errorRaised(error);
        return false;
    }
    m_path = path;
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
    connect(replay, &SessionReplay::loaded, this, &ReplayPanel::onLoaded);
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
            m_play->setText(tr("Play"));
            updateEnabled();
        }
    });
}

void ReplayPanel::onLoaded(const QString &, double startS, double endS, int frames)
{
    m_startS = startS;
    m_endS = endS;
    m_frames = frames;
    m_positionS = startS;
    m_from->setRange(startS, endS);
    m_to->setRange(startS, endS);
    m_from->setValue(startS);
    m_to->setValue(endS);
    onPosition(startS);
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
    m_position->setText(
        m_replay ? tr("%1 / %2").arg(clock(m_positionS - m_startS), clock(m_endS - m_startS))
                 : tr("nothing open"));
}

void ReplayPanel::updateEnabled()
{
    const bool open = m_replay != nullptr;
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_play, m_speed, m_slider, m_export, m_from, m_to})
        w->setEnabled(open);
    updateLabel();
}

void ReplayPanel::play()
{
    if (m_replay)
        QMetaObject::invokeMethod(m_replay, "play", Qt::QueuedConnection);
}

void ReplayPanel::pause()
{
    if (m_replay)
        QMetaObject::invokeMethod(m_replay, "pause", Qt::QueuedConnection);
}

void ReplayPanel::seek(double timeS)
{
    if (m_replay)
        QMetaObject::invokeMethod(m_replay, "seek", Qt::QueuedConnection, Q_ARG(double, timeS));
}

void ReplayPanel::setSpeed(double speed)
{
    for (int i = 0; i < m_speed->count(); ++i)
        if (qFuzzyCompare(m_speed->itemData(i).toDouble(), speed) && m_speed->currentIndex() != i) {
            m_speed->setCurrentIndex(i); // comes back here through currentIndexChanged
            return;
        }
    if (m_replay)
        QMetaObject::invokeMethod(m_replay, "setSpeed", Qt::QueuedConnection, Q_ARG(double, speed));
}

void ReplayPanel::setLoop(bool loop)
{
    if (m_loop->isChecked() != loop)
        m_loop->setChecked(loop);
    if (m_replay)
        QMetaObject::invokeMethod(m_replay, "setLoop", Qt::QueuedConnection, Q_ARG(bool, loop));
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

qint64 ReplayPanel::exportTo(const QString &outPath)
{
    QStringList columns;
    for (const QString &c : m_columns->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        if (!c.trimmed().isEmpty())
            columns << c.trimmed();
    QString error;
    const qint64 rows = exportCsv(m_path, outPath, m_from->value(), m_to->value(), columns, &error);
    if (rows < 0)
        emit errorRaised(tr("Export failed: %1").arg(error));
    return rows;
}

} // namespace hil
