#include "ui/panels/gimbalpanel.h"
#include "core/post.h"
#include "rflysim/rflysimlink.h"
#include "station/station.h"
#include "ui/rflysimimage.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QMutex>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtMath>
#include <functional>

namespace hil {

namespace {
constexpr int kPitchMinDeg = -90, kPitchMaxDeg = 30, kYawMaxDeg = 180;
constexpr int kRateMaxDegPs = 60;
constexpr std::size_t kMaxTopPoints = 4000; ///< the top view draws at most this many points
} // namespace

struct GimbalPanel::Latest
{
    QMutex mutex;
    GimbalState state;
    bool haveState = false;
    std::vector<CloudPoint> points; ///< decimated in the link's thread
    std::size_t cloudTotal = 0;
    quint64 cloudSeq = 0;
    ImageFrame image;
    quint64 imageSeq = 0;
};

/// The drag pad: x = yaw, y = pitch (up = nose up), over the slider ranges. GUI thread.
class GimbalPad : public QWidget
{
public:
    std::function<void(double pitch, double yaw)> moved;
    double pitchLo = kPitchMinDeg, pitchHi = kPitchMaxDeg, yawMax = kYawMaxDeg;
    double pitch = 0.0, yaw = 0.0;

    GimbalPad()
    {
        setMinimumSize(160, 120);
        setCursor(Qt::CrossCursor);
    }
    void setPosition(double p, double y)
    {
        pitch = p;
        yaw = y;
        update();
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing);
        p.fillRect(rect(), QColor(0xf4, 0xf6, 0xf7));
        p.setPen(QColor(0xbd, 0xc3, 0xc7));
        p.drawRect(rect().adjusted(0, 0, -1, -1));
        const QPointF zero = toPixel(0.0, 0.0);
        p.drawLine(QPointF(0, zero.y()), QPointF(width(), zero.y()));
        p.drawLine(QPointF(zero.x(), 0), QPointF(zero.x(), height()));
        p.setPen(Qt::NoPen);
        p.setBrush(QColor(0x2e, 0x86, 0xc1));
        p.drawEllipse(toPixel(pitch, yaw), 6, 6);
    }
    void mousePressEvent(QMouseEvent *e) override { drag(e->position()); }
    void mouseMoveEvent(QMouseEvent *e) override { drag(e->position()); }

private:
    QPointF toPixel(double p, double y) const
    {
        return {(y + yawMax) / (2 * yawMax) * width(),
                (pitchHi - p) / (pitchHi - pitchLo) * height()};
    }
    void drag(QPointF pos)
    {
        const double y =
            qBound(-yawMax, pos.x() / std::max(1, width()) * 2 * yawMax - yawMax, yawMax);
        const double p = qBound(
            pitchLo, pitchHi - pos.y() / std::max(1, height()) * (pitchHi - pitchLo), pitchHi);
        setPosition(p, y);
        if (moved)
            moved(p, y);
    }
};

/// LiDAR top view: x forward = up, y right = right, the farthest point sets the scale. GUI thread.
class TopView : public QWidget
{
public:
    std::vector<CloudPoint> points;
    TopView() { setMinimumSize(160, 160); }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.fillRect(rect(), QColor(0x1c, 0x28, 0x33));
        float range = 1.0f;
        for (const CloudPoint &pt : points)
            range = std::max({range, std::abs(pt.x), std::abs(pt.y)});
        const double scale = 0.48 * std::min(width(), height()) / range;
        const QPointF c(width() / 2.0, height() / 2.0);
        p.setPen(QColor(0x58, 0xd6, 0x8d));
        for (const CloudPoint &pt : points)
            p.drawPoint(QPointF(c.x() + pt.y * scale, c.y() - pt.x * scale));
        p.setPen(Qt::white);
        p.drawLine(c + QPointF(0, -5), c + QPointF(0, 5));
        p.drawLine(c + QPointF(-5, 0), c + QPointF(5, 0));
        p.drawText(rect().adjusted(4, 2, -4, -2), Qt::AlignRight | Qt::AlignBottom,
                   QStringLiteral("%1 m").arg(QLocale().toString(double(range), 'f', 1)));
    }
};

