#include "ui/panels/px4panel.h"
#include "core/post.h"
#include "mavlink/gcslink.h"
#include "mavlink/hillink.h"
#include "mavlink/px4names.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"

#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace hil {

namespace {
enum Column { ColOutput, ColChannel, ColScale, ColOffset, ColInvert, ColSafe, ColCount };

QTableWidgetItem *numberItem(double v)
{
    return new QTableWidgetItem(QString::number(v));
}
} // namespace

Px4Panel::Px4Panel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("px4Panel"), station, parent),
      m_link(qobject_cast<HilLink *>(station->worker(QStringLiteral("px4"))))
{
    m_gcs = qobject_cast<GcsLink *>(station->worker(QStringLiteral("px4gcs")));

    auto *status = new QGroupBox;
    retranslate([=] { status->setTitle(tr("PX4 link")); });
    auto *form = new QFormLayout(status);
    auto label = [](const char *name) {
        auto *l = new QLabel(QStringLiteral("—"));
        l->setObjectName(QLatin1String(name));
        return l;
    };
    m_connected = label("px4ConnectedLabel");
    m_armed = label("px4ArmedLabel");
    m_lockstep = label("px4LockstepLabel");
    m_timeouts = label("px4TimeoutsLabel");
    m_counts = label("px4CountsLabel");
    form->addRow(trLabel([this] { return tr("Connection"); }), m_connected);
    form->addRow(trLabel([this] { return tr("Armed"); }), m_armed);
    form->addRow(trLabel([this] { return tr("Lockstep"); }), m_lockstep);
    form->addRow(trLabel([this] { return tr("Lockstep timeouts"); }), m_timeouts);
    form->addRow(trLabel([this] { return tr("Sensors sent / actuators received"); }), m_counts);

    auto *outputs = new QGroupBox;
    retranslate([=] { outputs->setTitle(tr("Actuator outputs (RealFlight channels)")); });
    auto *bars = new QFormLayout(outputs);
    for (int i = 0; i < kBars; ++i) {
        m_bars[i] = new QProgressBar;
        m_bars[i]->setObjectName(QStringLiteral("channelBar%1").arg(i));
        m_bars[i]->setRange(0, 1000);
        m_bars[i]->setFormat(QStringLiteral("%p %"));
        m_bars[i]->setTextVisible(true);
        bars->addRow(trLabel([this, i] { return tr("Channel %1").arg(i + 1); }), m_bars[i]);
    }

    auto *mapping = new QGroupBox;
    retranslate([=] { mapping->setTitle(tr("Channel mapping")); });
    auto *mv = new QVBoxLayout(mapping);
    m_table = new QTableWidget(0, ColCount);
    m_table->setObjectName(QStringLiteral("mappingTable"));
    retranslate([this] {
        m_table->setHorizontalHeaderLabels({tr("PX4 output"), tr("Channel"), tr("Scale"),
                                            tr("Offset"), tr("Invert"), tr("Safe value")});
        m_table->setToolTip(
            tr("channel = clamp(offset + scale × ±output, 0, 1); disarmed: safe value. "
               "PX4 outputs 1-16 (output 1 = motor 1), RealFlight channels 1-12."));
    });
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setVisible(false);
    auto *buttons = new QHBoxLayout;
    auto addButton = [&](std::function<QString()> text, const char *name, auto fn) {
        auto *b = new QPushButton;
        retranslate([b, text] { b->setText(text()); });
        b->setObjectName(QLatin1String(name));
        connect(b, &QPushButton::clicked, this, fn);
        buttons->addWidget(b);
        return b;
    };
    addButton([this] { return tr("Add"); }, "mappingAddButton",
              [this] {
                  mavlink::ActuatorMap m = actuatorMap();
                  mavlink::ActuatorMapping e;
                  e.output = e.channel = int(m.entries.size());
                  m.entries.push_back(e);
                  setActuatorMap(m);
              });
    addButton([this] { return tr("Remove"); }, "mappingRemoveButton",
              [this] {
                  if (m_table->currentRow() >= 0)
                      m_table->removeRow(m_table->currentRow());
              });
    addButton([this] { return tr("Quad X"); }, "mappingQuadButton",
              [this] { setActuatorMap(mavlink::ActuatorMap::quadX()); });
    addButton([this] { return tr("Fixed wing"); }, "mappingWingButton",
              [this] { setActuatorMap(mavlink::ActuatorMap::fixedWing()); });
    buttons->addStretch(1);
    addButton([this] { return tr("Apply"); }, "mappingApplyButton", [this] { applyMap(); });
    mv->addWidget(m_table, 1);
    mv->addLayout(buttons);

    // PX4 through the ground-station link
    auto *vehicle = new QGroupBox;
    retranslate([=] { vehicle->setTitle(tr("PX4 (ground station link)")); });
    auto *vg = new QGridLayout(vehicle);
    m_mode = label("px4ModeLabel");
    m_gcsArmed = label("px4GcsArmedLabel");
    m_landed = label("px4LandedLabel");
    m_battery = label("px4BatteryLabel");
    m_gps = label("px4GpsLabel");
    m_health = label("px4HealthLabel");
    m_health->setWordWrap(true);
    m_sticks = label("px4SticksLabel");
    m_sticks->setWordWrap(true);
    const std::pair<std::function<QString()>, QLabel *> rows[] = {
        {[this] { return tr("Flight mode"); }, m_mode},
        {[this] { return tr("Armed"); }, m_gcsArmed},
        {[this] { return tr("Landed state"); }, m_landed},
        {[this] { return tr("Battery"); }, m_battery},
        {[this] { return tr("GPS"); }, m_gps},
        {[this] { return tr("Health"); }, m_health},
        {[this] { return tr("Pilot's sticks"); }, m_sticks}};
    int row = 0;
    for (const auto &[name, l] : rows) {
        vg->addWidget(trLabel(name), row, 0);
        vg->addWidget(l, row++, 1, 1, 3);
    }
    auto commandButton = [&](std::function<QString()> text, const char *name) {
        auto *b = new QPushButton;
        retranslate([b, text] { b->setText(text()); });
        b->setObjectName(QLatin1String(name));
        return b;
    };
    auto commandRow = [&](std::function<QString()> text, const char *name, int command,
                          std::function<void(GcsLink *)> send, QWidget *extra = nullptr) {
        auto *b = commandButton(std::move(text), name);
        auto *result = new QLabel;
        result->setObjectName(QLatin1String(name) + QStringLiteral("Result"));
        connect(b, &QPushButton::clicked, this,
                [this, command, result, send] { gcsCommand(command, result, send); });
        vg->addWidget(b, row, 0);
        if (extra)
            vg->addWidget(extra, row, 1);
        vg->addWidget(result, row++, 2, 1, 2);
        return b;
    };
    auto *armButton = commandButton([this] { return tr("Arm"); }, "px4ArmButton");
    auto *armResult = new QLabel;
    armResult->setObjectName(QStringLiteral("px4ArmButtonResult"));
    connect(armButton, &QPushButton::clicked, this, [this, armResult] {
        // Arming spins the motors: the operator confirms first.
        QMessageBox box(QMessageBox::Warning, tr("Arm PX4"),
                        tr("Arm PX4? The motors will spin and the vehicle may take off."),
                        QMessageBox::Yes | QMessageBox::Cancel, this);
        box.setObjectName(QStringLiteral("px4ArmConfirm"));
        box.setDefaultButton(QMessageBox::Cancel);
        if (box.exec() != QMessageBox::Yes)
            return;
        gcsCommand(GcsLink::kCmdArm, armResult, [](GcsLink *g) { g->arm(true); });
    });
    vg->addWidget(armButton, row, 0);
    vg->addWidget(armResult, row++, 2, 1, 2);
    commandRow([this] { return tr("Disarm"); }, "px4DisarmButton", GcsLink::kCmdArm,
               [](GcsLink *g) { g->arm(false); });
    m_takeoffAlt = new QDoubleSpinBox;
    m_takeoffAlt->setObjectName(QStringLiteral("px4TakeoffAltitude"));
    m_takeoffAlt->setRange(0.5, 500.0);
    m_takeoffAlt->setDecimals(1);
    m_takeoffAlt->setValue(2.5);
    retranslate([this] {
        m_takeoffAlt->setSuffix(tr(" m"));
        m_takeoffAlt->setToolTip(tr("Take-off height above home"));
    });
    commandRow([this] { return tr("Takeoff"); }, "px4TakeoffButton", GcsLink::kCmdTakeoff,
               [this](GcsLink *g) { g->takeoff(m_takeoffAlt->value()); }, m_takeoffAlt);
    commandRow([this] { return tr("Land"); }, "px4LandButton", GcsLink::kCmdLand,
               [](GcsLink *g) { g->land(); });
    commandRow([this] { return tr("Return"); }, "px4ReturnButton", GcsLink::kCmdReturn,
               [](GcsLink *g) { g->returnToLaunch(); });
    commandRow([this] { return tr("Hold"); }, "px4HoldButton", GcsLink::kCmdSetMode,
               [](GcsLink *g) { g->hold(); });
    commandRow([this] { return tr("Position"); }, "px4PositionButton", GcsLink::kCmdSetMode,
               [](GcsLink *g) { g->position(); });
    m_texts = new QListWidget;
    m_texts->setObjectName(QStringLiteral("px4StatusTexts"));
    m_texts->setMinimumHeight(60);
    vg->addWidget(trLabel([this] { return tr("Status texts"); }), row++, 0, 1, 4);
    vg->addWidget(m_texts, row++, 0, 1, 4);
    vehicle->setEnabled(m_gcs != nullptr);
    m_vehicle = vehicle;

    auto *body = new QWidget;
    auto *bv = new QVBoxLayout(body);
    bv->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(status, 1);
    top->addWidget(outputs, 1);
    bv->addLayout(top);
    bv->addWidget(vehicle);
    bv->addWidget(mapping, 1);
    setLinkLayout(body, m_link != nullptr, [this] {
        return tr("The PX4 link is not running (start with --px4 or --emulate px4).");
    });
    setActuatorMap(mavlink::ActuatorMap::quadX()); // HilLinkConfig's default
    connect(station, &Station::linksChanged, this, &Px4Panel::relink);
}

