#include "session/sessionformat.h"
#include "model/rotation.h"
#include "raven/ravencodec.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <type_traits>

namespace hil {

void PlatformRow::decodeStatus()
{
    // The status-word layout has one definition, the RavenAPI codec's.
    const raven::StatusWord w = raven::decodeStatus(statusWord);
    mode = w.mode;
    thermal = w.thermal;
    motorOk = w.motorOk;
}

namespace {

using Getter = double (*)(const SimFrame &, const ChannelFrame &);
using Setter = void (*)(SimFrame &, ChannelFrame &, double);

struct Column
{
    const char *name;
    Getter get;
    Setter set; ///< nullptr for derived columns (Euler angles)
};

/// A cell's number as an integer field: saturated to T's range (a value outside it, e.g. a
/// negative "sequence" in an edited file, is undefined behaviour as a plain cast; found by
/// fuzz_session_csv). NaN never reaches here.
template <typename T> T cellToInteger(double v)
{
    if constexpr (std::is_same_v<T, bool>) {
        return v != 0.0;
    } else {
        constexpr T lo = std::numeric_limits<T>::min(), hi = std::numeric_limits<T>::max();
        if (v <= static_cast<double>(lo))
            return lo;
        if (v >= static_cast<double>(hi))
            return hi;
        return static_cast<T>(v);
    }
}

// One line per column: the name and the field it reads and writes back.
#define HIL_COL(name, expr)                                                                        \
    Column                                                                                         \
    {                                                                                              \
        name,                                                                                      \
            [](const SimFrame &f, const ChannelFrame &c) -> double {                               \
                (void)f;                                                                           \
                (void)c;                                                                           \
                return static_cast<double>(expr);                                                  \
            },                                                                                     \
            [](SimFrame &f, ChannelFrame &c, double v) {                                           \
                (void)f;                                                                           \
                (void)c;                                                                           \
                using T = std::decay_t<decltype(expr)>;                                            \
                if constexpr (std::is_floating_point_v<T>)                                         \
                    expr = v;                                                                      \
                else if (!std::isnan(v))                                                           \
                    expr = cellToInteger<T>(v);                                                    \
            }                                                                                      \
    }
#define HIL_COL_RO(name, expr)                                                                     \
    Column                                                                                         \
    {                                                                                              \
        name,                                                                                      \
            [](const SimFrame &f, const ChannelFrame &c) -> double {                               \
                (void)c;                                                                           \
                return expr;                                                                       \
            },                                                                                     \
            nullptr                                                                                \
    }

const std::vector<Column> &columns()
{
    static const std::vector<Column> table = {
        HIL_COL("time_s", f.physicsTimeS),
        HIL_COL("position/n", f.vehicle.state.pose.position.x),
        HIL_COL("position/e", f.vehicle.state.pose.position.y),
        HIL_COL("position/d", f.vehicle.state.pose.position.z),
        HIL_COL("attitude/q_w", f.vehicle.state.pose.orientation.w),
        HIL_COL("attitude/q_x", f.vehicle.state.pose.orientation.x),
        HIL_COL("attitude/q_y", f.vehicle.state.pose.orientation.y),
        HIL_COL("attitude/q_z", f.vehicle.state.pose.orientation.z),
        HIL_COL_RO("attitude/roll", toEuler(f.vehicle.state.pose.orientation).roll),
        HIL_COL_RO("attitude/pitch", toEuler(f.vehicle.state.pose.orientation).pitch),
        HIL_COL_RO("attitude/yaw", toEuler(f.vehicle.state.pose.orientation).yaw),
        HIL_COL("velocity/n", f.vehicle.velocity.x),
        HIL_COL("velocity/e", f.vehicle.velocity.y),
        HIL_COL("velocity/d", f.vehicle.velocity.z),
        HIL_COL("acceleration/n", f.vehicle.acceleration.x),
        HIL_COL("acceleration/e", f.vehicle.acceleration.y),
        HIL_COL("acceleration/d", f.vehicle.acceleration.z),
        HIL_COL("angular_velocity/x", f.vehicle.angular_velocity.x),
        HIL_COL("angular_velocity/y", f.vehicle.angular_velocity.y),
        HIL_COL("angular_velocity/z", f.vehicle.angular_velocity.z),
        HIL_COL("angular_acceleration/x", f.vehicle.angular_acceleration.x),
        HIL_COL("angular_acceleration/y", f.vehicle.angular_acceleration.y),
        HIL_COL("angular_acceleration/z", f.vehicle.angular_acceleration.z),
        HIL_COL("geodetic/latitude_deg", f.latitudeDeg),
        HIL_COL("geodetic/longitude_deg", f.longitudeDeg),
        HIL_COL("geodetic/altitude_m", f.altitudeM),
        HIL_COL("extras/airspeed", f.extras.airspeedMps),
        HIL_COL("extras/groundspeed", f.extras.groundspeedMps),
        HIL_COL("extras/altitude_asl", f.extras.altitudeAslM),
        HIL_COL("extras/altitude_agl", f.extras.altitudeAglM),
        HIL_COL("extras/wind/n", f.extras.windNedMps.x),
        HIL_COL("extras/wind/e", f.extras.windNedMps.y),
        HIL_COL("extras/wind/d", f.extras.windNedMps.z),
        HIL_COL("extras/specific_force/x", f.extras.specificForceFrdMps2.x),
        HIL_COL("extras/specific_force/y", f.extras.specificForceFrdMps2.y),
        HIL_COL("extras/specific_force/z", f.extras.specificForceFrdMps2.z),
        HIL_COL("extras/raw_accel_world/n", f.extras.rawAccelNedMps2.x),
        HIL_COL("extras/raw_accel_world/e", f.extras.rawAccelNedMps2.y),
        HIL_COL("extras/raw_accel_world/d", f.extras.rawAccelNedMps2.z),
        HIL_COL("extras/raw_specific_force/x", f.extras.rawSpecificForceFrdMps2.x),
        HIL_COL("extras/raw_specific_force/y", f.extras.rawSpecificForceFrdMps2.y),
        HIL_COL("extras/raw_specific_force/z", f.extras.rawSpecificForceFrdMps2.z),
        HIL_COL_RO("extras/accel_source", double(int(f.extras.accelSource))),
        HIL_COL("extras/prop_rpm", f.extras.propRpm),
        HIL_COL("extras/heli_main_rotor_rpm", f.extras.heliMainRotorRpm),
        HIL_COL("extras/battery_voltage", f.extras.batteryVoltageV),
        HIL_COL("extras/battery_current", f.extras.batteryCurrentA),
        HIL_COL("extras/battery_remaining_mah", f.extras.batteryRemainingMah),
        HIL_COL("extras/fuel_remaining_oz", f.extras.fuelRemainingOz),
        HIL_COL("extras/physics_speed_multiplier", f.extras.physicsSpeedMultiplier),
        HIL_COL("extras/touching_ground", f.extras.touchingGround),
        HIL_COL("extras/locked", f.extras.locked),
        HIL_COL("extras/lost_components", f.extras.lostComponents),
        HIL_COL("extras/engine_running", f.extras.engineRunning),
        HIL_COL("extras/controller_active", f.extras.controllerActive),
        HIL_COL("stale", f.stale),
        HIL_COL("sequence", f.sequence),
        HIL_COL("channels/0", c.values[0]),
        HIL_COL("channels/1", c.values[1]),
        HIL_COL("channels/2", c.values[2]),
        HIL_COL("channels/3", c.values[3]),
        HIL_COL("channels/4", c.values[4]),
        HIL_COL("channels/5", c.values[5]),
        HIL_COL("channels/6", c.values[6]),
        HIL_COL("channels/7", c.values[7]),
        HIL_COL("channels/8", c.values[8]),
        HIL_COL("channels/9", c.values[9]),
        HIL_COL("channels/10", c.values[10]),
        HIL_COL("channels/11", c.values[11]),
        HIL_COL("channels/mask", c.selectedMask),
    };
    return table;
}
#undef HIL_COL
#undef HIL_COL_RO

// host_time_s is not in the table (it is not a SimFrame field): it goes right after time_s.
constexpr int kHostTimeColumn = 1;

} // namespace

void appendNumber(QByteArray &out, double value)
{
    if (std::isnan(value))
        return;
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, static_cast<qsizetype>(r.ptr - buf));
}

