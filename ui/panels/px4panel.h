#pragma once
// Px4Panel: the PX4 HIL link (worker "px4"): connection, armed, lockstep and its rate, lockstep
// timeouts, the actuator outputs as bars (hub series px4/channel_0..3, 0..1), and the editable
// channel mapping table (PX4 output → RealFlight channel, scale, offset, invert, safe value),
// kept in the settings and applied through HilLink::setActuatorMap (queued).
// And PX4 as its ground-station link (worker "px4gcs") reports it: flight mode, armed, landed
// state, battery, GPS, sensor health, status texts; buttons Arm (asks first), Disarm, Takeoff
// (height), Land, Return, Hold, Position, each with its command's result beside it.
//
// Numbering: everything the operator sees counts from 1 — PX4 outputs as PX4 names its motors
// and outputs (motor 1 = output 1 = HIL_ACTUATOR_CONTROLS.controls[0]) and RealFlight channels
// as a transmitter does (channel 1 = the first servo value). The settings text and ActuatorMap
// keep the 0-based indices. GUI thread only.

#include "mavlink/actuatormap.h"
#include "ui/panels/panel.h"

#include <QPointer>
#include <array>
#include <functional>
#include <map>

class QDoubleSpinBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace hil {

class HilLink;
class GcsLink;

class Px4Panel : public Panel
{
    Q_OBJECT
public:
    explicit Px4Panel(Station *station, QWidget *parent = nullptr);

    QString title() const override;
    void load(QSettings &settings) override;
    void save(QSettings &settings) const override;
    void refreshFast() override;
    void refreshSlow() override;

    /// The mapping the table shows (rows with bad cells are skipped).
    mavlink::ActuatorMap actuatorMap() const;
    void setActuatorMap(const mavlink::ActuatorMap &map);
    /// "output,channel,scale,offset,invert,safe;..." — the settings form.
    static QString toText(const mavlink::ActuatorMap &map);
    static mavlink::ActuatorMap fromText(const QString &text);

    /// PX4's health bits (SYS_STATUS) as one translated line: "all healthy" or what is not.
    static QString healthText(std::uint32_t present, std::uint32_t enabled, std::uint32_t health);

    /// Whether PX4 takes MANUAL_CONTROL from this ground station (its COM_RC_IN_MODE, −1 not read
    /// yet) and whether the link sends it, in one translated line. The PX4 and Pilot panels show
    /// the same verdict.
    static QString sticksText(int rcInMode, bool manualControlActive);

    /// PX4's flight mode as the panel shows it: the name of px4::flightMode(customMode)
    /// translated (context px4::kModeContext), "Auto (n)" or "mode m/n" for one PX4 does not
    /// name, "unknown" without MAV_MODE_FLAG_CUSTOM_MODE_ENABLED (bit 0 of baseMode).
    static QString modeText(std::uint32_t customMode, std::uint8_t baseMode);

public slots:
    /// Sends the table's mapping to the link.
    void applyMap();

private:
    void gcsCommand(int command, QLabel *result, const std::function<void(GcsLink *)> &send);
    void refreshGcs();
    /// Re-reads the running links (Station::linksChanged): drops stopping ones before they can
    /// be deleted, takes reconnected ones.
    void relink();
    QWidget *m_vehicle = nullptr;
    QPointer<GcsLink> m_gcs;
    QLabel *m_mode = nullptr, *m_gcsArmed = nullptr, *m_landed = nullptr, *m_battery = nullptr,
           *m_gps = nullptr, *m_health = nullptr, *m_sticks = nullptr;
    QListWidget *m_texts = nullptr;
    QDoubleSpinBox *m_takeoffAlt = nullptr;
    /// command → the label of the button that sent it, and the outcome serial before the click
    std::map<int, std::pair<QLabel *, quint64>> m_resultLabels;
    int m_textsShown = 0;
    static constexpr int kBars = 4;
    QPointer<HilLink> m_link;
    QLabel *m_connected = nullptr, *m_armed = nullptr, *m_lockstep = nullptr, *m_timeouts = nullptr;
    QLabel *m_counts = nullptr;
    std::array<QProgressBar *, kBars> m_bars{};
    std::array<int, kBars> m_barIds{{-1, -1, -1, -1}};
    QTableWidget *m_table = nullptr;
};

} // namespace hil