void Px4Panel::relink()
{
    m_link = qobject_cast<HilLink *>(station()->worker(QStringLiteral("px4")));
    m_gcs = qobject_cast<GcsLink *>(station()->worker(QStringLiteral("px4gcs")));
    setLinkRunning(m_link != nullptr);
    m_vehicle->setEnabled(m_gcs != nullptr);
}

QString Px4Panel::title() const
{
    return tr("PX4");
}

mavlink::ActuatorMap Px4Panel::actuatorMap() const
{
    mavlink::ActuatorMap map;
    for (int r = 0; r < m_table->rowCount(); ++r) {
        auto num = [&](int col, bool *ok) {
            const QTableWidgetItem *it = m_table->item(r, col);
            return it ? it->text().toDouble(ok) : (*ok = false, 0.0);
        };
        bool ok[5];
        mavlink::ActuatorMapping e;
        e.output = int(num(ColOutput, &ok[0])) - 1;   // shown 1-based like PX4's motor numbers
        e.channel = int(num(ColChannel, &ok[1])) - 1; // shown 1-based like a transmitter
        e.scale = num(ColScale, &ok[2]);
        e.offset = num(ColOffset, &ok[3]);
        e.safeValue = num(ColSafe, &ok[4]);
        const QTableWidgetItem *inv = m_table->item(r, ColInvert);
        e.invert = inv && inv->checkState() == Qt::Checked;
        if (std::all_of(std::begin(ok), std::end(ok), [](bool b) { return b; }) && e.output >= 0 &&
            e.output < 16 && e.channel >= 0 && e.channel < 12)
            map.entries.push_back(e);
    }
    return map;
}

