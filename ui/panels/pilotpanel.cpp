#include "ui/panels/pilotpanel.h"
#include "input/pilotlink.h"
#include "station/station.h"
#include "telemetry/telemetryhub.h"
#include "ui/panels/pilotsetupdialog.h"
#include "ui/panels/px4panel.h"

#include <QCheckBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>
#include <cmath>

namespace hil {

namespace {
const char *const kLitStyle = "background: #2e7d32; color: white; border-radius: 3px;";
const char *const kDarkStyle = "background: #d0d0d0; color: #404040; border-radius: 3px;";

/// Bar value for a stick −1..1 (or throttle 0..1): thousandths.
int barValue(double v)
{
    return std::isfinite(v) ? qBound(-1000, qRound(v * 1000.0), 1000) : 0;
}
} // namespace

PilotPanel::PilotPanel(Station *station, QWidget *parent)
    : Panel(QStringLiteral("pilotPanel"), station, parent)
{
    auto label = [](const char *name) {
        auto *l = new QLabel(QStringLiteral("—"));
        l->setObjectName(QLatin1String(name));
        l->setWordWrap(true);
        return l;
    };

    // --- the input: devices, sticks, buttons, mapping
    auto *input = new QGroupBox;
    retranslate([=] { input->setTitle(tr("Pilot's device")); });
    auto *ig = new QGridLayout(input);
    m_devices = label("pilotDevicesLabel");
    m_devices->setTextInteractionFlags(Qt::TextSelectableByMouse); // GUIDs to copy
    m_state = label("pilotSticksLabel"); // not "pilotStateLabel": the Links panel's row for the
                                         // pilot link has that one
    ig->addWidget(trLabel([this] { return tr("Devices"); }), 0, 0, Qt::AlignTop);
    ig->addWidget(m_devices, 0, 1, 1, 3);
    ig->addWidget(trLabel([this] { return tr("Sticks"); }), 1, 0);
    ig->addWidget(m_state, 1, 1, 1, 3);
    static const char *const kBarNames[] = {"pilotRollBar", "pilotPitchBar", "pilotYawBar",
                                            "pilotThrottleBar"};
    const std::function<QString()> barTexts[] = {
        [this] { return tr("Roll"); }, [this] { return tr("Pitch"); }, [this] { return tr("Yaw"); },
        [this] { return tr("Throttle"); }};
    for (int i = 0; i < 4; ++i) {
        m_bars[i] = new QProgressBar;
        m_bars[i]->setObjectName(QLatin1String(kBarNames[i]));
        m_bars[i]->setRange(i == 3 ? 0 : -1000, 1000);
        m_bars[i]->setValue(0);
        m_bars[i]->setTextVisible(true);
        m_bars[i]->setFormat(QStringLiteral("0"));
        // Two columns like a transmitter's display: roll/pitch (right stick), yaw/throttle.
        QLabel *name = trLabel(barTexts[i]);
        ig->addWidget(name, 2 + i / 2, (i % 2) * 2);
        ig->addWidget(m_bars[i], 2 + i / 2, (i % 2) * 2 + 1);
        m_live << name << m_bars[i];
    }
    auto *lights = new QGridLayout; // two rows of eight: narrow enough for the dock at 1280 px
    lights->setSpacing(2);
    for (int b = 0; b < kButtonLights; ++b) {
        auto *l = new QLabel(QString::number(b + 1));
        l->setObjectName(QStringLiteral("pilotButton%1").arg(b));
        l->setAlignment(Qt::AlignCenter);
        l->setFixedSize(22, 18);
        l->setStyleSheet(QLatin1String(kDarkStyle));
        l->setProperty("lit", false);
        lights->addWidget(l, b / 8, b % 8);
        m_buttons[b] = l;
        m_live << l;
    }
    lights->setColumnStretch(8, 1);
    QLabel *buttonsName = trLabel([this] { return tr("Buttons"); });
    m_live << buttonsName;
    ig->addWidget(buttonsName, 4, 0, Qt::AlignTop);
    ig->addLayout(lights, 4, 1, 1, 3);
    m_mapping = label("pilotMappingLabel");
    ig->addWidget(trLabel([this] { return tr("Mapping"); }), 5, 0, Qt::AlignTop);
    ig->addWidget(m_mapping, 5, 1, 2, 3);
    m_setup = new QPushButton;
    m_setup->setObjectName(QStringLiteral("pilotSetupButton"));
    retranslate([this] { m_setup->setText(tr("Set up…")); });
    connect(m_setup, &QPushButton::clicked, this, &PilotPanel::setupRequested);
    connect(this, &PilotPanel::setupRequested, this, &PilotPanel::openSetup);
    ig->addWidget(m_setup, 6, 0, Qt::AlignLeft | Qt::AlignBottom);
    ig->setColumnStretch(1, 1);
    ig->setColumnStretch(3, 1);
    m_inputContent = input;

    // --- where the controls go
    auto *out = new QGroupBox;
    retranslate([=] { out->setTitle(tr("Sent to")); });
    auto *og = new QGridLayout(out);
    m_manual = label("pilotManualControlLabel");
    m_verdict = label("pilotPx4VerdictLabel");
    m_realFlight = label("pilotRealFlightLabel");
    m_stop = label("pilotPanelStopLabel");
    m_enabling = label("pilotEnablingLabel");
    int row = 0;
    const std::pair<std::function<QString()>, QLabel *> rows[] = {
        {[this] { return tr("PX4"); }, m_manual},
        {[this] { return tr("PX4's verdict"); }, m_verdict},
        {[this] { return tr("RealFlight"); }, m_realFlight}};
    for (const auto &[name, l] : rows) {
        og->addWidget(trLabel(name), row, 0, Qt::AlignTop);
        og->addWidget(l, row++, 1);
    }
    // RealFlight's channel map: which channel each control drives (0: none), reversed or not.
    auto *channels = new QWidget;
    channels->setObjectName(QStringLiteral("pilotChannelsBox"));
    auto *cg = new QGridLayout(channels);
    cg->setContentsMargins(0, 0, 0, 0);
    static const char *const kControlNames[] = {"Aileron", "Elevator", "Throttle", "Rudder"};
    const std::function<QString()> controlTexts[] = {
        [this] { return tr("Aileron"); }, [this] { return tr("Elevator"); },
        [this] { return tr("Throttle"); }, [this] { return tr("Rudder"); }};
    for (int c = 0; c < PilotChannelMap::kControls; ++c) {
        auto *spin = new QSpinBox;
        spin->setObjectName(QStringLiteral("pilot%1Channel").arg(QLatin1String(kControlNames[c])));
        spin->setRange(0, 12);
        auto *rev = new QCheckBox;
        rev->setObjectName(QStringLiteral("pilot%1Reverse").arg(QLatin1String(kControlNames[c])));
        retranslate([spin, rev] {
            spin->setSpecialValueText(tr("none"));
            spin->setPrefix(tr("ch "));
            spin->setToolTip(tr("RealFlight channel 1-12; none: RealFlight's own controller"));
            rev->setText(tr("rev."));
            rev->setToolTip(tr("Reversed"));
        });
        m_channel[c] = spin;
        m_reverse[c] = rev;
        // A column per control (name, channel, reversed): narrow enough for the dock in German.
        cg->addWidget(trLabel(controlTexts[c]), 0, c);
        cg->addWidget(spin, 1, c);
        cg->addWidget(rev, 2, c);
    }
    auto *apply = new QPushButton;
    apply->setObjectName(QStringLiteral("pilotChannelsApply"));
    retranslate([apply] { apply->setText(tr("Apply")); });
    connect(apply, &QPushButton::clicked, this, &PilotPanel::applyChannels);
    cg->addWidget(apply, 3, 0, 1, 4, Qt::AlignRight);
    m_channelsBox = channels;
    // The whole width: the channel editors are the panel's widest row.
    og->addWidget(trLabel([this] { return tr("RealFlight's channels from the pilot"); }), row++, 0,
                  1, 2);
    og->addWidget(channels, row++, 0, 1, 2);
    og->addWidget(trLabel([this] { return tr("STOP"); }), row, 0, Qt::AlignTop);
    og->addWidget(m_stop, row++, 1);
    og->addWidget(trLabel([this] { return tr("Enabling"); }), row, 0, Qt::AlignTop);
    og->addWidget(m_enabling, row++, 1);
    og->setColumnStretch(1, 1);

    auto *body = new QWidget;
    auto *bv = new QVBoxLayout(body);
    bv->setContentsMargins(0, 0, 0, 0);
    bv->addWidget(input);
    bv->addWidget(out);
    bv->addStretch(1);
    // Not setLinkLayout(): without the input link only its own part is disabled; RealFlight's
    // channel map and PX4's verdict still matter (e.g. set up before the pilot link starts).
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("pilotNote"));
    m_note->setWordWrap(true);
    m_note->setStyleSheet(QStringLiteral("color: #7f6000; background: #fff4ce; padding: 4px;"));
    retranslate([this] {
        m_note->setText(tr("No pilot input link is running. Start it with --pilot joystick (a "
                           "joystick, gamepad or USB transmitter) or --pilot realflight, or "
                           "from the Links panel."));
    });
    auto *scroll = new QScrollArea;
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_note);
    layout->addWidget(scroll, 1);

    m_exchangeClock.start();
    relink();
    connect(station, &Station::linksChanged, this, &PilotPanel::relink);
}