double parseNumber(QByteArrayView cell)
{
    double v = std::numeric_limits<double>::quiet_NaN();
    if (cell.isEmpty())
        return v;
    const char *begin = cell.data();
    if (*begin == '+')
        ++begin;
    const auto r = std::from_chars(begin, cell.data() + cell.size(), v);
    if (r.ec != std::errc())
        return std::numeric_limits<double>::quiet_NaN();
    return v;
}

std::vector<QByteArrayView> splitCsv(QByteArrayView line)
{
    std::vector<QByteArrayView> cells;
    while (!line.isEmpty() && (line.back() == '\n' || line.back() == '\r'))
        line.chop(1);
    qsizetype start = 0;
    for (qsizetype i = 0; i <= line.size(); ++i) {
        if (i == line.size() || line[i] == ',') {
            cells.push_back(line.sliced(start, i - start));
            start = i + 1;
        }
    }
    return cells;
}

QStringList stateCsvColumns()
{
    QStringList names;
    for (const Column &c : columns())
        names << QString::fromLatin1(c.name);
    names.insert(kHostTimeColumn, QStringLiteral("host_time_s"));
    return names;
}

QByteArray stateCsvHeader()
{
    return stateCsvColumns().join(QLatin1Char(',')).toLatin1() + '\n';
}