void Px4Panel::setActuatorMap(const mavlink::ActuatorMap &map)
{
    m_table->setRowCount(int(map.entries.size()));
    for (int r = 0; r < int(map.entries.size()); ++r) {
        const mavlink::ActuatorMapping &e = map.entries[std::size_t(r)];
        m_table->setItem(r, ColOutput, numberItem(e.output + 1));
        m_table->setItem(r, ColChannel, numberItem(e.channel + 1));
        m_table->setItem(r, ColScale, numberItem(e.scale));
        m_table->setItem(r, ColOffset, numberItem(e.offset));
        auto *inv = new QTableWidgetItem;
        inv->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        inv->setCheckState(e.invert ? Qt::Checked : Qt::Unchecked);
        m_table->setItem(r, ColInvert, inv);
        m_table->setItem(r, ColSafe, numberItem(e.safeValue));
    }
}

QString Px4Panel::toText(const mavlink::ActuatorMap &map)
{
    QStringList rows;
    for (const mavlink::ActuatorMapping &e : map.entries)
        rows << QStringLiteral("%1,%2,%3,%4,%5,%6")
                    .arg(e.output)
                    .arg(e.channel)
                    .arg(e.scale)
                    .arg(e.offset)
                    .arg(e.invert ? 1 : 0)
                    .arg(e.safeValue);
    return rows.join(QLatin1Char(';'));
}

