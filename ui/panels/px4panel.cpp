#include "ui/panels/px4panel.h"
#include "mavlink/hillink.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"

#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>

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
        m_table->setHorizontalHeaderLabels({tr("PX4 output"), tr("Channel"), tr("Scale"), tr("Offset"),
                                            tr("Invert"), tr("Safe value")});
        m_table->setToolTip(tr("channel = clamp(offset + scale × ±output, 0, 1); disarmed: safe value. "
                               "Outputs 0-15, channels 1-12."));
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
    addButton([this] { return tr("Add"); }, "mappingAddButton", [this] {
        mavlink::ActuatorMap m = actuatorMap();
        mavlink::ActuatorMapping e;
        e.output = e.channel = int(m.entries.size());
        m.entries.push_back(e);
        setActuatorMap(m);
    });
    addButton([this] { return tr("Remove"); }, "mappingRemoveButton", [this] {
        if (m_table->currentRow() >= 0)
            m_table->removeRow(m_table->currentRow());
    });
    addButton([this] { return tr("Quad X"); }, "mappingQuadButton", [this] { setActuatorMap(mavlink::ActuatorMap::quadX()); });
    addButton([this] { return tr("Fixed wing"); }, "mappingWingButton", [this] { setActuatorMap(mavlink::ActuatorMap::fixedWing()); });
    buttons->addStretch(1);
    addButton([this] { return tr("Apply"); }, "mappingApplyButton", [this] { applyMap(); });
    mv->addWidget(m_table, 1);
    mv->addLayout(buttons);

    auto *body = new QWidget;
    auto *bv = new QVBoxLayout(body);
    bv->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(status, 1);
    top->addWidget(outputs, 1);
    bv->addLayout(top);
    bv->addWidget(mapping, 1);
    setLinkLayout(body, m_link != nullptr,
                  [this] { return tr("The PX4 link is not running (start with --px4 or --emulate px4)."); });
    setActuatorMap(mavlink::ActuatorMap::quadX()); // HilLinkConfig's default
}

QString Px4Panel::title() const { return tr("PX4"); }

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
        e.output = int(num(ColOutput, &ok[0]));
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
        m_table->setItem(r, ColOutput, numberItem(e.output));
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
        rows << QStringLiteral("%1,%2,%3,%4,%5,%6").arg(e.output).arg(e.channel).arg(e.scale).arg(e.offset)
                    .arg(e.invert ? 1 : 0).arg(e.safeValue);
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
    QMetaObject::invokeMethod(link, [link, map] { link->setActuatorMap(map); }, Qt::QueuedConnection);
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

void Px4Panel::refreshSlow()
{
    if (!m_link)
        return;
    const QJsonObject c = m_link->counters();
    const bool connected = c.value(QStringLiteral("connected")).toBool();
    const bool armed = c.value(QStringLiteral("armed")).toBool();
    m_connected->setText(connected ? tr("connected") : tr("waiting for PX4"));
    m_armed->setText(armed ? tr("ARMED") : tr("disarmed"));
    m_armed->setProperty("armed", armed);
    m_armed->setStyleSheet(armed ? QStringLiteral("color: #c0392b; font-weight: bold;") : QString());
    m_lockstep->setText(c.value(QStringLiteral("lockstep")).toBool()
                            ? tr("on, %1 Hz").arg(c.value(QStringLiteral("lockstep_hz")).toDouble(), 0, 'f', 1)
                            : tr("off"));
    m_timeouts->setText(QString::number(qint64(c.value(QStringLiteral("lockstep_timeouts")).toDouble())));
    m_counts->setText(QStringLiteral("%1 / %2")
                          .arg(qint64(c.value(QStringLiteral("hil_sensor_sent")).toDouble()))
                          .arg(qint64(c.value(QStringLiteral("actuator_received")).toDouble())));
}

} // namespace hil