QString PilotPanel::title() const
{
    return tr("Pilot");
}

void PilotPanel::relink()
{
    m_pilot = qobject_cast<input::PilotLink *>(station()->worker(QStringLiteral("pilot")));
    const RunningLink forwarder =
        station()->runningThat([](const LinkDescriptor &d) { return bool(d.pilotForwarding); });
    m_forwarder = forwarder.worker;
    m_forwarderD = forwarder.d;
    const RunningLink channels =
        station()->runningThat([](const LinkDescriptor &d) { return bool(d.pilotChannels); });
    m_channelsLink = channels.worker;
    m_channelsD = channels.d;
    m_note->setVisible(!m_pilot);
    m_inputContent->setEnabled(m_pilot != nullptr);
    // Without the link the sticks and buttons have nothing to show: the panel stays short.
    for (QWidget *w : std::as_const(m_live))
        w->setVisible(m_pilot != nullptr);
    m_channelsBox->setEnabled(m_channelsLink != nullptr);
    if (m_channelsLink && m_channelsFrom != m_channelsLink) {
        setChannelMap(m_channelsD->pilotChannels->map(m_channelsLink));
        m_channelsFrom = m_channelsLink;
        m_lastExchanges = -1.0;
    }
}

PilotChannelMap PilotPanel::channelMap() const
{
    PilotChannelMap map;
    for (int c = 0; c < PilotChannelMap::kControls; ++c) {
        map.channel[std::size_t(c)] = m_channel[c]->value() - 1; // shown from 1, 0 = none
        map.reversed[std::size_t(c)] = m_reverse[c]->isChecked();
    }
    return map;
}