mavlink::ActuatorMap Px4Panel::fromText(const QString &text)
{
    mavlink::ActuatorMap map;
    for (const QString &row : text.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList f = row.split(QLatin1Char(','));
        if (f.size() != 6)
            continue;
        mavlink::ActuatorMapping e;
        e.output = f[0].toInt();
        e.channel = f[1].toInt();
        e.scale = f[2].toDouble();
        e.offset = f[3].toDouble();
        e.invert = f[4].toInt() != 0;
        e.safeValue = f[5].toDouble();
        if (e.output >= 0 && e.output < 16 && e.channel >= 0 && e.channel < 12)
            map.entries.push_back(e);
    }
    return map;
}

void Px4Panel::load(QSettings &settings)
{
    const QString text = settings.value(QStringLiteral("actuatorMap")).toString();
    if (!text.isEmpty())
        setActuatorMap(fromText(text));
}

void Px4Panel::save(QSettings &settings) const
{
    settings.setValue(QStringLiteral("actuatorMap"), toText(actuatorMap()));
}

void Px4Panel::applyMap()
{
    HilLink *link = m_link;
    if (!link) {
        emit errorRaised(tr("Channel mapping not applied: the PX4 link is not running."));
        return;
    }
    const mavlink::ActuatorMap map = actuatorMap();
    if (int(map.entries.size()) != m_table->rowCount())
        emit errorRaised(tr("Channel mapping: %1 row(s) with invalid values were left out.")
                             .arg(m_table->rowCount() - int(map.entries.size())));
    postTo(link, [link, map] { link->setActuatorMap(map); });
}

void Px4Panel::refreshFast()
{
    TelemetryHub *h = hub();
    if (!m_link || !h)
        return;
    for (int i = 0; i < kBars; ++i) {
        if (m_barIds[i] < 0)
            m_barIds[i] = h->find(QStringLiteral("px4/channel_%1").arg(i));
        TelemetryPoint p;
        if (m_barIds[i] >= 0 && h->latest(m_barIds[i], &p))
            m_bars[i]->setValue(qBound(0, qRound(p.v * 1000.0), 1000));
    }
}

void Px4Panel::gcsCommand(int command, QLabel *result, const std::function<void(GcsLink *)> &send)
{
    GcsLink *gcs = m_gcs;
    if (!gcs) {
        emit errorRaised(tr("PX4 command not sent: the ground-station link is not running."));
        return;
    }
    m_resultLabels[command] = {result, gcs->lastResult(command).serial};
    result->setText(tr("sent…"));
    result->setProperty("result", QStringLiteral("pending"));
    postTo(gcs, [gcs, send] { send(gcs); });
}

QString Px4Panel::modeText(std::uint32_t customMode, std::uint8_t baseMode)
{
    if (!(baseMode & 1))
        return tr("unknown");
    // PX4's modes by the one table (px4names), its English names translated in its context.
    if (const px4::FlightMode *m = px4::flightMode(customMode))
        return QCoreApplication::translate(px4::kModeContext, m->name);
    const int main = int((customMode >> 16) & 0xFF), sub = int((customMode >> 24) & 0xFF);
    return main == px4::kMainAuto ? tr("Auto (%1)").arg(sub) : tr("mode %1/%2").arg(main).arg(sub);
}

