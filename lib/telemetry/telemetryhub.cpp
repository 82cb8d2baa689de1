#include "telemetry/telemetryhub.h"
#include "model/clock.h"
#include "model/rotation.h"
#include "telemetry/logging.h"

#include <QMutexLocker>
#include <algorithm>

namespace hil {

namespace {

struct FrameSeriesDef
{
    const char *name;
    const char *unit;
};

// The order push(SimFrame) writes in; ids are m_frameFirstId + index.
constexpr FrameSeriesDef kFrameSeries[] = {
    {"position/n", "m"},
    {"position/e", "m"},
    {"position/d", "m"},
    {"velocity/n", "m/s"},
    {"velocity/e", "m/s"},
    {"velocity/d", "m/s"},
    {"acceleration/n", "m/s²"},
    {"acceleration/e", "m/s²"},
    {"acceleration/d", "m/s²"},
    {"attitude/roll", "rad"},
    {"attitude/pitch", "rad"},
    {"attitude/yaw", "rad"},
    {"angular_velocity/f", "rad/s"},
    {"angular_velocity/r", "rad/s"},
    {"angular_velocity/d", "rad/s"},
    {"geodetic/latitude", "deg"},
    {"geodetic/longitude", "deg"},
    {"geodetic/altitude", "m"},
    {"extras/airspeed", "m/s"},
    {"extras/groundspeed", "m/s"},
    {"extras/altitude_asl", "m"},
    {"extras/altitude_agl", "m"},
    {"extras/wind/n", "m/s"},
    {"extras/wind/e", "m/s"},
    {"extras/wind/d", "m/s"},
    {"extras/specific_force/f", "m/s²"},
    {"extras/specific_force/r", "m/s²"},
    {"extras/specific_force/d", "m/s²"},
    {"extras/prop_rpm", "rpm"},
    {"extras/battery_voltage", "V"},
    {"extras/battery_current", "A"},
    {"sim/physics_time", "s"},
    {"sim/stale", ""},
};
constexpr int kFrameSeriesCount = static_cast<int>(sizeof(kFrameSeries) / sizeof(kFrameSeries[0]));

} // namespace

TelemetryHub::TelemetryHub(std::size_t capacityPerSeries, QObject *parent)
    : QObject(parent), m_capacity(std::max<std::size_t>(capacityPerSeries, 16)),
      m_epochNs(steadyNowNs())
{
    declareFrameSeries();
}

TelemetryHub::~TelemetryHub() = default;

void TelemetryHub::declareFrameSeries()
{
    m_frameFirstId = seriesCount();
    for (const FrameSeriesDef &d : kFrameSeries)
        declare(QLatin1String(d.name), QString::fromUtf8(d.unit));
}

void TelemetryHub::push(const PilotControls &c)
{
    std::call_once(m_pilotDeclared, [this] {
        static const char *const kNames[kPilotSeries] = {"pilot/roll",    "pilot/pitch",
                                                         "pilot/yaw",     "pilot/throttle",
                                                         "pilot/buttons", "pilot/active"};
        for (int i = 0; i < kPilotSeries; ++i)
            m_pilotIds[static_cast<size_t>(i)] = declare(QLatin1String(kNames[i]));
    });
    const double t = c.sampleNs != 0 ? fromMonotonicNs(c.sampleNs) : now();
    // buttons as a number: exact for the first 53 buttons, which is every device SDL reports.
    const double values[kPilotSeries] = {
        c.roll, c.pitch, c.yaw, c.throttle, static_cast<double>(c.buttons), c.active ? 1.0 : 0.0};
    for (int i = 0; i < kPilotSeries; ++i)
        pushValue(m_pilotIds[static_cast<size_t>(i)], t, values[i]);
}

double TelemetryHub::now() const
{
    return fromMonotonicNs(steadyNowNs());
}

int TelemetryHub::declare(const QString &name, const QString &unit, Kind kind)
{
    QMutexLocker lock(&m_declareMutex);
    const auto it = m_byName.constFind(name);
    if (it != m_byName.constEnd())
        return it.value();
    const int id = m_count.load(std::memory_order_relaxed);
    if (id >= kMaxSeries) {
        if (!m_overflowLogged.exchange(true))
            qCWarning(lcTelemetry) << "more than" << kMaxSeries << "series; dropping" << name;
        return -1;
    }
    auto s = std::make_unique<Series>(m_capacity);
    s->info = {id, name, unit, kind};
    m_series[static_cast<std::size_t>(id)] = std::move(s);
    m_byName.insert(name, id);
    m_count.store(id + 1, std::memory_order_release); // publishes the new slot to readers
    return id;
}

TelemetryHub::Series *TelemetryHub::series(int id) const
{
    if (id < 0 || id >= m_count.load(std::memory_order_acquire))
        return nullptr;
    return m_series[static_cast<std::size_t>(id)].get();
}

void TelemetryHub::pushValue(int id, double t, double v)
{
    Series *s = series(id);
    if (!s)
        return;
    {
        QMutexLocker lock(&s->mutex);
        s->ring.append(t, v);
    }
    m_revision.fetch_add(1, std::memory_order_relaxed);
}

void TelemetryHub::pushValue(const QString &name, double t, double v)
{
    pushValue(declare(name), t, v);
}

void TelemetryHub::push(const SimFrame &f)
{
    const double t = f.monotonicNs != 0 ? fromMonotonicNs(f.monotonicNs) : now();
    const VehicleState &vs = f.vehicle;
    const EulerAngles e = toEuler(vs.state.pose.orientation);
    const SimExtras &x = f.extras;
    const double values[kFrameSeriesCount] = {
        vs.state.pose.position.x,
        vs.state.pose.position.y,
        vs.state.pose.position.z,
        vs.velocity.x,
        vs.velocity.y,
        vs.velocity.z,
        vs.acceleration.x,
        vs.acceleration.y,
        vs.acceleration.z,
        e.roll,
        e.pitch,
        e.yaw,
        vs.angular_velocity.x,
        vs.angular_velocity.y,
        vs.angular_velocity.z,
        f.latitudeDeg,
        f.longitudeDeg,
        f.altitudeM,
        x.airspeedMps,
        x.groundspeedMps,
        x.altitudeAslM,
        x.altitudeAglM,
        x.windNedMps.x,
        x.windNedMps.y,
        x.windNedMps.z,
        x.specificForceFrdMps2.x,
        x.specificForceFrdMps2.y,
        x.specificForceFrdMps2.z,
        x.propRpm,
        x.batteryVoltageV,
        x.batteryCurrentA,
        f.physicsTimeS,
        f.stale ? 1.0 : 0.0,
    };
    for (int i = 0; i < kFrameSeriesCount; ++i) {
        Series *s = m_series[static_cast<std::size_t>(m_frameFirstId + i)].get();
        QMutexLocker lock(&s->mutex);
        s->ring.append(t, values[i]);
    }
    m_revision.fetch_add(1, std::memory_order_relaxed);
}

std::vector<TelemetryHub::SeriesInfo> TelemetryHub::seriesList() const
{
    std::vector<SeriesInfo> list;
    const int n = seriesCount();
    list.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        list.push_back(m_series[static_cast<std::size_t>(i)]->info); // info is immutable
    return list;
}

int TelemetryHub::find(const QString &name) const
{
    QMutexLocker lock(&m_declareMutex);
    return m_byName.value(name, -1);
}

TelemetryHub::SeriesInfo TelemetryHub::info(int id) const
{
    const Series *s = series(id);
    return s ? s->info : SeriesInfo{};
}

bool TelemetryHub::snapshot(int id, double t0, double t1, int buckets,
                            std::vector<TelemetryPoint> *out) const
{
    out->clear();
    const Series *s = series(id);
    if (!s)
        return false;
    QMutexLocker lock(&s->mutex);
    s->ring.decimate(t0, t1, buckets, out);
    return true;
}

bool TelemetryHub::latestValues(int id, std::size_t n, std::vector<double> *out) const
{
    out->clear();
    const Series *s = series(id);
    if (!s)
        return false;
    QMutexLocker lock(&s->mutex);
    const std::size_t size = s->ring.size();
    for (std::size_t i = size - std::min(n, size); i < size; ++i)
        out->push_back(s->ring.at(i).v);
    return true;
}

bool TelemetryHub::latest(int id, TelemetryPoint *out) const
{
    const Series *s = series(id);
    if (!s)
        return false;
    QMutexLocker lock(&s->mutex);
    if (s->ring.size() == 0)
        return false;
    *out = s->ring.at(s->ring.size() - 1);
    return true;
}

bool TelemetryHub::timeSpan(double *t0, double *t1) const
{
    bool any = false;
    const int n = seriesCount();
    for (int i = 0; i < n; ++i) {
        const Series *s = m_series[static_cast<std::size_t>(i)].get();
        QMutexLocker lock(&s->mutex);
        if (s->ring.size() == 0)
            continue;
        const double a = s->ring.at(0).t, b = s->ring.at(s->ring.size() - 1).t;
        *t0 = any ? std::min(*t0, a) : a;
        *t1 = any ? std::max(*t1, b) : b;
        any = true;
    }
    return any;
}

std::size_t TelemetryHub::sampleCount(int id) const
{
    const Series *s = series(id);
    if (!s)
        return 0;
    QMutexLocker lock(&s->mutex);
    return s->ring.size();
}

} // namespace hil