/// The camera preview, scaled to fit; a click gives the pixel in the image. GUI thread.
class ImageView : public QWidget
{
public:
    QImage image;
    std::function<void(int x, int y)> clicked;
    ImageView()
    {
        setMinimumSize(200, 150);
        setCursor(Qt::PointingHandCursor);
    }

protected:
    QRect target() const
    {
        if (image.isNull())
            return rect();
        QSize s = image.size().scaled(size(), Qt::KeepAspectRatio);
        return QRect(QPoint((width() - s.width()) / 2, (height() - s.height()) / 2), s);
    }
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        p.fillRect(rect(), Qt::black);
        if (image.isNull()) {
            p.setPen(Qt::gray);
            p.drawText(rect(), Qt::AlignCenter, GimbalPanel::tr("No camera image"));
            return;
        }
        p.drawImage(target(), image);
    }
    void mousePressEvent(QMouseEvent *e) override
    {
        const QRect t = target();
        if (image.isNull() || !t.contains(e->position().toPoint()) || !clicked)
            return;
        clicked(int((e->position().x() - t.x()) * image.width() / t.width()),
                int((e->position().y() - t.y()) * image.height() / t.height()));
    }
};

GimbalPanel::GimbalPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("gimbalPanel"), station, parent),
      m_link(qobject_cast<RflySimLink *>(station->worker(QStringLiteral("rflysim")))),
      m_latest(std::make_shared<Latest>())
{
    auto *body = new QWidget;
    auto *row = new QHBoxLayout(body);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(buildControls(), 3); // the controls get the room: sliders need length
    row->addWidget(buildSensors(), 2);
    setLinkLayout(body, m_link != nullptr, [this] {
        return tr("The RflySim link is not running (start with --rflysim or --emulate rflysim).");
    });
    if (m_link)
        wire(m_link);
    connect(station, &Station::linksChanged, this, &GimbalPanel::relink);
}

void GimbalPanel::relink()
{
    auto *now = qobject_cast<RflySimLink *>(station()->worker(QStringLiteral("rflysim")));
    if (now == m_link.data())
        return;
    for (const QMetaObject::Connection &c : m_linkConnections)
        disconnect(c);
    m_linkConnections.clear();
    m_link = now;
    setLinkRunning(now != nullptr);
    if (now)
        wire(now);
}

void GimbalPanel::wire(RflySimLink *link)
{
    // In the link's thread: keep the latest of each, drop the older. The shared slot outlives
    // the panel, so a frame arriving while the window closes finds valid memory. tsanSlot: the
    // lambdas are built here and run in the link's thread, ordered by Qt's connection lock.
    std::shared_ptr<Latest> latest = m_latest;
    m_linkConnections.push_back(connect(link, &RflySimLink::gimbalState, this,
                                        tsanSlot([latest](const GimbalState &s) {
                                            QMutexLocker lock(&latest->mutex);
                                            latest->state = s;
                                            latest->haveState = true;
                                        }),
                                        Qt::DirectConnection));
    m_linkConnections.push_back(
        connect(link, &RflySimLink::lidarFrame, this, tsanSlot([latest](const PointCloud &cloud) {
                    const std::size_t n = cloud.points.size();
                    const std::size_t step =
                        n > kMaxTopPoints ? (n + kMaxTopPoints - 1) / kMaxTopPoints : 1;
                    std::vector<CloudPoint> pts;
                    pts.reserve(n / step + 1);
                    for (std::size_t i = 0; i < n; i += step)
                        pts.push_back(cloud.points[i]);
                    QMutexLocker lock(&latest->mutex);
                    latest->points.swap(pts);
                    latest->cloudTotal = n;
                    ++latest->cloudSeq;
                }),
                Qt::DirectConnection));
    m_linkConnections.push_back(
        connect(link, &RflySimLink::imageFrame, this, tsanSlot([latest](const ImageFrame &image) {
                    QMutexLocker lock(&latest->mutex);
                    latest->image = image; // implicitly shared bytes: no copy here
                    ++latest->imageSeq;
                }),
                Qt::DirectConnection));
}

GimbalPanel::~GimbalPanel() = default;