void appendStateRow(QByteArray &out, const SimFrame &frame, const ChannelFrame &channels,
                    double hostTimeS)
{
    const auto &table = columns();
    for (size_t i = 0; i < table.size(); ++i) {
        if (i > 0)
            out.append(',');
        appendNumber(out, table[i].get(frame, channels));
        if (static_cast<int>(i) + 1 == kHostTimeColumn) {
            out.append(',');
            appendNumber(out, hostTimeS);
        }
    }
    out.append('\n');
}

std::vector<int> stateColumnMap(QByteArrayView headerLine)
{
    const QStringList known = stateCsvColumns();
    std::vector<int> map;
    for (QByteArrayView cell : splitCsv(headerLine))
        map.push_back(static_cast<int>(known.indexOf(QString::fromLatin1(cell.trimmed()))));
    return map;
}

bool parseStateRow(QByteArrayView line, const std::vector<int> &columnMap, SimFrame *frame,
                   ChannelFrame *channels)
{
    const auto &table = columns();
    const auto cells = splitCsv(line);
    bool haveTime = false;
    for (size_t i = 0; i < cells.size() && i < columnMap.size(); ++i) {
        int k = columnMap[i];
        if (k < 0 || k == kHostTimeColumn)
            continue;
        if (k > kHostTimeColumn)
            --k; // table index
        const double v = parseNumber(cells[i]);
        if (k == 0) {
            if (std::isnan(v))
                return false;
            haveTime = true;
        }
        if (table[static_cast<size_t>(k)].set)
            table[static_cast<size_t>(k)].set(*frame, *channels, v);
    }
    return haveTime;
}

QByteArray platformCsvHeader()
{
    return QByteArrayLiteral("time_s,message_id,position/surge,position/sway,position/heave,"
                             "attitude/roll,attitude/pitch,attitude/yaw,status_word,mode,thermal,"
                             "motor_ok/0,motor_ok/1,motor_ok/2,motor_ok/3,motor_ok/4,motor_ok/5,"
                             "platform_time_us\n");
}

