#pragma once
// TelemetryHub: the bounded store of every plotted value, between the links (which push from
// their worker threads) and the window (which copies the visible window on its 30-60 Hz timer).
//
// Thread-safe. Each series has its own mutex, so a push locks only what it writes and the GUI's
// copy of one series never holds up the others. No allocation per sample once a series' ring has
// grown to its capacity (it grows by doubling: the warm-up).
//
// Time: seconds on the hub's clock, the host steady clock (CLOCK_MONOTONIC, the same clock as
// SimFrame::monotonicNs) relative to the hub's creation. Values are stored in SI units; the
// display converts (rad -> deg) from the unit given at declaration.
//
// Names are `/`-separated paths: SimFrame fields as in state.csv (`position/n`, `velocity/e`,
// `attitude/roll`, ...), link values under the link's name (`raven/heave_cmd`).
// Kind::Distribution marks samples whose spread matters more than their time course (loop
// period, round trip): the Link statistics panel draws a histogram of each such series.

#include "model/pilot.h"
#include "model/simframe.h"

#include <QHash>
#include <QMutex>
#include <QObject>
#include <QString>
#include <QStringList>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "telemetry/ringseries.h"

namespace hil {

class TelemetryHub : public QObject
{
    Q_OBJECT
public:
    enum class Kind { Signal, Distribution };

    struct SeriesInfo
    {
        int id = -1;
        QString name;
        QString unit; ///< SI unit ("m", "m/s", "rad", "ms", ...), "" for plain numbers
        Kind kind = Kind::Signal;
    };

    static constexpr std::size_t kDefaultCapacity = 150000; ///< 10 min at 250 Hz
    static constexpr int kMaxSeries = 512;

    explicit TelemetryHub(std::size_t capacityPerSeries = kDefaultCapacity,
                          QObject *parent = nullptr);
    ~TelemetryHub() override;

    // --- producers (any thread) ---

    /// The id of a series, declaring it on first use. -1 when kMaxSeries are already declared.
    /// Declaring takes a lock and allocates: do it once (in open()), then push by id.
    int declare(const QString &name, const QString &unit = {}, Kind kind = Kind::Signal);
    /// Appends one sample (t in hub seconds, see now()). Ignores invalid ids.
    void pushValue(int id, double t, double v);
    /// Convenience for rare values: looks the name up (declaring it) on every call.
    void pushValue(const QString &name, double t, double v);
    /// Expands a simulator frame into its series (position/n, attitude/roll, extras/..., SI).
    void push(const SimFrame &frame);
    /// The pilot's controls into the `pilot` group (pilot/roll, pitch, yaw −1..1, throttle 0..1,
    /// buttons (raw bits), active 0/1), at c.sampleNs. Declared by the first push, so the group
    /// appears only once a device (or a replayed session's sticks) was seen.
    void push(const PilotControls &c);

    /// Now on the hub's clock, s.
    double now() const;
    /// A host steady-clock time stamp (ns, as in SimFrame::monotonicNs) on the hub's clock, s.
    double fromMonotonicNs(std::int64_t ns) const { return (ns - m_epochNs) * 1e-9; }

    // --- consumers (usually the GUI thread) ---

    /// Every series declared so far, in declaration order.
    std::vector<SeriesInfo> seriesList() const;
    int seriesCount() const { return m_count.load(std::memory_order_acquire); }
    int find(const QString &name) const;
    SeriesInfo info(int id) const;
    /// Bumped by every push: the window skips a replot when nothing changed.
    std::uint64_t revision() const { return m_revision.load(std::memory_order_relaxed); }

    /// Replaces *out with the samples of [t0, t1] decimated to about 2 * buckets points
    /// (min/max per bucket; buckets = the plot's pixel width). False for an invalid id.
    bool snapshot(int id, double t0, double t1, int buckets,
                  std::vector<TelemetryPoint> *out) const;
    /// Replaces *out with the newest n samples' values (for histograms). False for an invalid id.
    bool latestValues(int id, std::size_t n, std::vector<double> *out) const;
    /// The newest sample; false when the series is empty or the id invalid.
    bool latest(int id, TelemetryPoint *out) const;
    /// Time of the oldest and newest sample over all series; false when there are none.
    bool timeSpan(double *t0, double *t1) const;
    std::size_t sampleCount(int id) const;
    std::size_t capacity() const { return m_capacity; }

private:
    struct Series
    {
        explicit Series(std::size_t capacity) : ring(capacity) {}
        SeriesInfo info;
        mutable QMutex mutex;
        RingSeries ring;
    };
    Series *series(int id) const;
    void declareFrameSeries();

    const std::size_t m_capacity;
    const std::int64_t m_epochNs;
    mutable QMutex m_declareMutex; // guards m_byName and declarations
    QHash<QString, int> m_byName;
    std::array<std::unique_ptr<Series>, kMaxSeries> m_series;
    std::atomic<int> m_count{0};
    std::atomic<std::uint64_t> m_revision{0};
    std::atomic<bool> m_overflowLogged{false};
    int m_frameFirstId = 0; // SimFrame series are declared first, in a fixed order
    static constexpr int kPilotSeries = 6;
    std::once_flag m_pilotDeclared;
    std::array<int, kPilotSeries> m_pilotIds{}; // written once under m_pilotDeclared
};

} // namespace hil