void PilotPanel::setChannelMap(const PilotChannelMap &map)
{
    for (int c = 0; c < PilotChannelMap::kControls; ++c) {
        m_channel[c]->setValue(map.channel[std::size_t(c)] + 1);
        m_reverse[c]->setChecked(map.reversed[std::size_t(c)]);
    }
}

void PilotPanel::applyChannels()
{
    Worker *link = m_channelsLink;
    if (!link) {
        emit errorRaised(tr("Channel map not applied: the FlightAxis link is not running."));
        return;
    }
    const PilotChannelMap map = channelMap();
    QString why; // each channel at most once: the link's own text form checks it
    if (!PilotChannelMap::parse(map.toString(), &why)) {
        emit errorRaised(tr("Channel map not applied: %1").arg(why));
        return;
    }
    m_channelsD->pilotChannels->setMap(link, map); // thread-safe, from the next exchange
}

QString PilotPanel::mappingText(const input::DeviceMap &map)
{
    const QLocale loc;
    auto axis = [&](const QString &control, const input::AxisMap &a, bool stick) {
        if (a.axis < 0)
            return tr("%1: not mapped").arg(control);
        QStringList parts{tr("axis %1").arg(a.axis + 1)};
        if (a.reverse)
            parts << tr("reversed");
        parts << tr("dead-band %1 %").arg(loc.toString(a.deadband * 100.0, 'f', 0));
        if (stick)
            parts << tr("expo %1 %").arg(loc.toString(a.expo * 100.0, 'f', 0));
        return tr("%1: %2").arg(control, parts.join(QStringLiteral(", ")));
    };
    QStringList lines{axis(tr("Roll"), map.roll, true), axis(tr("Pitch"), map.pitch, true),
                      axis(tr("Yaw"), map.yaw, true), axis(tr("Throttle"), map.throttle, false)};
    static const std::pair<PilotAction, const char *> kActions[] = {
        {PilotStop, QT_TR_NOOP("STOP")},
        {PilotArm, QT_TR_NOOP("arm")},
        {PilotDisarm, QT_TR_NOOP("disarm")},
        {PilotTakeoff, QT_TR_NOOP("take off")},
        {PilotLand, QT_TR_NOOP("land")},
        {PilotReturn, QT_TR_NOOP("return")},
        {PilotHold, QT_TR_NOOP("hold")},
        {PilotModePosition, QT_TR_NOOP("Position mode")},
        {PilotModeAltitude, QT_TR_NOOP("Altitude mode")},
        {PilotModeStabilized, QT_TR_NOOP("Stabilized mode")},
        {PilotModeManual, QT_TR_NOOP("Manual mode")}};
    QStringList buttons;
    for (const input::ButtonMap &b : map.buttons)
        for (const auto &[action, name] : kActions)
            if (b.action == action)
                buttons << tr("button %1: %2").arg(b.button + 1).arg(tr(name));
    if (map.enablingButton >= 0)
        buttons << tr("button %1: enabling (cues pass while held)").arg(map.enablingButton + 1);
    lines << (buttons.isEmpty() ? tr("Buttons: none mapped")
                                : tr("Buttons: %1").arg(buttons.join(QStringLiteral("; "))));
    return lines.join(QLatin1Char('\n'));
}

