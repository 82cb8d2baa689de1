#pragma once
// Px4Panel: the PX4 HIL link (worker "px4"): connection, armed, lockstep and its rate, lockstep
// timeouts, the actuator outputs as bars (hub series px4/channel_0..3, 0..1), and the editable
// channel mapping table (PX4 output → RealFlight channel, scale, offset, invert, safe value),
// kept in the settings and applied through HilLink::setActuatorMap (queued). GUI thread only.

#include "mavlink/actuatormap.h"
#include "ui/panels/panel.h"

#include <QPointer>
#include <array>

class QLabel;
class QProgressBar;
class QTableWidget;

namespace hil {

class HilLink;

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

public slots:
    /// Sends the table's mapping to the link.
    void applyMap();

private:
    static constexpr int kBars = 4;
    QPointer<HilLink> m_link;
    QLabel *m_connected = nullptr, *m_armed = nullptr, *m_lockstep = nullptr, *m_timeouts = nullptr;
    QLabel *m_counts = nullptr;
    std::array<QProgressBar *, kBars> m_bars{};
    std::array<int, kBars> m_barIds{{-1, -1, -1, -1}};
    QTableWidget *m_table = nullptr;
};

} // namespace hil