QString Px4Panel::healthText(std::uint32_t present, std::uint32_t enabled, std::uint32_t health)
{
    static const std::pair<std::uint32_t, const char *> kBits[] = {
        {1u << 0, QT_TRANSLATE_NOOP("hil::Px4Panel", "gyro")},
        {1u << 1, QT_TRANSLATE_NOOP("hil::Px4Panel", "accelerometer")},
        {1u << 2, QT_TRANSLATE_NOOP("hil::Px4Panel", "magnetometer")},
        {1u << 3, QT_TRANSLATE_NOOP("hil::Px4Panel", "barometer")},
        {1u << 4, QT_TRANSLATE_NOOP("hil::Px4Panel", "airspeed")},
        {1u << 5, QT_TRANSLATE_NOOP("hil::Px4Panel", "GPS")},
        {1u << 15, QT_TRANSLATE_NOOP("hil::Px4Panel", "motor outputs")},
        {1u << 16, QT_TRANSLATE_NOOP("hil::Px4Panel", "RC receiver")},
        {1u << 21, QT_TRANSLATE_NOOP("hil::Px4Panel", "estimator")},
        {1u << 25, QT_TRANSLATE_NOOP("hil::Px4Panel", "battery")},
        {1u << 28, QT_TRANSLATE_NOOP("hil::Px4Panel", "pre-arm checks")}};
    if (present == 0)
        return tr("no report yet");
    QStringList bad;
    for (const auto &[bit, name] : kBits)
        if ((present & bit) && (enabled & bit) && !(health & bit))
            bad << tr(name);
    return bad.isEmpty() ? tr("all healthy")
                         : tr("not healthy: %1").arg(bad.join(QStringLiteral(", ")));
}

QString Px4Panel::sticksText(int rcInMode, bool manualControlActive)
{
    QString sticks;
    if (rcInMode < 0) {
        sticks = tr("COM_RC_IN_MODE not read yet");
    } else {
        switch (px4::gcsSticksAccepted(rcInMode)) {
        case px4::GcsSticks::Yes:
            sticks = tr("PX4 takes the sticks (COM_RC_IN_MODE %1)").arg(rcInMode);
            break;
        case px4::GcsSticks::IfNoRc:
            sticks = tr("PX4 takes the sticks only while no RC is chosen (COM_RC_IN_MODE %1); set "
                        "1 to be sure")
                         .arg(rcInMode);
            break;
        case px4::GcsSticks::No:
            sticks = tr("PX4 ignores the sticks (COM_RC_IN_MODE %1): set COM_RC_IN_MODE to 1")
                         .arg(rcInMode);
            break;
        }
    }
    if (manualControlActive)
        sticks = tr("%1; sending MANUAL_CONTROL").arg(sticks);
    return sticks;
}