void PilotPanel::refreshFast()
{
    TelemetryHub *h = hub();
    if (!m_pilot || !h)
        return;
    static const char *const kSeries[] = {"pilot/roll", "pilot/pitch", "pilot/yaw",
                                          "pilot/throttle"};
    // The hub declares the pilot series with the first sample: look them up until they exist.
    for (int i = 0; i < 4; ++i) {
        if (m_barIds[i] < 0)
            m_barIds[i] = h->find(QLatin1String(kSeries[i]));
        TelemetryPoint p;
        if (m_barIds[i] >= 0 && h->latest(m_barIds[i], &p)) {
            m_bars[i]->setValue(barValue(p.v));
            m_bars[i]->setFormat(QLocale().toString(p.v, 'f', 2));
            m_bars[i]->setProperty("stick", p.v);
        }
    }
    if (m_buttonsId < 0)
        m_buttonsId = h->find(QStringLiteral("pilot/buttons"));
    if (m_activeId < 0)
        m_activeId = h->find(QStringLiteral("pilot/active"));
    TelemetryPoint active, buttons;
    const bool on = m_activeId >= 0 && h->latest(m_activeId, &active) && active.v > 0.5;
    // Exact for the first 53 buttons (the hub keeps doubles); 16 lights are shown.
    const std::uint64_t bits =
        on && m_buttonsId >= 0 && h->latest(m_buttonsId, &buttons) ? std::uint64_t(buttons.v) : 0;
    for (int b = 0; b < kButtonLights; ++b) {
        const bool lit = (bits >> unsigned(b)) & 1u;
        if (m_buttons[b]->property("lit").toBool() == lit)
            continue;
        m_buttons[b]->setProperty("lit", lit);
        m_buttons[b]->setStyleSheet(QLatin1String(lit ? kLitStyle : kDarkStyle));
    }
}

QString PilotPanel::waitingFor(const QJsonObject &endpoints)
{
    // Devices are listed but none flies: say which one the link waits for, and where that is
    // chosen, rather than "waiting for a device" beside a list of them.
    const QString wanted =
        endpoints.value(QLatin1String("source")).toString() == QLatin1String("realflight")
            ? tr("RealFlight's transmitter")
        : endpoints.contains(QLatin1String("joystick_name"))
            ? tr("the joystick named \"%1\"")
                  .arg(endpoints.value(QLatin1String("joystick_name")).toString())
        : endpoints.contains(QLatin1String("joystick_index"))
            ? tr("joystick %1").arg(endpoints.value(QLatin1String("joystick_index")).toInt() + 1)
            : tr("a joystick");
    return tr("none of these flies: waiting for %1 (the Links panel's Pilot input row says which)")
        .arg(wanted);
}

void PilotPanel::refreshSlow()
{
    if (m_pilot) {
        const QList<input::PilotDeviceInfo> devices = m_pilot->devices();
        const input::PilotFlying flying = m_pilot->flying();
        QStringList lines, names;
        for (const input::PilotDeviceInfo &d : devices) {
            const bool flies = flying.active && d.id.compare(flying.id, Qt::CaseInsensitive) == 0;
            lines << (flies ? tr("%1 (%2) — flies").arg(d.name, d.id)
                            : tr("%1 (%2)").arg(d.name, d.id));
            names << d.name;
        }
        m_devices->setText(lines.isEmpty() ? tr("no device present")
                                           : lines.join(QLatin1Char('\n')));
        m_devices->setProperty("devices", names);
        m_devices->setProperty("flying", flying.active ? flying.name : QString());
        const QJsonObject c = m_pilot->counters();
        m_state->setText(
            flying.active
                ? tr("%1 at %2 Hz")
                      .arg(flying.name,
                           QLocale().toString(c.value(QStringLiteral("sample_rate_hz")).toDouble(),
                                              'f', 0))
            : !flying.id.isEmpty() ? tr("%1 lost: the sticks are not used").arg(flying.name)
            : lines.isEmpty()      ? tr("waiting for a device")
                                   : waitingFor(m_pilot->endpoints()));
        m_mapping->setText(flying.id.isEmpty() ? tr("shown once a device flies")
                                               : mappingText(flying.map));
    }
    refreshOutputs();
}