QString GimbalPanel::title() const
{
    return tr("Gimbal");
}

QWidget *GimbalPanel::buildControls()
{
    auto *box = new QGroupBox;
    retranslate([=] { box->setTitle(tr("Gimbal control")); });
    auto *form = new QFormLayout(box);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    // Each angle: a slider with a tick every 10° (pitch) / 30° (yaw) and a spin box for an exact
    // value; both move together and one command goes out per change.
    auto angleRow = [this](QSlider *&slider, QSpinBox *&entry, const char *name, int lo, int hi,
                           int tick) {
        slider = new QSlider(Qt::Horizontal);
        slider->setObjectName(QLatin1String(name) + QStringLiteral("Slider"));
        slider->setRange(lo, hi);
        slider->setTickPosition(QSlider::TicksBelow);
        slider->setTickInterval(tick);
        slider->setPageStep(tick);
        slider->setMinimumWidth(140);
        entry = new QSpinBox;
        entry->setObjectName(QLatin1String(name) + QStringLiteral("Entry"));
        entry->setRange(lo, hi);
        entry->setSuffix(QStringLiteral("°"));
        entry->setKeyboardTracking(false);
        connect(slider, &QSlider::valueChanged, this, &GimbalPanel::sendFromSliders);
        connect(entry, qOverload<int>(&QSpinBox::valueChanged), slider, &QSlider::setValue);
        connect(slider, &QSlider::sliderReleased, this, [this, slider] {
            if (m_rateMode->isChecked())
                slider->setValue(0); // rates spring back: a released stick stops the gimbal
        });
        auto *row = new QHBoxLayout;
        row->addWidget(slider, 1);
        row->addWidget(entry);
        return row;
    };
    QLayout *pitchRow = angleRow(m_pitch, m_pitchEntry, "pitch", kPitchMinDeg, kPitchMaxDeg, 10);
    QLayout *yawRow = angleRow(m_yaw, m_yawEntry, "yaw", -kYawMaxDeg, kYawMaxDeg, 30);
    m_rateMode = new QCheckBox;
    m_rateMode->setObjectName(QStringLiteral("rateModeCheck"));
    connect(m_rateMode, &QCheckBox::toggled, this, [this](bool rate) {
        const QSignalBlocker b1(m_pitch), b2(m_yaw), b3(m_pitchEntry), b4(m_yawEntry);
        m_pitch->setRange(rate ? -kRateMaxDegPs : kPitchMinDeg,
                          rate ? kRateMaxDegPs : kPitchMaxDeg);
        m_yaw->setRange(rate ? -kRateMaxDegPs : -kYawMaxDeg, rate ? kRateMaxDegPs : kYawMaxDeg);
        m_pitchEntry->setRange(m_pitch->minimum(), m_pitch->maximum());
        m_yawEntry->setRange(m_yaw->minimum(), m_yaw->maximum());
        m_yaw->setTickInterval(rate ? 10 : 30);
        for (QSpinBox *e : {m_pitchEntry, m_yawEntry})
            e->setSuffix(rate ? QStringLiteral("°/s") : QStringLiteral("°"));
        m_pitch->setValue(0);
        m_yaw->setValue(0);
        m_pad->pitchLo = rate ? -kRateMaxDegPs : kPitchMinDeg;
        m_pad->pitchHi = rate ? kRateMaxDegPs : kPitchMaxDeg;
        m_pad->yawMax = rate ? kRateMaxDegPs : kYawMaxDeg;
        m_pad->setPosition(0, 0);
        sendFromSliders();
    });
    m_pad = new GimbalPad;
    m_pad->setObjectName(QStringLiteral("gimbalPad"));
    m_pad->moved = [this](double p, double y) { command(p, y); };

    m_zoom = new QSpinBox;
    m_zoom->setObjectName(QStringLiteral("zoomSpin"));
    m_zoom->setRange(1, 30);
    m_zoom->setKeyboardTracking(false);
    connect(m_zoom, &QSpinBox::valueChanged, this, [this](int z) {
        if (RflySimLink *l = m_link)
            postTo(l, [l, z] { l->setZoom(z); });
    });
    // Empty ("—") until the camera reports its focal length: then it shows the reported value
    // without sending it, so nothing goes out that the panel did not show first.
    m_focal = new QDoubleSpinBox;
    m_focal->setObjectName(QStringLiteral("focalSpin"));
    m_focal->setRange(0.0, 500.0);
    m_focal->setDecimals(1);
    m_focal->setSpecialValueText(QStringLiteral("—"));
    m_focal->setSuffix(QStringLiteral(" mm"));
    m_focal->setKeyboardTracking(false);
    m_focal->setValue(0.0);
    m_focal->setEnabled(false);
    connect(m_focal, &QDoubleSpinBox::valueChanged, this, [this](double f) {
        if (f <= 0.0)
            return;
        m_cmdFocalMm = f;
        if (RflySimLink *l = m_link)
            postTo(l, [l, f] { l->setFocalLength(f); });
    });
    auto *center = new QPushButton;
    center->setObjectName(QStringLiteral("centerButton"));
    connect(center, &QPushButton::clicked, this, [this] {
        {
            const QSignalBlocker b1(m_pitch), b2(m_yaw), b3(m_pitchEntry), b4(m_yawEntry);
            m_pitch->setValue(0);
            m_yaw->setValue(0);
            m_pitchEntry->setValue(0);
            m_yawEntry->setValue(0);
        }
        m_cmdPitchDeg = m_cmdYawDeg = 0.0;
        m_pad->setPosition(0, 0);
        if (RflySimLink *l = m_link)
            postTo(l, [l] { l->center(); });
    });
    m_target = new QSpinBox;
    m_target->setObjectName(QStringLiteral("targetSpin"));
    m_target->setRange(0, 1000);
    auto *track = new QPushButton;
    track->setObjectName(QStringLiteral("trackButton"));
    connect(track, &QPushButton::clicked, this, [this] {
        const int id = m_target->value();
        if (RflySimLink *l = m_link)
            postTo(l, [l, id] { l->trackTarget(id); });
    });
    auto *trackRow = new QHBoxLayout;
    trackRow->addWidget(m_target, 1);
    trackRow->addWidget(track);
    m_ranging = new QCheckBox;
    m_ranging->setObjectName(QStringLiteral("rangingCheck"));
    connect(m_ranging, &QCheckBox::toggled, this, [this](bool on) {
        if (RflySimLink *l = m_link)
            postTo(l, [l, on] { l->setRanging(on); });
    });
    m_light = new QComboBox;
    m_light->setObjectName(QStringLiteral("lightCombo"));
    m_light->addItems({QString(), QString(), QString()});
    connect(m_light, &QComboBox::currentIndexChanged, this, [this](int source) {
        if (RflySimLink *l = m_link)
            postTo(l, [l, source] { l->setLightSource(source); });
    });
    auto *selectAll = new QPushButton;
    selectAll->setObjectName(QStringLiteral("aiSelectAllButton"));
    connect(selectAll, &QPushButton::clicked, this, [this] {
        if (RflySimLink *l = m_link)
            postTo(l, [l] { l->aiBoxSelectAll(); });
    });
    m_commanded = new QLabel(QStringLiteral("—"));
    m_commanded->setObjectName(QStringLiteral("commandedLabel"));
    m_reported = new QLabel(QStringLiteral("—"));
    m_reported->setObjectName(QStringLiteral("reportedLabel"));
    m_stale = new QLabel;
    m_stale->setObjectName(QStringLiteral("staleLabel"));
    m_extra = new QLabel(QStringLiteral("—"));
    m_extra->setObjectName(QStringLiteral("gimbalExtraLabel"));
    m_extra->setWordWrap(true);
    for (QLabel *l : {m_commanded, m_reported})
        l->setWordWrap(true);
    retranslate([=] {
        m_rateMode->setText(tr("Rate mode (sliders and pad set °/s)"));
        m_pad->setToolTip(tr("Drag: left/right = yaw, up/down = pitch"));
        m_focal->setToolTip(tr("Focal length; shows the camera's reported value once it answers"));
        center->setText(tr("Center"));
        track->setText(tr("Track"));
        m_ranging->setText(tr("Laser ranging"));
        const QString lights[] = {tr("Visible (RGB)"), tr("Thermal heat map"), tr("Infrared grey")};
        for (int i = 0; i < 3; ++i)
            m_light->setItemText(i, lights[i]);
        selectAll->setText(tr("AI select all"));
        selectAll->setToolTip(tr("Box-select every target; click the camera image to select one"));
    });

    form->addRow(trLabel([this] { return tr("Pitch"); }), pitchRow);
    form->addRow(trLabel([this] { return tr("Yaw"); }), yawRow);
    form->addRow(m_rateMode);
    form->addRow(m_pad);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(center);
    buttons->addWidget(selectAll);
    form->addRow(buttons);
    form->addRow(trLabel([this] { return tr("Zoom"); }), m_zoom);
    form->addRow(trLabel([this] { return tr("Focal length"); }), m_focal);
    form->addRow(trLabel([this] { return tr("Track target (copter id)"); }), trackRow);
    form->addRow(m_ranging);
    form->addRow(trLabel([this] { return tr("Light source"); }), m_light);
    form->addRow(trLabel([this] { return tr("Commanded"); }), m_commanded);
    form->addRow(trLabel([this] { return tr("Reported"); }), m_reported);
    form->addRow(trLabel([this] { return tr("State"); }), m_stale);
    form->addRow(trLabel([this] { return tr("Camera"); }), m_extra);
    return box;
}