void Px4Panel::refreshGcs()
{
    if (!m_gcs)
        return;
    const Px4Status s = m_gcs->status();
    if (!s.connected) {
        m_mode->setText(tr("no PX4 heard on the ground-station link"));
        m_mode->setProperty("mode", QString());
    } else {
        m_mode->setText(modeText(s.customMode, s.baseMode));
        m_mode->setProperty("mode", s.mode); // PX4's name, for tests and tools
    }
    m_gcsArmed->setText(!s.connected ? QStringLiteral("—")
                        : s.armed    ? tr("ARMED")
                                     : tr("disarmed"));
    m_gcsArmed->setProperty("armed", s.connected && s.armed);
    static const char *const kLanded[] = {QT_TRANSLATE_NOOP("hil::Px4Panel", "unknown"),
                                          QT_TRANSLATE_NOOP("hil::Px4Panel", "on ground"),
                                          QT_TRANSLATE_NOOP("hil::Px4Panel", "in air"),
                                          QT_TRANSLATE_NOOP("hil::Px4Panel", "taking off"),
                                          QT_TRANSLATE_NOOP("hil::Px4Panel", "landing")};
    m_landed->setText(tr(kLanded[s.landedState >= 0 && s.landedState < 5 ? s.landedState : 0]));
    m_landed->setProperty("landedState", s.landedState);
    const QLocale loc;
    m_battery->setText(std::isfinite(s.batteryVoltageV)
                           ? tr("%1 V, %2")
                                 .arg(loc.toString(s.batteryVoltageV, 'f', 2),
                                      s.batteryRemainingPct >= 0
                                          ? tr("%1 %").arg(s.batteryRemainingPct)
                                          : tr("remaining unknown"))
                           : tr("no report yet"));
    m_battery->setProperty("voltage", s.batteryVoltageV);
    static const char *const kFix[] = {QT_TRANSLATE_NOOP("hil::Px4Panel", "no GPS"),
                                       QT_TRANSLATE_NOOP("hil::Px4Panel", "no fix"),
                                       QT_TRANSLATE_NOOP("hil::Px4Panel", "2-D fix"),
                                       QT_TRANSLATE_NOOP("hil::Px4Panel", "3-D fix"),
                                       QT_TRANSLATE_NOOP("hil::Px4Panel", "DGPS"),
                                       QT_TRANSLATE_NOOP("hil::Px4Panel", "RTK float"),
                                       QT_TRANSLATE_NOOP("hil::Px4Panel", "RTK fixed")};
    const QString fix = s.gpsFixType >= 0 && s.gpsFixType < 7 ? tr(kFix[s.gpsFixType])
                                                              : tr("fix %1").arg(s.gpsFixType);
    m_gps->setText(s.satellites >= 0 ? tr("%1, satellites: %2").arg(fix).arg(s.satellites) : fix);
    m_gps->setProperty("fixType", s.gpsFixType);
    m_gps->setProperty("satellites", s.satellites);
    m_health->setText(healthText(s.sensorsPresent, s.sensorsEnabled, s.sensorsHealth));
    m_health->setProperty("healthBits", qint64(s.sensorsHealth));
    const QString sticks = sticksText(s.rcInMode, s.manualControlActive);
    m_sticks->setText(sticks);
    m_sticks->setProperty("rcInMode", s.rcInMode);
    m_sticks->setProperty("manualControlActive", s.manualControlActive);
    // Status texts: the link keeps the latest; show what is new, newest at the bottom.
    if (s.statusTexts.size() != m_textsShown ||
        (m_texts->count() > 0 && !s.statusTexts.isEmpty() &&
         m_texts->item(m_texts->count() - 1)->text() != s.statusTexts.last())) {
        m_texts->clear();
        m_texts->addItems(s.statusTexts);
        m_textsShown = int(s.statusTexts.size());
        m_texts->scrollToBottom();
    }
    for (auto &[command, entry] : m_resultLabels) {
        QLabel *label = entry.first;
        GcsLink::CommandOutcome o = m_gcs->lastResult(command);
        if (o.serial <= entry.second) // the link has not taken this click's command yet
            o.result = GcsLink::Result::Pending;
        QString text, key;
        switch (o.result) {
        case GcsLink::Result::Pending:
            text = tr("sent…");
            key = QStringLiteral("pending");
            break;
        case GcsLink::Result::Accepted:
            text = tr("accepted");
            key = QStringLiteral("accepted");
            break;
        case GcsLink::Result::Denied: {
            // PX4's own words after the colon stay as PX4 wrote them
            const int colon = o.text.indexOf(QLatin1String(": "));
            text = colon >= 0 ? tr("denied: %1").arg(o.text.mid(colon + 2))
                              : tr("denied (%1)").arg(o.mavResult);
            key = QStringLiteral("denied");
            break;
        }
        case GcsLink::Result::TimedOut:
            text = tr("timed out");
            key = QStringLiteral("timedout");
            break;
        }
        label->setText(text);
        label->setProperty("result", key);
    }
}

void Px4Panel::refreshSlow()
{
    refreshGcs();
    if (!m_link)
        return;
    const QJsonObject c = m_link->counters();
    const bool connected = c.value(QStringLiteral("connected")).toBool();
    const bool armed = c.value(QStringLiteral("armed")).toBool();
    m_connected->setText(connected ? tr("connected") : tr("waiting for PX4"));
    m_armed->setText(armed ? tr("ARMED") : tr("disarmed"));
    m_armed->setProperty("armed", armed);
    m_armed->setStyleSheet(armed ? QStringLiteral("color: #c0392b; font-weight: bold;")
                                 : QString());
    m_lockstep->setText(c.value(QStringLiteral("lockstep")).toBool()
                            ? tr("on, %1 Hz")
                                  .arg(QLocale().toString(
                                      c.value(QStringLiteral("lockstep_hz")).toDouble(), 'f', 1))
                            : tr("off"));
    m_timeouts->setText(
        QString::number(qint64(c.value(QStringLiteral("lockstep_timeouts")).toDouble())));
    m_counts->setText(QStringLiteral("%1 / %2")
                          .arg(qint64(c.value(QStringLiteral("hil_sensor_sent")).toDouble()))
                          .arg(qint64(c.value(QStringLiteral("actuator_received")).toDouble())));
}

} // namespace hil