void PilotPanel::refreshOutputs()
{
    const QLocale loc;
    // PX4: MANUAL_CONTROL and whether PX4 takes it.
    if (m_forwarder) {
        const PilotForwardingState f = m_forwarderD->pilotForwarding(m_forwarder);
        m_manual->setText(f.active ? tr("MANUAL_CONTROL at %1 Hz (%2 sent)")
                                         .arg(loc.toString(f.hz, 'f', 1))
                                         .arg(f.sent)
                                   : tr("MANUAL_CONTROL not sent (no active pilot device)"));
        m_manual->setProperty("active", f.active);
        m_manual->setProperty("hz", f.hz);
        m_verdict->setText(Px4Panel::sticksText(f.stickInputMode, false));
        m_verdict->setProperty("rcInMode", f.stickInputMode);
    } else {
        m_manual->setText(tr("no PX4 ground-station link (start with --px4 or --emulate px4)"));
        m_manual->setProperty("active", false);
        m_manual->setProperty("hz", 0.0);
        m_verdict->setText(QStringLiteral("—"));
        m_verdict->setProperty("rcInMode", -1);
    }
    // RealFlight: its channels from the pilot while no autopilot feeds them.
    if (m_channelsLink) {
        const PilotChannelsState st = m_channelsD->pilotChannels->state(m_channelsLink);
        const QString source =
            st.source == PilotChannelsState::Source::Pilot       ? QStringLiteral("pilot")
            : st.source == PilotChannelsState::Source::Autopilot ? QStringLiteral("autopilot")
                                                                 : QStringLiteral("none");
        const double exchanges = double(st.pilotExchanges);
        const double dt = m_exchangeClock.restart() / 1000.0;
        if (m_lastExchanges >= 0.0 && dt > 0.0)
            m_exchangeHz = std::max(0.0, exchanges - m_lastExchanges) / dt;
        m_lastExchanges = exchanges;
        QString text;
        if (source == QLatin1String("pilot"))
            text = tr("channels from the pilot at %1 Hz (%2 exchanges)")
                       .arg(loc.toString(m_exchangeHz, 'f', 0))
                       .arg(qint64(exchanges));
        else if (source == QLatin1String("autopilot"))
            text = tr("channels from the autopilot (PX4): the pilot flies through PX4");
        else
            text = tr("RealFlight's own controller has the channels");
        m_realFlight->setText(text);
        m_realFlight->setProperty("source", source);
        m_realFlight->setProperty("exchanges", exchanges);
    } else {
        m_realFlight->setText(tr("no FlightAxis link (start with --flightaxis or --emulate "
                                 "flightaxis)"));
        m_realFlight->setProperty("source", QString());
    }
    // The platform: STOP and the enabling button, as the motion link counts them (its typed
    // status, whichever link moves the rider).
    if (const std::optional<MotionStatus> status = station()->motionStatus()) {
        const MotionStatus &st = *status;
        const QString &device = st.pilotDevice;
        const qint64 stops = st.pilotStops;
        m_stop->setText(device.isEmpty() ? tr("the platform has no pilot device")
                        : st.pilotStopMapped
                            ? tr("mapped on %1; pressed %2 times").arg(device).arg(stops)
                            : tr("no STOP button mapped on %1").arg(device));
        const QString enabling =
            st.enabling == MotionStatus::Enabling::Held       ? QStringLiteral("held")
            : st.enabling == MotionStatus::Enabling::Released ? QStringLiteral("released")
                                                              : QString();
        m_enabling->setText(st.enabling == MotionStatus::Enabling::Held ? tr("held: cues pass")
                            : st.enabling == MotionStatus::Enabling::Released
                                ? tr("released: cues held at neutral")
                                : tr("none configured"));
        m_stop->setProperty("stops", stops);
        m_enabling->setProperty("enabling", enabling);
    } else {
        m_stop->setText(tr("no motion link"));
        m_enabling->setText(QStringLiteral("—"));
        m_enabling->setProperty("enabling", QString());
    }
}

void PilotPanel::openSetup()
{
    // One at a time, not modal (as the axis check): the window and its STOP stay usable.
    if (!m_setupDialog) {
        m_setupDialog = new PilotSetupDialog(station(), this);
        m_setupDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_setupDialog->show();
    m_setupDialog->raise();
}

} // namespace hil