QWidget *GimbalPanel::buildSensors()
{
    auto *box = new QGroupBox;
    retranslate([=] { box->setTitle(tr("Sensors")); });
    auto *v = new QVBoxLayout(box);
    m_image = new ImageView;
    m_image->setObjectName(QStringLiteral("cameraPreview"));
    m_image->clicked = [this](int x, int y) {
        if (RflySimLink *l = m_link)
            postTo(l, [l, x, y] { l->aiBoxSelectAt(x, y); });
    };
    m_points = new QLabel;
    retranslate([this] {
        if (m_seenCloud == 0)
            m_points->setText(tr("LiDAR: no frame"));
    });
    m_points->setObjectName(QStringLiteral("lidarPointsLabel"));
    m_top = new TopView;
    m_top->setObjectName(QStringLiteral("lidarTopView"));
    v->addWidget(m_image, 3);
    v->addWidget(m_points);
    v->addWidget(m_top, 2);
    return box;
}

void GimbalPanel::command(double pitchDeg, double yawDeg)
{
    {
        const QSignalBlocker b1(m_pitch), b2(m_yaw), b3(m_pitchEntry), b4(m_yawEntry);
        m_pitch->setValue(qRound(pitchDeg));
        m_yaw->setValue(qRound(yawDeg));
        m_pitchEntry->setValue(qRound(pitchDeg));
        m_yawEntry->setValue(qRound(yawDeg));
    }
    m_pad->setPosition(pitchDeg, yawDeg);
    m_cmdPitchDeg = pitchDeg;
    m_cmdYawDeg = yawDeg;
    RflySimLink *l = m_link;
    if (!l)
        return;
    const double p = qDegreesToRadians(pitchDeg), y = qDegreesToRadians(yawDeg);
    if (m_rateMode->isChecked())
        postTo(l, [l, p, y] { l->setGimbalRates(p, y); });
    else
        postTo(l, [l, p, y] { l->setGimbalAngles(p, y); });
}