void appendPlatformRow(QByteArray &out, const PlatformRow &row, double hostTimeS)
{
    appendNumber(out, hostTimeS);
    out.append(',').append(QByteArray::number(row.messageId));
    for (double v : {row.surgeM, row.swayM, row.heaveM, row.rollRad, row.pitchRad, row.yawRad}) {
        out.append(',');
        appendNumber(out, v);
    }
    out.append(',').append(QByteArray::number(row.statusWord));
    out.append(',').append(QByteArray::number(row.mode));
    out.append(',').append(QByteArray::number(row.thermal));
    for (bool ok : row.motorOk)
        out.append(ok ? ",1" : ",0");
    out.append(',');
    if (row.hasPlatformTime)
        out.append(QByteArray::number(row.platformTimeUs));
    out.append('\n');
}

namespace {
const char *const kPilotColumns[] = {"time_s",   "active",  "roll",    "pitch",   "yaw",
                                     "throttle", "buttons", "actions", "sequence"};
enum PilotColumn { PTime, PActive, PRoll, PPitch, PYaw, PThrottle, PButtons, PActions, PSequence };

/// An unsigned integer cell (buttons, actions, sequence): digits only, exact to 64 bits (a
/// double would round the high buttons). Anything else reads as 0.
std::uint64_t parseUnsigned(QByteArrayView cell)
{
    std::uint64_t v = 0;
    const auto r = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    return r.ec == std::errc() ? v : 0;
}
} // namespace

QStringList pilotCsvColumns()
{
    QStringList names;
    for (const char *n : kPilotColumns)
        names << QString::fromLatin1(n);
    return names;
}

QByteArray pilotCsvHeader()
{
    return pilotCsvColumns().join(QLatin1Char(',')).toLatin1() + '\n';
}

void appendPilotRow(QByteArray &out, const PilotControls &c, double hostTimeS)
{
    appendNumber(out, hostTimeS);
    out.append(c.active ? ",1," : ",0,");
    appendNumber(out, c.roll);
    out.append(',');
    appendNumber(out, c.pitch);
    out.append(',');
    appendNumber(out, c.yaw);
    out.append(',');
    appendNumber(out, c.throttle);
    out.append(',').append(QByteArray::number(quint64(c.buttons)));
    out.append(',').append(QByteArray::number(c.held));
    out.append(',').append(QByteArray::number(quint64(c.sequence)));
    out.append('\n');
}

std::vector<int> pilotColumnMap(QByteArrayView headerLine)
{
    const QStringList known = pilotCsvColumns();
    std::vector<int> map;
    for (QByteArrayView cell : splitCsv(headerLine))
        map.push_back(static_cast<int>(known.indexOf(QString::fromLatin1(cell.trimmed()))));
    return map;
}

bool parsePilotRow(QByteArrayView line, const std::vector<int> &columnMap, PilotControls *c,
                   double *timeS)
{
    const auto cells = splitCsv(line);
    bool haveTime = false;
    const auto unitValue = [](QByteArrayView cell) {
        const double v = parseNumber(cell);
        return std::isnan(v) ? 0.0 : v;
    };
    for (size_t i = 0; i < cells.size() && i < columnMap.size(); ++i) {
        const QByteArrayView cell = cells[i];
        switch (columnMap[i]) {
        case PTime:
            *timeS = parseNumber(cell);
            haveTime = !std::isnan(*timeS);
            break;
        case PActive:
            c->active = parseNumber(cell) == 1.0;
            break;
        case PRoll:
            c->roll = unitValue(cell);
            break;
        case PPitch:
            c->pitch = unitValue(cell);
            break;
        case PYaw:
            c->yaw = unitValue(cell);
            break;
        case PThrottle:
            c->throttle = unitValue(cell);
            break;
        case PButtons:
            c->buttons = parseUnsigned(cell);
            break;
        case PActions:
            c->held = static_cast<std::uint32_t>(parseUnsigned(cell));
            break;
        case PSequence:
            c->sequence = parseUnsigned(cell);
            break;
        default:
            break;
        }
    }
    return haveTime;
}

} // namespace hil