void GimbalPanel::sendFromSliders()
{
    command(m_pitch->value(), m_yaw->value());
}

void GimbalPanel::load(QSettings &settings)
{
    m_zoom->setValue(settings.value(QStringLiteral("zoom"), m_zoom->value()).toInt());
    // No focal length: the camera's reported one is shown at connect (never a remembered value
    // the camera does not have).
    m_target->setValue(settings.value(QStringLiteral("trackTarget"), m_target->value()).toInt());
    m_light->setCurrentIndex(
        settings.value(QStringLiteral("lightSource"), m_light->currentIndex()).toInt());
    m_rateMode->setChecked(
        settings.value(QStringLiteral("rateMode"), m_rateMode->isChecked()).toBool());
}

void GimbalPanel::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("zoom"), m_zoom->value());
    settings.setValue(QStringLiteral("trackTarget"), m_target->value());
    settings.setValue(QStringLiteral("lightSource"), m_light->currentIndex());
    settings.setValue(QStringLiteral("rateMode"), m_rateMode->isChecked());
}

void GimbalPanel::refreshFast()
{
    if (!m_link)
        return;
    GimbalState s;
    bool haveState, newCloud, newImage;
    ImageFrame image;
    std::size_t total = 0;
    {
        QMutexLocker lock(&m_latest->mutex);
        s = m_latest->state;
        haveState = m_latest->haveState;
        newCloud = m_latest->cloudSeq != m_seenCloud;
        if (newCloud) {
            m_top->points = m_latest->points;
            total = m_latest->cloudTotal;
            m_seenCloud = m_latest->cloudSeq;
        }
        newImage = m_latest->imageSeq != m_seenImage;
        if (newImage) {
            image = m_latest->image;
            m_seenImage = m_latest->imageSeq;
        }
    }
    const QString unit = m_rateMode->isChecked() ? QStringLiteral("°/s") : QStringLiteral("°");
    QString focal =
        m_cmdFocalMm > 0 ? tr(", focal %L1 mm").arg(m_cmdFocalMm, 0, 'f', 1) : QString();
    // The FOV the link puts in every request (the camera's own until a focal length is set).
    const double fovCmdDeg =
        m_link ? m_link->counters().value(QLatin1String("fov_cmd_deg")).toDouble() : 0.0;
    if (fovCmdDeg > 0.0)
        focal += tr(", FOV %L1°").arg(fovCmdDeg, 0, 'f', 1);
    m_commanded->setProperty("fovDeg", fovCmdDeg);
    m_commanded->setText(tr("pitch %L1%3, yaw %L2%3")
                             .arg(m_cmdPitchDeg, 0, 'f', 1)
                             .arg(m_cmdYawDeg, 0, 'f', 1)
                             .arg(unit) +
                         focal);
    if (haveState) {
        if (!m_focal->isEnabled() && s.focalLengthMm > 0) {
            // The camera's own focal length, shown (not sent) when it first answers.
            const QSignalBlocker block(m_focal);
            m_focal->setValue(s.focalLengthMm);
            m_focal->setEnabled(true);
        }
        m_reported->setText(tr("pitch %L1°, yaw %L2°, roll %L3°, focal %L4 mm")
                                .arg(qRadiansToDegrees(s.pitchRad), 0, 'f', 1)
                                .arg(qRadiansToDegrees(s.yawRad), 0, 'f', 1)
                                .arg(qRadiansToDegrees(s.rollRad), 0, 'f', 1)
                                .arg(s.focalLengthMm, 0, 'f', 1));
        m_reported->setProperty("pitchDeg", qRadiansToDegrees(s.pitchRad));
        m_reported->setProperty("yawDeg", qRadiansToDegrees(s.yawRad));
        m_reported->setProperty("focalMm", s.focalLengthMm);
        m_extra->setProperty("fovDeg", qRadiansToDegrees(s.fovRad));
        m_extra->setText(tr("FOV %L1° (reported), range %L2 m")
                             .arg(qRadiansToDegrees(s.fovRad), 0, 'f', 1)
                             .arg(s.laserRangeM, 0, 'f', 1));
    }
    if (newCloud) {
        m_points->setText(tr("LiDAR: %Ln points", nullptr, int(total)));
        m_top->update();
    }
    if (newImage) {
        m_image->image = toQImage(image);
        m_image->update();
    }
}

void GimbalPanel::refreshSlow()
{
    if (!m_link)
        return;
    const bool up = m_link->state() == LinkState::Up;
    const QJsonObject c = m_link->counters();
    m_stale->setText(up ? tr("fresh")
                        : tr("STALE (no gimbal state, %1 times)")
                              .arg(qint64(c.value(QStringLiteral("stale")).toDouble())));
    m_stale->setProperty("stale", !up);
    m_stale->setStyleSheet(up ? QStringLiteral("color: #1e8449;")
                              : QStringLiteral("color: #c0392b; font-weight: bold;"));
}

} // namespace hil
